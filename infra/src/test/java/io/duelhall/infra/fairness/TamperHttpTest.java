package io.duelhall.infra.fairness;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.infra.http.Api;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Tampering with a finished match's export, and the audit naming the problem: an edited export
 * fails its signature; a swapped seed fails the commitment; reordered intents diverge in the
 * re-simulation. (Tampering with the store itself is StoreTamperTest, in an app of its own.)
 */
class TamperHttpTest extends FairnessAppTest {
    JsonNode auditOf(String matchId) {
        Api.Res r = api.get("/api/matches/" + matchId + "/audit", null);
        assertThat(r.status()).as(r.raw()).isEqualTo(200);
        return r.body();
    }

    static JsonNode check(JsonNode report, String name) {
        for (JsonNode c : report.get("checks")) {
            if (c.get("name").asText().equals(name)) {
                return c;
            }
        }
        throw new AssertionError("no check " + name);
    }

    static List<String> failed(JsonNode report) {
        List<String> out = new java.util.ArrayList<>();
        report.get("checks")
                .forEach(
                        c -> {
                            if (!c.get("passed").asBoolean()) {
                                out.add(c.get("name").asText());
                            }
                        });
        return out;
    }

    String export(String matchId) {
        Api.Res r = api.get("/api/matches/" + matchId + "/export", null);
        assertThat(r.status()).isEqualTo(200);
        return r.raw();
    }

    JsonNode upload(Object record) {
        Api.Res r = api.post("/api/audit", record, null);
        assertThat(r.status()).as(r.raw()).isEqualTo(200);
        return r.body();
    }

    @Test
    void anEditedExportFailsItsSignature() throws Exception {
        MatchDriver.Played m = driver.play(304, false, 2);
        String raw = export(m.matchId());
        assertThat(upload(raw).get("passed").asBoolean()).isTrue();
        ObjectNode record = (ObjectNode) Api.JSON.readTree(raw);
        ((ObjectNode) record.get("refusedIntents").get(0))
                .put("code", "OK"); // not chained: only the signature covers it
        JsonNode report = upload(record);
        assertThat(failed(report)).containsExactly("signature");
        assertThat(check(report, "signature").get("details").asText())
                .contains("changed after it was signed");
        // the same edit in the text, keeping the original bytes everywhere else
        String edited = raw.replace("\"name\":\"Ada\"", "\"name\":\"Eve\"");
        assertThat(edited).isNotEqualTo(raw);
        assertThat(failed(upload(edited))).contains("signature", "chain");
    }

    @Test
    void aSwappedRevealedSeedFailsTheCommitment() throws Exception {
        MatchDriver.Played m = driver.play(305, false, 0);
        ObjectNode record = (ObjectNode) Api.JSON.readTree(export(m.matchId()));
        ArrayNode events = (ArrayNode) record.get("events");
        ObjectNode ended = (ObjectNode) events.get(events.size() - 1).get("payload");
        assertThat(events.get(events.size() - 1).get("type").asText()).isEqualTo("MatchEnded");
        ended.put("serverSeed", "5a".repeat(32));
        ((ObjectNode) record.get("seeds")).put("serverSeed", "5a".repeat(32));
        JsonNode report = upload(record);
        assertThat(failed(report)).contains("seedCommitment", "signature", "chain");
        assertThat(check(report, "seedCommitment").get("details").asText())
                .contains("SHA-256 of the revealed server seed")
                .contains("commitment published at creation");
        // a forger with the server key, chaining and signing again, is still caught by the
        // commitment
        JsonNode forged = upload(Forger.rechainAndSign(record, records, key));
        assertThat(failed(forged))
                .contains("seedCommitment")
                .doesNotContain("signature", "chain", "summary");
    }

    @Test
    void reorderedIntentsDivergeInTheResimulation() throws Exception {
        MatchDriver.Played m = driver.play(306, false, 0);
        ObjectNode record = (ObjectNode) Api.JSON.readTree(export(m.matchId()));
        ArrayNode events = (ArrayNode) record.get("events");
        int p = -1;
        int q = -1;
        for (int i = 0; i < events.size() && q < 0; i++) {
            JsonNode e = events.get(i);
            if (e.get("type").asText().equals("IntentAccepted")) {
                if (p < 0) {
                    p = i;
                } else if (!e.at("/payload/seat").equals(events.get(p).at("/payload/seat"))) {
                    q = i;
                }
            }
        }
        assertThat(q).as("two intents of different seats").isPositive();
        JsonNode first = events.get(p).get("payload");
        ((ObjectNode) events.get(p)).set("payload", events.get(q).get("payload"));
        ((ObjectNode) events.get(q)).set("payload", first);
        JsonNode plain = upload(record);
        assertThat(failed(plain)).contains("signature", "chain", "resimulation");
        assertThat(check(plain, "chain").get("event").asInt()).isEqualTo(p);

        JsonNode forged = upload(Forger.rechainAndSign(record, records, key));
        assertThat(failed(forged)).containsExactly("resimulation");
        JsonNode resim = check(forged, "resimulation");
        assertThat(resim.get("event").asInt()).isEqualTo(p);
        assertThat(resim.get("details").asText())
                .contains("first divergence at event " + p)
                .contains("refuse this recorded input");
        assertThat(resim.at("/divergence/recorded/type").asText()).isEqualTo("IntentAccepted");
    }
}
