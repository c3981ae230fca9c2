package io.duelhall.domain.tournament;

import java.util.Map;
import java.util.TreeMap;

/** A round as it stands: its pairing and the results known so far, by table number. */
public record PlayedRound(Pairing pairing, Map<Integer, Result> results) {
    public PlayedRound {
        results = java.util.Collections.unmodifiableMap(new TreeMap<>(results));
    }

    public int number() {
        return pairing.round();
    }

    public boolean finished() {
        return results.keySet().containsAll(pairing.tables().stream().map(Table::number).toList());
    }

    public PlayedRound withResult(int table, Result result) {
        Map<Integer, Result> r = new TreeMap<>(results);
        r.put(table, result);
        return new PlayedRound(pairing, r);
    }
}
