package io.duelhall.infra.fairness;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.domain.SeatTokens;
import io.duelhall.infra.http.Api;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 45, finding 3, over HTTP: a match by invitation ({@code options.invitation: true}) hands
 * its secret once, records only its hash (chained, signed), is not listed as waiting, seats nobody
 * without the secret (403, nothing changed), plays and audits clean with its secret's holders; a
 * record whose invitation was moved after a seat fails the audit there and in
 * docs/verify_record.py. A match open for anyone stays listed and seats anyone.
 */
class InvitationHttpTest extends FairnessAppTest {

    private List<String> waiting() {
        List<String> ids = new ArrayList<>();
        api.get("/api/matches?status=WAITING&limit=500", null)
                .body()
                .forEach(m -> ids.add(m.get("matchId").asText()));
        return ids;
    }

    private long version(String id) {
        return api.get("/api/matches/" + id + "/view", null).body().get("version").asLong();
    }

    @Test
    void aMatchByInvitationSeatsOnlyTheSecretsHoldersIsNotListedAndAuditsClean() throws Exception {
        Api.Res created =
                api.post(
                        "/api/matches",
                        Map.of("options", Map.of("invitation", true, "seatingSeconds", 600)),
                        null);
        assertThat(created.status()).as(created.raw()).isEqualTo(201);
        String id = created.body().get("matchId").asText();
        String secret = created.body().get("invitation").asText();
        assertThat(secret).matches("[A-Za-z0-9_-]{43}");
        // an open match made after it: once the list shows that one, it has seen the invitation
        Api.Res open = api.post("/api/matches", Map.of(), null);
        String openId = open.body().get("matchId").asText();
        assertThat(open.body().get("invitation").isNull()).as(open.raw()).isTrue();
        long until = System.currentTimeMillis() + 20_000;
        while (!waiting().contains(openId) && System.currentTimeMillis() < until) {
            Thread.sleep(50);
        }
        assertThat(waiting()).contains(openId).doesNotContain(id);

        JsonNode events =
                api.get("/api/matches/" + id + "/events?from=0&limit=10", null)
                        .body()
                        .get("events");
        assertThat(events.get(1).get("type").asText()).isEqualTo("SeatDeadlineSet");
        assertThat(events.get(2).get("type").asText()).isEqualTo("InvitationIssued");
        assertThat(events.get(2).at("/payload/secretHash").asText())
                .isEqualTo(SeatTokens.hash(secret));
        assertThat(events.toString()).doesNotContain(secret);

        // no secret, another secret, a secret of another shape: 403, nothing changed
        JsonNode decks = api.starterDecks();
        long before = version(id);
        ObjectNode none = api.seatBody("Stranger Eve", decks.get(1));
        Api.Res refused = api.post("/api/matches/" + id + "/seats", none, null);
        assertThat(refused.status()).as(refused.raw()).isEqualTo(403);
        assertThat(refused.error()).isEqualTo("INVITATION_REQUIRED");
        for (String wrong : new String[] {secret.substring(1) + "A", SeatTokens.hash(secret)}) {
            ObjectNode body = api.seatBody("Stranger Eve", decks.get(1)).put("invitation", wrong);
            Api.Res r = api.post("/api/matches/" + id + "/seats", body, null);
            assertThat(r.status()).as(r.raw()).isEqualTo(403);
            assertThat(r.error()).isEqualTo("WRONG_INVITATION");
        }
        ObjectNode control =
                api.seatBody("Stranger Eve", decks.get(1)).put("invitation", "a\u0000");
        Api.Res bad = api.post("/api/matches/" + id + "/seats", control, null);
        assertThat(bad.status()).as(bad.raw()).isEqualTo(400);
        assertThat(version(id)).isEqualTo(before);

        // the secret's holders take both seats and play
        Api.Res a =
                api.post(
                        "/api/matches/" + id + "/seats",
                        api.seatBody("Host Ada", decks.get(0)).put("invitation", secret),
                        null);
        assertThat(a.status()).as(a.raw()).isEqualTo(201);
        Api.Res b =
                api.post(
                        "/api/matches/" + id + "/seats",
                        api.seatBody("Friend Bo", decks.get(1)).put("invitation", secret),
                        null);
        assertThat(b.status()).as(b.raw()).isEqualTo(201);
        assertThat(b.body().get("status").asText()).isEqualTo("LIVE");
        Api.Res conceded =
                api.post(
                        "/api/matches/" + id + "/intents",
                        Api.intent("CONCEDE"),
                        b.body().get("playerToken").asText());
        assertThat(conceded.status()).as(conceded.raw()).isEqualTo(200);
        // an open match still seats anyone, with or without a stray invitation field
        Api.Res anyone =
                api.post(
                        "/api/matches/" + openId + "/seats",
                        api.seatBody("Anyone Cy", decks.get(0)).put("invitation", "whatever"),
                        null);
        assertThat(anyone.status()).as(anyone.raw()).isEqualTo(201);

        // listed like any other once it is under way; audits clean; the outsiders' script agrees
        until = System.currentTimeMillis() + 20_000;
        boolean listed = false;
        while (!listed && System.currentTimeMillis() < until) {
            for (JsonNode m : api.get("/api/matches?status=ENDED&limit=500", null).body()) {
                listed |= m.get("matchId").asText().equals(id);
            }
            Thread.sleep(50);
        }
        assertThat(listed).as("listed as ended").isTrue();
        Api.Res audit = api.get("/api/matches/" + id + "/audit", null);
        assertThat(audit.body().get("passed").asBoolean()).as(audit.raw()).isTrue();
        String export = api.get("/api/matches/" + id + "/export", null).raw();
        assertThat(api.post("/api/audit", export, null).body().get("passed").asBoolean()).isTrue();
        String script = verifyRecord(export);
        if (script != null) {
            assertThat(script).contains("invitation").doesNotContain("FAIL");
        }

        // a forger who moves the invitation after the first seat (chain and signature redone)
        ObjectNode record = (ObjectNode) Api.JSON.readTree(export);
        ArrayNode list = (ArrayNode) record.get("events");
        int seat = -1;
        for (int i = 0; i < list.size() && seat < 0; i++) {
            if (list.get(i).get("type").asText().equals("SeatTokenIssued")) {
                seat = i;
            }
        }
        JsonNode invitation = list.remove(2);
        list.insert(seat, invitation); // now right after the first seat's token (seat moved up one)
        for (int i = 0; i < list.size(); i++) {
            ((ObjectNode) list.get(i)).put("seq", i);
        }
        ObjectNode forged = Forger.rechainAndSign(record, records, key);
        JsonNode report = api.post("/api/audit", forged, null).body();
        assertThat(report.get("passed").asBoolean()).as(report.toString()).isFalse();
        JsonNode resim = TamperHttpTest.check(report, "resimulation");
        assertThat(resim.get("passed").asBoolean()).isFalse();
        // found where it now stands: the rules make the first seat's join there
        assertThat(resim.get("event").asInt()).as(resim.toString()).isEqualTo(seat);
        assertThat(resim.at("/divergence/recorded/type").asText()).isEqualTo("InvitationIssued");
        String forgedScript = verifyRecord(forged.toString());
        if (forgedScript != null) {
            assertThat(forgedScript).containsPattern("FAIL[^\\n]*invitation");
        }
    }

