package io.duelhall.infra.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.AppTest;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * AI seats over real HTTP: {@code "ai": {...}} in the create request seats the server's AI, which
 * then plays through the same command path as a person (its intents are stored as IntentAccepted of
 * its seat, like anyone's), in its turns, in response windows and when it owes a discard.
 */
class AiSeatsHttpTest extends AppTest {
    static final long LIMIT_MS = 120_000;

    @LocalServerPort int port;
    Api api;

    @BeforeEach
    void setUp() {
        api = new Api(port);
    }

    private Res create(Object ai) {
        ObjectNode body = Api.JSON.createObjectNode().put("ruleset", "voidexa");
        body.set("ai", Api.JSON.valueToTree(ai));
        return api.post("/api/matches", body, null);
    }

    @Test
    void twoAiSeatsPlayAWholeMatchThatSpectatorsCanFollow() throws Exception {
        Res created = create(Map.of("A", "greedy", "B", "random"));
        assertThat(created.status()).as(created.raw()).isEqualTo(201);
        assertThat(created.body().get("status").asText()).isEqualTo("LIVE");
        assertThat(created.body().at("/options/ai/A").asText()).isEqualTo("greedy");
        String id = created.body().get("matchId").asText();

        JsonNode view = waitForEnd(id);
        assertThat(view.at("/result/reason").asText()).isNotEmpty();
        assertThat(view.at("/seats/A/name").asText()).isEqualTo("greedy AI");

        JsonNode events =
                api.get("/api/matches/" + id + "/events?from=0&limit=5000", null)
                        .body()
                        .get("events");
        Set<String> actors = new HashSet<>();
        for (JsonNode e : events) {
            if (e.get("type").asText().equals("IntentAccepted")) {
                actors.add(e.at("/payload/seat").asText());
                assertThat(e.at("/payload/intentId").asText()).startsWith("ai-");
            }
        }
        assertThat(actors).containsExactlyInAnyOrder("A", "B");
        // a person cannot take a seat of a match the AI plays on both sides
        Res late =
                api.post(
                        "/api/matches/" + id + "/seats",
                        api.seatBody("Late", api.starterDecks().get(0)),
                        null);
        assertThat(late.status()).isEqualTo(409);
    }

    @Test
    void aPersonAgainstTheAiGetsSeatAAndTheAiAnswersEveryDecisionItOwes() throws Exception {
        // whether the AI gets a response window depends on the (secret, random) shuffle: play until
        // it had some
        int windowsForB = 0;
        for (int match = 0; match < 6 && windowsForB == 0; match++) {
            windowsForB += personAgainstAi();
        }
        assertThat(windowsForB)
                .as("response windows opened for the AI in up to 6 matches")
                .isPositive();
    }

    /**
     * One match, a person in seat A against the greedy AI in B; returns how many response windows B
     * had.
     */
    private int personAgainstAi() throws Exception {
        Res created = create(Map.of("B", "greedy"));
        assertThat(created.status()).as(created.raw()).isEqualTo(201);
        assertThat(created.body().get("status").asText()).isEqualTo("WAITING");
        String id = created.body().get("matchId").asText();
        Res seat =
                api.post(
                        "/api/matches/" + id + "/seats",
                        api.seatBody("Ada", api.starterDecks().get(0)),
                        null);
        assertThat(seat.status()).as(seat.raw()).isEqualTo(201);
        assertThat(seat.body().get("seat").asText()).isEqualTo("A");
        assertThat(seat.body().get("status").asText()).isEqualTo("LIVE");
        String token = seat.body().get("playerToken").asText();

        // the person plays the first playable card with its default target, else ends the turn; the
        // AI does the rest
        long deadline = System.currentTimeMillis() + LIMIT_MS;
        JsonNode view = api.get("/api/matches/" + id + "/view", token).body();
        int mine = 0;
        int spent = 0;
        Set<String> used = new HashSet<>();
        while (!view.get("status").asText().equals("ENDED")) {
            assertThat(System.currentTimeMillis())
                    .as("match %s should end", id)
                    .isLessThan(deadline);
            JsonNode pending = view.get("pendingDecision");
            String actor =
                    pending != null && !pending.isNull()
                            ? pending.get("seat").asText()
                            : view.get("activeSeat").asText();
            if (actor.equals("A")) {
                // issue 20, finding 1: the person sends its move under the id of the AI's last
                // accepted intent (public
                // in IntentAccepted). Ids are per seat (and the AI's are random, so its next one
                // cannot be guessed), so
                // the move is the person's own and the AI plays on.
                ObjectNode move = myMove(view, pending);
                String aiId = lastAiIntentId(id, token);
                if (aiId != null && used.add(aiId)) {
                    move.put("intentId", aiId);
                    spent++;
                }
                Res r = api.post("/api/matches/" + id + "/intents", move, token);
                assertThat(r.status()).as(r.raw()).isEqualTo(200);
                mine++;
            } else {
                Thread.sleep(5);
            }
            view = api.get("/api/matches/" + id + "/view", token).body();
        }
        assertThat(mine).isGreaterThan(3);
        assertThat(spent).as("moves sent under an id the AI had used").isPositive();
        JsonNode events =
                api.get("/api/matches/" + id + "/events?from=0&limit=5000", token)
                        .body()
                        .get("events");
        Set<String> aiIds = new HashSet<>();
        for (JsonNode e : events) {
            if (e.get("type").asText().equals("IntentAccepted")
                    && e.at("/payload/seat").asText().equals("B")) {
                String aiId = e.at("/payload/intentId").asText();
                assertThat(aiId)
                        .as("an AI intent id is unguessable: 128 random bits")
                        .matches("ai-B-[0-9a-f]{32}");
                assertThat(aiIds.add(aiId)).as("AI intent ids are never repeated").isTrue();
                assertThat(e.at("/payload/intent/type").asText())
                        .as("the AI never concedes here")
                        .isNotEqualTo("CONCEDE");
            }
        }
        int aiIntents = 0;
        int windowsForB = 0;
        int closedByB = 0;
        for (JsonNode e : events) {
            String type = e.get("type").asText();
            if (type.equals("IntentAccepted") && e.at("/payload/seat").asText().equals("B")) {
                aiIntents++;
            }
            if (type.equals("ResponseWindowOpened")
                    && e.at("/payload/responder").asText().equals("B")) {
                windowsForB++;
            }
            if (type.equals("ResponseWindowClosed")
                    && e.at("/payload/responder").asText().equals("B")) {
                closedByB++;
            }
        }
        assertThat(aiIntents).isGreaterThan(3);
        assertThat(closedByB)
                .as("the AI closes every response window it gets (V-REACT-1)")
                .isEqualTo(windowsForB);
        return windowsForB;
    }

    private String lastAiIntentId(String id, String token) {
        JsonNode events =
                api.get("/api/matches/" + id + "/events?from=0&limit=5000", token)
                        .body()
                        .get("events");
        String last = null;
        for (JsonNode e : events) {
            if (e.get("type").asText().equals("IntentAccepted")
                    && e.at("/payload/seat").asText().equals("B")) {
                last = e.at("/payload/intentId").asText();
            }
        }
        return last;
    }

    private static ObjectNode myMove(JsonNode view, JsonNode pending) {
        if (pending != null
                && !pending.isNull()
                && pending.get("kind").asText().equals("DISCARD_DOWN")) {
            ObjectNode d = Api.intent("DISCARD_DOWN");
            ArrayNode cards = d.putArray("cards");
            int owed =
                    view.at("/seats/A/handCount").asInt() - view.at("/seats/A/maxHandSize").asInt();
            for (int i = 0; i < owed; i++) {
                cards.add(view.at("/seats/A/hand").get(i).get("id").asText());
            }
            return d;
        }
        if (pending != null
                && !pending.isNull()
                && pending.get("kind").asText().equals("RESPONSE")) {
            return Api.intent("PASS");
        }
        for (JsonNode c : view.at("/seats/A/hand")) {
            if (c.get("playable").asBoolean()) {
                ObjectNode p = Api.intent("PLAY_CARD");
                p.put("card", c.get("id").asText());
                if (!c.get("card").asText().equals("rail-lance")
                        && !c.get("card").asText().equals("sabotage-run")
                        && !c.get("card").asText().equals("point-defense")) {
                    return p;
                }
            }
        }
        return Api.intent("END_TURN");
    }

    private JsonNode waitForEnd(String id) throws InterruptedException {
        long deadline = System.currentTimeMillis() + LIMIT_MS;
        while (true) {
            JsonNode view = api.get("/api/matches/" + id + "/view", null).body();
            if (view.get("status").asText().equals("ENDED")) {
                return view;
            }
            assertThat(System.currentTimeMillis())
                    .as("AI match %s should end; at %s", id, view.get("version"))
                    .isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    @Test
    void unknownAiNamesAndSeatsAreMalformed() {
        Res unknown = create(Map.of("B", "deep-blue"));
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.error()).isEqualTo("UNKNOWN_AI");
        Res seat = create(Map.of("C", "greedy"));
        assertThat(seat.status()).isEqualTo(400);
        assertThat(seat.error()).isEqualTo("INVALID_FIELD");
        assertThat(seat.body().get("message").asText())
                .as("the ruleset's seats")
                .contains("A to B for this voidexa match");
        Res none = create(Map.of("Z", "greedy"));
        assertThat(none.status()).isEqualTo(400);
        assertThat(none.error()).isEqualTo("INVALID_FIELD");
        assertThat(none.body().get("message").asText()).contains("A to F");
    }

    @Test
    void theOpenApiDocumentDescribesTheAiField() {
        JsonNode doc = api.get("/v3/api-docs", null).body();
        JsonNode ai = doc.at("/components/schemas/CreateMatch/properties/ai");
        assertThat(ai.get("description").asText()).contains("greedy");
    }
}
