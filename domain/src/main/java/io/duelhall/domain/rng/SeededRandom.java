package io.duelhall.domain.rng;

import java.util.ArrayList;
import java.util.List;

/**
 * The one source of randomness for rules. Implementations are deterministic functions of a seed, so
 * a match replays and audits identically.
 */
public interface SeededRandom {
    /** An unbiased integer in [0, bound). */
    int nextInt(int bound);

    /** Fisher–Yates, from the last position down: for i = n-1 … 1, swap i with nextInt(i + 1). */
    default <T> List<T> shuffle(List<T> items) {
        List<T> out = new ArrayList<>(items);
        for (int i = out.size() - 1; i > 0; i--) {
            int j = nextInt(i + 1);
            T t = out.get(i);
            out.set(i, out.get(j));
            out.set(j, t);
        }
        return out;
    }
}
