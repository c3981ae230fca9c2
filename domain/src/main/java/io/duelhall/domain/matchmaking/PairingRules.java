package io.duelhall.domain.matchmaking;

/**
 * The settings of a queue's pairing. Stored with every wave, so a wave re-run uses the settings it
 * ran with.
 *
 * @param windowStart the rating gap (points) a ticket accepts when it starts waiting
 * @param windowPerSecond how many points the window widens per second waited
 * @param windowMax the widest window (points)
 * @param creditPerSecond the credit for waiting, in rating deviations per second of each seat's
 *     wait, taken off a table's cost
 * @param pairBand for two seats, how many neighbours in rating order each ticket is weighed against
 *     (1 to {@link #MAX_LOOKAHEAD})
 * @param podSlack for pods, how many tickets beyond the N-1 next ones a pod may reach over
 */
public record PairingRules(
        double windowStart,
        double windowPerSecond,
        double windowMax,
        double creditPerSecond,
        int pairBand,
        int podSlack) {
    /** The widest look-ahead: the matcher keeps 2^lookahead states per ticket. */
    public static final int MAX_LOOKAHEAD = 9;

    /**
     * Defaults: ±100 at once, +5 per second to ±600 after 100 s; a deviation of credit per 50 s of
     * a seat's wait; pairs weighed against the 4 next ratings, pods reaching one ticket further.
     */
    public static final PairingRules DEFAULT = new PairingRules(100, 5, 600, 0.02, 4, 1);

    public PairingRules {
        if (!(windowStart >= 0) || !(windowPerSecond >= 0) || !(windowMax >= windowStart)) {
            throw new IllegalArgumentException("window: 0 <= start <= max, widening >= 0");
        }
        if (!(creditPerSecond >= 0) || !Double.isFinite(creditPerSecond)) {
            throw new IllegalArgumentException("creditPerSecond must be >= 0");
        }
        if (pairBand < 1 || pairBand > MAX_LOOKAHEAD || podSlack < 0) {
            throw new IllegalArgumentException("pairBand 1.." + MAX_LOOKAHEAD + ", podSlack >= 0");
        }
    }

    /** The rating gap (points) a ticket that waited this long accepts. */
    public double window(long waitedMs) {
        return Math.min(windowMax, windowStart + windowPerSecond * (waitedMs / 1000.0));
    }

    int lookahead(int seats) {
        int wanted = seats == 2 ? pairBand : seats - 1 + podSlack;
        if (wanted > MAX_LOOKAHEAD) {
            throw new IllegalArgumentException(
                    seats
                            + " seats with slack "
                            + podSlack
                            + " look further than "
                            + MAX_LOOKAHEAD);
        }
        return wanted;
    }
}
