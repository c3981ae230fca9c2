package io.duelhall.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.client.JsonHttp;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.HdrHistogram.Histogram;

/**
 * Benchmark 2: the full stack over HTTP. {@code clients} AI-driven clients ({@link Bot}) each play
 * matches one after another, so that many matches are always in play at once. After a warm-up (and
 * the first accepted intent: {@link Window#open}), accepted intents per second and intent latency
 * (p50/p99/p99.9) are measured; then, in the same run, the pure engine's rate on one thread of this
 * JVM, and the ratio of the two.
 */
public final class LoadDriver {
    public record Result(
            double intentsPerSecond,
            double eventsPerSecond,
            double viewsPerSecond,
            long accepted,
            long refused,
            long matches,
            Histogram intents,
            Histogram views,
            double engineEventsPerSecond,
            double engineIntentsPerSecond,
            long appCpuMillis,
            long requests,
            long settledCpuMillis,
            double settleSeconds) {
        public double ratio() {
            return engineIntentsPerSecond == 0 ? 0 : intentsPerSecond / engineIntentsPerSecond;
        }

        /**
         * The app's CPU time per accepted intent (ms), or -1 when the app is not a process this
         * driver started.
         */
        public double appCpuMillisPerIntent() {
            return appCpuMillis < 0 || accepted == 0 ? -1 : (double) appCpuMillis / accepted;
        }

        /**
         * The app's CPU time per accepted intent counting the work the window left behind (its read
         * models catching up, compaction: {@link Window#settle()}), or -1 when unknown.
         */
        public double settledCpuMillisPerIntent() {
            return settledCpuMillis < 0 || accepted == 0
                    ? -1
                    : (double) settledCpuMillis / accepted;
        }

        /**
         * Every request the clients sent per accepted intent (the intents themselves, refused ones,
         * view reads, match set-ups), to compare with the baseline's one request per command.
         */
        public double requestsPerIntent() {
            return accepted == 0 ? 0 : (double) requests / accepted;
        }

        public String report() {
            String perIntent =
                    String.format(
                            "%nrequests per accepted intent: %.2f (%.2f view reads, %.2f refused intents, the rest the"
                                    + " intent itself and match set-ups: a create and two seats per match); the baseline"
                                    + " sends 1 per command",
                            requestsPerIntent(),
                            accepted == 0 ? 0 : viewsPerSecond / intentsPerSecond,
                            accepted == 0 ? 0 : (double) refused / accepted);
            String cpu =
                    appCpuMillis < 0
                            ? ""
                            : String.format(
                                            "%napp CPU: %.2f ms per accepted intent (%.0f accepted "
                                                    + "intents per CPU-second of the app; a quiet 2-core machine would give at most ~%.0f/s)",
                                            appCpuMillisPerIntent(),
                                            1000 / appCpuMillisPerIntent(),
                                            2000 / appCpuMillisPerIntent())
                                    + (settledCpuMillis < 0
                                            ? ""
                                            : String.format(
                                                    "%napp CPU with the work the window left behind (read models catching up,"
                                                            + " compaction; quiet %.0f s after the window): %.2f ms per accepted intent",
                                                    settleSeconds, settledCpuMillisPerIntent()));
            return String.format(
                            "full stack: %.0f accepted intents/s (%.0f events/s), %.0f view reads/s; intent latency "
                                    + "p50 %.1f ms, p99 %.1f ms, p99.9 %.1f ms, max %.1f ms; view p50 %.1f ms, p99 %.1f ms; "
                                    + "%d accepted, %d refused, %d matches finished%n"
                                    + "pure engine (same run, 1 thread): %.0f events/s, %.0f intents/s; full stack ÷ engine = %.4f (intents), %.4f (events)",
                            intentsPerSecond,
                            eventsPerSecond,
                            viewsPerSecond,
                            intents.getValueAtPercentile(50) / 1000.0,
                            intents.getValueAtPercentile(99) / 1000.0,
                            intents.getValueAtPercentile(99.9) / 1000.0,
                            intents.getMaxValue() / 1000.0,
                            views.getValueAtPercentile(50) / 1000.0,
                            views.getValueAtPercentile(99) / 1000.0,
                            accepted,
                            refused,
                            matches,
                            engineEventsPerSecond,
                            engineIntentsPerSecond,
                            ratio(),
                            engineEventsPerSecond == 0
                                    ? 0
                                    : eventsPerSecond / engineEventsPerSecond)
                    + perIntent
                    + cpu;
        }
    }

