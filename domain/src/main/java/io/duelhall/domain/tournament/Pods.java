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
 * Swiss pods of 3 to 6 seats (docs/tournaments.md, "Swiss pods"). A pod counts as the pairwise
 * meetings of its seats: each two pod-mates meet once, the better placed winning, a shared place a
 * draw; so points, records and every tie-break are the 2-seat ones over those meetings, and a bye
 * is a won meeting for each seat of a full pod but one. Pairing:
 *
 * <ol>
 *   <li>The entrants still in, in entry order, shuffled by {@code tournament/pods/order/<round>},
 *       then stable-sorted by points, highest first.
 *   <li>Pods: as many as full pods need, fewer while they cannot all have the ruleset's fewest
 *       seats; their sizes as even as possible, the larger first; whoever is left over has a bye
 *       (from the bottom of the list, who had none first).
 *   <li>Each pod in turn takes the first unplaced entrant of the list, then, seat by seat, the
 *       unplaced entrant of the list who has shared the fewest pods with those already in it (a
 *       forbidden pair counts 1000), the first in list order among equals.
 *   <li>Then, while a swap of two entrants of different pods lowers the pods' total of shared pods,
 *       the swap between the two of the smallest points gap is made (the first in order among
 *       equals), at most as many swaps as there are entrants.
 *   <li>Seats: each pod's entrants shuffled by {@code tournament/pods/seats/<round>}, one stream,
 *       pod by pod.
 * </ol>
 */
final class Pods {
    /** What a forbidden pair weighs against a repeat pod-mate. */
    static final int FORBIDDEN = 1000;

    private Pods() {}

    /** The number of pods and their sizes, larger first, for {@code n} entrants. */
    static List<Integer> sizes(int n, int size, int minimum) {
        int pods = (n + size - 1) / size;
        while (pods > 0 && pods * minimum > n) {
            pods--;
        }
        List<Integer> out = new ArrayList<>();
        if (pods == 0) {
            return out;
        }
        int seated = Math.min(n, pods * size);
        for (int i = 0; i < pods; i++) {
            out.add(seated / pods + (i < seated % pods ? 1 : 0));
        }
        return out;
    }

    /**
     * The rounds as pairwise meetings: each pod's pairs of seats as tables (in pod order, then seat
     * order), a placed pod's as results; each bye repeated {@code size - 1} times.
     */
    static List<PlayedRound> meetings(List<PlayedRound> rounds, int size) {
        List<PlayedRound> out = new ArrayList<>();
        for (PlayedRound r : rounds) {
            List<Table> tables = new ArrayList<>(r.pairing().tables());
            Map<Integer, Result> results = new HashMap<>(r.results());
            for (Pod p : r.pairing().pods()) {
                List<Integer> places = r.places().get(p.number());
                for (int i = 0; i < p.seats().size(); i++) {
                    for (int j = i + 1; j < p.seats().size(); j++) {
                        int number = tables.size() + 1;
                        tables.add(new Table(number, p.seats().get(i), p.seats().get(j)));
                        if (places != null) {
                            int c = Integer.compare(places.get(i), places.get(j));
                            results.put(
                                    number,
                                    c < 0
                                            ? Result.winA(1)
                                            : c > 0 ? Result.winB(1) : Result.drawn());
                        }
                    }
                }
            }
            List<String> byes = new ArrayList<>();
            for (String b : r.pairing().byes()) {
                for (int k = 0; k < size - 1; k++) {
                    byes.add(b);
                }
            }
            out.add(new PlayedRound(new Pairing(r.number(), tables, byes), results));
        }
        return out;
    }

