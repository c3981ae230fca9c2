package io.duelhall.domain.matchmaking;

import java.util.List;

/**
 * What one wave decided.
 *
 * @param tables the tables formed, ordered by their lowest rating
 * @param waiting the tickets left waiting, in rating order
 */
public record Wave(List<Table> tables, List<String> waiting) {
    public Wave {
        tables = List.copyOf(tables);
        waiting = List.copyOf(waiting);
    }
}
