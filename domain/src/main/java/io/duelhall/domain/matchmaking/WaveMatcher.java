package io.duelhall.domain.matchmaking;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;

/**
 * One wave of a queue: the tables that seat the most tickets, and among those the least total cost
 * ({@link TableCost}), over the tickets waiting.
 *
 * <p>The tickets are put in rating order (ticket id breaks ties), so the order they come in changes
 * nothing. A table is formed from a ticket and N-1 of the next {@code lookahead} tickets in that
 * order (for two seats the {@code pairBand} nearest above; for pods N-1 plus {@code podSlack}).
 * Within that band the result is exact: a dynamic programme over the sorted tickets whose state is
 * which of the next {@code lookahead} tickets are already seated. Tables far apart in rating order
 * cost more than tables of neighbours, so the band loses little and keeps a wave linear in the
 * tickets: 10,000 tickets in a few milliseconds.
 */
public final class WaveMatcher {
    private WaveMatcher() {}

    /** Runs one wave over the waiting tickets of a queue of {@code seats} seats. */
    public static Wave run(
            int seats, boolean rated, List<WaitingTicket> tickets, PairingRules rules) {
        if (seats < 2 || seats > 6) {
            throw new IllegalArgumentException("seats must be 2 to 6: " + seats);
        }
        WaitingTicket[] t = tickets.toArray(WaitingTicket[]::new);
        Arrays.sort(
                t,
                Comparator.comparingDouble(WaitingTicket::rating)
                        .thenComparing(WaitingTicket::ticketId));
        var ids = new HashSet<String>();
        for (WaitingTicket ticket : t) {
            if (!ids.add(ticket.ticketId())) {
                throw new IllegalArgumentException("ticket twice in a wave: " + ticket.ticketId());
            }
        }
        return new Programme(t, seats, rated, rules).solve();
    }

    /**
     * Whether a ticket that just arrived could be seated at once: at least {@code seats - 1} of the
     * waiting tickets may sit with it ({@link TableCost#compatible}) and within the window of the
     * two ({@link PairingRules#tableWindow}: the longer waiter's in version 1, both's in versions 2
     * and 3). The server runs a wave at once when this holds (instead of waiting for the next
     * {@code duelhall.queue.wave}); the wave itself decides the tables. A hint only: for pods it
     * does not check the waiting tickets against each other.
     */
    public static boolean seatableNow(
            int seats,
            boolean rated,
            WaitingTicket arrived,
            List<WaitingTicket> waiting,
            PairingRules rules) {
        int found = 0;
        for (WaitingTicket other : waiting) {
            if (other.ticketId().equals(arrived.ticketId())
                    || !TableCost.compatible(arrived, other, rated)) {
                continue;
            }
            double gap = Math.abs(other.rating() - arrived.rating());
            double window =
                    rules.tableWindow(
                            new double[] {other.rating(), arrived.rating()},
                            new long[] {other.waitedMs(), arrived.waitedMs()},
                            2);
            if (gap <= window && ++found >= seats - 1) {
                return true;
            }
        }
        return false;
    }

    /** The dynamic programme of one wave. */
    private static final class Programme {
        private static final byte TAKEN = -1;
        private static final byte LEFT = -2;

        private final WaitingTicket[] t;
        private final int n;
        private final boolean rated;
        private final PairingRules rules;
        private final int lookahead;
        private final int states;
        private final int[] combos;

        /** Bit d of compat[i]: tickets i and i+d may share a table. */
        private final int[] compat;

        Programme(WaitingTicket[] sorted, int seats, boolean rated, PairingRules rules) {
            this.t = sorted;
            this.n = sorted.length;
            this.rated = rated;
            this.rules = rules;
            this.lookahead = rules.lookahead(seats);
            this.states = 1 << lookahead;
            this.combos = combinations(lookahead, seats - 1);
            this.compat = new int[n];
            for (int i = 0; i < n; i++) {
                for (int d = 1; d <= lookahead && i + d < n; d++) {
                    if (TableCost.compatible(t[i], t[i + d], rated)) {
                        compat[i] |= 1 << d;
                    }
                }
            }
        }

