package io.duelhall.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.client.JsonHttp;
import io.duelhall.domain.voidexa.ai.Series;
import java.util.Collection;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * A short run of every benchmark, so none of them can rot: each must run to the end and produce a
 * figure. No speed is asserted (CI machines differ and are shared); the figures live in
 * docs/benchmarks.md. The full-stack ones start the app jar built by the infra module ({@code
 * infra/target/duelhall.jar}), and the baseline's the plain-Axon jar ({@code
 * bench/baseline/target/baseline.jar}).
 */
@Tag("slow")
class BenchSmokeTest {
    @Test
    void engineMicroBenchmarksRun() throws Exception {
        Options opts =
                new OptionsBuilder()
                        .include(EngineBench.class.getSimpleName())
                        .forks(0) // in this JVM: a smoke, not a measurement
                        .warmupIterations(0)
                        .measurementIterations(1)
                        .measurementTime(TimeValue.milliseconds(500))
                        .shouldFailOnError(true)
                        .build();
        Collection<RunResult> results = new Runner(opts).run();
        assertThat(results).hasSize(3);
        for (RunResult r : results) {
            assertThat(r.getPrimaryResult().getScore())
                    .as(r.getParams().getBenchmark())
                    .isPositive();
        }
        RunResult replay =
                results.stream()
                        .filter(r -> r.getParams().getBenchmark().endsWith("replay"))
                        .findFirst()
                        .orElseThrow();
        assertThat(replay.getSecondaryResults().get("events").getScore()).isPositive();
    }

    @Test
    void selfPlayInMemoryPlaysWholeMatches() {
        Series.Tally t = SelfPlayCli.inMemory("greedy", "random", 4, 1, null);
        assertThat(t.matches()).isEqualTo(4);
        assertThat(t.wins() + t.losses() + t.draws()).isEqualTo(4);
        assertThat(t.events()).isPositive();
    }

    @Test
    void fullStackLoadSelfPlayAndAuditRunAgainstTheAppJar() throws Exception {
        try (AppProcess app =
                AppProcess.start(
                        AuditBench.dataDir(AppProcess.tempDataDir("smoke")),
                        List.of(),
                        List.of())) {
            // one whole match by the load driver's client, then a short timed run (which, on a slow
            // shared
            // machine, may finish no intent inside its window: only that it runs and reports is
            // checked)
            JsonHttp http = new JsonHttp(app.url());
            Bot.Stats stats = new Bot.Stats();
            new Bot(http, Bot.catalog(http), http.get("/api/decks/starter", null).body(), stats)
                    .playMatch(() -> true);
            assertThat(stats.matches.sum()).isEqualTo(1);
            assertThat(stats.accepted.sum()).isGreaterThan(5);
            assertThat(stats.refused.sum())
                    .as("the client only sends what its view allows")
                    .isLessThan(stats.accepted.sum());
            LoadDriver.Result load = LoadDriver.run(app.url(), 4, 0, 2, 300, null);
            assertThat(load.report()).contains("accepted intents/s");
            assertThat(load.engineEventsPerSecond()).isPositive();

            SelfPlayCli.Tally t = SelfPlayCli.overHttp(app.url(), "greedy", "random", 2, 2, null);
            assertThat(t.matches()).isEqualTo(2);
            assertThat(t.wins() + t.losses() + t.draws()).isEqualTo(2);
            assertThat(t.intents()).isPositive();

            AuditBench.Result audit = AuditBench.run(app.url(), -1, 3, 1);
            assertThat(audit.events()).as(audit.report()).isGreaterThan(100);
            assertThat(audit.stored().getTotalCount()).isEqualTo(3);
            assertThat(audit.fixedEvents()).as(audit.report()).isBetween(480L, 520L);
            assertThat(audit.fixed().getTotalCount()).isEqualTo(3);
            fixedRecordAuditsCleanWithEveryCheckAndATamperedCopyDoesNot(http);

            ReplayBench.Result replay = ReplayBench.run(app.url(), -1, 20, 1);
            assertThat(replay.events()).as(replay.report()).isGreaterThan(100);
            assertThat(replay.latency().getTotalCount()).isEqualTo(20);
        }
    }

