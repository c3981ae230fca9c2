package io.duelhall.bench;

import io.duelhall.domain.AiPlayer;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Seat;
import io.duelhall.domain.biome.BiomeRuleset;
import io.duelhall.domain.casket.CasketRuleset;
import io.duelhall.domain.search.Arena;
import io.duelhall.domain.search.Budget;
import io.duelhall.domain.search.Oracle;
import io.duelhall.domain.search.SearchPlayer;
import io.duelhall.domain.voidlit.VoidlitRuleset;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The arena (issue 42): the searching AI against greedy in each game, seats swapped evenly — each
 * deal (seed) played once with the search on either seat (in a pod, on each seat), so a deal or a
 * seat that decides the match counts the same for both players —, fixed seeds, a budget in
 * iterations (so every match is reproducible): the win rate (draws half) with a 95 % interval, the
 * Elo difference, µs per decision, and how often the search's move was greedy's (a search that only
 * re-finds greedy's moves scores exactly half on paired deals), and per deal whether the search won
 * both of its matches, greedy both, or the same seat both (a deal the seat decides scores half for
 * either player); and casket's 4-seat pod (one search, three greedy, the search's seat rotated
 * through A–D) with its average placing.
 *
 * <pre>
 * java -jar bench/target/benchmarks.jar arena [--games voidexa,voidlit,biome,casket] [--n 40] [--pods 20]
 *     [--iterations 100] [--depth -1 (the game's own)] [--threads 1] [--seed 1] [--mirror]
 *     [--ordered] [--bias B] [--exploration C] [--oracle [truth|every-event]]
 * </pre>
 */
final class ArenaBench {
    private ArenaBench() {}

    /** --bias: the policy bias to try instead of the game's own (tuning); negative: the game's. */
    private static double bias = -1;

    /**
     * --exploration: UCB1's constant to try instead of the game's own (tuning); negative: the
     * game's.
     */
    private static double exploration = -1;

    /** --ordered: widening adds moves best first, not at random (to measure the ordering). */
    private static boolean ordered;

    /** --mirror: both seats play seat A's starter deck (a stronger deck decides nothing). */
    private static boolean mirror;

    /**
     * --oracle [truth|every-event]: the search handed what its seat cannot see ({@link Oracle}):
     * the truth (every hand, deck order and die to come), or every raw event (every card, not the
     * dice). A measurement only (the server's AI seats see what their seat sees, {@link AiPlayer}):
     * what a fair player could at most gain from the information it lacks, at the same budget.
     * Null: the fair search.
     */
    private static Oracle.Sight oracle;

    record Entry(String id, Ruleset rules, AiPlayer.Roster roster) {}

    /** Searched decisions of the current game, and how many of them greedy would have made too. */
    private static final java.util.concurrent.atomic.AtomicLong searched =
            new java.util.concurrent.atomic.AtomicLong();

    private static final java.util.concurrent.atomic.AtomicLong agreed =
            new java.util.concurrent.atomic.AtomicLong();

    /**
     * {@code search}, counting how often its searched move (more than one legal) is the one greedy
     * would make from the same knowledge: a search that only re-finds greedy's moves cannot beat
     * it.
     */
    private static AiPlayer counted(Entry g, AiPlayer search, long seed) {
        AiPlayer greedy = g.roster().player("greedy", g.rules(), seed).orElseThrow();
        if (search instanceof Oracle o) {
            return new Arena.Seeing() {
                @Override
                public String name() {
                    return o.name();
                }

                @Override
                public io.duelhall.domain.Intent choose(
                        io.duelhall.domain.SeatKnowledge k, Arena.Position truth) {
                    io.duelhall.domain.Intent m = o.choose(k, truth);
                    tally(m, o.last() != null && o.last().iterations() > 0, greedy, k);
                    return m;
                }

                @Override
                public io.duelhall.domain.Intent choose(io.duelhall.domain.SeatKnowledge k) {
                    return o.choose(k);
                }
            };
        }
        return new AiPlayer() {
            @Override
            public String name() {
                return search.name();
            }

            @Override
            public io.duelhall.domain.Intent choose(io.duelhall.domain.SeatKnowledge k) {
                io.duelhall.domain.Intent m = search.choose(k);
                tally(
                        m,
                        search instanceof SearchPlayer sp
                                && sp.last() != null
                                && sp.last().iterations() > 0,
                        greedy,
                        k);
                return m;
            }
        };
    }

    /** Counts a searched decision ({@code searchedOne}: more than one legal move) and agreement. */
    private static void tally(
            io.duelhall.domain.Intent move,
            boolean searchedOne,
            AiPlayer greedy,
            io.duelhall.domain.SeatKnowledge k) {
        if (searchedOne) {
            searched.incrementAndGet();
            if (move != null && move.equals(greedy.choose(k))) {
                agreed.incrementAndGet();
            }
        }
    }

    private static String agreement() {
        long n = searched.getAndSet(0);
        long a = agreed.getAndSet(0);
        return String.format(
                "greedy's move in %.1f %% of %d searched decisions", n == 0 ? 0 : 100.0 * a / n, n);
    }

    static List<Entry> games() {
        return List.of(
                new Entry("voidexa", Rules.voidexa(), io.duelhall.domain.voidexa.ai.Players.ROSTER),
                new Entry(
                        "voidlit",
                        new VoidlitRuleset(),
                        io.duelhall.domain.voidlit.ai.Players.ROSTER),
                new Entry("biome", new BiomeRuleset(), io.duelhall.domain.biome.ai.Players.ROSTER),
                new Entry(
                        "casket",
                        new CasketRuleset(),
                        io.duelhall.domain.casket.ai.Players.ROSTER));
    }

    static void run(Args args) throws Exception {
        List<String> wanted = List.of(args.get("games", "voidexa,voidlit,biome,casket").split(","));
        int n = args.getInt("n", 40);
        int pods = args.getInt("pods", 20);
        int iterations = args.getInt("iterations", 100);
        int depth = args.getInt("depth", -1);
        int threads = args.getInt("threads", 1);
        bias = Double.parseDouble(args.get("bias", "-1"));
        exploration = Double.parseDouble(args.get("exploration", "-1"));
        mirror = args.has("mirror");
        ordered = args.has("ordered");
        oracle = sight(args);
        long seed0 = args.getInt("seed", 1);
        Budget budget = Budget.iterations(iterations).withRolloutDepth(depth);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        System.out.printf(
                "# arena: ismcts%s (%d iterations a decision, rollout depth %s) against greedy%s%n",
                oracle == null
                        ? ""
                        : oracle == Oracle.Sight.TRUTH
                                ? " seeing the truth (--oracle: every hand, deck order and die to"
                                        + " come)"
                                : " seeing every raw event (--oracle every-event: every card, not"
                                        + " the dice)",
                iterations,
                depth < 0 ? "the game's own" : depth,
                mirror ? ", both seats with seat A's deck" : "");
        try {
            for (Entry g : games()) {
                if (!wanted.contains(g.id())) {
                    continue;
                }
                duels(g, n, budget, seed0, pool);
                if (g.id().equals("casket") && pods > 0) {
                    pods(g, pods, budget, seed0, pool);
                }
            }
        } finally {
            pool.shutdown();
        }
    }

    /** {@code --oracle}: absent null, bare or {@code truth} TRUTH, {@code every-event}. */
    static Oracle.Sight sight(Args args) {
        if (!args.has("oracle")) {
            return null;
        }
        String v = args.get("oracle", "true");
        return switch (v) {
            case "true", "truth" -> Oracle.Sight.TRUTH;
            case "every-event" -> Oracle.Sight.EVERY_EVENT;
            default ->
                    throw new IllegalArgumentException(
                            "--oracle takes truth or every-event, not " + v);
        };
    }

    private static AiPlayer search(Entry g, Budget budget, long seed) {
        io.duelhall.domain.search.SearchGame game =
                ((SearchPlayer)
                                g.roster()
                                        .player(
                                                io.duelhall.domain.search.Levels.WEAK,
                                                g.rules(),
                                                seed)
                                        .orElseThrow())
                        .game();
        if (bias < 0 && !ordered && exploration < 0) {
            return oracle != null
                    ? new Oracle(g.rules(), game, budget, seed, oracle)
                    : new SearchPlayer("ismcts", g.rules(), game, budget, seed);
        }
        io.duelhall.domain.search.SearchGame inner = game;
        io.duelhall.domain.search.SearchGame tuned =
                new io.duelhall.domain.search.SearchGame() {
                    @Override
                    public io.duelhall.domain.Intent policy(
                            io.duelhall.domain.GameState s, Seat seat) {
                        return inner.policy(s, seat);
                    }

                    @Override
                    public double value(io.duelhall.domain.GameState s, Seat seat) {
                        return inner.value(s, seat);
                    }

                    @Override
                    public List<io.duelhall.domain.Intent> moves(
                            io.duelhall.domain.GameState s,
                            Seat seat,
                            List<io.duelhall.domain.Intent> legal) {
                        return inner.moves(s, seat, legal);
                    }

                    @Override
                    public int rolloutDepth() {
                        return inner.rolloutDepth();
                    }

                    @Override
                    public double policyBias() {
                        return bias < 0 ? inner.policyBias() : bias;
                    }

                    @Override
                    public boolean orderMoves() {
                        return ordered;
                    }

                    @Override
                    public double exploration() {
                        return exploration < 0 ? inner.exploration() : exploration;
                    }
                };
        return oracle != null
                ? new Oracle(g.rules(), tuned, budget, seed, oracle)
                : new SearchPlayer("ismcts", g.rules(), tuned, budget, seed);
    }

    private static void duels(Entry g, int n, Budget budget, long seed0, ExecutorService pool)
            throws Exception {
        Arena arena = new Arena(g.rules(), g.roster(), mirror);
        List<Future<double[]>> results = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            // paired: each deal (seed) is played twice, the search on either seat
            long seed = seed0 * 1_000_003L + i / 2;
            Seat me = i % 2 == 0 ? Seat.A : Seat.B;
            results.add(
                    pool.submit(
                            () -> {
                                Map<Seat, AiPlayer> players = new EnumMap<>(Seat.class);
                                players.put(me, counted(g, search(g, budget, seed), seed));
                                players.put(
                                        me.opponent(),
                                        g.roster().player("greedy", g.rules(), seed).orElseThrow());
                                Arena.Game game = arena.play(seed, players);
                                return new double[] {
                                    game.score(me) + (me == Seat.A ? 10 : 0),
                                    game.nanos().getOrDefault(me, 0L),
                                    game.decisions().getOrDefault(me, 0),
                                    game.finished() ? 0 : 1
                                };
                            }));
        }
        double score = 0;
        double nanos = 0;
        double decisions = 0;
        int wins = 0;
        int draws = 0;
        int unfinished = 0;
        double asA = 0;
        // per deal (the search as A, then as B): who won both, or the seat that won both
        int[] deals = new int[4]; // search both, greedy both, seat A both, seat B both
        double firstOfPair = -1;
        for (Future<double[]> f : results) {
            double[] r = f.get();
            if (r[0] >= 10) {
                r[0] -= 10;
                asA += r[0];
                firstOfPair = r[0];
            } else if (firstOfPair >= 0) {
                if (firstOfPair == 1 && r[0] == 1) {
                    deals[0]++;
                } else if (firstOfPair == 0 && r[0] == 0) {
                    deals[1]++;
                } else if (firstOfPair == 1 && r[0] == 0) {
                    deals[2]++;
                } else if (firstOfPair == 0 && r[0] == 1) {
                    deals[3]++;
                }
                firstOfPair = -1;
            }
            score += r[0];
            nanos += r[1];
            decisions += r[2];
            wins += r[0] == 1 ? 1 : 0;
            draws += r[0] == 0.5 ? 1 : 0;
            unfinished += (int) r[3];
        }
        double p = score / n;
        double half = 1.96 * Math.sqrt(p * (1 - p) / n);
        System.out.printf(
                "%s: %d matches (seats swapped), ismcts %d wins %d draws %d losses (%d unfinished): "
                        + "%.1f %% [%.1f, %.1f] (95 %%), Elo %+.0f [%+.0f, %+.0f], %.0f µs a decision (%.0f decisions)%n",
                g.id(),
                n,
                wins,
                draws,
                n - wins - draws,
                unfinished,
                100 * p,
                100 * Math.max(0, p - half),
                100 * Math.min(1, p + half),
                elo(p),
                elo(Math.max(0, p - half)),
                elo(Math.min(1, p + half)),
                decisions == 0 ? 0 : nanos / decisions / 1000,
                decisions);
        System.out.printf(
                "%s: ismcts scored %.1f of %d as seat A, %.1f of %d as seat B; %s%n",
                g.id(), asA, (n + 1) / 2, score - asA, n / 2, agreement());
        System.out.printf(
                "%s: deals (each on both seats): ismcts won both %d, greedy won both %d, "
                        + "seat A won both %d, seat B won both %d (others drawn)%n",
                g.id(), deals[0], deals[1], deals[2], deals[3]);
    }

    private static void pods(Entry g, int n, Budget budget, long seed0, ExecutorService pool)
            throws Exception {
        Arena arena = new Arena(g.rules(), g.roster());
        Seat[] seats = {Seat.A, Seat.B, Seat.C, Seat.D};
        List<Future<double[]>> results = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            // each deal (seed) is played four times, the search on each seat in turn
            long seed = seed0 * 2_000_003L + i / 4;
            Seat me = seats[i % 4];
            results.add(
                    pool.submit(
                            () -> {
                                Map<Seat, AiPlayer> players = new EnumMap<>(Seat.class);
                                for (Seat s : seats) {
                                    players.put(
                                            s,
                                            s == me
                                                    ? counted(g, search(g, budget, seed), seed)
                                                    : g.roster()
                                                            .player("greedy", g.rules(), seed)
                                                            .orElseThrow());
                                }
                                Arena.Game game = arena.play(seed, players);
                                return new double[] {
                                    game.places().get(me),
                                    game.nanos().getOrDefault(me, 0L),
                                    game.decisions().getOrDefault(me, 0)
                                };
                            }));
        }
        double sum = 0;
        double sq = 0;
        double nanos = 0;
        double decisions = 0;
        for (Future<double[]> f : results) {
            double[] r = f.get();
            sum += r[0];
            sq += r[0] * r[0];
            nanos += r[1];
            decisions += r[2];
        }
        double mean = sum / n;
        double sd = Math.sqrt(Math.max(0, sq / n - mean * mean));
        double half = 1.96 * sd / Math.sqrt(n);
        System.out.printf(
                "casket 4-seat pods: %d pods (the search's seat rotated A-D, three greedy): "
                        + "average placing %.2f [%.2f, %.2f] (95 %%; greedy alone 2.5), %.0f µs a decision; %s%n",
                n,
                mean,
                mean - half,
                mean + half,
                decisions == 0 ? 0 : nanos / decisions / 1000,
                agreement());
    }

    /** The Elo difference of an expected score {@code p}. */
    static double elo(double p) {
        if (p <= 0) {
            return Double.NEGATIVE_INFINITY;
        }
        if (p >= 1) {
            return Double.POSITIVE_INFINITY;
        }
        return -400 * Math.log10(1 / p - 1);
    }
}
