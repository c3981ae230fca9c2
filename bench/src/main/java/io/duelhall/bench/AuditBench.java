package io.duelhall.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.client.JsonHttp;
import org.HdrHistogram.Histogram;

/**
 * Benchmark 5: the audit of a finished match (signature, hash chain, seed commitment, draws, and
 * re-simulation of every recorded intent through the rules engine), through HTTP. Plays one
 * AI-vs-AI match on the server to its end (about 500–800 events), then times {@code GET
 * /api/matches/{id}/audit} (record built from the store, then audited) and {@code POST /api/audit}
 * with the exported record (audited without the store).
 */
public final class AuditBench {
    /**
     * @param appCpuMillis the app's CPU time over the timed audits, both kinds (-1: not known)
     */
    public record Result(long events, Histogram stored, Histogram uploaded, long appCpuMillis) {
        public String report() {
            return String.format(
                            "audit of a %d-event match over HTTP: GET /audit p50 %.2f ms, p99 %.2f ms; "
                                    + "POST /api/audit (uploaded record) p50 %.2f ms, p99 %.2f ms; %d + %d audits",
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

    public static Result run(String url, int n) throws Exception {
        return run(url, -1, n);
    }

    /**
     * @param appPid the app's process id, to count its CPU time per audit; -1 if unknown
     */
    public static Result run(String url, long appPid, int n) throws Exception {
        JsonHttp http = new JsonHttp(url);
        String id = ReplayBench.finishedAiMatch(http);
        JsonNode view = http.get("/api/matches/" + id + "/view", null).body();
        long events = view.get("version").asLong() + 1;
        String record = http.get("/api/matches/" + id + "/export", null).body().toString();
        Histogram stored = new Histogram(3);
        Histogram uploaded = new Histogram(3);
        int warmup = Math.max(2, n / 5);
        long cpu0 = -1;
        for (int i = 0; i < warmup + n; i++) {
            if (i == warmup && appPid >= 0) {
                cpu0 = Machine.cpuMillis(appPid);
            }
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
            if (i >= warmup) {
                stored.recordValue((t1 - t0) / 1000);
                uploaded.recordValue((t2 - t1) / 1000);
            }
        }
        long cpu = cpu0 < 0 ? -1 : Machine.cpuMillis(appPid) - cpu0;
        return new Result(events, stored, uploaded, cpu);
    }
}
