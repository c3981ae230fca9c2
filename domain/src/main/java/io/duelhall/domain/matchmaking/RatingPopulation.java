package io.duelhall.domain.matchmaking;

/**
 * The ratings of a queue's players as the queue has seated them (pairing rules version 3): a mean
 * and a standard deviation over the tickets its waves matched, each with the rating its wave read,
 * counted each time it is matched (a ticket whose table was returned and is matched again counts
 * twice; tickets that expire or are cancelled unmatched are not counted, so the spread of players
 * who seldom find a partner is under-counted), the older ones weighing less (an exponentially
 * weighted mean and variance over about {@link #SPAN} tickets). Pure and deterministic, so the
 * server (from its stored waves) and the simulation keep it the same way; a wave stores the figures
 * it used ({@link PairingRules#withPopulation}), so a re-run does not depend on it. Until {@link
 * #MIN_TICKETS} tickets were seen no deviation is known (0).
 */
public final class RatingPopulation {
    /** How many of the latest tickets the figures mostly stand on. */
    public static final int SPAN = 500;

    /** Tickets seen before a deviation is given. */
    public static final int MIN_TICKETS = 30;

    private long seen;
    private double mean;
    private double variance;

    /** One ticket's rating, the first time a wave saw the ticket. */
    public void add(double rating) {
        if (!Double.isFinite(rating)) {
            throw new IllegalArgumentException("rating must be finite: " + rating);
        }
        seen++;
        double alpha = Math.max(1.0 / seen, 1.0 / SPAN);
        double delta = rating - mean;
        mean += alpha * delta;
        variance = (1 - alpha) * (variance + alpha * delta * delta);
    }

    public long seen() {
        return seen;
    }

    /** The mean (0 before any ticket). */
    public double mean() {
        return mean;
    }

    /** The standard deviation, or 0 before {@link #MIN_TICKETS} tickets. */
    public double sd() {
        return seen < MIN_TICKETS ? 0 : Math.sqrt(variance);
    }
}
