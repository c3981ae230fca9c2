package io.duelhall.domain.tournament;

import java.util.List;

/** A round's pairing: its tables (numbered from 1) and the entrants who have a bye. */
public record Pairing(int round, List<Table> tables, List<String> byes) {
    public Pairing {
        tables = List.copyOf(tables);
        byes = List.copyOf(byes);
    }
}
