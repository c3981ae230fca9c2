package io.duelhall.domain;

import java.util.List;
import java.util.function.Function;

/**
 * The first element of a short list with a given id, for the rulesets' zones (a hand, the units,
 * the agents): a plain loop, as these lookups run for every legal move and every folded event of
 * the AI's search, where a stream's set-up cost more than the search itself.
 */
public final class ById {
    private ById() {}

    /**
     * The first of {@code items} whose {@code idOf} equals {@code id}; null if none or id is null.
     */
    public static <T> T find(List<T> items, Function<? super T, String> idOf, String id) {
        if (id == null) {
            return null;
        }
        for (T item : items) {
            if (id.equals(idOf.apply(item))) {
                return item;
            }
        }
        return null;
    }
}
