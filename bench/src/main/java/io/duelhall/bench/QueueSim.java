package io.duelhall.bench;

import io.duelhall.domain.matchmaking.PairingRules;
import io.duelhall.domain.matchmaking.RatingPopulation;
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
 *   <li><b>waves</b>: the server's {@link WaveMatcher} with {@link PairingRules#forSeats}, run
 *       every 2 s after the last run, at once when 32 tickets wait ({@code duelhall.queue.wave},
 *       {@code wave-at}), and at once when a newcomer could be seated ({@link
 *       WaveMatcher#seatableNow}); recent opponents (the last table's accounts) are kept apart for
 *       10 minutes ({@code duelhall.queue.rematch}); the ratings of the tickets seated are kept as
 *       the queue aggregate keeps them ({@link RatingPopulation}), which version 3 weighs;
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

    /** The server runs a wave at once when an arrival could be seated (WaveRunner.opened). */
    static final long ON_ARRIVAL = 0;

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
        final long every;

        /**
         * After an arrival that fits a waiting ticket, the wave runs this much later; -1: no. The
         * server runs it at once ({@link #ON_ARRIVAL}).
         */
        long eagerMs = ON_ARRIVAL;

        long next;

        /**
         * The ratings of the tickets the waves seated, as the server keeps them (version 3 weighs
         * them; {@link PairingRules#withPopulation}).
         */
        final RatingPopulation population = new RatingPopulation();

        Waves(int seats, PairingRules rules) {
            this(seats, rules, waveEvery);
        }

        /** Waves every {@code everyMs} after the last run (the server's {@code queue.wave}). */
        Waves(int seats, PairingRules rules, long everyMs) {
            super(seats);
            this.rules = rules;
            this.every = everyMs;
            this.next = everyMs;
        }

        @Override
        String name() {
            return "waves v" + rules.version();
        }

        @Override
        List<List<Ticket>> arrive(Ticket t, long now, Memory memory) {
            waiting.put(t.id, t);
            if (waiting.size() >= Math.max(seats, WAVE_AT)) {
                next = now; // a full queue runs its wave at once
            } else if (eagerMs >= 0 && fitsAnother(t, now, memory)) {
                next = Math.min(next, now + eagerMs);
            }
            return List.of();
        }

        /**
         * Whether a newcomer could be seated now: the server's own test ({@link
         * WaveMatcher#seatableNow}), over the tickets as a wave would see them.
         */
        boolean fitsAnother(Ticket t, long now, Memory memory) {
            List<WaitingTicket> others = new ArrayList<>(waiting.size());
            for (Ticket o : waiting.values()) {
                if (o != t) {
                    others.add(seen(o, now, memory));
                }
            }
            return WaveMatcher.seatableNow(
                    seats, true, seen(t, now, memory), others, rules.withPopulation(population));
        }

        static WaitingTicket seen(Ticket t, long now, Memory memory) {
            return new WaitingTicket(
                    t.id,
                    t.player.rating(),
                    t.player.deviation(),
                    now - t.since,
                    t.player.account(),
                    t.player.address(),
                    memory.recent(t.player.account(), now));
        }

        @Override
        long nextTick(long now) {
            return Math.max(next, now);
        }

        @Override
        List<List<Ticket>> tick(long now, Memory memory) {
            next = now + every;
            if (waiting.size() < seats) {
                return List.of();
            }
            List<WaitingTicket> tickets = new ArrayList<>(waiting.size());
            for (Ticket t : waiting.values()) {
                tickets.add(seen(t, now, memory));
            }
            long start = System.nanoTime();
            Wave wave = WaveMatcher.run(seats, true, tickets, rules.withPopulation(population));
            waveTimes.add(new long[] {tickets.size(), System.nanoTime() - start});
            List<List<Ticket>> out = new ArrayList<>();
            for (Table table : wave.tables()) {
                List<Ticket> seated = new ArrayList<>();
                for (String id : table.ticketIds()) {
                    Ticket t = waiting.remove(id);
                    population.add(t.player.rating());
                    seated.add(t);
                }
                out.add(seated);
            }
            return out;
        }
    }

    /** Pokémon Showdown's ladder matcher, as in its {@code server/ladders.ts}. */
    static final class Showdown extends Matcher {
        long next = SHOWDOWN_PERIOD;
        final double start;
        final double msPerPoint;

        Showdown(int seats) {
            this(seats, 100, 300);
        }

        /**
         * Showdown's rule with another window: {@code start} points at once (Showdown: 100), +1
         * every {@code msPerPoint} (300) to 300, then ten times slower, to 600 — for the curve of
         * its trade-off between wait and gap.
         */
        Showdown(int seats, double start, double msPerPoint) {
            super(seats);
            this.start = start;
            this.msPerPoint = msPerPoint;
        }

        @Override
        String name() {
            return "showdown";
        }

        /** Showdown's search range after {@code elapsedMs} of the longer wait. */
        static double range(long elapsedMs) {
            return range(elapsedMs, 100, 300);
        }

        static double range(long elapsedMs, double start, double msPerPoint) {
            double r = start + elapsedMs / msPerPoint;
            if (r > 300) {
                r = 300 + (r - 300) / 10;
            }
            return Math.min(r, 600);
        }

        /** Showdown's {@code matchmakingOK}, for every pair of a table. */
        boolean fits(List<Ticket> table, Ticket candidate, long now, Memory memory) {
            long oldest = candidate.since;
            for (Ticket t : table) {
                oldest = Math.min(oldest, t.since);
            }
            double range = range(now - oldest, start, msPerPoint);
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
        PairingRules rules = WaveBench.rules(PairingRules.forSeats(seats), queue);
        long[] times = new long[21];
        for (int i = 0; i < 41; i++) {
            long start = System.nanoTime();
            WaveMatcher.run(seats, true, queue, rules);
            if (i >= 20) {
                times[i - 20] = System.nanoTime() - start;
            }
        }
        Arrays.sort(times);
        return times[10] / 1e6;
    }

    /** One point of a trade-off curve: a matcher's settings and its p95 wait and gap. */
    record Point(
            String matcher,
            String settings,
            double waitP95,
            double gapP95,
            double waitP50,
            double gapP50) {}

    static Point point(Matcher m, String settings, List<Player> players, long seed, int minutes) {
        Figures f = run(m, players, seed, 10, minutes);
        return new Point(
                m.name(),
                settings,
                f.waitPercentile(0.95) / 1000.0,
                f.gapPercentile(0.95),
                f.waitPercentile(0.5) / 1000.0,
                f.gapPercentile(0.5));
    }

    /** Showdown's rule at several windows (start, ms per point). */
    static final double[][] SHOWDOWN_WINDOWS = {
        {50, 300},
        {75, 300},
        {100, 150},
        {100, 300},
        {100, 600},
        {125, 300},
        {150, 300},
        {75, 600},
        // wide and slow: the shape the pods' best waves have
        {125, 600},
        {150, 600},
        {175, 600},
        {150, 1000},
        {200, 1000}
    };

    /** The waves at several settings: {wave ms, eager ms (-1 none), window start, per second}. */
    static final double[][] WAVE_SETTINGS = {
        // before (version 1, the longest waiter's window): waves every 2 s or 0.5 s only
        {2000, -1, 100, 5, 1},
        {2000, -1, 75, 5, 1},
        {2000, -1, 100, 2.5, 1},
        {2000, -1, 75, 2.5, 1},
        {500, -1, 125, 5, 1},
        {500, -1, 100, 10, 1},
        {500, -1, 100, 5, 1},
        {500, -1, 100, 2.5, 1},
        {500, -1, 75, 5, 1},
        {500, -1, 75, 2.5, 1},
        {500, -1, 50, 5, 1},
        // the server now: every 2 s, and at once when an arrival could be seated; version 1
        {2000, 0, 150, 5, 1},
        {2000, 0, 125, 5, 1},
        {2000, 0, 100, 10, 1},
        {2000, 0, 100, 5, 1},
        {2000, 0, 90, 5, 1},
        {2000, 0, 75, 5, 1},
        {2000, 0, 75, 2.5, 1},
        {2000, 0, 50, 5, 1},
        {2000, 0, 50, 2.5, 1},
        // ... and version 2 (every seat's own window)
        {2000, 0, 200, 5, 2},
        {2000, 0, 175, 5, 2},
        {2000, 0, 150, 5, 2},
        {2000, 0, 125, 10, 2},
        {2000, 0, 125, 5, 2},
        {2000, 0, 100, 10, 2},
        {2000, 0, 100, 5, 2},
        {2000, 0, 90, 10, 2},
        {2000, 0, 75, 10, 2},
        {2000, 0, 75, 5, 2},
        {2000, 0, 50, 10, 2},
        // ... and version 3 (every seat's own window, widening as fast as partners are scarce)
        {2000, 0, 50, 2.5, 3},
        {2000, 0, 50, 5, 3},
        {2000, 0, 50, 10, 3},
        {2000, 0, 70, 2.5, 3},
        {2000, 0, 70, 5, 3},
        {2000, 0, 70, 10, 3},
        {2000, 0, 90, 2.5, 3},
        {2000, 0, 90, 5, 3},
        {2000, 0, 90, 10, 3},
        {2000, 0, 110, 2.5, 3},
        {2000, 0, 110, 5, 3},
        {2000, 0, 110, 10, 3}
    };

    static Matcher waves(int seats, double[] w) {
        PairingRules d = PairingRules.DEFAULT;
        Waves m =
                new Waves(
                        seats,
                        new PairingRules(
                                w[2],
                                w[3],
                                d.windowMax(),
                                d.creditPerSecond(),
                                d.pairBand(),
                                d.podSlack(),
                                (int) w[4]),
                        (long) w[0]);
        m.eagerMs = (long) w[1];
        return m;
    }

    /**
     * {@code --curve}: p95 gap against p95 wait for Showdown's rule at several windows and for the
     * waves at several settings, and, at each Showdown point, the waves' gap at the same p95 wait
     * (the best waves point that waits no longer).
     */
    static void curve(
            List<Player> players, long seed, int minutes, int onlySeats, PrintStream out) {
        for (int seats : new int[] {2, 4}) {
            if (onlySeats != 0 && seats != onlySeats) {
                continue;
            }
            List<Point> sd = new ArrayList<>();
            for (double[] w : SHOWDOWN_WINDOWS) {
                sd.add(
                        point(
                                new Showdown(seats, w[0], w[1]),
                                String.format("±%.0f, +1 per %.0f ms", w[0], w[1]),
                                players,
                                seed,
                                minutes));
            }
            List<Point> wv = new ArrayList<>();
            for (double[] w : WAVE_SETTINGS) {
                wv.add(
                        point(
                                waves(seats, w),
                                String.format(
                                        "v%.0f, every %.1f s%s, ±%.0f, +%s/s",
                                        w[4],
                                        w[0] / 1000,
                                        w[1] < 0
                                                ? ""
                                                : String.format(
                                                        ", on arrival +%.1f s", w[1] / 1000),
                                        w[2],
                                        w[3] == Math.rint(w[3])
                                                ? String.format("%.0f", w[3])
                                                : String.valueOf(w[3])),
                                players,
                                seed,
                                minutes));
            }
            out.printf("%n%d seats, seed %d: p95 wait, p95 gap (p50 wait, p50 gap)%n", seats, seed);
            out.println("| matcher | settings | wait p95 | gap p95 | wait p50 | gap p50 |");
            out.println("|---|---|---|---|---|---|");
            for (Point p : concat(sd, wv)) {
                out.printf(
                        "| %s | %s | %.1f s | %.0f | %.1f s | %.0f |%n",
                        p.matcher(),
                        p.settings(),
                        p.waitP95(),
                        p.gapP95(),
                        p.waitP50(),
                        p.gapP50());
            }
            List<Point> before = new ArrayList<>();
            List<Point> v1 = new ArrayList<>();
            List<Point> v2 = new ArrayList<>();
            List<Point> v3 = new ArrayList<>();
            for (int i = 0; i < WAVE_SETTINGS.length; i++) {
                (WAVE_SETTINGS[i][1] < 0
                                ? before
                                : WAVE_SETTINGS[i][4] == 1
                                        ? v1
                                        : WAVE_SETTINGS[i][4] == 2 ? v2 : v3)
                        .add(wv.get(i));
            }
            out.println();
            out.println(
                    "| seats | p95 wait | Showdown's envelope p95 gap | waves before | v1 + on arrival | v2 + on arrival | v3 + on arrival |");
            out.println("|---|---|---|---|---|---|---|");
            for (double w = 2.5; w <= 18.0; w += 0.5) {
                double a = envelope(sd, w);
                if (Double.isNaN(a)) {
                    continue;
                }
                out.printf(
                        "| ENV %d | %.1f s | %s | %s | %s | %s | %s |%n",
                        seats,
                        w,
                        fmt(a),
                        fmt(envelope(before, w)),
                        fmt(envelope(v1, w)),
                        fmt(envelope(v2, w)),
                        fmt(envelope(v3, w)));
            }
            out.println();
            out.println(
                    "| showdown at | its p95 gap | waves' best p95 gap waiting no longer (p95) | settings |");
            out.println("|---|---|---|---|");
            for (Point p : sd) {
                Point best = null;
                for (Point q : wv) {
                    if (q.waitP95() <= p.waitP95()
                            && (best == null || q.gapP95() < best.gapP95())) {
                        best = q;
                    }
                }
                out.printf(
                        "| %s (%.1f s) | %.0f | %s | %s |%n",
                        p.settings(),
                        p.waitP95(),
                        p.gapP95(),
                        best == null
                                ? "— (none waits as little)"
                                : String.format("%.0f (%.1f s)", best.gapP95(), best.waitP95()),
                        best == null ? "" : best.settings());
            }
        }
    }

    /**
     * {@code --try "waveMs,onArrivalMs,start,perSecond,credit;..."}: the waves at those settings
     * (onArrivalMs -1: no wave on arrival), for exploring before a setting joins the curve.
     */
    static void tryOut(
            List<Player> players,
            long seed,
            int minutes,
            int onlySeats,
            String spec,
            PrintStream out) {
        for (int seats : new int[] {2, 4}) {
            if (onlySeats != 0 && seats != onlySeats) {
                continue;
            }
            for (String one : spec.split(";")) {
                if (one.startsWith("sd")) {
                    double[] v =
                            Arrays.stream(one.substring(2).split(","))
                                    .mapToDouble(Double::parseDouble)
                                    .toArray();
                    Point p = point(new Showdown(seats, v[0], v[1]), one, players, seed, minutes);
                    out.printf(
                            "%d seats %-28s wait p95 %5.1f s gap p95 %4.0f | p50 %4.1f s %4.0f%n",
                            seats, one, p.waitP95(), p.gapP95(), p.waitP50(), p.gapP50());
                    continue;
                }
                double[] w =
                        Arrays.stream(one.split(",")).mapToDouble(Double::parseDouble).toArray();
                PairingRules d = PairingRules.DEFAULT;
                Waves m =
                        new Waves(
                                seats,
                                new PairingRules(
                                        w[2],
                                        w[3],
                                        d.windowMax(),
                                        w[4],
                                        d.pairBand(),
                                        d.podSlack()),
                                (long) w[0]);
                m.eagerMs = (long) w[1];
                Point p = point(m, one, players, seed, minutes);
                out.printf(
                        "%d seats %-28s wait p95 %5.1f s gap p95 %4.0f | p50 %4.1f s %4.0f%n",
                        seats, one, p.waitP95(), p.gapP95(), p.waitP50(), p.gapP50());
            }
        }
    }

    /**
     * {@code --pairs-grid [--seeds 1,2,3,4,5]}: for pairs, Showdown's windows and the waves of
     * versions 1 and 3 on one grid (start ±50, ±70, ±90, ±110; +2.5, +5, +10 per second; every 2 s
     * and at once on a seatable arrival): every point ({@code P seed settings waitP95 gapP95
     * waitP50 gapP50}), then each rule's envelope at the same p95 waits ({@code E seed wait
     * showdown v1 v3}), then the medians over the seeds and Showdown's envelope less each
     * version's, seed by seed.
     */
    static void pairsGrid(List<Long> seeds, int n, int minutes, PrintStream out) {
        double[] waits = {3.5, 4, 4.5, 5, 5.5, 6, 6.5, 7, 7.5};
        int[] versions = {1, 3};
        // [wait][seed][showdown, v1, v3]
        double[][][] env = new double[waits.length][seeds.size()][3];
        for (int si = 0; si < seeds.size(); si++) {
            long seed = seeds.get(si);
            List<Player> players = players(n, seed);
            List<Point> sd = new ArrayList<>();
            for (double[] w : SHOWDOWN_WINDOWS) {
                sd.add(
                        point(
                                new Showdown(2, w[0], w[1]),
                                String.format("showdown ±%.0f/%.0fms", w[0], w[1]),
                                players,
                                seed,
                                minutes));
            }
            List<List<Point>> wv = new ArrayList<>();
            for (int version : versions) {
                List<Point> pts = new ArrayList<>();
                for (double start : new double[] {50, 70, 90, 110}) {
                    for (double per : new double[] {2.5, 5, 10}) {
                        pts.add(
                                point(
                                        waves(2, new double[] {2000, 0, start, per, version}),
                                        String.format("v%d ±%.0f +%s/s", version, start, per),
                                        players,
                                        seed,
                                        minutes));
                    }
                }
                wv.add(pts);
            }
            for (Point p : concat(sd, concat(wv.get(0), wv.get(1)))) {
                out.printf(
                        "P %d %s %.2f %.1f %.2f %.1f%n",
                        seed, p.settings(), p.waitP95(), p.gapP95(), p.waitP50(), p.gapP50());
            }
            for (int wi = 0; wi < waits.length; wi++) {
                env[wi][si][0] = envelope(sd, waits[wi]);
                env[wi][si][1] = envelope(wv.get(0), waits[wi]);
                env[wi][si][2] = envelope(wv.get(1), waits[wi]);
                out.printf(
                        "E %d %.1f %s %s %s%n",
                        seed,
                        waits[wi],
                        fmt(env[wi][si][0]),
                        fmt(env[wi][si][1]),
                        fmt(env[wi][si][2]));
            }
        }
        out.println();
        out.println(
                "| p95 wait | Showdown | version 1 | version 3 | Showdown − v3 by seed | Showdown − v1 by seed |");
        out.println("|---|---|---|---|---|---|");
        for (int wi = 0; wi < waits.length; wi++) {
            StringBuilder d3 = new StringBuilder();
            StringBuilder d1 = new StringBuilder();
            for (int si = 0; si < seeds.size(); si++) {
                d3.append(si == 0 ? "" : ", ").append(fmt(env[wi][si][0] - env[wi][si][2]));
                d1.append(si == 0 ? "" : ", ").append(fmt(env[wi][si][0] - env[wi][si][1]));
            }
            out.printf(
                    "| %.1f s | %s | %s | %s | %s | %s |%n",
                    waits[wi],
                    fmt(medianOf(env[wi], 0)),
                    fmt(medianOf(env[wi], 1)),
                    fmt(medianOf(env[wi], 2)),
                    d3,
                    d1);
        }
    }

    /** The median of column {@code c} over the seeds that reach it (NaN: none). */
    static double medianOf(double[][] rows, int c) {
        double[] v =
                Arrays.stream(rows)
                        .mapToDouble(r -> r[c])
                        .filter(x -> !Double.isNaN(x))
                        .sorted()
                        .toArray();
        if (v.length == 0) {
            return Double.NaN;
        }
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    /**
     * A rule's lower envelope (its best p95 gap at each p95 wait among its settings), linear
     * between the points on it, at {@code wait}; NaN outside the waits its settings reach.
     */
    static double envelope(List<Point> points, double wait) {
        List<Point> sorted = new ArrayList<>(points);
        sorted.sort(java.util.Comparator.comparingDouble(Point::waitP95));
        List<Point> hull = new ArrayList<>();
        for (Point p : sorted) {
            // keep only points no other point beats (waits no longer and has a smaller gap)
            boolean beaten = false;
            for (Point q : sorted) {
                if (q != p && q.waitP95() <= p.waitP95() && q.gapP95() < p.gapP95()) {
                    beaten = true;
                    break;
                }
            }
            if (!beaten) {
                hull.add(p);
            }
        }
        if (hull.isEmpty() || wait < hull.get(0).waitP95()) {
            return Double.NaN;
        }
        for (int i = 0; i + 1 < hull.size(); i++) {
            Point a = hull.get(i);
            Point b = hull.get(i + 1);
            if (wait >= a.waitP95() && wait <= b.waitP95()) {
                if (b.waitP95() == a.waitP95()) {
                    return Math.min(a.gapP95(), b.gapP95());
                }
                double f = (wait - a.waitP95()) / (b.waitP95() - a.waitP95());
                return a.gapP95() + f * (b.gapP95() - a.gapP95());
            }
        }
        Point last = hull.get(hull.size() - 1);
        return wait <= last.waitP95() + 1e-9 ? last.gapP95() : Double.NaN;
    }

    static String fmt(double v) {
        return Double.isNaN(v) ? "—" : String.format("%.1f", v);
    }

    static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    /** {@code queuesim [--players 2000] [--minutes 120] [--seed 1]}: the table for the docs. */
    static void main(Args args, PrintStream out) throws Exception {
        if (args.has("http")) {
            QueueHttpRun.main(args, out);
            return;
        }
        int n = args.getInt("players", 2000);
        int minutes = args.getInt("minutes", 120);
        long seed = args.getInt("seed", 1);
        waveEvery = args.getInt("wave-ms", (int) WAVE_EVERY);
        List<Player> players = players(n, seed);
        if (args.has("try")) {
            tryOut(players, seed, minutes, args.getInt("curve-seats", 0), args.get("try", ""), out);
            return;
        }
        if (args.has("pairs-grid")) {
            List<Long> seeds =
                    Arrays.stream(args.get("seeds", "1,2,3,4,5").split(","))
                            .map(Long::parseLong)
                            .toList();
            pairsGrid(seeds, n, minutes, out);
            return;
        }
        if (args.has("curve-only")) {
            curve(players, seed, minutes, args.getInt("curve-seats", 0), out);
            return;
        }
        out.printf(
                "%d players, ratings N(1500, 300), %d simulated minutes (first 20 not counted), seed %d%n%n",
                n, minutes, seed);
        out.println(
                "| seats | matcher | tables | wait p50 | wait p95 | wait p99 | gap p50 | gap p95 | wave median (max) | waiting at end |");
        out.println("|---|---|---|---|---|---|---|---|---|---|");
        for (int seats : new int[] {2, 4}) {
            for (Matcher m :
                    seats == 2
                            ? new Matcher[] {
                                new Waves(seats, PairingRules.forSeats(seats)),
                                new Waves(seats, PairingRules.DEFAULT), // the rules before (v1)
                                new Showdown(seats)
                            }
                            : new Matcher[] {
                                new Waves(seats, PairingRules.forSeats(seats)), new Showdown(seats)
                            }) {
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
        if (args.has("curve")) {
            curve(players, seed, minutes, args.getInt("curve-seats", 0), out);
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
