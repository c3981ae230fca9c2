package io.duelhall.infra.fairness;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.fairness.audit.AuditReport;
import io.duelhall.fairness.record.Release;
import io.duelhall.infra.http.Api;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Export and audit against the running app: finished matches audit clean, by HTTP and on the
 * command line.
 */
class FairnessHttpTest extends FairnessAppTest {
    static final int MATCHES = 12;

    @Test
    void theAuditPassesOnRandomFinishedMatches(@TempDir Path tmp) throws Exception {
        String publicKey = api.get("/api/keys", null).body().at("/keys/0/publicKey").asText();
        assertThat(publicKey).isEqualTo(key.publicKeyHex()).matches("[0-9a-f]{64}");
        int largest = 0;
        for (int i = 0; i < MATCHES; i++) {
            MatchDriver.Played m = driver.play(100 + i, i % 2 == 0, i % 3);
            Api.Res audit = api.get("/api/matches/" + m.matchId() + "/audit", null);
            assertThat(audit.status()).as(audit.raw()).isEqualTo(200);
            assertThat(audit.body().get("passed").asBoolean())
                    .as("match %d: %s", i, audit.raw())
                    .isTrue();
            assertThat(audit.body().get("checks")).hasSize(AuditReport.CHECKS.size());

            Api.Res export = api.get("/api/matches/" + m.matchId() + "/export", null);
            assertThat(export.status()).isEqualTo(200);
            JsonNode record = export.body();
            assertThat(record.get("matchId").asText()).isEqualTo(m.matchId());
            assertThat(record.get("engineVersion").asText())
                    .isEqualTo(VoidexaRuleset.ENGINE_VERSION);
            assertThat(record.at("/signature/publicKey").asText()).isEqualTo(publicKey);
            // the release that exported it (git.properties from the build), covered by the
            // signature
            assertThat(record.at("/release/version").asText())
                    .isEqualTo(Release.RUNNING.version())
                    .isNotEqualTo("unknown");
            assertThat(record.at("/release/commit").asText()).matches("[0-9a-f]{40}");
            assertThat(record.at("/release/dirty").isBoolean()).isTrue();
            assertThat(record.get("refusedIntents")).hasSize(m.refused());
            record.get("refusedIntents")
                    .forEach(r -> assertThat(r.get("code").asText()).isEqualTo("NOT_YOUR_TURN"));
            assertThat(record.get("intents")).isNotEmpty();
            record.get("intents").forEach(r -> assertThat(r.get("at").asText()).isNotEmpty());
            if (i % 2 == 0) {
                assertThat(record.at("/seeds/clientSeeds/A").asText())
                        .isEqualTo("client-" + (100 + i) + "-0-é");
            }
            // issue 26, gap 9: the join's input says who chose seat A's client seed
            JsonNode seatA = null;
            for (JsonNode e : record.get("events")) {
                if (e.path("type").asText().equals("SeatTokenIssued")
                        && e.at("/payload/seat").asText().equals("A")) {
                    seatA = e;
                }
            }
            assertThat(seatA).isNotNull();
            assertThat(seatA.at("/payload/request/clientSeedBy").asText())
                    .isEqualTo(i % 2 == 0 ? "player" : "server");

            largest = Math.max(largest, export.raw().length());
            Api.Res uploaded = api.post("/api/audit", export.raw(), null);
            assertThat(uploaded.body().get("passed").asBoolean()).as(uploaded.raw()).isTrue();
            if (i < 2) {
                Path file = Files.writeString(tmp.resolve(m.matchId() + ".json"), export.raw());
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8);
                assertThat(
                                AuditCommand.run(
                                        new String[] {file.toString(), "--public-key=" + publicKey},
                                        ps,
                                        ps))
                        .as(out.toString(StandardCharsets.UTF_8))
                        .isZero();
            }
        }
        assertThat(largest)
                .as("records beyond the 64 KiB body limit of play are audited")
                .isGreaterThan(64 * 1024);
    }

    /**
     * A turn clock that runs out: its ClockSet events and the server's TIMEOUT intent are chained
     * and audit clean.
     */
    @Test
    void aMatchWithAClockThatRanOutAuditsClean() throws Exception {
        Api.Res created =
                api.post(
                        "/api/matches",
                        java.util.Map.of("options", java.util.Map.of("turnClockSeconds", 5)),
                        null);
        String id = created.body().get("matchId").asText();
        JsonNode decks = api.starterDecks();
        String a =
                api.post("/api/matches/" + id + "/seats", api.seatBody("Ada", decks.get(0)), null)
                        .body()
                        .get("playerToken")
                        .asText();
        api.post("/api/matches/" + id + "/seats", api.seatBody("Bo", decks.get(1)), null);
        long until = System.currentTimeMillis() + 60_000;
        boolean timedOut = false;
        while (!timedOut && System.currentTimeMillis() < until) {
            Thread.sleep(500);
            timedOut =
                    api.get("/api/matches/" + id + "/events?from=0", null)
                            .raw()
                            .contains("TurnTimedOut");
        }
        assertThat(timedOut)
                .as(
                        "the turn clock ran out; the view now: %s",
                        api.get("/api/matches/" + id + "/view", null).raw())
                .isTrue();
        assertThat(api.post("/api/matches/" + id + "/intents", Api.intent("CONCEDE"), a).status())
                .isEqualTo(200);
        JsonNode report = api.get("/api/matches/" + id + "/audit", null).body();
        assertThat(report.get("passed").asBoolean()).as(report.toString()).isTrue();
        String record = api.get("/api/matches/" + id + "/export", null).raw();
        assertThat(record).contains("\"type\":\"ClockSet\"").contains("\"type\":\"TIMEOUT\"");
    }

    @Test
    void aMatchIsExportedAndAuditedOnlyOnceItHasEnded() {
        MatchDriver.Played live = driver.start(7, false);
        for (String path : new String[] {"/export", "/audit"}) {
            Api.Res r = api.get("/api/matches/" + live.matchId() + path, null);
            assertThat(r.status()).as(r.raw()).isEqualTo(409);
            assertThat(r.error()).isEqualTo("MATCH_NOT_ENDED");
            Api.Res unknown = api.get("/api/matches/no-such-match" + path, null);
            assertThat(unknown.status()).isEqualTo(404);
            assertThat(unknown.error()).isEqualTo("MATCH_NOT_FOUND");
        }
        Api.Res notJson = api.post("/api/audit", "{\"format\": ", null);
        assertThat(notJson.status()).isEqualTo(400);
        assertThat(notJson.error()).isEqualTo("BAD_RECORD");
        Api.Res duplicate = api.post("/api/audit", "{\"a\":1,\"a\":2}", null);
        assertThat(duplicate.error()).isEqualTo("BAD_RECORD");
        Api.Res notARecord = api.post("/api/audit", "{\"a\":1}", null);
        assertThat(notARecord.status()).isEqualTo(200);
        assertThat(notARecord.body().get("passed").asBoolean()).isFalse();
    }
}
