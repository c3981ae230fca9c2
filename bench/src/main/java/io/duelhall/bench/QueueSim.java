package io.duelhall.bench;

import io.duelhall.domain.matchmaking.PairingRules;
import io.duelhall.domain.matchmaking.Table;
import io.duelhall.domain.matchmaking.WaitingTicket;
import io.duelhall.domain.matchmaking.Wave;
import io.duelhall.domain.matchmaking.WaveMatcher;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.Set;

/**
 * The queue simulation of issue 40: a population of players with ratings drawn from N(1500, 300)
 * arrives at a steady rate, queues, plays (a game of 4 to 12 minutes), thinks (30 s on average) and
 * queues again, for two simulated hours. The same players, game lengths and think times are put
 * through two matchers:
 *
 * <ul>
 *   <li><b>waves</b>: the server's {@link WaveMatcher} with {@link PairingRules#DEFAULT}, run every
 *       2 s after the last run, and at once when 32 tickets wait ({@code duelhall.queue.wave},
 *       {@code wave-at}); recent opponents (the last table's accounts) are kept apart for 10
 *       minutes ({@code duelhall.queue.rematch});
 *   <li><b>showdown</b>: Pokémon Showdown's ladder matcher ({@code server/ladders.ts}), rule for
 *       rule: a new search is matched at once with the longest-waiting search that fits, else it
 *       waits; every 60 s the longest-waiting search is matched with the first that fits (one match
 *       per period); two searches fit when they are different users, from different addresses, not
 *       each other's last opponent, and their ratings differ by at most the range of the
 *       longer-waiting one: 100, +1 every 0.3 s, past 300 +1 every 3 s, at most 600. Showdown has
 *       no matcher for more than two players: for pods its rule is applied to every pair of the pod
 *       (a newcomer gathers, in order of waiting, searches that fit it and each other).
 * </ul>
 *
 * Ratings stay fixed during the run (the figures are about the matcher, not the rating system);
 * every player has an address of its own. Waits and gaps are counted for tickets opened after a
 * 20-minute warm-up. The server's matcher is also timed: each wave of the run, and one wave over
 * 10,000 waiting tickets.
 */
final class QueueSim {
    static final long MINUTE = 60_000;
    static final long WAVE_EVERY = 2_000;
    static long waveEvery = WAVE_EVERY;
    static final int WAVE_AT = 32;
    static final long REMATCH = 10 * MINUTE;
    static final long SHOWDOWN_PERIOD = 60_000;

    record Player(int id, double rating, double deviation, String account, String address) {}

    /** One player's queued ticket. */
    static final class Ticket {
        final Player player;
        final long since;
        final String id;

        Ticket(Player player, long since, long seq) {
            this.player = player;
            this.since = since;
            this.id = String.format("t%09d", seq);
        }
    }

    /** What the run measured. */
    record Figures(
            String matcher,
            int seats,
            int tables,
            long[] waitsMs,
            double[] gaps,
            long[] waveNanos,
            int waitingAtEnd) {
        long waitPercentile(double p) {
            return waitsMs.length == 0 ? 0 : waitsMs[index(waitsMs.length, p)];
        }

        double gapPercentile(double p) {
            return gaps.length == 0 ? 0 : gaps[index(gaps.length, p)];
        }

        static int index(int n, double p) {
            return Math.max(0, (int) Math.ceil(p * n) - 1);
        }
    }

    /** A matcher under test: tickets arrive, periodic work runs, tables come out. */
    abstract static class Matcher {
        final int seats;
        final Map<String, Ticket> waiting = new LinkedHashMap<>(); // oldest first
        final List<long[]> waveTimes = new ArrayList<>();

        Matcher(int seats) {
            this.seats = seats;
        }

        abstract String name();

        /** A ticket arrives at {@code now}; returns the tables it completes at once. */
        abstract List<List<Ticket>> arrive(Ticket t, long now, Memory memory);

        /** When periodic work is due next, after {@code now}. */
        abstract long nextTick(long now);

        /** The periodic work due at {@code now}. */
        abstract List<List<Ticket>> tick(long now, Memory memory);
    }

