package io.duelhall.infra.topology;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.infra.http.Api;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;

/** Picks a legal-looking intent for the seat that must act, from that seat's own view (as a client would). */
final class Bot {
    private final Map<String, JsonNode> cards = new HashMap<>();

    Bot(Api api) {
        for (JsonNode c : api.get("/api/cards", null).body()) {
            cards.put(c.get("id").asText(), c);
        }
    }

    /** The seat that must act now, or null when the match is not live. */
    static String actor(JsonNode view) {
        if (!view.get("status").asText().equals("LIVE")) {
            return null;
        }
        JsonNode pending = view.get("pendingDecision");
        return pending != null && !pending.isNull() ? pending.get("seat").asText() : view.get("activeSeat").asText();
    }

    /** An intent for {@code seat}, given its own view; mostly plays a playable card, sometimes ends the turn. */
    ObjectNode intent(JsonNode mine, String seat, Random rnd) {
        String enemy = seat.equals("A") ? "B" : "A";
        JsonNode pending = mine.get("pendingDecision");
        String kind = pending != null && !pending.isNull() ? pending.get("kind").asText() : "MAIN";
        switch (kind) {
            case "DISCARD_DOWN" -> {
                ObjectNode d = Api.intent("DISCARD_DOWN");
                ArrayNode ids = d.putArray("cards");
                for (int i = 0; i < pending.get("count").asInt(); i++) {
                    ids.add(mine.at("/seats/" + seat + "/hand/" + i + "/id").asText());
                }
                return d;
            }
            case "RESPONSE" -> {
                return Api.intent("PASS");
            }
            default -> {
                JsonNode choice = null;
                for (JsonNode h : mine.at("/seats/" + seat + "/hand")) {
                    boolean reactive = false;
                    for (JsonNode k : cards.get(h.get("card").asText()).get("keywords")) {
                        reactive |= k.asText().equals("REACTIVE");
                    }
                    if (h.get("playable").asBoolean() && !reactive && (choice == null || rnd.nextInt(3) == 0)) {
                        choice = h;
                    }
                }
                return choice != null && rnd.nextInt(5) != 0 ? play(choice, enemy, mine) : Api.intent("END_TURN");
            }
        }
    }

    private ObjectNode play(JsonNode handCard, String enemy, JsonNode view) {
        ObjectNode p = Api.intent("PLAY_CARD");
        p.put("card", handCard.get("id").asText());
        switch (cards.get(handCard.get("card").asText()).get("targeting").asText()) {
            case "ENEMY_SUBSYSTEM" -> Api.target(p.putArray("targets"), "SUBSYSTEM", enemy).put("subsystem", "REACTOR");
            case "ENEMY_DRONE" -> Api.target(p.putArray("targets"), "DRONE", enemy)
                    .put("id", view.at("/seats/" + enemy + "/drones/0/id").asText());
            case "ENEMY_CARD" -> {
                JsonNode inPlay = view.at("/seats/" + enemy + "/inPlay");
                String target = inPlay.size() > 0 ? inPlay.get(0).get("id").asText() : view.at("/seats/" + enemy + "/field/id").asText();
                Api.target(p.putArray("targets"), "CARD", enemy).put("id", target);
            }
            default -> {
            }
        }
        return p;
    }
}
