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
 *     seat is given a gap it does not accept yet, however long another waited); 3, every seat's
 *     own, each widening as fast as partners are scarce at its rating ({@link #scarcity}). A stored
 *     wave keeps its version: a re-run weighs it as it ran.
 * @param ratingMean version 3: the mean rating of the queue's players as the queue has seen them
 *     ({@link RatingPopulation}), stored with the wave; 0 in versions 1 and 2
 * @param ratingSd version 3: their standard deviation; 0 (none known yet, or versions 1 and 2):
 *     every rating counts as the mean's
 */
public record PairingRules(
        double windowStart,
        double windowPerSecond,
        double windowMax,
        double creditPerSecond,
        int pairBand,
        int podSlack,
        int version,
        double ratingMean,
        double ratingSd) {
    /** The widest look-ahead: the matcher keeps 2^lookahead states per ticket. */
    public static final int MAX_LOOKAHEAD = 9;

    /**
     * The rules of version 1: ±100 at once, +5 per second to ±600 after 100 s, the longest waiter's
     * window; a deviation of credit per 50 s of a seat's wait; pairs weighed against the 4 next
     * ratings, pods reaching one ticket further. The server's rules for pairs until version 3
     * ({@link #PAIRS}).
     */
    public static final PairingRules DEFAULT = new PairingRules(100, 5, 600, 0.02, 4, 1, 1);

    /**
     * The server's rules for pods (3 to 6 seats): version 2, every seat's own window, ±125 at once,
     * +5 per second (docs/benchmarks.md: at the same p95 wait, closer pods than the longest
     * waiter's window gives).
     */
    public static final PairingRules PODS = new PairingRules(125, 5, 600, 0.02, 4, 1, 2);

    /**
     * The server's rules for pairs: version 3, every seat's own window widening as fast as partners
     * are scarce at its rating, ±90 at once, +5 per second at the mean rating (docs/benchmarks.md:
     * at the same p95 wait, closer pairs than Showdown's window gives).
     */
    public static final PairingRules PAIRS = new PairingRules(90, 5, 600, 0.02, 4, 1, 3);

    /** The latest version ({@link #version}). */
    public static final int LATEST = 3;

    /** Version 3: a window widens at most this many times faster than at the mean rating. */
    public static final double MAX_SCARCITY = 16;

    /**
     * Rules of a version without a population (versions 1 and 2; version 3 before one is known).
     */
    public PairingRules(
            double windowStart,
            double windowPerSecond,
            double windowMax,
            double creditPerSecond,
            int pairBand,
            int podSlack,
            int version) {
        this(
                windowStart,
                windowPerSecond,
                windowMax,
                creditPerSecond,
                pairBand,
                podSlack,
                version,
                0,
                0);
    }

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
        return seats == 2 ? PAIRS : PODS;
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
        if (!Double.isFinite(ratingMean) || !(ratingSd >= 0) || !Double.isFinite(ratingSd)) {
            throw new IllegalArgumentException("ratingMean finite, ratingSd finite and >= 0");
        }
        if (version < 3 && (ratingMean != 0 || ratingSd != 0)) {
            throw new IllegalArgumentException("a rating population is version 3's");
        }
    }

    /**
     * These rules with the queue's rating population as it stands ({@link RatingPopulation}): in
     * version 3 what the wave weighs and stores; other versions do not use one and stay as they
     * are.
     */
    public PairingRules withPopulation(RatingPopulation population) {
        if (version < 3) {
            return this;
        }
        return new PairingRules(
                windowStart,
                windowPerSecond,
                windowMax,
                creditPerSecond,
                pairBand,
                podSlack,
                version,
                population.sd() > 0 ? population.mean() : 0,
                population.sd());
    }

    /**
     * How scarce partners are at a rating against the mean, as the queue's ratings fall (a normal
     * distribution of {@link #ratingMean} and {@link #ratingSd}): e^{z²/2}, the density at the mean
     * over the density at the rating, at most {@link #MAX_SCARCITY}; 1 in versions 1 and 2 and
     * without a population.
     */
    public double scarcity(double rating) {
        return version < 3 ? 1 : scarcity(rating, ratingMean, ratingSd);
    }

    /** Version 3's scarcity at a rating in a queue of this mean and deviation (1: none known). */
    public static double scarcity(double rating, double mean, double sd) {
        if (!(sd > 0)) {
            return 1;
        }
        double z = (rating - mean) / sd;
        return Math.min(MAX_SCARCITY, StrictMath.exp(z * z / 2));
    }

    /**
     * The window of one seat: {@link #window} in versions 1 and 2; in version 3 it widens {@link
     * #scarcity} times as fast (a player far from the middle of the ratings, whose partners arrive
     * seldom, reaches as many of them per second waited as one in the middle).
     */
    public double seatWindow(double rating, long waitedMs) {
        return windowAt(waitedMs, scarcity(rating));
    }

    /**
     * The window of a seat of this {@code scarcity} ({@link #scarcity}) that waited this long; in
     * versions 1 and 2 the scarcity is not used ({@link #window}).
     */
    public double windowAt(long waitedMs, double scarcity) {
        if (version < 3) {
            return window(waitedMs);
        }
        return Math.min(windowMax, windowStart + windowPerSecond * scarcity * (waitedMs / 1000.0));
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

    /**
     * The window a table's gap must fit, from its seats' own ({@link #seatWindow}): version 1, the
     * widest (the longest waiter's); versions 2 and 3, the narrowest (every seat's own holds it).
     */
    double tableWindow(double[] ratings, long[] waitedMs, int seats) {
        double widest = 0;
        double narrowest = Double.MAX_VALUE;
        for (int i = 0; i < seats; i++) {
            double w = seatWindow(ratings[i], waitedMs[i]);
            widest = Math.max(widest, w);
            narrowest = Math.min(narrowest, w);
        }
        return version == 1 ? widest : narrowest;
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