    /** Who met whom last, and when. */
    static final class Memory {
        final Map<String, Set<String>> lastTable = new java.util.HashMap<>();
        final Map<String, Long> lastTableAt = new java.util.HashMap<>();

        Set<String> recent(String account, long now) {
            Long at = lastTableAt.get(account);
            return at == null || now - at >= REMATCH ? Set.of() : lastTable.get(account);
        }

        Set<String> last(String account) {
            return lastTable.getOrDefault(account, Set.of());
        }

        void met(List<Ticket> table, long now) {
            for (Ticket t : table) {
                Set<String> others = new HashSet<>();
                for (Ticket o : table) {
                    if (o != t) {
                        others.add(o.player.account());
                    }
                }
                lastTable.put(t.player.account(), others);
                lastTableAt.put(t.player.account(), now);
            }
        }
    }

    /** The server's matcher: {@link WaveMatcher} in waves. */
    static final class Waves extends Matcher {
        final PairingRules rules;
        long next = waveEvery;

        Waves(int seats, PairingRules rules) {
            super(seats);
            this.rules = rules;
        }

        @Override
        String name() {
            return "waves";
        }

        @Override
        List<List<Ticket>> arrive(Ticket t, long now, Memory memory) {
            waiting.put(t.id, t);
            if (waiting.size() >= Math.max(seats, WAVE_AT)) {
                next = now; // a full queue runs its wave at once
            }
            return List.of();
        }

        @Override
        long nextTick(long now) {
            return Math.max(next, now);
        }

        @Override
        List<List<Ticket>> tick(long now, Memory memory) {
            next = now + waveEvery;
            if (waiting.size() < seats) {
                return List.of();
            }
            List<WaitingTicket> tickets = new ArrayList<>(waiting.size());
            for (Ticket t : waiting.values()) {
                tickets.add(
                        new WaitingTicket(
                                t.id,
                                t.player.rating(),
                                t.player.deviation(),
                                now - t.since,
                                t.player.account(),
                                t.player.address(),
                                memory.recent(t.player.account(), now)));
            }
            long start = System.nanoTime();
            Wave wave = WaveMatcher.run(seats, true, tickets, rules);
            waveTimes.add(new long[] {tickets.size(), System.nanoTime() - start});
            List<List<Ticket>> out = new ArrayList<>();
            for (Table table : wave.tables()) {
                List<Ticket> seated = new ArrayList<>();
                for (String id : table.ticketIds()) {
                    seated.add(waiting.remove(id));
                }
                out.add(seated);
            }
            return out;
        }
    }

    /** Pokémon Showdown's ladder matcher, as in its {@code server/ladders.ts}. */
    static final class Showdown extends Matcher {
        long next = SHOWDOWN_PERIOD;

        Showdown(int seats) {
            super(seats);
        }

        @Override
        String name() {
            return "showdown";
        }

        /** Showdown's search range after {@code elapsedMs} of the longer wait. */
        static double range(long elapsedMs) {
            double r = 100 + elapsedMs / 300.0;
            if (r > 300) {
                r = 300 + (r - 300) / 10;
            }
            return Math.min(r, 600);
        }

        /** Showdown's {@code matchmakingOK}, for every pair of a table. */
        static boolean fits(List<Ticket> table, Ticket candidate, long now, Memory memory) {
            long oldest = candidate.since;
            for (Ticket t : table) {
                oldest = Math.min(oldest, t.since);
            }
            double range = range(now - oldest);
            double lo = candidate.player.rating();
            double hi = lo;
            for (Ticket t : table) {
                Player a = t.player;
                Player b = candidate.player;
                if (a.account().equals(b.account())
                        || a.address().equals(b.address())
                        || memory.last(a.account()).contains(b.account())
                        || memory.last(b.account()).contains(a.account())) {
                    return false;
                }
                lo = Math.min(lo, a.rating());
                hi = Math.max(hi, a.rating());
            }
            return hi - lo <= range;
        }

        /** {@code first} and, in order of waiting, searches that fit it and each other. */
        List<Ticket> gather(Ticket first, long now, Memory memory) {
            List<Ticket> table = new ArrayList<>(List.of(first));
            for (Ticket t : waiting.values()) {
                if (t != first && fits(table, t, now, memory)) {
                    table.add(t);
                    if (table.size() == seats) {
                        return table;
                    }
                }
            }
            return null;
        }

