package io.duelhall.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.client.JsonHttp;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * Issue 42's responsiveness benchmark: does a searching AI keep the server responsive? One person
 * ({@link Bot}: a voidexa match, both seats, over HTTP, one intent after the other) is timed for
 * {@code seconds} on a quiet server, then again while {@code matches} AI-against-AI matches (both
 * seats {@code level}, default {@code ismcts}: 200 ms a decision) are searching — kept at that
 * count (a match that ends is replaced). Reported: the person's intent latency p50/p99/p99.9 in
 * both windows and the ratio of the p99s (the goal: within 2×), and the AI matches' decisions made.
 *
 * <pre>
 * java -jar bench/target/benchmarks.jar aiload [--matches 50] [--level ismcts] [--ruleset voidlit]
 *     [--warmup 10] [--seconds 60] [--url http://host:port (else the app jar is started)]
 * </pre>
 */
final class AiLoadBench {
    private AiLoadBench() {}

    record Window(Histogram intents, long accepted) {
        String line(String label) {
            return String.format(
                    "%s: %d intents, p50 %.1f ms, p99 %.1f ms, p99.9 %.1f ms, max %.1f ms",
                    label,
                    accepted,
                    intents.getValueAtPercentile(50) / 1000.0,
                    intents.getValueAtPercentile(99) / 1000.0,
                    intents.getValueAtPercentile(99.9) / 1000.0,
                    intents.getMaxValue() / 1000.0);
        }
    }

    static void run(Args args, PrintStream out) throws Exception {
        if (args.has("url")) {
            measure(args.get("url", null), args, out);
            return;
        }
        List<String> jvm = new ArrayList<>();
        for (String s : args.get("jvm", "").trim().split("\\s+")) {
            if (!s.isBlank()) {
                jvm.add(s);
            }
        }
        try (AppProcess process =
                AppProcess.start(AppProcess.tempDataDir("aiload"), jvm, List.of())) {
            out.printf(
                    "app ready in %.1f s (pid %d, log %s)%n",
                    process.readyMillis() / 1000.0, process.pid(), process.log());
            measure(process.url(), args, out);
        }
    }

    private static void measure(String url, Args args, PrintStream out) throws Exception {
        int matches = args.getInt("matches", 50);
        String level = args.get("level", "ismcts");
        String ruleset = args.get("ruleset", "voidlit");
        int warmup = args.getInt("warmup", 10);
        int seconds = args.getInt("seconds", 60);
        JsonHttp http = new JsonHttp(url);
        Map<String, JsonNode> cards = Bot.catalog(http);
        JsonNode decks = http.get("/api/decks/starter", null).body();

        out.println("# load average before the quiet window: " + Machine.loadAverage());
        Window quiet = person(http, cards, decks, warmup, seconds);
        out.println(quiet.line("a person's intents, no AI match"));

        // the AI matches, kept at `matches` while the person plays
        List<String> live = new ArrayList<>();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong created = new AtomicLong();
        AtomicLong ended = new AtomicLong();
        AtomicLong aiEvents = new AtomicLong();
        for (int i = 0; i < matches; i++) {
            live.add(aiMatch(http, ruleset, level));
            created.incrementAndGet();
        }
        Thread keeper =
                new Thread(
                        () -> {
                            while (!stop.get()) {
                                long events = 0;
                                for (int i = 0; i < live.size() && !stop.get(); i++) {
                                    JsonHttp.Res v =
                                            http.get("/api/matches/" + live.get(i) + "/view", null);
                                    if (v.status() == 200
                                            && "ENDED".equals(v.body().path("status").asText())) {
                                        ended.incrementAndGet();
                                        live.set(i, aiMatch(http, ruleset, level));
                                        created.incrementAndGet();
                                    } else if (v.status() == 200) {
                                        events += v.body().path("version").asLong();
                                    }
                                }
                                aiEvents.set(events);
                                try {
                                    Thread.sleep(1000);
                                } catch (InterruptedException e) {
                                    return;
                                }
                            }
                        },
                        "aiload-keeper");
        keeper.setDaemon(true);
        keeper.start();
        out.println("# load average before the AI window: " + Machine.loadAverage());
        long events0 = versions(http, live);
        Window busy = person(http, cards, decks, warmup, seconds);
        long events1 = versions(http, live);
        stop.set(true);
        keeper.join(5000);
        out.println(
                busy.line(
                        "a person's intents, "
                                + matches
                                + " "
                                + ruleset
                                + " matches "
                                + level
                                + " against "
                                + level));
        out.printf(
                "p99 ratio (with / without): %.2f× (goal: ≤ 2×); AI matches created %d, ended %d;"
                        + " events of the live AI matches in the window ≥ %d%n",
                busy.intents().getValueAtPercentile(99)
                        / (double) Math.max(1, quiet.intents().getValueAtPercentile(99)),
                created.get(),
                ended.get(),
                Math.max(0, events1 - events0));
        out.println("# load average after: " + Machine.loadAverage());
    }

    private static long versions(JsonHttp http, List<String> live) {
        long sum = 0;
        for (String id : List.copyOf(live)) {
            JsonHttp.Res v = http.get("/api/matches/" + id + "/view", null);
            if (v.status() == 200) {
                sum += v.body().path("version").asLong();
            }
        }
        return sum;
    }

    private static String aiMatch(JsonHttp http, String ruleset, String level) {
        JsonHttp.Res r =
                http.post(
                        "/api/matches",
                        Map.of("ruleset", ruleset, "ai", Map.of("A", level, "B", level)),
                        null);
        if (r.status() != 201) {
            throw new IllegalStateException("creating an AI match answered " + r.raw());
        }
        return r.body().get("matchId").asText();
    }

    /** One person playing voidexa matches back to back; its intents timed after the warm-up. */
    private static Window person(
            JsonHttp http, Map<String, JsonNode> cards, JsonNode decks, int warmup, int seconds)
            throws Exception {
        Bot.Stats stats = new Bot.Stats();
        long start = System.nanoTime();
        long from = start + warmup * 1_000_000_000L;
        long end = from + seconds * 1_000_000_000L;
        Thread t =
                new Thread(
                        () -> {
                            Bot bot = new Bot(http, cards, decks, stats);
                            while (System.nanoTime() < end) {
                                bot.playMatch(() -> System.nanoTime() < end);
                            }
                        },
                        "aiload-person");
        t.start();
        Thread.sleep(Math.max(0, (from - System.nanoTime()) / 1_000_000));
        stats.intentLatency.getIntervalHistogram();
        long accepted0 = stats.accepted.sum();
        t.join();
        return new Window(
                stats.intentLatency.getIntervalHistogram(), stats.accepted.sum() - accepted0);
    }
}
