package io.duelhall.domain.search;

/**
 * How long one decision may search: at most {@code iterations} iterations (0: no limit) and at most
 * {@code millis} milliseconds (0: no limit). A budget in iterations alone reproduces the same move
 * from the same seed and knowledge; one in milliseconds depends on the machine.
 *
 * @param rolloutDepth the most moves a rollout plays before the state is valued; negative: the
 *     game's own ({@link SearchGame#rolloutDepth()})
 */
public record Budget(int iterations, long millis, int rolloutDepth) {
    /** The game's own rollout depth. */
    public static final int ROLLOUT_DEPTH = -1;

    public Budget {
        if (iterations <= 0 && millis <= 0) {
            throw new IllegalArgumentException("a budget needs iterations or milliseconds");
        }
    }

    public static Budget iterations(int n) {
        return new Budget(n, 0, ROLLOUT_DEPTH);
    }

    public static Budget millis(long ms) {
        return new Budget(0, ms, ROLLOUT_DEPTH);
    }

    /** This budget times {@code factor} (at least 1 ms, at least 4 iterations). */
    public Budget scaled(double factor) {
        return new Budget(
                iterations <= 0 ? 0 : Math.max(4, (int) Math.round(iterations * factor)),
                millis <= 0 ? 0 : Math.max(1, Math.round(millis * factor)),
                rolloutDepth);
    }

    public Budget withRolloutDepth(int depth) {
        return new Budget(iterations, millis, depth);
    }
}