    public static Result run(
            String url,
            int clients,
            int warmupSeconds,
            int seconds,
            long engineMillis,
            PrintStream log)
            throws Exception {
        return run(url, -1, clients, warmupSeconds, seconds, engineMillis, log);
    }

    /**
     * @param appPid the app's process id, to count its CPU time over the measured window; -1 if
     *     unknown
     */
    public static Result run(
            String url,
            long appPid,
            int clients,
            int warmupSeconds,
            int seconds,
            long engineMillis,
            PrintStream log)
            throws Exception {
        return run(url, appPid, clients, warmupSeconds, seconds, engineMillis, 0, true, log);
    }

    /**
     * @param intentsPerSecond the rate all clients' intents are paced to together ({@link Pacer});
     *     0: each client sends its next intent as soon as the last is answered (the saturating
     *     rate)
     * @param settle after the window, wait for the app to be quiet and count the CPU of the work
     *     the window left behind ({@link Window#settle()}); the load curve's levels, which report
     *     latency only, do not
     */
    public static Result run(
            String url,
            long appPid,
            int clients,
            int warmupSeconds,
            int seconds,
            long engineMillis,
            double intentsPerSecond,
            boolean settle,
            PrintStream log)
            throws Exception {
        // several nodes: "http://a,http://b" — each client stays on one node (as a load balancer
        // keeping a match on
        // one node does), the clients spread evenly over the nodes
        List<JsonHttp> nodes = new ArrayList<>();
        for (String u : url.split(",")) {
            nodes.add(new JsonHttp(u.trim()));
        }
        JsonHttp http = nodes.get(0);
        Map<String, JsonNode> cards = Bot.catalog(http);
        JsonNode decks = http.get("/api/decks/starter", null).body();
        Bot.Stats stats = new Bot.Stats();
        stats.pacer = Pacer.at(intentsPerSecond);
        long start = System.nanoTime();
        long measureFrom = start + warmupSeconds * 1_000_000_000L;
        Window.Stop end = new Window.Stop();
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<?>> running = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            JsonHttp node = nodes.get(i % nodes.size());
            running.add(
                    pool.submit(
                            () -> {
                                Bot bot = new Bot(node, cards, decks, stats);
                                while (end.notYet()) {
                                    bot.playMatch(end::notYet);
                                }
                                return null;
                            }));
        }
        // warm-up (and the first accepted intent), then reset the counters and measure
        Window window = Window.open(measureFrom, stats.accepted::sum, seconds, end, appPid);
        stats.intentLatency.getIntervalHistogram();
        stats.viewLatency.getIntervalHistogram();
        long accepted0 = stats.accepted.sum();
        long events0 = stats.events.sum();
        long views0 = stats.views.sum();
        long refused0 = stats.refused.sum();
        long matches0 = stats.matches.sum();
        long requests0 = stats.requests.sum();
        double secs = window.run(log);
        Histogram intents = stats.intentLatency.getIntervalHistogram();
        Histogram views = stats.viewLatency.getIntervalHistogram();
        long accepted = stats.accepted.sum() - accepted0;
        long events = stats.events.sum() - events0;
        long viewCount = stats.views.sum() - views0;
        long refused = stats.refused.sum() - refused0;
        long matches = stats.matches.sum() - matches0;
        long requests = stats.requests.sum() - requests0;
        Window.join(pool, running);
        if (settle) {
            window.settle();
        }
        double[] engine =
                engineMillis <= 0
                        ? new double[] {0, 0}
                        : Recorded.measure(
                                Rules.voidexa(),
                                Recorded.games(Rules.voidexa(), 32, 7_000),
                                engineMillis);
        return new Result(
                accepted / secs,
                events / secs,
                viewCount / secs,
                accepted,
                refused,
                matches,
                intents,
                views,
                engine[0],
                engine[1],
                window.appCpuMillis(),
                requests,
                window.settledCpuMillis(),
                window.settleSeconds());
    }
}
