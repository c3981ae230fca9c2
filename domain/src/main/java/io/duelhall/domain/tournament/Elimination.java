package io.duelhall.domain.tournament;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Single elimination from a seed list (seed 1 first): a bracket of the next power of two, seeds
 * placed in the standard order (1 meets the last seed, and 1 and 2 can meet only in the final),
 * missing seeds are byes. Each bracket round pairs the survivors of neighbouring slots; the higher
 * seed takes the first seat; a drawn match sends the higher seed on; an entrant who has left before
 * the pairing leaves the slot empty, so their opponent has a bye.
 */
final class Elimination {
    private Elimination() {}

    /** The number of bracket rounds for {@code entrants}. */
    public static int rounds(int entrants) {
        int r = 0;
        while ((1 << r) < entrants) {
            r++;
        }
        return r;
    }

    /** Seed numbers (1-based) by bracket position, for a bracket of {@code size} (a power of 2). */
    static int[] order(int size) {
        int[] o = {1};
        while (o.length < size) {
            int n = o.length * 2;
            int[] next = new int[n];
            for (int i = 0; i < o.length; i++) {
                next[2 * i] = o[i];
                next[2 * i + 1] = n + 1 - o[i];
            }
            o = next;
        }
        return o;
    }

    /**
     * The bracket's slots at the start of bracket round {@code k} (1-based): entrant ids or null.
     */
    static List<String> slots(List<String> seeds, List<PlayedRound> bracketRounds, int k) {
        int size = 1 << rounds(seeds.size());
        List<String> slots = new ArrayList<>();
        for (int s : order(Math.max(size, 1))) {
            slots.add(s <= seeds.size() ? seeds.get(s - 1) : null);
        }
        Map<String, Integer> seedOf = seedIndex(seeds);
        for (int r = 0; r < k - 1; r++) {
            PlayedRound played = bracketRounds.get(r);
            List<String> next = new ArrayList<>();
            for (int i = 0; i < slots.size(); i += 2) {
                next.add(advancing(slots.get(i), slots.get(i + 1), played, seedOf));
            }
            slots = next;
        }
        return slots;
    }

    private static Map<String, Integer> seedIndex(List<String> seeds) {
        Map<String, Integer> m = new HashMap<>();
        for (int i = 0; i < seeds.size(); i++) {
            m.put(seeds.get(i), i);
        }
        return m;
    }

    private static String advancing(
            String x, String y, PlayedRound played, Map<String, Integer> seedOf) {
        for (Table t : played.pairing().tables()) {
            if ((x != null && t.has(x)) || (y != null && t.has(y))) {
                Result res = played.results().get(t.number());
                if (res == null) {
                    throw new IllegalStateException("round " + played.number() + " unfinished");
                }
                String w = res.winner();
                if (w == null) {
                    return seedOf.get(t.a()) < seedOf.get(t.b()) ? t.a() : t.b();
                }
                return w.equals("A") ? t.a() : t.b();
            }
        }
        if (x != null && played.pairing().byes().contains(x)) {
            return x;
        }
        if (y != null && played.pairing().byes().contains(y)) {
            return y;
        }
        return null;
    }

    /** Bracket round {@code k} as round {@code round} of the tournament. */
    public static Pairing pair(
            List<String> seeds,
            List<PlayedRound> bracketRounds,
            Set<String> withdrawn,
            int k,
            int round) {
        List<String> slots = slots(seeds, bracketRounds, k);
        Map<String, Integer> seedOf = seedIndex(seeds);
        List<Table> tables = new ArrayList<>();
        List<String> byes = new ArrayList<>();
        for (int i = 0; i < slots.size(); i += 2) {
            String x = slots.get(i);
            String y = slots.get(i + 1);
            x = x != null && withdrawn.contains(x) ? null : x;
            y = y != null && withdrawn.contains(y) ? null : y;
            if (x != null && y != null) {
                boolean xFirst = seedOf.get(x) < seedOf.get(y);
                tables.add(new Table(tables.size() + 1, xFirst ? x : y, xFirst ? y : x));
            } else if (x != null || y != null) {
                byes.add(x != null ? x : y);
            }
        }
        return new Pairing(round, tables, byes);
    }

    /**
     * How many bracket rounds each seeded entrant came through (the champion all of them), for the
     * final order: further first, then by seed.
     */
    public static List<String> finish(List<String> seeds, List<PlayedRound> bracketRounds) {
        Map<String, Integer> depth = new HashMap<>();
        for (String s : seeds) {
            depth.put(s, 0);
        }
        for (int k = 2; k <= bracketRounds.size() + 1; k++) {
            for (String s : slots(seeds, bracketRounds, k)) {
                if (s != null) {
                    depth.merge(s, 1, Integer::sum);
                }
            }
        }
        List<String> out = new ArrayList<>(seeds);
        out.sort(java.util.Comparator.comparing((String s) -> depth.get(s)).reversed());
        return out;
    }
}
