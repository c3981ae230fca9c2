package io.duelhall.domain.search;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.random.RandomGenerator;

/** Helpers for a ruleset's {@link io.duelhall.domain.HiddenState}: dealing the cards not seen. */
public final class Unseen {
    private Unseen() {}

    /**
     * Catalog ids for {@code slots} face-down places (a hand and a deck), in random order: the
     * cards of {@code deckList} (the seat's own, or a prior for another seat's) not among {@code
     * seen}; if those are too few (a prior that missed), more are drawn from {@code deckList}.
     */
    public static List<String> deal(
            List<String> deckList, Collection<String> seen, int slots, RandomGenerator random) {
        List<String> out = new ArrayList<>(slots);
        if (slots <= 0 || deckList == null || deckList.isEmpty()) {
            return out;
        }
        Map<String, Integer> left = new HashMap<>();
        for (String c : seen) {
            if (c != null) {
                left.merge(c, 1, Integer::sum);
            }
        }
        List<String> pool = new ArrayList<>(deckList.size());
        for (String c : deckList) {
            Integer n = left.get(c);
            if (n != null && n > 0) {
                left.put(c, n - 1);
            } else {
                pool.add(c);
            }
        }
        shuffle(pool, random);
        for (int i = 0; i < slots; i++) {
            out.add(i < pool.size() ? pool.get(i) : deckList.get(random.nextInt(deckList.size())));
        }
        return out;
    }

    /** Fisher-Yates with {@code random}. */
    public static <T> void shuffle(List<T> list, RandomGenerator random) {
        for (int i = list.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            T t = list.get(i);
            list.set(i, list.get(j));
            list.set(j, t);
        }
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /** 32 random bytes as hex: a sampled server seed, so every die still to roll is a guess. */
    public static String seedHex(RandomGenerator random) {
        // as String.format("%016x") four times, without the formatter (a search draws one a sample)
        char[] out = new char[64];
        for (int i = 0; i < 4; i++) {
            long v = random.nextLong();
            for (int j = 15; j >= 0; j--) {
                out[i * 16 + j] = HEX[(int) (v & 0xF)];
                v >>>= 4;
            }
        }
        return new String(out);
    }

    /** Fresh instance ids that no real card has: {@code prefix} + a number not in {@code used}. */
    public static final class Ids {
        private final String prefix;
        private final Set<String> used;
        private int next;

        public Ids(String prefix, Set<String> used) {
            this.prefix = prefix;
            this.used = new HashSet<>(used);
        }

        public String next() {
            if (used.isEmpty()) {
                // nothing to avoid: the numbers alone are distinct (no set to fill a sample)
                return prefix + (next++);
            }
            String id;
            do {
                id = prefix + (next++);
            } while (!used.add(id));
            return id;
        }
    }

    /** The best of {@code priors} for what a seat has shown: the one holding most of it. */
    public static List<String> likeliest(List<List<String>> priors, Collection<String> shown) {
        List<String> best = null;
        int bestHits = -1;
        for (List<String> prior : priors) {
            Map<String, Integer> counts = new HashMap<>();
            prior.forEach(c -> counts.merge(c, 1, Integer::sum));
            int hits = 0;
            for (String c : shown) {
                Integer n = counts.get(c);
                if (n != null && n > 0) {
                    counts.put(c, n - 1);
                    hits++;
                }
            }
            if (hits > bestHits) {
                best = prior;
                bestHits = hits;
            }
        }
        return best == null ? List.of() : best;
    }
}
