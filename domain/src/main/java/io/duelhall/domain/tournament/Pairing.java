package io.duelhall.domain.tournament;

import java.util.List;

/**
 * A round's pairing: its tables of 2 seats (numbered from 1), its pods of 3 or more seats (a round
 * of a pod Swiss has pods and no tables), and the entrants who have a bye.
 */
public record Pairing(int round, List<Table> tables, List<String> byes, List<Pod> pods) {
    public Pairing {
        tables = List.copyOf(tables);
        byes = List.copyOf(byes);
        pods = pods == null ? List.of() : List.copyOf(pods);
    }

    public Pairing(int round, List<Table> tables, List<String> byes) {
        this(round, tables, byes, List.of());
    }
}
