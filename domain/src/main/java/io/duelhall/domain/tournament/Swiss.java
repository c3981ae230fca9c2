package io.duelhall.domain.tournament;

import io.duelhall.domain.rng.Sha256CounterRandom;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Swiss pairing for two seats, a pure function of (entries, rounds so far with their results,
 * entrants who left, forbidden pairs, seed, round number). docs/tournaments.md states it step by
 * step:
 *
 * <ol>
 *   <li>The entrants still in, in entry order, are shuffled by the generator labelled {@code
 *       tournament/swiss/order/<round>} and then sorted by match points, highest first (stable):
 *       equals keep the drawn order.
 *   <li>With an odd count, the bye goes to the lowest in that order who has had no bye (everyone,
 *       if all have) and for whom the rest can still be paired without a rematch.
 *   <li>The rest are paired top-down: the highest unpaired entrant meets the next one in order they
 *       have not met (nor are forbidden to meet); a dead end undoes the latest choice (depth-first
 *       search). Only if no rematch-free pairing exists are rematches allowed, each entrant then
 *       meeting the next one in order they have met least.
 *   <li>Tables are numbered in pairing order. The first seat goes to whoever of the two has had
 *       fewer first seats than second seats; when even, a draw from {@code
 *       tournament/swiss/seats/<round>}, one per such table in table order.
 * </ol>
 */
final class Swiss {
    /** Search steps before the pairing gives up on avoiding every rematch. */
    static final long BUDGET = 2_000_000;

    private Swiss() {}

    public static Pairing pair(
            List<Entry> entries,
            List<PlayedRound> rounds,
            Set<String> withdrawn,
            Collection<List<String>> forbidden,
            byte[] seed,
            int round,
            int bestOf) {
        List<String> active = new ArrayList<>();
        for (Entry e : entries) {
            if (!withdrawn.contains(e.id())) {
                active.add(e.id());
            }
        }
        Map<String, List<Standings.Meeting>> meetings = Standings.meetings(entries, rounds, bestOf);
        Map<String, Integer> points = new HashMap<>();
        for (String id : active) {
            points.put(
                    id, meetings.get(id).stream().mapToInt(Standings.Meeting::matchPoints).sum());
        }
        Set<String> met = new HashSet<>();
        Set<String> hadBye = new HashSet<>();
        Map<String, Integer> balance = new HashMap<>();
        for (PlayedRound r : rounds) {
            for (Table t : r.pairing().tables()) {
                met.add(key(t.a(), t.b()));
                balance.merge(t.a(), 1, Integer::sum);
                balance.merge(t.b(), -1, Integer::sum);
            }
            hadBye.addAll(r.pairing().byes());
        }
        for (List<String> f : forbidden) {
            met.add(key(f.get(0), f.get(1)));
        }
        List<String> order =
                new ArrayList<>(
                        new Sha256CounterRandom(seed, "tournament/swiss/order/" + round)
                                .shuffle(active));
        order.sort(Comparator.comparing((String id) -> points.get(id)).reversed());

        List<String> byes = new ArrayList<>();
        List<String[]> pairs = null;
        if (order.size() % 2 == 1) {
            List<String> candidates = new ArrayList<>();
            for (int i = order.size() - 1; i >= 0; i--) {
                if (!hadBye.contains(order.get(i))) {
                    candidates.add(order.get(i));
                }
            }
            if (candidates.isEmpty()) {
                candidates.addAll(order);
                java.util.Collections.reverse(candidates);
            }
            Search search = new Search(met);
            for (String c : candidates) {
                List<String> rest = new ArrayList<>(order);
                rest.remove(c);
                pairs = search.strict(rest);
                if (pairs != null || search.exhausted()) {
                    byes.add(c);
                    if (pairs == null) {
                        pairs = loose(rest, rounds);
                    }
                    break;
                }
            }
            if (byes.isEmpty()) {
                String c = candidates.get(0);
                byes.add(c);
                List<String> rest = new ArrayList<>(order);
                rest.remove(c);
                pairs = loose(rest, rounds);
            }
        } else {
            pairs = new Search(met).strict(order);
            if (pairs == null) {
                pairs = loose(order, rounds);
            }
        }
        Sha256CounterRandom coins =
                new Sha256CounterRandom(seed, "tournament/swiss/seats/" + round);
        List<Table> tables = new ArrayList<>();
        for (String[] p : pairs) {
            int bp = balance.getOrDefault(p[0], 0);
            int bq = balance.getOrDefault(p[1], 0);
            boolean firstTakesA = bp != bq ? bp < bq : coins.nextInt(2) == 0;
            tables.add(
                    firstTakesA
                            ? new Table(tables.size() + 1, p[0], p[1])
                            : new Table(tables.size() + 1, p[1], p[0]));
        }
        return new Pairing(round, tables, byes);
    }

    static String key(String a, String b) {
        return a.compareTo(b) < 0 ? a + "\u0000" + b : b + "\u0000" + a;
    }

    /** Depth-first search for a pairing without a rematch, within a shared step budget. */
    private static final class Search {
        private final Set<String> met;
        private long steps;

        Search(Set<String> met) {
            this.met = met;
        }

        boolean exhausted() {
            return steps > BUDGET;
        }

        List<String[]> strict(List<String> order) {
            int n = order.size();
            int[] partner = new int[n];
            java.util.Arrays.fill(partner, -1);
            if (!solve(order, partner, 0)) {
                return null;
            }
            List<String[]> out = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (partner[i] > i) {
                    out.add(new String[] {order.get(i), order.get(partner[i])});
                }
            }
            return out;
        }

        private boolean solve(List<String> order, int[] partner, int from) {
            int i = from;
            while (i < order.size() && partner[i] >= 0) {
                i++;
            }
            if (i == order.size()) {
                return true;
            }
            for (int j = i + 1; j < order.size(); j++) {
                if (++steps > BUDGET) {
                    return false;
                }
                if (partner[j] >= 0 || met.contains(key(order.get(i), order.get(j)))) {
                    continue;
                }
                partner[i] = j;
                partner[j] = i;
                if (solve(order, partner, i + 1)) {
                    return true;
                }
                partner[i] = -1;
                partner[j] = -1;
                if (steps > BUDGET) {
                    return false;
                }
            }
            return false;
        }
    }

    /** Top-down: each entrant meets the next one in order they have met least often. */
    private static List<String[]> loose(List<String> order, List<PlayedRound> rounds) {
        Map<String, Integer> times = new HashMap<>();
        for (PlayedRound r : rounds) {
            for (Table t : r.pairing().tables()) {
                times.merge(key(t.a(), t.b()), 1, Integer::sum);
            }
        }
        List<String> left = new ArrayList<>(order);
        List<String[]> out = new ArrayList<>();
        while (!left.isEmpty()) {
            String p = left.remove(0);
            int best = 0;
            int bestTimes = Integer.MAX_VALUE;
            for (int j = 0; j < left.size(); j++) {
                int t = times.getOrDefault(key(p, left.get(j)), 0);
                if (t < bestTimes) {
                    best = j;
                    bestTimes = t;
                }
            }
            out.add(new String[] {p, left.remove(best)});
        }
        return out;
    }
}
