package io.duelhall.infra.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.AppTest;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The error model of API.md: each malformed or refused request gets its status and stable code, and
 * changes nothing.
 */
class ErrorsHttpTest extends AppTest {
    @LocalServerPort int port;
    Api api;

    @BeforeEach
    void setUp() {
        api = new Api(port);
    }

    static void is(Res r, int status, String code) {
        assertThat(r.status()).as(r.raw()).isEqualTo(status);
        assertThat(r.error()).as(r.raw()).isEqualTo(code);
        assertThat(r.body().get("message").asText()).isNotBlank();
        assertThat(r.body().has("rule"))
                .as("the rule field is always there (may be null)")
                .isTrue();
    }

    long version(String id) {
        return api.get("/api/matches/" + id + "/view", null).body().get("version").asLong();
    }

    @Test
    void creatingMatches() {
        Res ok =
                api.post(
                        "/api/matches",
                        Map.of(
                                "ruleset",
                                "voidexa",
                                "options",
                                Map.of("spectatorDelaySeconds", 30)),
                        null);
        assertThat(ok.status()).isEqualTo(201);
        assertThat(ok.body().get("status").asText()).isEqualTo("WAITING");
        assertThat(ok.body().get("seedCommitment").asText()).matches("[0-9a-f]{64}");
        is(api.post("/api/matches", Map.of("ruleset", "chess"), null), 400, "UNKNOWN_RULESET");
        is(
                api.post(
                        "/api/matches",
                        Map.of("options", Map.of("spectatorDelaySeconds", 901)),
                        null),
                400,
                "OUT_OF_RANGE");
        is(
                api.post(
                        "/api/matches",
                        Map.of("options", Map.of("spectatorDelaySeconds", -1)),
                        null),
                400,
                "OUT_OF_RANGE");
        is(
                api.post("/api/matches", Map.of("options", Map.of("turnClockSeconds", 1)), null),
                400,
                "OUT_OF_RANGE");
        is(
                api.post("/api/matches", Map.of("options", Map.of("responseSeconds", 0)), null),
                400,
                "OUT_OF_RANGE");
        is(api.post("/api/matches", "{\"ruleset\": ", null), 400, "MALFORMED_JSON");
        is(
                api.post(
                        "/api/matches",
                        Map.of("options", Map.of("spectatorDelaySeconds", "soon")),
                        null),
                400,
                "MALFORMED_JSON");
        is(api.post("/api/matches", Map.of("rulset", "voidexa"), null), 400, "MALFORMED_JSON");
    }

    @Test
    void takingSeats() {
        String id = api.createMatch();
        JsonNode decks = api.starterDecks();
        is(
                api.post("/api/matches/nope/seats", api.seatBody("Ada", decks.get(0)), null),
                404,
                "MATCH_NOT_FOUND");
        is(api.post("/api/matches/" + id + "/seats", "{}", null), 400, "INVALID_FIELD");
        ObjectNode noDeck = api.seatBody("Ada", decks.get(0));
        noDeck.remove("deck");
        is(api.post("/api/matches/" + id + "/seats", noDeck, null), 400, "MISSING_FIELD");

        ObjectNode bad = api.seatBody("Ada", decks.get(0));
        ArrayNode cards = (ArrayNode) bad.get("deck").get("cards");
        cards.remove(0); // 59 cards
        cards.set(0, cards.get(1)); // and one more copy of a card
        for (int i = 0; i < 3; i++) {
            cards.set(
                    i,
                    Api.JSON.getNodeFactory().textNode("singularity-lance")); // a legendary thrice
        }
        cards.add("hive-core"); // a Ship Core among the cards
        ((ObjectNode) bad.get("deck")).put("shipCore", "pulse-tap");
        bad.put("pilotClass", "wizard");
        Res r = api.post("/api/matches/" + id + "/seats", bad, null);
        is(r, 422, "DECK_INVALID");
        assertThat(r.body().get("rule").asText()).isEqualTo("V-DECK-1");
        String violations = r.body().get("violations").toString();
        assertThat(r.body().get("violations").size()).as(violations).isGreaterThanOrEqualTo(4);
        assertThat(violations).contains("wizard", "pulse-tap", "singularity-lance", "hive-core");
        assertThat(version(id)).as("a refused seat changes nothing").isEqualTo(0);

        Res a = api.post("/api/matches/" + id + "/seats", api.seatBody("Ada", decks.get(0)), null);
        assertThat(a.status()).isEqualTo(201);
        assertThat(a.body().get("seat").asText()).isEqualTo("A");
        String tokenA = a.body().get("playerToken").asText();
        is(
                api.post("/api/matches/" + id + "/intents", Api.intent("END_TURN"), tokenA),
                409,
                "MATCH_NOT_STARTED");
        Res b = api.post("/api/matches/" + id + "/seats", api.seatBody("Bo", decks.get(1)), null);
        assertThat(b.body().get("status").asText()).isEqualTo("LIVE");
        long v = version(id);
        is(
                api.post("/api/matches/" + id + "/seats", api.seatBody("Cy", decks.get(1)), null),
                409,
                "MATCH_FULL");
        assertThat(version(id)).isEqualTo(v);
    }