        @Override
        List<List<Ticket>> arrive(Ticket t, long now, Memory memory) {
            List<Ticket> table = gather(t, now, memory);
            if (table == null) {
                waiting.put(t.id, t);
                return List.of();
            }
            table.forEach(s -> waiting.remove(s.id));
            return List.of(table);
        }

        @Override
        long nextTick(long now) {
            return Math.max(next, now);
        }

        @Override
        List<List<Ticket>> tick(long now, Memory memory) {
            next = now + SHOWDOWN_PERIOD;
            Iterator<Ticket> it = waiting.values().iterator();
            if (!it.hasNext()) {
                return List.of();
            }
            Ticket longest = it.next();
            List<Ticket> table = gather(longest, now, memory);
            if (table == null) {
                return List.of();
            }
            table.forEach(s -> waiting.remove(s.id));
            return List.of(table); // one match per period, as Showdown's periodicMatch
        }
    }

    /** The players: ratings N(1500, 300), deviations 50 to 120 (settled ladder players). */
    static List<Player> players(int n, long seed) {
        Random r = new Random(seed);
        List<Player> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(
                    new Player(
                            i,
                            1500 + 300 * r.nextGaussian(),
                            50 + 70 * r.nextDouble(),
                            "acc" + i,
                            "10." + (i >> 16) + "." + ((i >> 8) & 255) + "." + (i & 255)));
        }
        return out;
    }

    /**
     * One run: {@code players} arrive uniformly over the first {@code arrivalMinutes}, then each
     * plays, thinks and queues again until {@code minutes} have passed.
     */
    static Figures run(
            Matcher m, List<Player> players, long seed, int arrivalMinutes, int minutes) {
        long end = minutes * MINUTE;
        long warmUp = 20 * MINUTE;
        // each player's own stream of game lengths and think times: the same for every matcher
        Random[] own = new Random[players.size()];
        PriorityQueue<long[]> arrivals =
                new PriorityQueue<>(
                        (a, b) ->
                                a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        Random first = new Random(seed);
        for (Player p : players) {
            own[p.id()] = new Random(seed * 31 + p.id());
            arrivals.add(
                    new long[] {(long) (first.nextDouble() * arrivalMinutes * MINUTE), p.id()});
        }
        Memory memory = new Memory();
        List<Long> waits = new ArrayList<>();
        List<Double> gaps = new ArrayList<>();
        long seq = 0;
        int tables = 0;
        long now = 0;
        while (true) {
            long tick = m.nextTick(now);
            long arrival = arrivals.isEmpty() ? Long.MAX_VALUE : arrivals.peek()[0];
            now = Math.min(tick, arrival);
            if (now >= end) {
                break;
            }
            List<List<Ticket>> formed;
            if (arrival <= tick) {
                long[] a = arrivals.poll();
                formed = m.arrive(new Ticket(players.get((int) a[1]), now, seq++), now, memory);
            } else {
                formed = m.tick(now, memory);
            }
            for (List<Ticket> table : formed) {
                tables++;
                memory.met(table, now);
                double lo = Double.MAX_VALUE;
                double hi = -Double.MAX_VALUE;
                boolean counted = true;
                for (Ticket t : table) {
                    lo = Math.min(lo, t.player.rating());
                    hi = Math.max(hi, t.player.rating());
                    counted &= t.since >= warmUp;
                }
                for (Ticket t : table) {
                    if (t.since >= warmUp) {
                        waits.add(now - t.since);
                    }
                    Random r = own[t.player.id()];
                    long game = 4 * MINUTE + (long) (r.nextDouble() * 8 * MINUTE);
                    long think = (long) (-Math.log(1 - r.nextDouble()) * 30_000);
                    arrivals.add(new long[] {now + game + think, t.player.id()});
                }
                if (counted) {
                    gaps.add(hi - lo);
                }
            }
        }
        long[] w = waits.stream().mapToLong(Long::longValue).sorted().toArray();
        double[] g = gaps.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        long[] waveNanos = m.waveTimes.stream().mapToLong(x -> x[1]).sorted().toArray();
        return new Figures(m.name(), m.seats, tables, w, g, waveNanos, m.waiting.size());
    }

    /** The median of 21 waves over 10,000 waiting tickets, after 20 warm-up waves (ms). */
    static double tenThousand(int seats) {
        List<WaitingTicket> queue = WaveBench.queue(10_000, 40);
        long[] times = new long[21];
        for (int i = 0; i < 41; i++) {
            long start = System.nanoTime();
            WaveMatcher.run(seats, true, queue, PairingRules.DEFAULT);
            if (i >= 20) {
                times[i - 20] = System.nanoTime() - start;
            }
        }
        Arrays.sort(times);
        return times[10] / 1e6;
    }

    /** {@code queuesim [--players 2000] [--minutes 120] [--seed 1]}: the table for the docs. */
    static void main(Args args, PrintStream out) {
        int n = args.getInt("players", 2000);
        int minutes = args.getInt("minutes", 120);
        long seed = args.getInt("seed", 1);
        waveEvery = args.getInt("wave-ms", (int) WAVE_EVERY);
        List<Player> players = players(n, seed);
        out.printf(
                "%d players, ratings N(1500, 300), %d simulated minutes (first 20 not counted), seed %d%n%n",
                n, minutes, seed);
        out.println(
                "| seats | matcher | tables | wait p50 | wait p95 | wait p99 | gap p50 | gap p95 | wave median (max) | waiting at end |");
        out.println("|---|---|---|---|---|---|---|---|---|---|");
        for (int seats : new int[] {2, 4}) {
            for (Matcher m :
                    new Matcher[] {new Waves(seats, PairingRules.DEFAULT), new Showdown(seats)}) {
                Figures f = run(m, players, seed, 10, minutes);
                String waves =
                        f.waveNanos().length == 0
                                ? "—"
                                : String.format(
                                        "%.2f ms (%.1f ms)",
                                        f.waveNanos()[f.waveNanos().length / 2] / 1e6,
                                        f.waveNanos()[f.waveNanos().length - 1] / 1e6);
                out.printf(
                        "| %d | %s | %d | %.1f s | %.1f s | %.1f s | %.0f | %.0f | %s | %d |%n",
                        seats,
                        f.matcher(),
                        f.tables(),
                        f.waitPercentile(0.5) / 1000.0,
                        f.waitPercentile(0.95) / 1000.0,
                        f.waitPercentile(0.99) / 1000.0,
                        f.gapPercentile(0.5),
                        f.gapPercentile(0.95),
                        waves,
                        f.waitingAtEnd());
            }
        }
        if (args.has("sweep")) {
            out.println();
            out.println(
                    "| seats | windowStart | windowPerSecond | credit | wait p50 | wait p95 | wait p99 | gap p50 | gap p95 |");
            out.println("|---|---|---|---|---|---|---|---|---|");
            for (int seats : new int[] {2, 4}) {
                for (double start : new double[] {25, 50, 75, 100}) {
                    for (double per : new double[] {5, 10, 20, 40}) {
                        for (double credit : new double[] {0.02, 0.1}) {
                            PairingRules rules = new PairingRules(start, per, 600, credit, 4, 1);
                            Figures f = run(new Waves(seats, rules), players, seed, 10, minutes);
                            out.printf(
                                    "| %d | %.0f | %.0f | %.2f | %.1f s | %.1f s | %.1f s | %.0f | %.0f |%n",
                                    seats,
                                    start,
                                    per,
                                    credit,
                                    f.waitPercentile(0.5) / 1000.0,
                                    f.waitPercentile(0.95) / 1000.0,
                                    f.waitPercentile(0.99) / 1000.0,
                                    f.gapPercentile(0.5),
                                    f.gapPercentile(0.95));
                        }
                    }
                }
            }
        }
        out.println();
        for (int seats : new int[] {2, 4}) {
            out.printf(
                    "one wave over 10,000 waiting tickets, %d seats: median of 21 %.1f ms%n",
                    seats, tenThousand(seats));
        }
    }
}
