package io.duelhall.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.client.JsonHttp;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;

/**
 * Benchmark 5: the audit of a finished match (signature, hash chain, seed commitment, draws, and
 * re-simulation of every recorded intent through the rules engine), through HTTP.
 *
 * <p>The figure of the goal (issue 18) is {@code POST /api/audit} of a <b>fixed record</b>: the
 * same 500-event voidexa record every run ({@value #RECORD}), so that runs on different days
 * compare. {@code POST /api/audit} trusts only the server's own key, so the record is signed by a
 * key kept beside it for the benchmark only ({@value #KEY}, never a production key): the benchmark
 * writes it as the data directory's {@code signing-key.pem} before it starts the app ({@link
 * #dataDir}), the place every server keeps its key. The record was exported from a real AI-vs-AI
 * match played through such a server; {@code audit --make-record FILE} makes another the same way
 * (docs/benchmarks.md, section 5).
 *
 * <p>The second figure is the former one: one AI-vs-AI match played on the server to its end (its
 * length varies from run to run), then {@code GET /api/matches/{id}/audit} (record built from the
 * store, then audited) and {@code POST /api/audit} of its export, timed in turn.
 */
public final class AuditBench {
    /** The fixed record (a classpath resource). */
    public static final String RECORD = "/io/duelhall/bench/audit/record-500.json";

    /** The benchmark's signing key, which signed {@link #RECORD} (a classpath resource). */
    public static final String KEY = "/io/duelhall/bench/audit/signing-key.pem";

    /**
     * @param fixedEvents the fixed record's events
     * @param fixed POST /api/audit of the fixed record
     * @param fixedCpuMillis the app's CPU time over the timed audits of the fixed record (-1: not
     *     known)
     * @param events the freshly played match's events (0: not measured)
     * @param appCpuMillis the app's CPU time over the timed audits of the fresh match, both kinds
     *     (-1: not known)
     */
    public record Result(
            long fixedEvents,
            Histogram fixed,
            long fixedCpuMillis,
            long events,
            Histogram stored,
            Histogram uploaded,
            long appCpuMillis) {
        public String report() {
            String f =
                    String.format(
                                    "audit of the fixed %d-event record over HTTP: POST /api/audit p50 %.2f ms, p99 %.2f ms; %d audits",
                                    fixedEvents,
                                    fixed.getValueAtPercentile(50) / 1000.0,
                                    fixed.getValueAtPercentile(99) / 1000.0,
                                    fixed.getTotalCount())
                            + (fixedCpuMillis < 0
                                    ? ""
                                    : String.format(
                                            "; app CPU %.2f ms per audit",
                                            (double) fixedCpuMillis / fixed.getTotalCount()));
            if (events == 0) {
                return f;
            }
            return f
                    + "\n"
                    + String.format(
                            "audit of a freshly played %d-event match over HTTP: GET /audit p50 %.2f ms, p99 %.2f ms; "
                                    + "POST /api/audit (its export) p50 %.2f ms, p99 %.2f ms; %d + %d audits",
                            events,
                            stored.getValueAtPercentile(50) / 1000.0,
                            stored.getValueAtPercentile(99) / 1000.0,
                            uploaded.getValueAtPercentile(50) / 1000.0,
                            uploaded.getValueAtPercentile(99) / 1000.0,
                            stored.getTotalCount(),
                            uploaded.getTotalCount())
                    + (appCpuMillis < 0
                            ? ""
                            : String.format(
                                    "; app CPU %.2f ms per audit (the two kinds together)",
                                    (double) appCpuMillis
                                            / (stored.getTotalCount() + uploaded.getTotalCount())));
        }
    }

