package io.duelhall.bench;

import io.duelhall.client.JsonHttp;
import java.util.Map;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;

/**
 * Benchmark 3: the state at step N of a finished match over HTTP ({@code GET
 * /api/matches/{id}/replay?at=N}). Plays one AI-vs-AI match on the server to its end (the AIs make
 * matches of about 500–800 events), then asks for the replay at uniformly random steps N (the same
 * steps for every run: a fixed seed), one request at a time, and times each answer (p50/p99/p99.9)
 * from the request to the answer's last byte; the answer is parsed and checked after the clock
 * stops (before 2026-11-22 08:50 UTC the client's parsing was inside the time). Every answer must
 * be the state at N ({@code version} = N).
 *
 * <p>Before the timed requests, the same requests for {@code warmupSeconds} (and at least n/5 of
 * them): a replay is a fraction of a millisecond of work once the JIT has compiled the HTTP stack,
 * the JSON and the fold, and until then the JIT's own threads take the app's cores (n/5 requests
 * alone, the warm-up before 2026-11-27, left the 2,000 timed ones half in that phase: ~3 ms of app
 * CPU per request against ~1 ms warm).
 */
public final class ReplayBench {
    /**
     * @param appCpuMillis the app's CPU time over the timed requests (-1: not known)
     */
    public record Result(long events, Histogram latency, long appCpuMillis) {
        public String report() {
            return String.format(
                    "replay at a random step of a %d-event match over HTTP: p50 %.2f ms, p99 %.2f ms, "
                            + "p99.9 %.2f ms, max %.2f ms; %d requests%s",
                    events,
                    latency.getValueAtPercentile(50) / 1000.0,
                    latency.getValueAtPercentile(99) / 1000.0,
                    latency.getValueAtPercentile(99.9) / 1000.0,
                    latency.getMaxValue() / 1000.0,
                    latency.getTotalCount(),
                    appCpuMillis < 0
                            ? ""
                            : String.format(
                                    "; app CPU %.2f ms per request",
                                    (double) appCpuMillis / latency.getTotalCount()));
        }
    }

    /** The default warm-up (docs/benchmarks.md, section 3: with 20 s the JIT was still at work). */
    public static final int WARMUP_SECONDS = 60;

    public static Result run(String url, int n) throws Exception {
        return run(url, -1, n, WARMUP_SECONDS);
    }

    /**
     * @param appPid the app's process id, to count its CPU time per request; -1 if unknown
     * @param warmupSeconds untimed requests before the timed ones, for at least this long
     */
    public static Result run(String url, long appPid, int n, int warmupSeconds) throws Exception {
        JsonHttp http = new JsonHttp(url);
        String id = finishedAiMatch(http);
        long events =
                http.get("/api/matches/" + id + "/view", null).body().get("version").asLong() + 1;
        SplittableRandom random = new SplittableRandom(500);
        Histogram latency = new Histogram(3);
        long cpu =
                Rounds.run(
                        n,
                        Math.max(10, n / 5),
                        warmupSeconds,
                        appPid,
                        timed -> {
                            long at = random.nextLong(events);
                            long t0 = System.nanoTime();
                            JsonHttp.Bytes r =
                                    http.getBytes("/api/matches/" + id + "/replay?at=" + at, null);
                            long t1 = System.nanoTime();
                            // checked after the clock stopped: parsing the ~20 KB answer is the
                            // client's work, not the server's
                            if (r.status() != 200 || r.json().path("version").asLong(-1) != at) {
                                throw new IllegalStateException(
                                        "replay at "
                                                + at
                                                + " answered "
                                                + r.status()
                                                + ": "
                                                + new String(
                                                        r.body(),
                                                        java.nio.charset.StandardCharsets.UTF_8));
                            }
                            if (timed) {
                                latency.recordValue((t1 - t0) / 1000);
                            }
                        });
        return new Result(events, latency, cpu);
    }

    /** Creates an AI-vs-AI match and waits until it has ended; returns its id. */
    static String finishedAiMatch(JsonHttp http) throws InterruptedException {
        String id =
                http.post(
                                "/api/matches",
                                Map.of(
                                        "ruleset",
                                        "voidexa",
                                        "ai",
                                        Map.of("A", "greedy", "B", "greedy")),
                                null)
                        .body()
                        .get("matchId")
                        .asText();
        long deadline = System.currentTimeMillis() + 600_000;
        while (true) {
            JsonHttp.Res r = http.get("/api/matches/" + id + "/view", null);
            if (r.status() == 429) { // a poller slowed down by the server: as it asks, then again
                Thread.sleep(
                        1000L * Math.max(1, r.headers().firstValueAsLong("Retry-After").orElse(1)));
                continue;
            }
            if (r.status() != 200 || !r.body().hasNonNull("status")) {
                throw new IllegalStateException(
                        "GET /api/matches/" + id + "/view answered " + r.status() + ": " + r.raw());
            }
            if (r.body().get("status").asText().equals("ENDED")) {
                return id;
            }
            if (System.currentTimeMillis() > deadline) {
                throw new IllegalStateException("the AI match did not end in 10 minutes");
            }
            Thread.sleep(250);
        }
    }
}
