package io.duelhall.domain.matchmaking;

import java.util.List;
import java.util.OptionalDouble;

/**
 * The cost of seating tickets together, as a sum of small named terms. A table that must not be
 * formed has no cost at all (an empty value), never a large number.
 */
final class TableCost {
    private TableCost() {}

    /**
     * The cost of one table over tickets given in rating order (lowest first), or empty when the
     * table is forbidden.
     */
    static OptionalDouble of(List<WaitingTicket> byRating, boolean rated, PairingRules rules) {
        for (int a = 0; a < byRating.size(); a++) {
            for (int b = a + 1; b < byRating.size(); b++) {
                if (!compatible(byRating.get(a), byRating.get(b), rated)) {
                    return OptionalDouble.empty();
                }
            }
        }
        WaitingTicket low = byRating.get(0);
        WaitingTicket high = byRating.get(byRating.size() - 1);
        double gap = high.rating() - low.rating();
        double waited = 0;
        double[] ratings = new double[byRating.size()];
        long[] waits = new long[byRating.size()];
        for (int i = 0; i < ratings.length; i++) {
            WaitingTicket ticket = byRating.get(i);
            waited += ticket.waitedSeconds();
            ratings[i] = ticket.rating();
            waits[i] = ticket.waitedMs();
        }
        // every version's window (the longest waiter's in 1, every seat's own in 2 and 3)
        if (gap > rules.tableWindow(ratings, waits, ratings.length)) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(
                gapInDeviations(gap, low.deviation(), high.deviation())
                        - waitCredit(waited, rules));
    }

    /** Two tickets may share a table: other accounts, no rematch, other addresses when rated. */
    static boolean compatible(WaitingTicket a, WaitingTicket b, boolean rated) {
        return !a.account().equals(b.account())
                && !(rated && a.address().equals(b.address()))
                && !a.recentOpponents().contains(b.account())
                && !b.recentOpponents().contains(a.account());
    }

    /**
     * The gap measured in the two ends' combined deviation: a gap among settled ratings counts more
     * than the same gap among uncertain ones.
     */
    static double gapInDeviations(double gap, double lowDeviation, double highDeviation) {
        return gap / Math.sqrt(lowDeviation * lowDeviation + highDeviation * highDeviation);
    }

    /** The credit for waiting, in deviations, over the seats' waits summed (seconds). */
    static double waitCredit(double waitedSeconds, PairingRules rules) {
        return rules.creditPerSecond() * waitedSeconds;
    }
}