    /**
     * Makes {@code dataDir} a data directory whose signing key is the benchmark's ({@link #KEY}),
     * so that the app started on it audits {@link #RECORD} clean.
     */
    public static Path dataDir(Path dataDir) {
        try {
            Files.createDirectories(dataDir);
            Files.writeString(dataDir.resolve("signing-key.pem"), resource(KEY));
            return dataDir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The fixed record, as exported. */
    public static String fixedRecord() {
        return resource(RECORD);
    }

    private static String resource(String name) {
        try (InputStream in = AuditBench.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Times {@code POST /api/audit} of the fixed record on an app started on {@link #dataDir}; each
     * audit must pass.
     *
     * <p>Untimed audits of the same record first, for {@code warmupSeconds} and at least n (200
     * alone, the warm-up before 2026-11-27, timed the JIT's warm-up: ~30 ms of app CPU per audit
     * against ~10 ms warm).
     *
     * @param appPid the app's process id, to count its CPU time per audit; -1 if unknown
     */
    public static Result fixed(String url, long appPid, int n) throws Exception {
        return fixed(url, appPid, n, WARMUP_SECONDS);
    }

    /** The default warm-up of {@link #fixed}, in seconds (as the replay benchmark's). */
    public static final int WARMUP_SECONDS = ReplayBench.WARMUP_SECONDS;

    /** {@link #fixed(String, long, int)} with its warm-up in seconds. */
    public static Result fixed(String url, long appPid, int n, int warmupSeconds) throws Exception {
        JsonHttp http = new JsonHttp(url);
        String record = fixedRecord();
        long fixedEvents;
        try {
            fixedEvents = JsonHttp.JSON.readTree(record).get("events").size();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Histogram fixed = new Histogram(3);
        long cpu =
                Rounds.run(
                        n,
                        Math.max(20, n),
                        warmupSeconds,
                        appPid,
                        timed -> {
                            long t0 = System.nanoTime();
                            JsonHttp.Res r = http.post("/api/audit", record, null);
                            long t1 = System.nanoTime();
                            if (r.status() != 200 || !r.body().path("passed").asBoolean()) {
                                throw new IllegalStateException(
                                        "the fixed record did not audit clean (is the app's signing key the"
                                                + " benchmark's? see AuditBench.dataDir): "
                                                + r.status()
                                                + " "
                                                + r.raw());
                            }
                            if (timed) {
                                fixed.recordValue((t1 - t0) / 1000);
                            }
                        });
        return new Result(fixedEvents, fixed, cpu, 0, null, null, -1);
    }

    public static Result run(String url, int n) throws Exception {
        return run(url, -1, n, WARMUP_SECONDS);
    }

    /**
     * The fixed record ({@link #fixed}), then a freshly played match: {@code GET
     * /api/matches/{id}/audit} and {@code POST /api/audit} of its export.
     *
     * @param appPid the app's process id, to count its CPU time per audit; -1 if unknown
     */
    public static Result run(String url, long appPid, int n, int warmupSeconds) throws Exception {
        Result f = fixed(url, appPid, n, warmupSeconds);
        JsonHttp http = new JsonHttp(url);
        String id = ReplayBench.finishedAiMatch(http);
        JsonNode view = http.get("/api/matches/" + id + "/view", null).body();
        long events = view.get("version").asLong() + 1;
        String record = http.get("/api/matches/" + id + "/export", null).raw();
        Histogram stored = new Histogram(3);
        Histogram uploaded = new Histogram(3);
        // the fixed record's rounds warmed the app up: n/5 rounds of this match's own
        long cpu =
                Rounds.run(
                        n,
                        Math.max(2, n / 5),
                        0,
                        appPid,
                        timed -> {
                            long t0 = System.nanoTime();
                            JsonHttp.Res a = http.get("/api/matches/" + id + "/audit", null);
                            long t1 = System.nanoTime();
                            JsonHttp.Res b = http.post("/api/audit", record, null);
                            long t2 = System.nanoTime();
                            if (a.status() != 200
                                    || !a.body().path("passed").asBoolean()
                                    || b.status() != 200
                                    || !b.body().path("passed").asBoolean()) {
                                throw new IllegalStateException(
                                        "the audit did not pass: "
                                                + a.status()
                                                + " "
                                                + a.body()
                                                + " / "
                                                + b.status());
                            }
                            if (timed) {
                                stored.recordValue((t1 - t0) / 1000);
                                uploaded.recordValue((t2 - t1) / 1000);
                            }
                        });
        return new Result(
                f.fixedEvents(), f.fixed(), f.fixedCpuMillis(), events, stored, uploaded, cpu);
    }

    /**
     * Plays AI-vs-AI matches on an app started on {@link #dataDir} until one ends with {@code
     * min}..{@code max} events, and returns its export as the server wrote it: how {@link #RECORD}
     * was made ({@code audit --make-record FILE}).
     */
    public static String makeRecord(String url, int min, int max) throws InterruptedException {
        JsonHttp http = new JsonHttp(url);
        for (int tries = 0; tries < 200; tries++) {
            String id = ReplayBench.finishedAiMatch(http);
            long events =
                    http.get("/api/matches/" + id + "/view", null).body().get("version").asLong()
                            + 1;
            if (events >= min && events <= max) {
                JsonHttp.Bytes b = http.getBytes("/api/matches/" + id + "/export", null);
                if (b.status() != 200) {
                    throw new IllegalStateException("export answered " + b.status());
                }
                return new String(b.body(), StandardCharsets.UTF_8);
            }
        }
        throw new IllegalStateException("no match of " + min + ".." + max + " events in 200");
    }
}
