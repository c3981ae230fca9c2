package io.duelhall.bench;

import io.duelhall.domain.voidexa.ai.Series;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The command line of the benchmark suite (docs/benchmarks.md has one line per figure):
 *
 * <pre>
 * java -jar bench/target/benchmarks.jar selfplay --n 1000 [--a greedy] [--b random] [--full-stack | --url http://host:port] [--concurrency 8]
 * java -jar bench/target/benchmarks.jar jmh [JMH options, e.g. EngineBench.replay -f 1]
 * java -jar bench/target/benchmarks.jar engine [--seconds 10]
 * java -jar bench/target/benchmarks.jar load [--url http://host:port[,http://host2:port ...]] [--clients 64] [--warmup 20] [--seconds 60] [--baseline [--baseline-url http://host:port] [--http-floor]] [--curve SECONDS [--curve-warmup 5]] [--rate INTENTS_PER_S] [--postgres jdbc:postgresql://host:port/db [--pg-user duelhall] [--pg-password duelhall]]
 * java -jar bench/target/benchmarks.jar audit [--url http://host:port] [--n 200] [--warmup 60 (seconds)] [--fixed-only] [--make-record FILE]
 * java -jar bench/target/benchmarks.jar replay [--url http://host:port] [--n 20000] [--warmup 60 (seconds)]
 * java -jar bench/target/benchmarks.jar rebuild [--events 1000000] [--store DIR] [--only match-views,...] [--rounds 1]
 * java -jar bench/target/benchmarks.jar sse [--url http://host:port] [--spectators 10000] [--seconds 30] [--ai-delay-ms 300] [--frames view|patch|both] [--readers 1] [--floor [--burst 4] [--every-ms 143] [--bytes 580] [--senders 2]]
 * java -jar bench/target/benchmarks.jar heap [--matches 1000]
 * java -jar bench/target/benchmarks.jar kill9 [--clients 16] [--seconds 20]
 * java -jar bench/target/benchmarks.jar waves [--tickets 10000]
 * java -jar bench/target/benchmarks.jar queuesim [--players 2000] [--minutes 120] [--seed 1] [--curve | --curve-only] [--http [--players 40] [--seconds 120] [--url U]]
 * java -jar bench/target/benchmarks.jar pairing [--entrants 1024] [--rounds 10] [--runs 8]
 * java -jar bench/target/benchmarks.jar arena [--games voidexa,voidlit,biome,casket] [--n 40] [--pods 20] [--iterations 100] [--threads 1]
 * </pre>
 *
 * {@code load}, {@code heap} and {@code kill9} start the app jar (infra/target/duelhall.jar, or
 * -Dduelhall.jar=…) as a separate process unless {@code --url} is given (load only). {@code load
 * --baseline} then measures the plain-Axon baseline (bench/baseline/target/baseline.jar, issue 17)
 * the same way and prints the ratios of the two. {@code --rate R} paces the app's window to R
 * intents a second (all clients together; CPU per intent compared below saturation, where two jars'
 * figures move less with the machine), and {@code --postgres URL} runs the app (its {@code
 * postgres} profile) and the baseline each on a fresh database of that server ({@link Postgres}).
 */
public final class Main {
    private Main() {}

    public static void main(String[] argv) throws Exception {
        if (argv.length == 0) {
            System.err.println(
                    "usage: selfplay | jmh | engine | load | pairing | swiss | arena | audit | replay | rebuild | sse | heap | kill9 | waves | queuesim  [--options]   (see docs/benchmarks.md)");
            System.exit(2);
        }
        Args args = new Args(argv, argv[0].equals("jmh") ? argv.length : 1);
        System.out.println("# " + Machine.describe());
        switch (argv[0]) {
            case "selfplay" -> selfPlay(args);
            case "jmh" -> org.openjdk.jmh.Main.main(Arrays.copyOfRange(argv, 1, argv.length));
            case "engine" -> {
                List<Recorded.Game> games = Recorded.games(Rules.voidexa(), 64, 1_000);
                Recorded.measure(Rules.voidexa(), games, args.getInt("warmup", 5) * 1000L);
                for (int round = 1; round <= args.getInt("rounds", 5); round++) {
                    double[] r =
                            Recorded.measure(
                                    Rules.voidexa(), games, args.getInt("seconds", 5) * 1000L);
                    System.out.printf(
                            "round %d: pure engine, 1 thread: %.0f events/s wall (%.0f intents/s); "
                                    + "%.0f events per CPU-second (%.0f intents); %.0f bytes allocated per event; load average %s%n",
                            round, r[0], r[1], r[2], r[3], r[4], Machine.loadAverage());
                }
            }
            case "load" -> load(args, System.out);
            case "waves" -> WaveBench.quick(args.getInt("tickets", 10_000));
            case "queuesim" -> QueueSim.main(args, System.out);
            case "arena" -> ArenaBench.run(args);
            case "aiload" -> AiLoadBench.run(args, System.out);
            case "pairing" -> PairingBench.run(args);
            case "swiss" -> SwissRunBench.run(args);
            case "audit" -> {
                // the fixed record audits clean only on a server whose key is the benchmark's
                // (AuditBench.dataDir); --fixed-only: the fixed record alone, no match played
                int n = args.getInt("n", 200);
                boolean fixedOnly = args.has("fixed-only");
                int warmup = args.getInt("warmup", AuditBench.WARMUP_SECONDS);
                if (args.has("make-record")) {
                    try (AppProcess app =
                            AppProcess.start(
                                    AuditBench.dataDir(AppProcess.tempDataDir("audit")),
                                    jvmArgs(args),
                                    List.of())) {
                        java.nio.file.Files.writeString(
                                java.nio.file.Path.of(args.get("make-record", null)),
                                AuditBench.makeRecord(
                                        app.url(),
                                        args.getInt("min-events", 480),
                                        args.getInt("max-events", 520)));
                    }
                } else if (args.has("url")) {
                    String url = args.get("url", null);
                    System.out.println(
                            (fixedOnly
                                            ? AuditBench.fixed(url, -1, n, warmup)
                                            : AuditBench.run(url, -1, n, warmup))
                                    .report());
                } else {
                    try (AppProcess app =
                            AppProcess.start(
                                    AuditBench.dataDir(AppProcess.tempDataDir("audit")),
                                    jvmArgs(args),
                                    List.of())) {
                        System.out.println(
                                (fixedOnly
                                                ? AuditBench.fixed(app.url(), app.pid(), n, warmup)
                                                : AuditBench.run(app.url(), app.pid(), n, warmup))
                                        .report());
                    }
                }
            }
            case "replay" -> {
                if (args.has("url")) {
                    System.out.println(
                            ReplayBench.run(
                                            args.get("url", null),
                                            -1,
                                            args.getInt("n", 20000),
                                            args.getInt("warmup", ReplayBench.WARMUP_SECONDS))
                                    .report());
                } else {
                    try (AppProcess app =
                            AppProcess.start(
                                    AppProcess.tempDataDir("replay"), jvmArgs(args), List.of())) {
                        System.out.println(
                                ReplayBench.run(
                                                app.url(),
                                                app.pid(),
                                                args.getInt("n", 20000),
                                                args.getInt("warmup", ReplayBench.WARMUP_SECONDS))
                                        .report());
                    }
                }
            }
            case "rebuild" ->
                    System.out.println(
                            RebuildBench.run(
                                            args.getInt("events", 1_000_000),
                                            args.has("store")
                                                    ? Path.of(args.get("store", null))
                                                    : null,
                                            List.of(
                                                    args.get(
                                                                    "only",
                                                                    String.join(
                                                                            ",",
                                                                            RebuildBench
                                                                                    .PROJECTIONS))
                                                            .split(",")),
                                            args.getInt("rounds", 1),
                                            jvmArgs(args),
                                            System.err)
                                    .report());
            case "sse" -> {
                int spectators = args.getInt("spectators", 10_000);
                int seconds = args.getInt("seconds", 30);
                String frames = args.get("frames", "both");
                List<String> formats =
                        frames.equals("both") ? List.of("view", "patch") : List.of(frames);
                if (args.has("floor")) {
                    System.out.println(
                            SseBench.floor(
                                            spectators,
                                            seconds,
                                            args.getInt("burst", 4),
                                            args.getInt("every-ms", 143),
                                            args.getInt("bytes", 580),
                                            args.getInt("senders", 2),
                                            args.getInt("readers", 1),
                                            System.err)
                                    .report());
                } else if (args.has("url")) {
                    for (String f : formats) {
                        System.out.println(
                                SseBench.run(
                                                args.get("url", null),
                                                spectators,
                                                seconds,
                                                f,
                                                args.getInt("readers", 1),
                                                System.err)
                                        .report());
                    }
                } else {
                    try (AppProcess app =
                            AppProcess.start(
                                    AppProcess.tempDataDir("sse"),
                                    jvmArgs(args),
                                    SseBench.appArgs(
                                            spectators, args.getInt("ai-delay-ms", 300)))) {
                        for (String f : formats) {
                            System.out.println(
                                    SseBench.run(
                                                    app.url(),
                                                    spectators,
                                                    seconds,
                                                    f,
                                                    args.getInt("readers", 1),
                                                    System.err)
                                            .report());
                        }
                    }
                }
            }
            case "heap" ->
                    System.out.println(
                            HeapBench.run(
                                            args.getInt("matches", 1000),
                                            jvmArgs(args),
                                            new Progress(System.err, args.getInt("matches", 1000)))
                                    .report());
            case "kill9" -> {
                KillNine.Result r =
                        KillNine.run(
                                args.getInt("clients", 16),
                                args.getInt("seconds", 20),
                                jvmArgs(args));
                System.out.println(r.report());
                if (r.lost() > 0) {
                    System.exit(1);
                }
            }
            default -> {
                System.err.println("unknown command " + argv[0]);
                System.exit(2);
            }
        }
        System.out.println("# load average after: " + Machine.loadAverage());
    }

    private static void selfPlay(Args args) throws Exception {
        int n = args.getInt("n", 1000);
        String a = args.get("a", "greedy");
        String b = args.get("b", "random");
        if (args.has("url") || args.has("full-stack")) {
            if (!args.has("url")) {
                try (AppProcess app =
                        AppProcess.start(
                                AppProcess.tempDataDir("selfplay"), jvmArgs(args), List.of())) {
                    System.out.printf("app ready in %.1f s%n", app.readyMillis() / 1000.0);
                    printHttpTally(
                            a,
                            b,
                            SelfPlayCli.overHttp(
                                    app.url(), a, b, n, args.getInt("concurrency", 8), System.err));
                }
                return;
            }
            SelfPlayCli.Tally t =
                    SelfPlayCli.overHttp(
                            args.get("url", null),
                            a,
                            b,
                            n,
                            args.getInt("concurrency", 8),
                            System.err);
            System.out.printf(
                    "full stack (server AI seats): %s vs %s: %d matches, %d wins, %d losses, %d draws (win rate %.1f %%) "
                            + "in %.1f s; %d intents, %.0f accepted intents/s through the command path%n",
                    a,
                    b,
                    t.matches(),
                    t.wins(),
                    t.losses(),
                    t.draws(),
                    100 * t.winRate(),
                    t.seconds(),
                    t.intents(),
                    t.intentsPerSecond());
        } else {
            Series.Tally t = SelfPlayCli.inMemory(a, b, n, args.getInt("seed", 1), System.err);
            System.out.println("in memory: " + t);
        }
    }

    private static void printHttpTally(String a, String b, SelfPlayCli.Tally t) {
        System.out.printf(
                "full stack (server AI seats): %s vs %s: %d matches, %d wins, %d losses, %d draws (win rate %.1f %%) "
                        + "in %.1f s; %d intents, %.0f accepted intents/s through the command path%n",
                a,
                b,
                t.matches(),
                t.wins(),
                t.losses(),
                t.draws(),
                100 * t.winRate(),
                t.seconds(),
                t.intents(),
                t.intentsPerSecond());
    }

    /**
     * What one {@code load} run measured: the app, and the baseline and the HTTP floor when asked
     * for (else null).
     */
    record LoadRun(
            LoadDriver.Result app, BaselineLoad.Result baseline, BaselineLoad.Result floor) {}

    /**
     * The full stack under load ({@link LoadDriver}); with {@code --baseline}, then the plain-Axon
     * baseline ({@link BaselineLoad}, issue 17) under the same load in the same run, on a fresh
     * data directory after the app has stopped (never both at once), and the ratios of the two.
     * With {@code --url}, the baseline is {@code --baseline-url} if given, else started from its
     * jar. With {@code --http-floor} too, the same driver then posts the same requests to the
     * baseline app's endpoint that answers them with nothing behind it: what the HTTP path alone
     * (Tomcat, Spring MVC, Jackson) does on this machine, the floor under any write path.
     */
    static LoadRun load(Args args, PrintStream out) throws Exception {
        int clients = args.getInt("clients", 64);
        int warmup = args.getInt("warmup", 20);
        int seconds = args.getInt("seconds", 60);
        long engineMillis = args.getInt("engine-seconds", 10) * 1000L;
        LoadDriver.Result app;
        if (args.has("url")) {
            if (args.has("postgres")) {
                throw new IllegalArgumentException(
                        "--postgres chooses the database of the apps load starts; with --url the app"
                                + " is already running");
            }
            app =
                    LoadDriver.run(
                            args.get("url", null),
                            -1,
                            clients,
                            warmup,
                            seconds,
                            engineMillis,
                            args.getInt("rate", 0),
                            true,
                            System.err);
            out.println(app.report());
        } else {
            try (AppProcess process =
                    AppProcess.start(
                            AppProcess.tempDataDir("load"),
                            jvmArgs(args),
                            Postgres.freshDatabaseArgs(args, "app", true))) {
                out.printf(
                        "app ready in %.1f s (pid %d, log %s)%n",
                        process.readyMillis() / 1000.0, process.pid(), process.log());
                app =
                        LoadDriver.run(
                                process.url(),
                                process.pid(),
                                clients,
                                warmup,
                                seconds,
                                engineMillis,
                                args.getInt("rate", 0),
                                true,
                                System.err);
                out.println(app.report());
                curve(
                        args,
                        "duelhall",
                        "intents",
                        app.intentsPerSecond(),
                        out,
                        rate -> {
                            LoadDriver.Result r =
                                    LoadDriver.run(
                                            process.url(),
                                            process.pid(),
                                            clients,
                                            curveWarmup(args),
                                            args.getInt("curve", 0),
                                            0,
                                            rate,
                                            false,
                                            System.err);
                            return new double[] {
                                r.intentsPerSecond(), pct(r.intents(), 50), pct(r.intents(), 99)
                            };
                        });
            }
        }
        if (!args.has("baseline")) {
            return new LoadRun(app, null, null);
        }
        out.println("# load average before the baseline: " + Machine.loadAverage());
        BaselineAndFloor measured;
        if (args.has("baseline-url")) {
            measured = baselineAndFloor(args, args.get("baseline-url", null), -1, out);
        } else {
            Path dir = AppProcess.tempDataDir("baseline");
            try (AppProcess process =
                    AppProcess.startBaseline(
                            dir,
                            jvmArgs(args),
                            Postgres.freshDatabaseArgs(args, "baseline", false))) {
                out.printf(
                        "plain Axon baseline ready in %.1f s (pid %d, log %s)%n",
                        process.readyMillis() / 1000.0, process.pid(), process.log());
                measured = baselineAndFloor(args, process.url(), process.pid(), out);
            }
            if (measured.baseline().failed() == 0) {
                AppProcess.deleteQuietly(dir);
            }
        }
        BaselineLoad.Result baseline = measured.baseline();
        BaselineLoad.Result floor = measured.floor();
        out.println(baseline.report());
        out.println(BaselineLoad.ratios(app, baseline));
        if (floor != null) {
            out.println(floor.report());
            out.println(BaselineLoad.floorRatios(app, floor));
        }
        return new LoadRun(app, baseline, floor);
    }

    /**
     * The baseline at {@code url} under the load's clients, warm-up and window; then, with {@code
     * --http-floor}, the HTTP floor on the same app.
     */
    private static BaselineAndFloor baselineAndFloor(
            Args args, String url, long pid, PrintStream out) throws Exception {
        int clients = args.getInt("clients", 64);
        int warmup = args.getInt("warmup", 20);
        int seconds = args.getInt("seconds", 60);
        BaselineLoad.Result baseline =
                BaselineLoad.run(url, pid, clients, warmup, seconds, System.err);
        curve(
                args,
                "baseline",
                "commands",
                baseline.commandsPerSecond(),
                out,
                rate -> {
                    BaselineLoad.Result r =
                            BaselineLoad.run(
                                    BaselineLoad.Target.COMMAND,
                                    url,
                                    pid,
                                    clients,
                                    curveWarmup(args),
                                    args.getInt("curve", 0),
                                    rate,
                                    System.err);
                    return new double[] {
                        r.commandsPerSecond(), pct(r.latency(), 50), pct(r.latency(), 99)
                    };
                });
        BaselineLoad.Result floor = null;
        if (args.has("http-floor")) {
            out.println("# load average before the HTTP floor: " + Machine.loadAverage());
            floor =
                    BaselineLoad.run(
                            BaselineLoad.Target.HTTP_FLOOR,
                            url,
                            pid,
                            clients,
                            warmup,
                            seconds,
                            System.err);
        }
        return new BaselineAndFloor(baseline, floor);
    }

    /** Seconds of warm-up before each level of the load curve (the app is warm by then). */
    static final int CURVE_WARMUP = 5;

    /**
     * {@code --curve-warmup SECONDS}: the warm-up before each level of the load curve ({@link
     * #CURVE_WARMUP} unless given; the smoke test's short run takes 1).
     */
    static int curveWarmup(Args args) {
        int s = args.getInt("curve-warmup", CURVE_WARMUP);
        if (s < 0) {
            throw new IllegalArgumentException("--curve-warmup must be 0 or more seconds: " + s);
        }
        return s;
    }

    /** One level of the load curve: at a paced rate, {achieved per second, p50 ms, p99 ms}. */
    interface CurveLevel {
        double[] at(double perSecond) throws Exception;
    }

    /**
     * With {@code --curve SECONDS} (issue 46): the same clients paced together to 25, 50, 75 and
     * 100 % of the rate just measured as fast as answered, {@code SECONDS} each after a short
     * warm-up, on the same app; prints one line per level (p50 and p99 of the intents or commands).
     */
    static void curve(
            Args args, String who, String unit, double max, PrintStream out, CurveLevel level)
            throws Exception {
        if (args.getInt("curve", 0) <= 0 || max <= 0) {
            return;
        }
        StringBuilder line =
                new StringBuilder(String.format("load curve %s (max %.0f %s/s):", who, max, unit));
        for (int percent : new int[] {25, 50, 75, 100}) {
            double[] r = level.at(max * percent / 100.0);
            line.append(
                    String.format(
                            " %d%% %.0f/s p50 %.1f ms p99 %.1f ms;", percent, r[0], r[1], r[2]));
        }
        line.append(" load average ").append(Machine.loadAverage());
        out.println(line);
    }

    static double pct(org.HdrHistogram.Histogram h, double p) {
        return h.getValueAtPercentile(p) / 1000.0;
    }

    /**
     * The plain-Axon baseline's result, and the HTTP floor's (null without {@code --http-floor}).
     */
    private record BaselineAndFloor(BaselineLoad.Result baseline, BaselineLoad.Result floor) {}

    /** {@code --jvm "-Xmx512m -XX:+FlightRecorder"} passes options to the app's JVM. */
    private static List<String> jvmArgs(Args args) {
        List<String> out = new ArrayList<>();
        for (String s : args.get("jvm", "").trim().split("\\s+")) {
            if (!s.isBlank()) {
                out.add(s);
            }
        }
        return out;
    }
}
