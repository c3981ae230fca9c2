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

/** A simple client that plays matches over HTTP from what the API shows it (its own view and the card catalog). */
public final class Bot {
    private final Api api;
    private final Map<String, JsonNode> cards = new HashMap<>();
    private final Random rnd;

    public Bot(Api api, long seed) {
        this.api = api;
        this.rnd = new Random(seed);
        for (JsonNode c : api.get("/api/cards", null).body()) {
            cards.put(c.get("id").asText(), c);
        }
    }

    /** The seat that owes the next decision, read from {@code view}. */
    public static String actor(JsonNode view) {
        JsonNode pending = view.get("pendingDecision");
        return pending != null && !pending.isNull() ? pending.get("seat").asText() : view.get("activeSeat").asText();
    }

    /** Sends one intent for whoever must act; returns the accepted answer. Fails on anything but 200. */
    public Res step(String matchId, Map<String, String> tokens) {
        JsonNode any = api.get("/api/matches/" + matchId + "/view", tokens.get("A")).body();
        String actor = actor(any);
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

    private ObjectNode choose(JsonNode view, String actor) {
        JsonNode pending = view.get("pendingDecision");
        JsonNode hand = view.at("/seats/" + actor + "/hand");
        String enemy = actor.equals("A") ? "B" : "A";
        if (pending != null && !pending.isNull() && pending.get("kind").asText().equals("DISCARD_DOWN")) {
            ObjectNode d = Api.intent("DISCARD_DOWN");
            ArrayNode ids = d.putArray("cards");
            for (int i = 0; i < pending.get("count").asInt(); i++) {
                ids.add(hand.get(i).get("id").asText());
            }
            return d;
        }
        List<JsonNode> playable = new ArrayList<>();
        for (JsonNode h : hand) {
            if (h.get("playable").asBoolean()) {
                playable.add(h);
            }
        }
        boolean response = pending != null && !pending.isNull();
        if (playable.isEmpty() || rnd.nextInt(5) == 0) {
            return Api.intent(response ? "PASS" : "END_TURN");
        }
        JsonNode card = playable.get(rnd.nextInt(playable.size()));
        ObjectNode p = Api.intent("PLAY_CARD");
        p.put("card", card.get("id").asText());
        switch (cards.get(card.get("card").asText()).get("targeting").asText()) {
            case "ENEMY_SUBSYSTEM" -> Api.target(p.putArray("targets"), "SUBSYSTEM", enemy).put("subsystem",
                    rnd.nextBoolean() ? "REACTOR" : "HULL");
            case "ENEMY_DRONE" -> Api.target(p.putArray("targets"), "DRONE", enemy)
                    .put("id", view.at("/seats/" + enemy + "/drones/0/id").asText());
            case "ENEMY_CARD" -> {
                JsonNode inPlay = view.at("/seats/" + enemy + "/inPlay");
                String target = inPlay.size() > 0 ? inPlay.get(0).get("id").asText() : view.at("/seats/" + enemy + "/field/id").asText();
                Api.target(p.putArray("targets"), "CARD", enemy).put("id", target);
            }
            default -> {
                // no target, or the enemy ship by default
            }
        }
        return p;
    }
}
