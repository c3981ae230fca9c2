package io.duelhall.domain.tournament;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A round as it stands: its pairing, the results known so far by table number, and the places known
 * so far by pod number (each pod's places aligned with its seats: 1 first, seats sharing a place
 * share its number, the next place counting them all: 1, 2, 2, 4).
 */
public record PlayedRound(
        Pairing pairing, Map<Integer, Result> results, Map<Integer, List<Integer>> places) {
    public PlayedRound {
        results = Collections.unmodifiableMap(new TreeMap<>(results));
        places = places == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(places));
    }

    public PlayedRound(Pairing pairing, Map<Integer, Result> results) {
        this(pairing, results, Map.of());
    }

    public int number() {
        return pairing.round();
    }

    public boolean finished() {
        return results.keySet().containsAll(pairing.tables().stream().map(Table::number).toList())
                && places.keySet().containsAll(pairing.pods().stream().map(Pod::number).toList());
    }

    public PlayedRound withResult(int table, Result result) {
        Map<Integer, Result> r = new TreeMap<>(results);
        r.put(table, result);
        return new PlayedRound(pairing, r, places);
    }

    public PlayedRound withPlaces(int pod, List<Integer> podPlaces) {
        Map<Integer, List<Integer>> p = new TreeMap<>(places);
        p.put(pod, List.copyOf(podPlaces));
        return new PlayedRound(pairing, results, p);
    }
}