    @Test
    void sendingIntents() {
        String[] m = api.startedMatch();
        String id = m[0];
        String path = "/api/matches/" + id + "/intents";
        long v = version(id);
        is(api.post(path, Api.intent("END_TURN"), null), 401, "MISSING_TOKEN");
        is(api.post(path, Api.intent("END_TURN"), "forged-token"), 401, "BAD_TOKEN");
        is(
                api.post("/api/matches/nope/intents", Api.intent("END_TURN"), m[1]),
                404,
                "MATCH_NOT_FOUND");
        is(api.post(path, "not json", m[1]), 400, "MALFORMED_JSON");
        is(api.post(path, Api.intent("FLY"), m[1]), 400, "UNKNOWN_INTENT_TYPE");
        ObjectNode noId = Api.intent("END_TURN");
        noId.remove("intentId");
        is(api.post(path, noId, m[1]), 400, "MISSING_FIELD");
        is(api.post(path, Api.intent("PLAY_CARD"), m[1]), 400, "MISSING_FIELD");
        ObjectNode badTarget = Api.intent("PLAY_CARD");
        badTarget.put("card", "x");
        Api.target(badTarget.putArray("targets"), "PLANET", "B");
        is(api.post(path, badTarget, m[1]), 400, "INVALID_FIELD");
        ObjectNode badSeat = Api.intent("PLAY_CARD");
        badSeat.put("card", "x");
        Api.target(badSeat.putArray("targets"), "SHIP", "Z");
        is(api.post(path, badSeat, m[1]), 400, "INVALID_FIELD");
        ObjectNode negative = Api.intent("END_TURN");
        negative.put("expectedVersion", -5);
        is(api.post(path, negative, m[1]), 400, "OUT_OF_RANGE");
        ObjectNode huge = Api.intent("END_TURN");
        huge.put("expectedVersion", "9999999999999999999999");
        is(api.post(path, huge, m[1]), 400, "MALFORMED_JSON");
        ObjectNode unknownField = Api.intent("END_TURN");
        unknownField.put("seat", "A");
        is(api.post(path, unknownField, m[1]), 400, "MALFORMED_JSON");
        // the envelope's choices (issue 14): names to texts, at most 10, checked before the match
        // is asked
        ObjectNode nullChoice = Api.intent("END_TURN");
        nullChoice.putObject("choices").putNull("mode");
        is(api.post(path, nullChoice, m[1]), 400, "INVALID_FIELD");
        ObjectNode manyChoices = Api.intent("END_TURN");
        ObjectNode choices = manyChoices.putObject("choices");
        for (int i = 0; i < 11; i++) {
            choices.put("c" + i, "1");
        }
        is(api.post(path, manyChoices, m[1]), 400, "OUT_OF_RANGE");
        is(api.post(path, Api.intent("PLAY CARD"), m[1]), 400, "UNKNOWN_INTENT_TYPE");
        is(api.post(path, Api.intent("TIMEOUT"), m[1]), 400, "UNKNOWN_INTENT_TYPE");
        // a voidexa type in another case is the same word; an unknown word is named with the
        // ruleset's vocabulary
        Res fly = api.post(path, Api.intent("FLY"), m[1]);
        assertThat(fly.body().get("message").asText())
                .contains("PLAY_CARD", "END_TURN", "CONCEDE", "voidexa");
        assertThat(version(id)).as("nothing changed").isEqualTo(v);
    }

    @Test
    void readingUnknownThings() {
        is(api.get("/api/matches/nope/view", null), 404, "MATCH_NOT_FOUND");
        is(api.get("/api/cards/no-such-card", null), 404, "UNKNOWN_CARD");
        String[] m = api.startedMatch();
        is(api.get("/api/matches/" + m[0] + "/view", "forged"), 401, "BAD_TOKEN");
        is(api.get("/api/matches/" + m[0] + "/events?from=-1", null), 400, "OUT_OF_RANGE");
        is(api.get("/api/matches/" + m[0] + "/events?from=abc", null), 400, "INVALID_PARAMETER");
        is(api.get("/api/nowhere", null), 404, "NOT_FOUND");
    }

    @Test
    void aSeatSeesItsOwnHandAndNeverTheOthers() {
        String[] m = api.startedMatch();
        JsonNode a = api.get("/api/matches/" + m[0] + "/view", m[1]).body();
        JsonNode spectator = api.get("/api/matches/" + m[0] + "/view", null).body();
        assertThat(a.at("/seats/A/hand").isArray()).isTrue();
        assertThat(a.at("/seats/A/hand/0/cost/total").isInt()).isTrue();
        assertThat(a.at("/seats/B/hand").isNull()).isTrue();
        assertThat(spectator.at("/seats/A/hand").isNull()).isTrue();
        assertThat(spectator.at("/seats/B/hand").isNull()).isTrue();
        assertThat(spectator.at("/seats/A/handCount").asInt())
                .isEqualTo(a.at("/seats/A/handCount").asInt());
        for (JsonNode card : a.at("/seats/A/hand")) {
            assertThat(spectator.toString()).doesNotContain(card.get("id").asText());
            assertThat(api.get("/api/matches/" + m[0] + "/events", null).raw())
                    .doesNotContain(card.get("id").asText());
            assertThat(api.get("/api/matches/" + m[0] + "/events", m[2]).raw())
                    .doesNotContain(card.get("id").asText());
        }
    }
}
