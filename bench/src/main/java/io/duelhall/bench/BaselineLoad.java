package io.duelhall.bench;

import io.duelhall.client.JsonHttp;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The plain-Axon baseline of issue 17 under the load driver's load: {@code clients} clients, each
 * owning one counter of the baseline app (bench/baseline: a Counter aggregate whose command applies
 * 3 events), send increments back to back over HTTP with the same client as {@link LoadDriver}
 * ({@link JsonHttp}, one shared HTTP/1.1 client). After a warm-up (and the first accepted command:
 * {@link Window#open}), commands per second, events per second (3 per command), latency
 * (p50/p99/p99.9) and the app's CPU per command are measured over the window, as {@link LoadDriver}
 * measures the app.
 *
 * <p>Each answer's {@code version} must be the previous one plus 3 (the counter's own events):
 * those that are not are counted as wrong. At the end the baseline's one event processor must have
 * read every event stored ({@link Result#eventsSeen()}).
 */
public final class BaselineLoad {
    /** Events one command of the baseline stores. */
    public static final int EVENTS_PER_COMMAND = 3;

    /** What the driver posts to: the command, or the HTTP floor (the same request, no command). */
    public enum Target {
        COMMAND("increment", "plain Axon baseline", "command"),
        HTTP_FLOOR(
                "echo",
                "HTTP floor (the baseline app's Tomcat + Spring MVC + Jackson, no command)",
                "request");

        final String action;
        final String label;
        final String unit;

        Target(String action, String label, String unit) {
            this.action = action;
            this.label = label;
            this.unit = unit;
        }
    }

    public record Result(
            Target target,
            double commandsPerSecond,
            long accepted,
            long failed,
            long wrongVersions,
            long acceptedInAll,
            long eventsSeen,
            Histogram latency,
            long appCpuMillis,
            String firstFailure,
            long settledCpuMillis,
            double settleSeconds) {
        public double eventsPerSecond() {
            return commandsPerSecond * EVENTS_PER_COMMAND;
        }

        /** The app's CPU time per accepted command (ms), or -1 when not known. */
        public double appCpuMillisPerCommand() {
            return appCpuMillis < 0 || accepted == 0 ? -1 : (double) appCpuMillis / accepted;
        }

        /**
         * The app's CPU time per accepted command counting what the window left behind ({@link
         * Window#settle()}), or -1 when not known.
         */
        public double settledCpuMillisPerCommand() {
            return settledCpuMillis < 0 || accepted == 0
                    ? -1
                    : (double) settledCpuMillis / accepted;
        }

        /** What went wrong with the first failed request, or "" when none failed. */
        private String failure() {
            return firstFailure == null ? "" : "; the first failure: " + firstFailure;
        }

        private String latencies() {
            return String.format(
                    "p50 %.1f ms, p99 %.1f ms, p99.9 %.1f ms",
                    latency.getValueAtPercentile(50) / 1000.0,
                    latency.getValueAtPercentile(99) / 1000.0,
                    latency.getValueAtPercentile(99.9) / 1000.0);
        }

        public String report() {
            if (target == Target.HTTP_FLOOR) {
                return String.format(
                        "%s: %.0f requests/s, %s, CPU %.3f ms/request; "
                                + "%d answered in the window (%d in all, %d failed, %d with a wrong version)%s",
                        target.label,
                        commandsPerSecond,
                        latencies(),
                        appCpuMillisPerCommand(),
                        accepted,
                        acceptedInAll,
                        failed,
                        wrongVersions,
                        failure());
            }
            return String.format(
                    "plain Axon baseline: %.0f commands/s (%.0f events/s), %s, "
                            + "CPU %.2f ms/command; %d accepted in the window "
                            + "(%d in all, %d failed, %d with a wrong version); its event processor read "
                            + "%d of the %d events stored; CPU with the work the window left behind "
                            + "(quiet %.0f s after it) %.2f ms/command%s",
                    commandsPerSecond,
                    eventsPerSecond(),
                    latencies(),
                    appCpuMillisPerCommand(),
                    accepted,
                    acceptedInAll,
                    failed,
                    wrongVersions,
                    eventsSeen,
                    acceptedInAll * EVENTS_PER_COMMAND,
                    settleSeconds,
                    settledCpuMillisPerCommand(),
                    failure());
        }
    }

    private BaselineLoad() {}

    /**
     * The app's figures over the baseline's from one run: intents/s over commands/s, events/s over
     * events/s, the app's CPU per intent over the baseline's CPU per command.
     */
    public static String ratios(LoadDriver.Result app, Result baseline) {
        return String.format(
                "duelhall ÷ baseline: intents/s %.3f, events/s %.3f, CPU per unit %.2f "
                        + "(with the work each window left behind: %.2f) "
                        + "(duelhall %.0f intents/s, %.0f events/s, %.2f ms CPU/intent, %.2f with what it left; "
                        + "baseline %.0f commands/s, %.0f events/s, %.2f ms CPU/command, %.2f with what it left)",
                div(app.intentsPerSecond(), baseline.commandsPerSecond()),
                div(app.eventsPerSecond(), baseline.eventsPerSecond()),
                app.appCpuMillisPerIntent() < 0 || baseline.appCpuMillisPerCommand() < 0
                        ? Double.NaN
                        : div(app.appCpuMillisPerIntent(), baseline.appCpuMillisPerCommand()),
                app.settledCpuMillisPerIntent() < 0 || baseline.settledCpuMillisPerCommand() < 0
                        ? Double.NaN
                        : div(
                                app.settledCpuMillisPerIntent(),
                                baseline.settledCpuMillisPerCommand()),
                app.intentsPerSecond(),
                app.eventsPerSecond(),
                app.appCpuMillisPerIntent(),
                app.settledCpuMillisPerIntent(),
                baseline.commandsPerSecond(),
                baseline.eventsPerSecond(),
                baseline.appCpuMillisPerCommand(),
                baseline.settledCpuMillisPerCommand());
    }

    /**
     * The app's figures over the HTTP floor's from one run: what share of the bare HTTP path's
     * throughput the full stack reaches, and how many times its CPU per request an intent costs.
     */
    public static String floorRatios(LoadDriver.Result app, Result floor) {
        return String.format(
                "duelhall ÷ HTTP floor: intents/s %.3f, CPU per unit %.1f "
                        + "(floor %.0f requests/s at %.3f ms CPU/request)",
                div(app.intentsPerSecond(), floor.commandsPerSecond()),
                app.appCpuMillisPerIntent() < 0 || floor.appCpuMillisPerCommand() < 0
                        ? Double.NaN
                        : div(app.appCpuMillisPerIntent(), floor.appCpuMillisPerCommand()),
                floor.commandsPerSecond(),
                floor.appCpuMillisPerCommand());
    }

    private static double div(double a, double b) {
        return b == 0 ? Double.NaN : a / b;
    }

    /**
     * @param appPid the baseline's process id, to count its CPU time over the window; -1 if unknown
     */
    public static Result run(
            String url, long appPid, int clients, int warmupSeconds, int seconds, PrintStream log)
            throws Exception {
        return run(Target.COMMAND, url, appPid, clients, warmupSeconds, seconds, log);
    }

    /**
     * @param target the command, or the HTTP floor ({@link Target#HTTP_FLOOR}: the same requests
     *     and answers, nothing behind them)
     */
    public static Result run(
            Target target,
            String url,
            long appPid,
            int clients,
            int warmupSeconds,
            int seconds,
            PrintStream log)
            throws Exception {
        return run(target, url, appPid, clients, warmupSeconds, seconds, 0, log);
    }

    /**
     * @param commandsPerSecond the rate all clients' commands are paced to together ({@link
     *     Pacer}); 0: each client sends its next command as soon as the last is answered
     */
    public static Result run(
            Target target,
            String url,
            long appPid,
            int clients,
            int warmupSeconds,
            int seconds,
            double commandsPerSecond,
            PrintStream log)
            throws Exception {
        JsonHttp http = new JsonHttp(url);
        Pacer pacer = Pacer.at(commandsPerSecond);
        Recorder latency = new Recorder(3);
        LongAdder accepted = new LongAdder();
        LongAdder failed = new LongAdder();
        LongAdder wrong = new LongAdder();
        java.util.concurrent.atomic.AtomicReference<String> firstFailure =
                new java.util.concurrent.atomic.AtomicReference<>();
        String run = UUID.randomUUID().toString().substring(0, 8);
        long start = System.nanoTime();
        long measureFrom = start + warmupSeconds * 1_000_000_000L;
        Window.Stop end = new Window.Stop();
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<?>> running = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            String path = "/counters/counter-" + run + "-" + i + "/" + target.action;
            running.add(
                    pool.submit(
                            () -> {
                                long version = 0;
                                while (end.notYet()) {
                                    String body =
                                            "{\"by\":1,\"commandId\":\""
                                                    + UUID.randomUUID()
                                                    + "\"}";
                                    if (pacer != null) {
                                        pacer.await();
                                    }
                                    long t0 = System.nanoTime();
                                    JsonHttp.Res r;
                                    try {
                                        r = http.post(path, body, null);
                                    } catch (RuntimeException e) {
                                        failed.increment();
                                        Throwable cause = e.getCause() != null ? e.getCause() : e;
                                        firstFailure.compareAndSet(
                                                null,
                                                cause.getClass().getName()
                                                        + ": "
                                                        + cause.getMessage()
                                                        + at(path, version));
                                        continue;
                                    }
                                    latency.recordValue((System.nanoTime() - t0) / 1000);
                                    if (r.status() != 200 || r.body() == null) {
                                        failed.increment();
                                        firstFailure.compareAndSet(
                                                null,
                                                "status "
                                                        + r.status()
                                                        + ": "
                                                        + r.raw()
                                                        + at(path, version));
                                        continue;
                                    }
                                    accepted.increment();
                                    long v = r.body().path("version").asLong(-1);
                                    if (v != version + EVENTS_PER_COMMAND) {
                                        wrong.increment();
                                    }
                                    version = v;
                                }
                                return null;
                            }));
        }
        Window measured = Window.open(measureFrom, accepted::sum, seconds, end, appPid);
        latency.getIntervalHistogram();
        long accepted0 = accepted.sum();
        double secs = measured.run(log);
        Histogram window = latency.getIntervalHistogram();
        long inWindow = accepted.sum() - accepted0;
        Window.join(pool, running);
        long all = accepted.sum();
        long seen = -1;
        if (target == Target.COMMAND) {
            // the processor reads behind the commands: give it up to 30 s to read what was stored
            seen = eventsSeen(http);
            long deadline = System.currentTimeMillis() + 30_000;
            while (seen < all * EVENTS_PER_COMMAND && System.currentTimeMillis() < deadline) {
                Thread.sleep(100);
                seen = eventsSeen(http);
            }
        }
        if (target == Target.COMMAND && commandsPerSecond == 0) { // not the floor, not the curve
            measured.settle();
        }
        return new Result(
                target,
                inWindow / secs,
                inWindow,
                failed.sum(),
                wrong.sum(),
                all,
                seen,
                window,
                measured.appCpuMillis(),
                firstFailure.get(),
                measured.settledCpuMillis(),
                measured.settleSeconds());
    }

    /** Where a failed request was sent: its path and the version its counter had answered last. */
    private static String at(String path, long version) {
        return " (" + path + ", after version " + version + ")";
    }

    private static long eventsSeen(JsonHttp http) {
        JsonHttp.Res r = http.get("/counters/events-seen", null);
        return r.status() == 200 && r.body() != null ? r.body().path("events").asLong(-1) : -1;
    }
}
