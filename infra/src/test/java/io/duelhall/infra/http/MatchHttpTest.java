package io.duelhall.infra.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.AppTest;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Whole matches over real HTTP against the running app. A simple client plays from what the API
 * shows it (its view, the card catalog) and, at every step, also sends intents the rules must
 * refuse: each refusal must carry the expected status and code and leave the match version as it
 * was.
 */
class MatchHttpTest extends AppTest {
    @LocalServerPort int port;
    Api api;
    Bot bot;

    /** Every refusal code seen, with its HTTP status. */
    final Map<String, Integer> seen = new TreeMap<>();

    @BeforeEach
    void setUp() {
        api = new Api(port);
        bot = new Bot(api);
    }

    private Res refused(
            Res r, int status, String code, String matchId, String token, long version) {
        assertThat(r.status()).as("status of %s: %s", code, r.raw()).isEqualTo(status);
        assertThat(r.error()).as(r.raw()).isEqualTo(code);
        assertThat(r.body().has("message")).isTrue();
        assertThat(r.body().has("rule")).isTrue();
        seen.put(code, status);
        if (matchId != null) {
            long now =
                    api.get("/api/matches/" + matchId + "/view", token)
                            .body()
                            .get("version")
                            .asLong();
            assertThat(now).as("a refused %s changes nothing", code).isEqualTo(version);
        }
        return r;
    }

    private Res send(String id, String token, ObjectNode intent) {
        return api.post("/api/matches/" + id + "/intents", intent, token);
    }

    @Test
    void playsWholeMatchesToTheirEndAndEveryRefusalChangesNothing() {
        for (int game = 0; game < 3; game++) {
            String[] m = api.startedMatch();
            play(m[0], Map.of("A", m[1], "B", m[2]), new Random(game));
        }
        assertThat(seen.keySet())
                .as("codes reached: %s", seen)
                .contains(
                        "NOT_YOUR_TURN",
                        "NO_RESPONSE_WINDOW",
                        "NO_DISCARD_OWED",
                        "CARD_NOT_IN_HAND",
                        "STALE_VERSION",
                        "INVALID_TARGET",
                        "NOT_ENOUGH_ENERGY",
                        "REACTIVE_ONLY",
                        "MATCH_OVER",
                        "INTENT_ID_REUSED");
    }

