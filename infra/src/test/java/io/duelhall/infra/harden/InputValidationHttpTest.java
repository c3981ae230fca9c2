package io.duelhall.infra.harden;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.AppTest;
import io.duelhall.infra.http.Api;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Issue 20, findings 6 and 9 (names): a {@code null} card in a deck was a 500 with a stack trace,
 * on a waiting and on a full match; NUL, a right-to-left override and a newline were accepted in
 * player names. Each is now a 400 with the JSON error shape, and changes nothing.
 */
class InputValidationHttpTest extends AppTest {
    @LocalServerPort int port;
    Api api;
    JsonNode decks;

    @BeforeEach
    void setUp() {
        api = new Api(port);
        decks = api.starterDecks();
    }

    long version(String id) {
        return api.get("/api/matches/" + id + "/view", null).body().get("version").asLong();
    }

    ObjectNode withNullCard(String name) {
        ObjectNode body = api.seatBody(name, decks.get(0));
        ((ArrayNode) body.get("deck").get("cards")).set(7, Api.JSON.nullNode());
        return body;
    }

    static void badRequest(Res r, String code) {
        assertThat(r.status()).as(r.raw()).isEqualTo(400);
        assertThat(r.error()).as(r.raw()).isEqualTo(code);
        assertThat(r.raw()).doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void aNullCardInADeckIsABadRequestOnAWaitingMatch() {
        String id = api.createMatch();
        Res r = api.post("/api/matches/" + id + "/seats", withNullCard("Ada"), null);
        badRequest(r, "INVALID_FIELD");
        assertThat(r.body().get("message").asText()).contains("deck.cards[7]");
        assertThat(version(id)).as("nothing changed").isZero();
    }

    @Test
    void theGenericSeatRequestIsCheckedAsStrictly() {
        String id = api.createMatch();
        ObjectNode both = api.seatBody("Ada", decks.get(0));
        both.putArray("cards").add("x");
        badRequest(api.post("/api/matches/" + id + "/seats", both, null), "INVALID_FIELD");
        ObjectNode none = api.seatBody("Ada", decks.get(0));
        none.remove("deck");
        badRequest(api.post("/api/matches/" + id + "/seats", none, null), "MISSING_FIELD");
        ObjectNode nullPick = api.seatBody("Ada", decks.get(0));
        nullPick.putObject("picks").putNull("parallel");
        badRequest(api.post("/api/matches/" + id + "/seats", nullPick, null), "INVALID_FIELD");
        ObjectNode generic = api.seatBody("Ada", decks.get(0));
        generic.remove("deck");
        generic.putArray("cards").addNull();
        Res nullCard = api.post("/api/matches/" + id + "/seats", generic, null);
        badRequest(nullCard, "INVALID_FIELD");
        assertThat(nullCard.body().get("message").asText()).contains("cards[0]");
        assertThat(version(id)).as("nothing changed").isZero();
    }

    @Test
    void aNullCardInADeckIsABadRequestOnAFullMatch() {
        String[] m = api.startedMatch();
        long before = version(m[0]);
        badRequest(
                api.post("/api/matches/" + m[0] + "/seats", withNullCard("Cy"), null),
                "INVALID_FIELD");
        assertThat(version(m[0])).isEqualTo(before);
    }

    @Test
    void nullPilotClassShipCoreAndCardsStayTheRulesDeckCheck() {
        String id = api.createMatch();
        ObjectNode body = api.seatBody("Ada", decks.get(0));
        body.putNull("pilotClass");
        ((ObjectNode) body.get("deck")).putNull("shipCore");
        ((ObjectNode) body.get("deck")).putNull("cards");
        Res r = api.post("/api/matches/" + id + "/seats", body, null);
        assertThat(r.status()).as(r.raw()).isEqualTo(422);
        assertThat(r.error()).isEqualTo("DECK_INVALID");
    }

    @Test
    void controlAndBidiCharactersInANameAreRefused() {
        String id = api.createMatch();
        for (String name :
                List.of(
                        "Ada\u0000",
                        "\u202Eada",
                        "Ada\nINFO forged",
                        "Ada\u2028",
                        "A\u200Bda",
                        "Ada\u001b[31m")) {
            Res r =
                    api.post(
                            "/api/matches/" + id + "/seats",
                            api.seatBody(name, decks.get(0)),
                            null);
            badRequest(r, "INVALID_FIELD");
            assertThat(r.body().get("message").asText()).contains("name");
        }
        assertThat(version(id)).isZero();
        // ordinary names with spaces, accents and other scripts stay fine
        assertThat(
                        api.post(
                                        "/api/matches/" + id + "/seats",
                                        api.seatBody("Zoë Ñandú 李", decks.get(0)),
                                        null)
                                .status())
                .isEqualTo(201);
    }

    @Test
    void controlCharactersInOtherFieldsAreRefused() {
        String[] m = api.startedMatch();
        ObjectNode intent = Api.intent("END_TURN");
        intent.put("intentId", "id\nforged");
        badRequest(api.post("/api/matches/" + m[0] + "/intents", intent, m[1]), "INVALID_FIELD");
        ObjectNode seat = api.seatBody("Ada", decks.get(0));
        seat.put("clientSeed", "seed\u0000");
        badRequest(
                api.post("/api/matches/" + api.createMatch() + "/seats", seat, null),
                "INVALID_FIELD");
        ObjectNode card = api.seatBody("Ada", decks.get(0));
        ((ArrayNode) card.get("deck").get("cards"))
                .set(0, Api.JSON.getNodeFactory().textNode("pulse-tap\u202E"));
        badRequest(
                api.post("/api/matches/" + api.createMatch() + "/seats", card, null),
                "INVALID_FIELD");
    }
}