        /**
         * State before ticket i: bit d set when ticket i+d is already seated. From each state
         * ticket i is skipped over (seated earlier), left waiting, or seated with one combination
         * of later tickets. Values compare by tables (more is better), then cost (less).
         */
        Wave solve() {
            int[] tables = new int[states];
            double[] cost = new double[states];
            int[] nextTables = new int[states];
            double[] nextCost = new double[states];
            boolean[] reach = new boolean[states];
            boolean[] nextReach = new boolean[states];
            int[] fromState = new int[(n + 1) * states];
            byte[] choice = new byte[(n + 1) * states];
            double[] tableCost = new double[combos.length];
            reach[0] = true;
            for (int i = 0; i < n; i++) {
                Arrays.fill(nextReach, false);
                Arrays.fill(tableCost, Double.NaN);
                int room = n - 1 - i;
                for (int m = 0; m < states; m++) {
                    if (!reach[m]) {
                        continue;
                    }
                    if ((m & 1) != 0) {
                        relax(
                                i,
                                m,
                                m >>> 1,
                                TAKEN,
                                tables[m],
                                cost[m],
                                nextReach,
                                nextTables,
                                nextCost,
                                fromState,
                                choice);
                        continue;
                    }
                    relax(
                            i,
                            m,
                            m >>> 1,
                            LEFT,
                            tables[m],
                            cost[m],
                            nextReach,
                            nextTables,
                            nextCost,
                            fromState,
                            choice);
                    for (int c = 0; c < combos.length; c++) {
                        int combo = combos[c];
                        if ((combo & m) != 0 || highestBit(combo) > room) {
                            continue;
                        }
                        if (Double.isNaN(tableCost[c])) {
                            tableCost[c] = costOf(i, combo);
                        }
                        if (tableCost[c] == Double.POSITIVE_INFINITY) {
                            continue;
                        }
                        relax(
                                i,
                                m,
                                (m | combo) >>> 1,
                                (byte) c,
                                tables[m] + 1,
                                cost[m] + tableCost[c],
                                nextReach,
                                nextTables,
                                nextCost,
                                fromState,
                                choice);
                    }
                }
                boolean[] r = reach;
                reach = nextReach;
                nextReach = r;
                int[] tb = tables;
                tables = nextTables;
                nextTables = tb;
                double[] cs = cost;
                cost = nextCost;
                nextCost = cs;
            }
            return backtrack(fromState, choice);
        }

        private void relax(
                int i,
                int from,
                int to,
                byte how,
                int tables,
                double cost,
                boolean[] reach,
                int[] bestTables,
                double[] bestCost,
                int[] fromState,
                byte[] choice) {
            if (reach[to]
                    && (bestTables[to] > tables
                            || (bestTables[to] == tables && bestCost[to] <= cost))) {
                return;
            }
            reach[to] = true;
            bestTables[to] = tables;
            bestCost[to] = cost;
            int at = (i + 1) * states + to;
            fromState[at] = from;
            choice[at] = how;
        }

        /** The table's cost, or +infinity when it is forbidden. */
        private double costOf(int i, int combo) {
            // every member compatible with every later one: shift each member's bits to i's frame
            if ((compat[i] & combo) != combo) {
                return Double.POSITIVE_INFINITY;
            }
            long longestWait = t[i].waitedMs();
            long shortestWait = t[i].waitedMs();
            double waited = t[i].waitedSeconds();
            for (int rest = combo; rest != 0; rest &= rest - 1) {
                int d = Integer.numberOfTrailingZeros(rest);
                int above = combo & ~((2 << d) - 1);
                if (((compat[i + d] << d) & above) != above) {
                    return Double.POSITIVE_INFINITY;
                }
                longestWait = Math.max(longestWait, t[i + d].waitedMs());
                shortestWait = Math.min(shortestWait, t[i + d].waitedMs());
                waited += t[i + d].waitedSeconds();
            }
            WaitingTicket high = t[i + highestBit(combo)];
            double gap = high.rating() - t[i].rating();
            if (rules.version() < 3) {
                if (!rules.fits(gap, longestWait, shortestWait)) {
                    return Double.POSITIVE_INFINITY;
                }
            } else {
                // every seat's own window, widened by the scarcity at its rating
                for (int rest = combo | 1; rest != 0; rest &= rest - 1) {
                    WaitingTicket seat = t[i + Integer.numberOfTrailingZeros(rest)];
                    if (gap > rules.seatWindow(seat.rating(), seat.waitedMs())) {
                        return Double.POSITIVE_INFINITY;
                    }
                }
            }
            return TableCost.gapInDeviations(gap, t[i].deviation(), high.deviation())
                    - TableCost.waitCredit(waited, rules);
        }

        private Wave backtrack(int[] fromState, byte[] choice) {
            var tables = new ArrayList<Table>();
            var waiting = new ArrayList<String>();
            int m = 0;
            for (int i = n - 1; i >= 0; i--) {
                int at = (i + 1) * states + m;
                int from = fromState[at];
                byte how = choice[at];
                if (how == LEFT) {
                    waiting.add(t[i].ticketId());
                } else if (how != TAKEN) {
                    tables.add(table(i, combos[how]));
                }
                m = from;
            }
            java.util.Collections.reverse(tables);
            java.util.Collections.reverse(waiting);
            return new Wave(tables, waiting);
        }

        private Table table(int i, int combo) {
            var members = new ArrayList<WaitingTicket>();
            members.add(t[i]);
            for (int rest = combo; rest != 0; rest &= rest - 1) {
                members.add(t[i + Integer.numberOfTrailingZeros(rest)]);
            }
            double gap = members.get(members.size() - 1).rating() - members.get(0).rating();
            return new Table(
                    members.stream().map(WaitingTicket::ticketId).sorted().toList(),
                    costOf(i, combo),
                    gap);
        }

        private static int highestBit(int bits) {
            return 31 - Integer.numberOfLeadingZeros(bits);
        }

        /** Every set of k bits among bits 1..width, as masks, in increasing order. */
        private static int[] combinations(int width, int k) {
            var out = new ArrayList<Integer>();
            for (int mask = 0; mask < 1 << (width + 1); mask++) {
                if ((mask & 1) == 0 && Integer.bitCount(mask) == k) {
                    out.add(mask);
                }
            }
            return out.stream().mapToInt(Integer::intValue).toArray();
        }
    }
}
