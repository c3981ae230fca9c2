package io.duelhall.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.client.JsonHttp;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Benchmark 7: heap used with N live matches, and time to ready. Starts the app jar on an empty
 * data directory (time to ready, empty), reads the heap after a full GC, opens N matches (both
 * seats taken, one turn played, so each aggregate is loaded and cached), reads the heap again after
 * a full GC, then restarts the app on the same data (time to ready with N matches stored).
 */
public final class HeapBench {
    static final String ADMIN = "bench-admin-token";

    public record Result(
            int matches,
            long readyEmptyMillis,
            long heapEmptyBytes,
            long heapLiveBytes,
            long readyWithDataMillis,
            String maxHeap,
            long readyEmptyCpuMillis,
            long readyWithDataCpuMillis) {
        public String report() {
            return String.format(
                    "%d live matches: heap used after full GC %.1f MiB (empty app %.1f MiB, %.1f KiB per match); "
                            + "time to ready %.1f s empty, %.1f s with the %d matches stored (CPU used by then: %.1f s and "
                            + "%.1f s); max heap %s",
                    matches,
                    heapLiveBytes / 1048576.0,
                    heapEmptyBytes / 1048576.0,
                    matches == 0 ? 0 : (heapLiveBytes - heapEmptyBytes) / 1024.0 / matches,
                    readyEmptyMillis / 1000.0,
                    readyWithDataMillis / 1000.0,
                    matches,
                    readyEmptyCpuMillis / 1000.0,
                    readyWithDataCpuMillis / 1000.0,
                    maxHeap);
        }
    }

    public static Result run(int matches, List<String> jvmArgs, Progress progress)
            throws Exception {
        return run(matches, jvmArgs, progress, true);
    }

    /** {@code restart}: also measure the time to ready with the matches stored (a second start). */
    public static Result run(int matches, List<String> jvmArgs, Progress progress, boolean restart)
            throws Exception {
        Path dir = AppProcess.tempDataDir("heap");
        try {
            long readyEmpty;
            long readyEmptyCpu;
            long heapEmpty;
            long heapLive;
            String maxHeap;
            try (AppProcess app =
                    AppProcess.start(dir, jvmArgs, List.of("--duelhall.admin-token=" + ADMIN))) {
                readyEmpty = app.readyMillis();
                readyEmptyCpu = app.readyCpuMillis();
                JsonHttp http = new JsonHttp(app.url());
                heapEmpty = heapAfterGc(app, http);
                JsonNode decks = http.get("/api/decks/starter", null).body();
                ExecutorService pool = Executors.newFixedThreadPool(8);
                List<Future<?>> all = new ArrayList<>();
                java.util.concurrent.atomic.AtomicInteger done =
                        new java.util.concurrent.atomic.AtomicInteger();
                for (int i = 0; i < matches; i++) {
                    all.add(
                            pool.submit(
                                    () -> {
                                        open(http, decks);
                                        if (progress != null) {
                                            progress.update(done.incrementAndGet());
                                        }
                                        return null;
                                    }));
                }
                for (Future<?> f : all) {
                    f.get();
                }
                pool.shutdown();
                heapLive = heapAfterGc(app, http);
                maxHeap =
                        String.format(
                                "%.0f MiB",
                                metric(http, "jvm.memory.max", "area:heap") / 1048576.0);
            }
            long readyWithData = -1;
            long readyWithDataCpu = -1;
            if (restart)
                try (AppProcess again =
                        AppProcess.start(
                                dir, jvmArgs, List.of("--duelhall.admin-token=" + ADMIN))) {
                    readyWithData = again.readyMillis();
                    readyWithDataCpu = again.readyCpuMillis();
                }
            return new Result(
                    matches,
                    readyEmpty,
                    heapEmpty,
                    heapLive,
                    readyWithData,
                    maxHeap,
                    readyEmptyCpu,
                    readyWithDataCpu);
        } finally {
            AppProcess.deleteQuietly(dir);
        }
    }

    /** A live match: created, both seats taken, the first seat's turn ended. */
    static void open(JsonHttp http, JsonNode decks) {
        String id =
                http.post("/api/matches", Map.of("ruleset", "voidexa"), null)
                        .body()
                        .get("matchId")
                        .asText();
        String a =
                http.post("/api/matches/" + id + "/seats", JsonHttp.seat("Ada", decks.get(0)), null)
                        .body()
                        .get("playerToken")
                        .asText();
        String b =
                http.post("/api/matches/" + id + "/seats", JsonHttp.seat("Bo", decks.get(1)), null)
                        .body()
                        .get("playerToken")
                        .asText();
        JsonNode view = http.get("/api/matches/" + id + "/view", a).body();
        String token = view.get("activeSeat").asText().equals("A") ? a : b;
        JsonHttp.Res r =
                http.post(
                        "/api/matches/" + id + "/intents",
                        Map.of("intentId", UUID.randomUUID().toString(), "type", "END_TURN"),
                        token);
        if (r.status() != 200) {
            throw new IllegalStateException("END_TURN answered " + r.status() + ": " + r.body());
        }
    }

    static long heapAfterGc(AppProcess app, JsonHttp http) throws InterruptedException {
        app.jcmd("GC.run");
        Thread.sleep(500);
        app.jcmd("GC.run");
        return (long) metric(http, "jvm.memory.used", "area:heap");
    }

    static double metric(JsonHttp http, String name, String tag) {
        // metrics are for operators: the admin token (docs/operations.md)
        JsonHttp.Res r = http.get("/actuator/metrics/" + name + "?tag=" + tag, ADMIN);
        if (r.status() != 200) {
            throw new IllegalStateException("metric " + name + " answered " + r.status());
        }
        return r.body().at("/measurements/0/value").asDouble();
    }
}
