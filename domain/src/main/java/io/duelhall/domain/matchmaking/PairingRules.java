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
 * @param version whose window a table's gap must fit: 1, the longest-waiting seat's (the rule of
 *     every wave stored before versions, which reads as 0 and means 1); 2, every seat's own (no
 *     seat is given a gap it does not accept yet, however long another waited). A stored wave keeps
 *     its version: a re-run weighs it as it ran.
 */
public record PairingRules(
        double windowStart,
        double windowPerSecond,
        double windowMax,
        double creditPerSecond,
        int pairBand,
        int podSlack,
        int version) {
    /** The widest look-ahead: the matcher keeps 2^lookahead states per ticket. */
    public static final int MAX_LOOKAHEAD = 9;

    /**
     * The rules of version 1: ±100 at once, +5 per second to ±600 after 100 s, the longest waiter's
     * window; a deviation of credit per 50 s of a seat's wait; pairs weighed against the 4 next
     * ratings, pods reaching one ticket further. The server's rules for pairs.
     */
    public static final PairingRules DEFAULT = new PairingRules(100, 5, 600, 0.02, 4, 1, 1);

    /**
     * The server's rules for pods (3 to 6 seats): version 2, every seat's own window, ±125 at once,
     * +5 per second (docs/benchmarks.md: at the same p95 wait, closer pods than the longest
     * waiter's window gives).
     */
    public static final PairingRules PODS = new PairingRules(125, 5, 600, 0.02, 4, 1, 2);

    /** The latest version ({@link #version}). */
    public static final int LATEST = 2;

    /** The rules of version 1 (as every wave stored before versions). */
    public PairingRules(
            double windowStart,
            double windowPerSecond,
            double windowMax,
            double creditPerSecond,
            int pairBand,
            int podSlack) {
        this(windowStart, windowPerSecond, windowMax, creditPerSecond, pairBand, podSlack, 1);
    }

    /** The server's rules for a queue of {@code seats} seats. */
    public static PairingRules forSeats(int seats) {
        return seats == 2 ? DEFAULT : PODS;
    }

    public PairingRules {
        if (version == 0) {
            version = 1; // a wave stored before versions
        }
        if (version < 1 || version > LATEST) {
            throw new IllegalArgumentException("version 1.." + LATEST + ": " + version);
        }
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

    /**
     * Whether a table's gap fits the window: version 1, that of its longest wait; version 2, that
     * of its shortest (every seat's own window holds it).
     */
    boolean fits(double gap, long longestWaitMs, long shortestWaitMs) {
        return gap <= window(version == 1 ? longestWaitMs : shortestWaitMs);
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