    @Test
    void invitationMustBeABooleanAndATournamentTakesNone() {
        Api.Res r = api.post("/api/matches", Map.of("options", Map.of("invitation", "yes")), null);
        assertThat(r.status()).as(r.raw()).isEqualTo(400);
        Api.Res n = api.post("/api/matches", Map.of("options", Map.of("invitation", 1)), null);
        assertThat(n.status()).as(n.raw()).isEqualTo(400);
        // a tournament seats its entrants itself: an invitation in its match options is refused
        String organizer = api.registered("Inviting-TO-" + System.nanoTime() % 100_000);
        Api.Res t =
                api.post(
                        "/api/tournaments",
                        Map.of(
                                "name",
                                "By invitation",
                                "ruleset",
                                "voidexa",
                                "format",
                                "SWISS",
                                "matchOptions",
                                Map.of("invitation", true)),
                        null,
                        Map.of("X-Player-Token", organizer));
        assertThat(t.status()).as(t.raw()).isEqualTo(400);
        assertThat(t.error()).isEqualTo("INVALID_FIELD");
    }

    /** What docs/verify_record.py prints for this record, or null where python3 is missing. */
    private String verifyRecord(String record) throws Exception {
        return VerifyScript.available() ? VerifyScript.run(record, key.publicKeyHex()).out() : null;
    }
}