    public static Pairing pair(
            List<Entry> entries,
            List<PlayedRound> rounds,
            Set<String> withdrawn,
            Collection<List<String>> forbidden,
            byte[] seed,
            int round,
            int size,
            int minimum) {
        List<String> active = new ArrayList<>();
        for (Entry e : entries) {
            if (!withdrawn.contains(e.id())) {
                active.add(e.id());
            }
        }
        Map<String, List<Standings.Meeting>> meetings =
                Standings.meetings(entries, meetings(rounds, size), 1);
        Map<String, Integer> points = new HashMap<>();
        for (String id : active) {
            points.put(
                    id, meetings.get(id).stream().mapToInt(Standings.Meeting::matchPoints).sum());
        }
        Map<String, Integer> shared = new HashMap<>();
        Set<String> hadBye = new HashSet<>();
        for (PlayedRound r : rounds) {
            for (Pod p : r.pairing().pods()) {
                for (int i = 0; i < p.seats().size(); i++) {
                    for (int j = i + 1; j < p.seats().size(); j++) {
                        shared.merge(
                                Swiss.key(p.seats().get(i), p.seats().get(j)), 1, Integer::sum);
                    }
                }
            }
            hadBye.addAll(r.pairing().byes());
        }
        for (List<String> f : forbidden) {
            shared.merge(Swiss.key(f.get(0), f.get(1)), FORBIDDEN, Integer::sum);
        }
        List<String> order =
                new ArrayList<>(
                        new Sha256CounterRandom(seed, "tournament/pods/order/" + round)
                                .shuffle(active));
        order.sort(Comparator.comparing((String id) -> points.get(id)).reversed());

        List<Integer> sizes = sizes(order.size(), size, minimum);
        int seated = sizes.stream().mapToInt(Integer::intValue).sum();
        List<String> byes = new ArrayList<>();
        List<String> candidates = new ArrayList<>();
        for (int i = order.size() - 1; i >= 0; i--) {
            if (!hadBye.contains(order.get(i))) {
                candidates.add(order.get(i));
            }
        }
        for (int i = order.size() - 1; i >= 0; i--) {
            if (hadBye.contains(order.get(i))) {
                candidates.add(order.get(i));
            }
        }
        byes.addAll(candidates.subList(0, order.size() - seated));
        List<String> left = new ArrayList<>(order);
        left.removeAll(byes);

        Sha256CounterRandom coins = new Sha256CounterRandom(seed, "tournament/pods/seats/" + round);
        List<List<String>> formed = new ArrayList<>();
        for (int s : sizes) {
            List<String> pod = new ArrayList<>();
            pod.add(left.remove(0));
            while (pod.size() < s) {
                int best = 0;
                int bestCost = Integer.MAX_VALUE;
                for (int j = 0; j < left.size(); j++) {
                    int cost = 0;
                    for (String m : pod) {
                        cost += shared.getOrDefault(Swiss.key(m, left.get(j)), 0);
                    }
                    if (cost < bestCost) {
                        best = j;
                        bestCost = cost;
                    }
                }
                pod.add(left.remove(best));
            }
            formed.add(pod);
        }
        improve(formed, shared, points, order.size());
        List<Pod> pods = new ArrayList<>();
        for (List<String> pod : formed) {
            pods.add(new Pod(pods.size() + 1, coins.shuffle(pod)));
        }
        return new Pairing(round, List.of(), byes, pods);
    }

    /**
     * Swaps that lower the cost (the shared pods of every two pod-mates, forbidden pairs weighing
     * {@link #FORBIDDEN}): each time the one between the two entrants of the smallest points gap,
     * the first in order (pod, seat, later pod, seat) among equals; at most {@code limit} swaps.
     */
    private static void improve(
            List<List<String>> pods,
            Map<String, Integer> shared,
            Map<String, Integer> points,
            int limit) {
        for (int done = 0; done < limit; done++) {
            int[] best = null;
            int bestGap = Integer.MAX_VALUE;
            for (int i = 0; i < pods.size(); i++) {
                for (int x = 0; x < pods.get(i).size(); x++) {
                    for (int j = i + 1; j < pods.size(); j++) {
                        for (int y = 0; y < pods.get(j).size(); y++) {
                            String a = pods.get(i).get(x);
                            String b = pods.get(j).get(y);
                            int gap = Math.abs(points.get(a) - points.get(b));
                            if (gap >= bestGap) {
                                continue;
                            }
                            int before =
                                    cost(pods.get(i), a, null, shared)
                                            + cost(pods.get(j), b, null, shared);
                            int after =
                                    cost(pods.get(i), a, b, shared)
                                            + cost(pods.get(j), b, a, shared);
                            if (after < before) {
                                best = new int[] {i, x, j, y};
                                bestGap = gap;
                            }
                        }
                    }
                }
            }
            if (best == null) {
                return;
            }
            String a = pods.get(best[0]).get(best[1]);
            pods.get(best[0]).set(best[1], pods.get(best[2]).get(best[3]));
            pods.get(best[2]).set(best[3], a);
        }
    }

    /**
     * The cost {@code out}'s seat adds to its pod: its shared pods with the others, or, if {@code
     * in} takes that seat, {@code in}'s.
     */
    private static int cost(List<String> pod, String out, String in, Map<String, Integer> shared) {
        String who = in == null ? out : in;
        int c = 0;
        for (String m : pod) {
            if (!m.equals(out)) {
                c += shared.getOrDefault(Swiss.key(m, who), 0);
            }
        }
        return c;
    }
}
