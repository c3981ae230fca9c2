package io.duelhall.domain.tournament;

import io.duelhall.domain.rng.Sha256CounterRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Round robin by the circle method: the entrants in entry order are shuffled once by the generator
 * labelled {@code tournament/roundrobin/order} (an empty place added when odd); in round r the
 * first place stays and the others turn r-1 steps; place i meets place n-1-i. The fixed place takes
 * the first seat in odd rounds, every other table's first seat is its lower place. A meeting with
 * the empty place, or with an entrant who has left, is a bye.
 */
final class RoundRobin {
    private RoundRobin() {}

    public static int rounds(int entrants) {
        return entrants % 2 == 0 ? entrants - 1 : entrants;
    }

    public static Pairing pair(List<Entry> entries, Set<String> withdrawn, byte[] seed, int round) {
        List<String> ids = new ArrayList<>(entries.stream().map(Entry::id).toList());
        List<String> places =
                new ArrayList<>(
                        new Sha256CounterRandom(seed, "tournament/roundrobin/order").shuffle(ids));
        if (places.size() % 2 == 1) {
            places.add(null);
        }
        int n = places.size();
        List<String> turned = new ArrayList<>();
        turned.add(places.get(0));
        int m = n - 1;
        for (int i = 0; i < m; i++) {
            turned.add(places.get(1 + ((i - (round - 1)) % m + m) % m));
        }
        List<Table> tables = new ArrayList<>();
        List<String> byes = new ArrayList<>();
        for (int i = 0; i < n / 2; i++) {
            String x = turned.get(i);
            String y = turned.get(n - 1 - i);
            x = x != null && withdrawn.contains(x) ? null : x;
            y = y != null && withdrawn.contains(y) ? null : y;
            if (x != null && y != null) {
                boolean xFirst = i != 0 || round % 2 == 1;
                tables.add(new Table(tables.size() + 1, xFirst ? x : y, xFirst ? y : x));
            } else if (x != null || y != null) {
                byes.add(x != null ? x : y);
            }
        }
        return new Pairing(round, tables, byes);
    }
}
