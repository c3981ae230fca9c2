package io.duelhall.infra.fairness;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.infra.http.Api;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 19 over HTTP, with the real store and db-scheduler: a match whose second seat is never
 * taken expires at its seats' deadline, is listed as ended, takes no seat and no intent after, and
 * its record audits clean with the expiry checked; a match filled in time does not expire; a bad
 * {@code seatingSeconds} changes nothing.
 */
class ExpiryHttpTest extends FairnessAppTest {

    private JsonNode waitForStatus(String id, String status, long ms) throws InterruptedException {
        long until = System.currentTimeMillis() + ms;
        JsonNode view = api.get("/api/matches/" + id + "/view", null).body();
        while (!view.get("status").asText().equals(status) && System.currentTimeMillis() < until) {
            Thread.sleep(100);
            view = api.get("/api/matches/" + id + "/view", null).body();
        }
        return view;
    }

    @Test
    void aSeatNeverTakenExpiresTheMatchAndTheRecordAuditsClean() throws Exception {
        Api.Res created =
                api.post(
                        "/api/matches",
                        Map.of("options", Map.of("seatingSeconds", 2, "turnClockSeconds", 60)),
                        null);
        assertThat(created.status()).as(created.raw()).isEqualTo(201);
        String id = created.body().get("matchId").asText();
        Instant deadline = Instant.parse(created.body().get("seatDeadline").asText());
        JsonNode decks = api.starterDecks();
        Api.Res seat =
                api.post(
                        "/api/matches/" + id + "/seats",
                        api.seatBody("Lonely Ada", decks.get(0)),
                        null);
        assertThat(seat.status()).as(seat.raw()).isEqualTo(201);

        JsonNode view = waitForStatus(id, "ENDED", 20_000);
        assertThat(view.get("status").asText())
                .as("expired within 20 s of a 2 s deadline")
                .isEqualTo("ENDED");
        assertThat(view.at("/result/reason").asText()).isEqualTo("EXPIRED");
        assertThat(view.at("/result/winner").isNull() || view.at("/result/winner").isMissingNode())
                .isTrue();

        JsonNode events =
                api.get("/api/matches/" + id + "/events?from=0&limit=100", null)
                        .body()
                        .get("events");
        JsonNode last = events.get(events.size() - 1);
        assertThat(last.get("type").asText()).isEqualTo("MatchExpired");
        assertThat(last.at("/payload/freeSeats/0").asText()).isEqualTo("B");
        assertThat(Instant.parse(last.at("/payload/at").asText())).isAfterOrEqualTo(deadline);
        assertThat(last.at("/payload/serverSeed").asText()).matches("[0-9a-f]{64}");
        assertThat(events.get(1).get("type").asText())
                .as("the deadline follows the opening")
                .isEqualTo("SeatDeadlineSet");

        // nothing more: no seat, no intent
        long version = view.get("version").asLong();
        Api.Res late =
                api.post(
                        "/api/matches/" + id + "/seats",
                        api.seatBody("Late Bo", decks.get(1)),
                        null);
        assertThat(late.status()).as(late.raw()).isBetween(400, 499);
        Api.Res intent =
                api.post(
                        "/api/matches/" + id + "/intents",
                        Api.intent("END_TURN"),
                        seat.body().get("playerToken").asText());
        assertThat(intent.status()).as(intent.raw()).isBetween(400, 499);
        assertThat(api.get("/api/matches/" + id + "/view", null).body().get("version").asLong())
                .isEqualTo(version);

        // the list shows it ended, not waiting
        long until = System.currentTimeMillis() + 10_000;
        boolean listedEnded = false;
        while (!listedEnded && System.currentTimeMillis() < until) {
            for (JsonNode m : api.get("/api/matches?status=ENDED&limit=200", null).body()) {
                listedEnded |=
                        m.get("matchId").asText().equals(id)
                                && m.get("reason").asText().equals("EXPIRED");
            }
            Thread.sleep(100);
        }
        assertThat(listedEnded).as("listed as ended, reason EXPIRED").isTrue();
        for (JsonNode m : api.get("/api/matches?status=WAITING&limit=200", null).body()) {
            assertThat(m.get("matchId").asText()).isNotEqualTo(id);
        }

        // the audit re-simulates the record and checks the expiry against the chained deadline
        Api.Res audit = api.get("/api/matches/" + id + "/audit", null);
        assertThat(audit.status()).as(audit.raw()).isEqualTo(200);
        assertThat(audit.body().get("passed").asBoolean()).as(audit.raw()).isTrue();
        Api.Res export = api.get("/api/matches/" + id + "/export", null);
        Api.Res uploaded = api.post("/api/audit", export.raw(), null);
        assertThat(uploaded.body().get("passed").asBoolean()).as(uploaded.raw()).isTrue();

        // and the outsiders' script (docs/verify_record.py) checks the expiry too, where python3 is
        // installed
        if (VerifyScript.available()) {
            VerifyScript.Run run = VerifyScript.run(export.raw(), key.publicKeyHex());
            assertThat(run.exit()).as(run.out()).isZero();
            assertThat(run.out()).contains("expiry").doesNotContain("FAIL");
        }
    }

    @Test
    void aMatchFilledInTimeDoesNotExpire() throws Exception {
        Api.Res created =
                api.post("/api/matches", Map.of("options", Map.of("seatingSeconds", 1)), null);
        String id = created.body().get("matchId").asText();
        JsonNode decks = api.starterDecks();
        api.post("/api/matches/" + id + "/seats", api.seatBody("Quick Ada", decks.get(0)), null);
        api.post("/api/matches/" + id + "/seats", api.seatBody("Quick Bo", decks.get(1)), null);
        Thread.sleep(3_000);
        JsonNode view = api.get("/api/matches/" + id + "/view", null).body();
        assertThat(view.get("status").asText()).isEqualTo("LIVE");
        for (JsonNode e :
                api.get("/api/matches/" + id + "/events?from=0&limit=200", null)
                        .body()
                        .get("events")) {
            assertThat(e.get("type").asText()).isNotEqualTo("MatchExpired");
        }
    }

    @Test
    void seatingSecondsOutOfRangeIsRefusedAndCreatesNothing() {
        int before = api.get("/api/matches?limit=200", null).body().size();
        for (Object bad : new Object[] {0, 86_401, -5}) {
            Api.Res r =
                    api.post(
                            "/api/matches", Map.of("options", Map.of("seatingSeconds", bad)), null);
            assertThat(r.status()).as(r.raw()).isEqualTo(400);
            assertThat(r.error()).isEqualTo("OUT_OF_RANGE");
        }
        Api.Res notANumber =
                api.post("/api/matches", Map.of("options", Map.of("seatingSeconds", "soon")), null);
        assertThat(notANumber.status()).as(notANumber.raw()).isEqualTo(400);
        assertThat(api.get("/api/matches?limit=200", null).body().size()).isEqualTo(before);
    }
}