    private void play(String id, Map<String, String> tokens, Random rnd) {
        int steps = 0;
        JsonNode view = api.get("/api/matches/" + id + "/view", tokens.get("A")).body();
        while (!view.get("status").asText().equals("ENDED")) {
            assertThat(steps++).as("match %s should end", id).isLessThan(4000);
            JsonNode pending = view.get("pendingDecision");
            String actor = Api.actor(view);
            String other = actor.equals("A") ? "B" : "A";
            String token = tokens.get(actor);
            JsonNode mine = api.get("/api/matches/" + id + "/view", token).body();
            long version = mine.get("version").asLong();
            String kind =
                    pending != null && !pending.isNull() ? pending.get("kind").asText() : "MAIN";
            ObjectNode action;
            switch (kind) {
                case "DISCARD_DOWN" -> {
                    refused(
                            send(id, token, Api.intent("END_TURN")),
                            409,
                            "DISCARD_REQUIRED",
                            id,
                            token,
                            version);
                    ObjectNode wrong = Api.intent("DISCARD_DOWN");
                    wrong.putArray("cards").add(mine.at("/seats/" + actor + "/hand/0/id").asText());
                    if (pending.get("count").asInt() != 1) {
                        refused(
                                send(id, token, wrong),
                                422,
                                "WRONG_DISCARD_COUNT",
                                id,
                                token,
                                version);
                    }
                    action = Api.intent("DISCARD_DOWN");
                    ArrayNode ids = action.putArray("cards");
                    for (int i = 0; i < pending.get("count").asInt(); i++) {
                        ids.add(mine.at("/seats/" + actor + "/hand/" + i + "/id").asText());
                    }
                }
                case "RESPONSE" -> {
                    refused(
                            send(id, tokens.get(other), Api.intent("END_TURN")),
                            409,
                            "RESPONSE_PENDING",
                            id,
                            token,
                            version);
                    JsonNode reactive = null;
                    for (JsonNode h : mine.at("/seats/" + actor + "/hand")) {
                        boolean isReactive = bot.keywords(h).contains("REACTIVE");
                        if (!isReactive && !seen.containsKey("NOT_REACTIVE")) {
                            ObjectNode p = Api.intent("PLAY_CARD");
                            p.put("card", h.get("id").asText());
                            refused(send(id, token, p), 422, "NOT_REACTIVE", id, token, version);
                        }
                        if (isReactive && h.get("playable").asBoolean()) {
                            reactive = h;
                        }
                    }
                    action =
                            reactive != null && rnd.nextBoolean()
                                    ? bot.play(reactive, other, mine)
                                    : Api.intent("PASS");
                }
                default -> {
                    refused(
                            send(id, tokens.get(other), Api.intent("END_TURN")),
                            403,
                            "NOT_YOUR_TURN",
                            id,
                            token,
                            version);
                    if (steps % 7 == 0) {
                        refused(
                                send(id, token, Api.intent("PASS")),
                                409,
                                "NO_RESPONSE_WINDOW",
                                id,
                                token,
                                version);
                        ObjectNode d = Api.intent("DISCARD_DOWN");
                        d.putArray("cards").add("c00000000");
                        refused(send(id, token, d), 409, "NO_DISCARD_OWED", id, token, version);
                        ObjectNode ghost = Api.intent("PLAY_CARD");
                        ghost.put("card", "no-such-card");
                        refused(
                                send(id, token, ghost),
                                422,
                                "CARD_NOT_IN_HAND",
                                id,
                                token,
                                version);
                        ObjectNode stale = Api.intent("END_TURN");
                        stale.put("expectedVersion", version - 1);
                        refused(send(id, token, stale), 409, "STALE_VERSION", id, token, version);
                    }
                    JsonNode choice = null;
                    for (JsonNode h : mine.at("/seats/" + actor + "/hand")) {
                        JsonNode card = bot.card(h);
                        int energy = mine.at("/seats/" + actor + "/energy/value").asInt();
                        if (!h.get("playable").asBoolean()) {
                            ObjectNode p = Api.intent("PLAY_CARD");
                            p.put("card", h.get("id").asText());
                            if (bot.keywords(h).contains("REACTIVE")) {
                                refused(
                                        send(id, token, p),
                                        422,
                                        "REACTIVE_ONLY",
                                        id,
                                        token,
                                        version);
                            } else if (h.at("/cost/total").asInt() > energy) {
                                refused(
                                        send(id, token, p),
                                        422,
                                        "NOT_ENOUGH_ENERGY",
                                        id,
                                        token,
                                        version);
                            }
                            continue;
                        }
                        if (card.get("targeting").asText().equals("ENEMY_SHIP_OR_DRONE")) {
                            ObjectNode p = Api.intent("PLAY_CARD");
                            p.put("card", h.get("id").asText());
                            Api.target(
                                    p.putArray("targets"), "SHIP", actor); // own ship: never valid
                            refused(send(id, token, p), 422, "INVALID_TARGET", id, token, version);
                        }
                        if (choice == null || rnd.nextInt(3) == 0) {
                            choice = h;
                        }
                    }
                    action =
                            choice != null && rnd.nextInt(6) != 0
                                    ? bot.play(choice, other, mine)
                                    : Api.intent("END_TURN");
                }
            }
            if (rnd.nextInt(5) == 0) {
                action.put("expectedVersion", version);
            }
            Res ok = send(id, token, action);
            assertThat(ok.status()).as("%s -> %s", action, ok.raw()).isEqualTo(200);
            assertThat(ok.body().get("version").asLong()).isGreaterThan(version);
            assertThat(ok.body().get("events").get(0).get("type").asText())
                    .isEqualTo("IntentAccepted");
            if (steps % 11
                    == 0) { // a safe retry gives the same answer; a different body under the same
                // id is refused
                Res again = send(id, token, action);
                assertThat(again.status()).isEqualTo(200);
                assertThat(again.body()).isEqualTo(ok.body());
                ObjectNode changed = action.deepCopy();
                changed.put("type", "CONCEDE");
                long v = ok.body().get("version").asLong();
                refused(send(id, token, changed), 409, "INTENT_ID_REUSED", id, token, v);
            }
            view = api.get("/api/matches/" + id + "/view", tokens.get("A")).body();
        }
        long end = view.get("version").asLong();
        assertThat(view.get("result").get("reason").asText()).isNotBlank();
        refused(
                send(id, tokens.get("A"), Api.intent("END_TURN")),
                409,
                "MATCH_OVER",
                id,
                tokens.get("A"),
                end);
        JsonNode log = api.get("/api/matches/" + id + "/events?from=" + end, null).body();
        assertThat(log.get("events").get(0).get("type").asText()).isEqualTo("MatchEnded");
        JsonNode spectator = api.get("/api/matches/" + id + "/view", null).body();
        assertThat(spectator.at("/seats/B/hand").isArray())
                .as("everything is revealed once the match has ended")
                .isTrue();
    }
}
