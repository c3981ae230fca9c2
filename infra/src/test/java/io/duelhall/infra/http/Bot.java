package io.duelhall.infra.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.client.JsonHttp.Res;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;

/**
 * The tests' one client that plays matches over HTTP from what the API shows it (its own view and
 * the card catalog): who must act, which intent to send, and the targets a card needs. Two
 * policies: {@link #step}/{@link #playToEnd} play any playable card (reactive ones too, in a
 * response window) or end the turn; {@link #intent} mostly plays a playable non-reactive card and
 * passes every response window. {@link #play} builds a PLAY_CARD for any client.
 */
public final class Bot {
    private final Api api;
    private final Map<String, JsonNode> cards = new HashMap<>();
    private final Random rnd;

    public Bot(Api api) {
        this(api, 0);
    }

    public Bot(Api api, long seed) {
        this.api = api;
        this.rnd = new Random(seed);
        for (JsonNode c : api.get("/api/cards", null).body()) {
            cards.put(c.get("id").asText(), c);
        }
    }

    /** The catalog entry of a hand card. */
    public JsonNode card(JsonNode handCard) {
        return cards.get(handCard.get("card").asText());
    }

    /** The keywords of a hand card. */
    public TreeSet<String> keywords(JsonNode handCard) {
        TreeSet<String> out = new TreeSet<>();
        card(handCard).get("keywords").forEach(k -> out.add(k.asText()));
        return out;
    }

    /**
     * Sends one intent for whoever must act; returns the accepted answer. Fails on anything but
     * 200.
     */
    public Res step(String matchId, Map<String, String> tokens) {
        JsonNode any = api.get("/api/matches/" + matchId + "/view", tokens.get("A")).body();
        String actor = Api.actor(any);
        if (actor == null) {
            throw new AssertionError("match " + matchId + " is not live: " + any.get("status"));
        }
        String token = tokens.get(actor);
        JsonNode view = api.get("/api/matches/" + matchId + "/view", token).body();
        ObjectNode intent = choose(view, actor);
        Res r = api.post("/api/matches/" + matchId + "/intents", intent, token);
        if (r.status() != 200) {
            throw new AssertionError(intent + " -> " + r.raw());
        }
        return r;
    }

    /** Plays until the match ends (or {@code maxSteps}); returns every accepted answer in order. */
    public List<Res> playToEnd(String matchId, Map<String, String> tokens, int maxSteps) {
        List<Res> out = new ArrayList<>();
        for (int i = 0; i < maxSteps; i++) {
            Res r = step(matchId, tokens);
            out.add(r);
            if (ended(r)) {
                return out;
            }
        }
        throw new AssertionError("match " + matchId + " did not end in " + maxSteps + " steps");
    }

    public static boolean ended(Res answer) {
        for (JsonNode e : answer.body().get("events")) {
            if (e.get("type").asText().equals("MatchEnded")) {
                return true;
            }
        }
        return false;
    }

    /**
     * An intent for {@code seat}, given its own view; mostly plays a playable card, sometimes ends
     * the turn.
     */
    public ObjectNode intent(JsonNode mine, String seat, Random rnd) {
        String enemy = seat.equals("A") ? "B" : "A";
        JsonNode pending = mine.get("pendingDecision");
        String kind = pending != null && !pending.isNull() ? pending.get("kind").asText() : "MAIN";
        switch (kind) {
            case "DISCARD_DOWN" -> {
                return discard(mine, seat, pending);
            }
            case "RESPONSE" -> {
                return Api.intent("PASS");
            }
            default -> {
                JsonNode choice = null;
                for (JsonNode h : mine.at("/seats/" + seat + "/hand")) {
                    if (h.get("playable").asBoolean()
                            && !keywords(h).contains("REACTIVE")
                            && (choice == null || rnd.nextInt(3) == 0)) {
                        choice = h;
                    }
                }
                return choice != null && rnd.nextInt(5) != 0
                        ? play(choice, enemy, mine)
                        : Api.intent("END_TURN");
            }
        }
    }

    /**
     * A PLAY_CARD intent for a playable hand card, with a target its targeting needs (an enemy
     * REACTOR for a subsystem).
     */
    public ObjectNode play(JsonNode handCard, String enemy, JsonNode view) {
        return play(handCard, enemy, view, "REACTOR");
    }

    private ObjectNode play(JsonNode handCard, String enemy, JsonNode view, String subsystem) {
        ObjectNode p = Api.intent("PLAY_CARD");
        p.put("card", handCard.get("id").asText());
        switch (card(handCard).get("targeting").asText()) {
            case "ENEMY_SUBSYSTEM" ->
                    Api.target(p.putArray("targets"), "SUBSYSTEM", enemy)
                            .put("subsystem", subsystem);
            case "ENEMY_DRONE" ->
                    Api.target(p.putArray("targets"), "DRONE", enemy)
                            .put("id", view.at("/seats/" + enemy + "/drones/0/id").asText());
            case "ENEMY_CARD" -> {
                JsonNode inPlay = view.at("/seats/" + enemy + "/inPlay");
                String target =
                        inPlay.size() > 0
                                ? inPlay.get(0).get("id").asText()
                                : view.at("/seats/" + enemy + "/field/id").asText();
                Api.target(p.putArray("targets"), "CARD", enemy).put("id", target);
            }
            default -> {
                // no target, or the enemy ship by default
            }
        }
        return p;
    }

    private static ObjectNode discard(JsonNode view, String seat, JsonNode pending) {
        ObjectNode d = Api.intent("DISCARD_DOWN");
        ArrayNode ids = d.putArray("cards");
        for (int i = 0; i < pending.get("count").asInt(); i++) {
            ids.add(view.at("/seats/" + seat + "/hand/" + i + "/id").asText());
        }
        return d;
    }

    /**
     * {@link #step}'s policy: a random playable card (four times in five), else END_TURN or PASS.
     */
    private ObjectNode choose(JsonNode view, String actor) {
        JsonNode pending = view.get("pendingDecision");
        String enemy = actor.equals("A") ? "B" : "A";
        if (pending != null
                && !pending.isNull()
                && pending.get("kind").asText().equals("DISCARD_DOWN")) {
            return discard(view, actor, pending);
        }
        List<JsonNode> playable = new ArrayList<>();
        for (JsonNode h : view.at("/seats/" + actor + "/hand")) {
            if (h.get("playable").asBoolean()) {
                playable.add(h);
            }
        }
        boolean response = pending != null && !pending.isNull();
        if (playable.isEmpty() || rnd.nextInt(5) == 0) {
            return Api.intent(response ? "PASS" : "END_TURN");
        }
        JsonNode card = playable.get(rnd.nextInt(playable.size()));
        boolean subsystem = card(card).get("targeting").asText().equals("ENEMY_SUBSYSTEM");
        return play(card, enemy, view, subsystem && !rnd.nextBoolean() ? "HULL" : "REACTOR");
    }
}
