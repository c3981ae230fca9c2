package io.duelhall.domain.search;

import java.util.List;
import java.util.Optional;

/**
 * The searching AI's levels, the names of {@code "ai"} every ruleset with a {@link SearchGame}
 * offers: {@code ismcts-strong} (1 s a decision), {@code ismcts} (200 ms), {@code ismcts-weak} (40
 * ms). The server's {@code duelhall.ai.search-scale} scales them all.
 */
public final class Levels {
    public static final String STRONG = "ismcts-strong";
    public static final String NORMAL = "ismcts";
    public static final String WEAK = "ismcts-weak";

    /** The names, the strongest first. */
    public static final List<String> NAMES = List.of(STRONG, NORMAL, WEAK);

    private Levels() {}

    /** The budget of a level, or empty for a name that is none. */
    public static Optional<Budget> budget(String name) {
        return Optional.ofNullable(
                switch (name == null ? "" : name) {
                    case STRONG -> Budget.millis(1000);
                    case NORMAL -> Budget.millis(200);
                    case WEAK -> Budget.millis(40);
                    default -> null;
                });
    }
}