    /**
     * Issue 18: the audit benchmark times the fixed record (bench resource), which must audit clean
     * on a server started on {@link AuditBench#dataDir} with every check run and passed; the same
     * record with one recorded number changed (a hand count) must not (so the benchmark times a
     * real audit).
     */
    private static void fixedRecordAuditsCleanWithEveryCheckAndATamperedCopyDoesNot(JsonHttp http)
            throws Exception {
        String record = AuditBench.fixedRecord();
        JsonHttp.Res honest = http.post("/api/audit", record, null);
        assertThat(honest.status()).as(honest.raw()).isEqualTo(200);
        assertThat(honest.body().path("passed").asBoolean()).as(honest.raw()).isTrue();
        List<String> checks = new java.util.ArrayList<>();
        for (com.fasterxml.jackson.databind.JsonNode c : honest.body().path("checks")) {
            assertThat(c.path("passed").asBoolean()).as(c.toString()).isTrue();
            checks.add(c.path("name").asText());
        }
        assertThat(checks)
                .containsExactly(
                        "record",
                        "signature",
                        "chain",
                        "end",
                        "seedCommitment",
                        "randomDraws",
                        "resimulation",
                        "engineVersion",
                        "summary");

        com.fasterxml.jackson.databind.node.ObjectNode tampered =
                (com.fasterxml.jackson.databind.node.ObjectNode) JsonHttp.JSON.readTree(record);
        com.fasterxml.jackson.databind.JsonNode drawn = null;
        for (com.fasterxml.jackson.databind.JsonNode e : tampered.get("events")) {
            if (e.path("type").asText().equals("CardDrawn")) {
                drawn = e;
                break;
            }
        }
        assertThat(drawn).as("the fixed record draws a card").isNotNull();
        com.fasterxml.jackson.databind.node.ObjectNode payload =
                (com.fasterxml.jackson.databind.node.ObjectNode) drawn.get("payload");
        payload.put("handCount", payload.path("handCount").asInt() + 1);
        JsonHttp.Res bad =
                http.post("/api/audit", JsonHttp.JSON.writeValueAsString(tampered), null);
        assertThat(bad.status()).as(bad.raw()).isEqualTo(200);
        assertThat(bad.body().path("passed").asBoolean()).as(bad.raw()).isFalse();
        assertThat(bad.body().path("checks").get(1).path("passed").asBoolean())
                .as("the signature: " + bad.raw())
                .isFalse();
    }

    @Test
    void sseFanOutIsMeasuredAndEveryStreamGetsTheEventsInOrder() throws Exception {
        try (AppProcess app =
                AppProcess.start(
                        AppProcess.tempDataDir("smoke-sse"),
                        List.of(),
                        SseBench.appArgs(20, 100))) {
            SseBench.Result r = SseBench.run(app.url(), 20, 3, null);
            assertThat(r.connected()).as(r.report()).isEqualTo(20);
            assertThat(r.deliveries()).as(r.report()).isPositive();
            assertThat(r.outOfOrder()).as(r.report()).isZero();
        }
    }

    /**
     * The floor under the fan-out (plain NIO, a process of its own) serves the same client: every
     * stream open, events in order, a message as large as asked, its writes counted.
     */
    @Test
    void theSseFloorServesTheSameClient() throws Exception {
        SseBench.Floor f = SseBench.floor(50, 3, 4, 100, 580, 2, 2, null);
        SseBench.Result r = f.result();
        assertThat(r.connected()).as(f.report()).isEqualTo(50);
        assertThat(r.events()).as(f.report()).isGreaterThan(20);
        assertThat(r.deliveries()).as(f.report()).isGreaterThan(r.events() * 40);
        assertThat(r.outOfOrder()).as(f.report()).isZero();
        assertThat(r.bytesPerEvent()).as(f.report()).isBetween(570.0, 590.0);
        assertThat(f.writesPerSecond()).as(f.report()).isPositive();
    }

    @Test
    void projectionRebuildsAreTimedOnAStoreWrittenStraightIntoH2() throws Exception {
        RebuildBench.Result r = RebuildBench.run(3_000, List.of(), null);
        assertThat(r.events()).as(r.report()).isGreaterThanOrEqualTo(3_000);
        assertThat(r.secondsPerProjection())
                .as(r.report())
                .containsOnlyKeys(RebuildBench.PROJECTIONS);
        assertThat(r.secondsPerProjection().values()).allMatch(s -> s > 0);
    }

    @Test
    void heapWithLiveMatchesIsMeasured() throws Exception {
        HeapBench.Result r = HeapBench.run(10, List.of(), null, false);
        assertThat(r.heapLiveBytes()).isPositive();
        assertThat(r.readyEmptyMillis()).isPositive();
    }

    /**
     * Durability as shipped (H2 WRITE_DELAY=0): not a speed figure, a correctness check, and it
     * must hold.
     */
    @Test
    void intentsAnsweredAcceptedSurviveAKillMinusNine() throws Exception {
        KillNine.Result r = KillNine.run(8, 5, 30, List.of());
        assertThat(r.acknowledged()).as(r.report()).isPositive();
        assertThat(r.lost()).as(r.report()).isZero();
    }
}
