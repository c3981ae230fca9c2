package io.duelhall.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.client.JsonHttp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.HdrHistogram.Recorder;

/**
 * An AI-driven HTTP client that plays both seats of one match from what the API shows each seat: at
 * each decision it reads the seat's view (hand with total costs and playable flags, energy, the
 * enemy's drones and cards), then plays — the most expensive playable cards it can pay for (Reactor
 * first for a subsystem target), a Reactive answer in a response window when it holds one, the
 * surplus (most expensive first) when it must discard — and ends its turn. Every intent and every
 * view read is timed.
 */
public final class Bot {
    /** Running totals of a load run; safe to share between bots. */
    public static final class Stats {
        public final Recorder intentLatency = new Recorder(3);
        public final Recorder viewLatency = new Recorder(3);
        public final java.util.concurrent.atomic.LongAdder accepted =
                new java.util.concurrent.atomic.LongAdder();
        public final java.util.concurrent.atomic.LongAdder events =
                new java.util.concurrent.atomic.LongAdder();
        public final java.util.concurrent.atomic.LongAdder refused =
                new java.util.concurrent.atomic.LongAdder();
        public final java.util.concurrent.atomic.LongAdder views =
                new java.util.concurrent.atomic.LongAdder();
        public final java.util.concurrent.atomic.LongAdder matches =
                new java.util.concurrent.atomic.LongAdder();

        /**
         * Every request a bot sends (intents accepted or refused, view reads, a match's creation
         * and its two seats): the load driver reports them per accepted intent (issue 46).
         */
        public final java.util.concurrent.atomic.LongAdder requests =
                new java.util.concurrent.atomic.LongAdder();

        /**
         * Every acknowledged intent, when asked for (the kill -9 check): matchId, token, body,
         * version.
         */
        public final List<Ack> acks = java.util.Collections.synchronizedList(new ArrayList<>());

        public volatile boolean keepAcks;

        /** Paces every intent of the run (the load curve, issue 46); null: as fast as answered. */
        volatile Pacer pacer;
    }

    public record Ack(String matchId, String token, String body, long version) {}

    private final JsonHttp http;
    private final Map<String, JsonNode> cards;
    private final JsonNode decks;
    private final Stats stats;

    public Bot(JsonHttp http, Map<String, JsonNode> cards, JsonNode decks, Stats stats) {
        this.http = http;
        this.cards = cards;
        this.decks = decks;
        this.stats = stats;
    }

    public static Map<String, JsonNode> catalog(JsonHttp http) {
        Map<String, JsonNode> m = new HashMap<>();
        for (JsonNode c : http.get("/api/cards", null).body()) {
            m.put(c.get("id").asText(), c);
        }
        return m;
    }

    /** Creates a match, seats both players, and plays it until it ends or {@code go} says stop. */
    public void playMatch(BooleanSupplier go) {
        JsonHttp.Res created = http.post("/api/matches", Map.of("ruleset", "voidexa"), null);
        stats.requests.add(3); // the match and its two seats
        String id = created.body().get("matchId").asText();
        String a =
                http.post("/api/matches/" + id + "/seats", JsonHttp.seat("Ada", decks.get(0)), null)
                        .body()
                        .get("playerToken")
                        .asText();
        String b =
                http.post("/api/matches/" + id + "/seats", JsonHttp.seat("Bo", decks.get(1)), null)
                        .body()
                        .get("playerToken")
                        .asText();
        Map<String, String> tokens = Map.of("A", a, "B", b);
        String guess = "A";
        while (go.getAsBoolean()) {
            JsonNode view = view(id, tokens.get(guess));
            if (view.get("status").asText().equals("ENDED")) {
                stats.matches.increment();
                return;
            }
            String actor = JsonHttp.actor(view);
            if (!actor.equals(guess)) {
                guess = actor;
                view = view(id, tokens.get(actor));
            }
            guess = turn(id, actor, tokens.get(actor), view);
            if (guess == null) {
                stats.matches.increment();
                return;
            }
        }
    }

    /**
     * Plays seat {@code me} of match {@code id}, whose other seat is someone else's (the server's
     * AI), until the match ends or {@code go} says stop, waiting {@code pauseMillis} before each
     * decision (a person's pace).
     */
    public void playSeat(String id, String me, String token, long pauseMillis, BooleanSupplier go)
            throws InterruptedException {
        while (go.getAsBoolean()) {
            JsonNode view = view(id, token);
            if (view.get("status").asText().equals("ENDED")) {
                stats.matches.increment();
                return;
            }
            if (!me.equals(JsonHttp.actor(view))) {
                Thread.sleep(50);
                continue;
            }
            Thread.sleep(pauseMillis);
            turn(id, me, token, view(id, token));
        }
    }

    private JsonNode view(String id, String token) {
        long t0 = System.nanoTime();
        JsonHttp.Res r = http.get("/api/matches/" + id + "/view", token);
        stats.requests.increment();
        stats.viewLatency.recordValue((System.nanoTime() - t0) / 1000);
        stats.views.increment();
        if (r.status() != 200) {
            throw new IllegalStateException("view answered " + r.status() + ": " + r.body());
        }
        return r.body();
    }

    /**
     * Plays {@code me}'s decision(s) from its view; returns the seat that acts next, or null if the
     * match ended.
     */
    private String turn(String id, String me, String token, JsonNode view) {
        JsonNode pending = view.get("pendingDecision");
        JsonNode seat = view.at("/seats/" + me);
        String enemy = me.equals("A") ? "B" : "A";
        if (pending != null
                && !pending.isNull()
                && pending.get("kind").asText().equals("DISCARD_DOWN")) {
            int owed = seat.get("handCount").asInt() - seat.get("maxHandSize").asInt();
            List<JsonNode> hand = sortedByCost(seat.get("hand"));
            ObjectNode d = JsonHttp.intent("DISCARD_DOWN");
            ArrayNode ids = d.putArray("cards");
            for (int i = 0; i < owed; i++) {
                ids.add(hand.get(i).get("id").asText());
            }
            return next(send(id, token, d), me);
        }
        if (pending != null
                && !pending.isNull()
                && pending.get("kind").asText().equals("RESPONSE")) {
            for (JsonNode c : seat.get("hand")) {
                if (c.get("playable").asBoolean()) {
                    ObjectNode p = play(c, view, enemy);
                    if (p != null) {
                        return next(send(id, token, p), me);
                    }
                }
            }
            return next(send(id, token, JsonHttp.intent("PASS")), me);
        }
        int energy = seat.at("/energy/value").asInt();
        for (JsonNode c : sortedByCost(seat.get("hand"))) {
            int cost = c.at("/cost/total").asInt();
            if (!c.get("playable").asBoolean() || cost > energy) {
                continue;
            }
            ObjectNode p = play(c, view, enemy);
            if (p == null) {
                continue;
            }
            JsonNode r = send(id, token, p);
            if (r == null) {
                continue; // refused (the state moved on): try the next card
            }
            energy -= cost;
            String who = next(r, me);
            if (who == null || !who.equals(me)) {
                return who; // the match ended, or a response window opened for the enemy
            }
        }
        return next(send(id, token, JsonHttp.intent("END_TURN")), me);
    }

    private static List<JsonNode> sortedByCost(JsonNode hand) {
        List<JsonNode> l = new ArrayList<>();
        hand.forEach(l::add);
        l.sort((x, y) -> Integer.compare(y.at("/cost/total").asInt(), x.at("/cost/total").asInt()));
        return l;
    }

    private ObjectNode play(JsonNode handCard, JsonNode view, String enemy) {
        ObjectNode p = JsonHttp.intent("PLAY_CARD");
        p.put("card", handCard.get("id").asText());
        JsonNode card = cards.get(handCard.get("card").asText());
        String targeting = card == null ? "NONE" : card.path("targeting").asText("NONE");
        JsonNode foe = view.at("/seats/" + enemy);
        switch (targeting) {
            case "ENEMY_SUBSYSTEM" ->
                    target(p, "SUBSYSTEM", enemy, null).put("subsystem", "REACTOR");
            case "ENEMY_DRONE" -> {
                if (foe.get("drones").isEmpty()) {
                    return null;
                }
                target(p, "DRONE", enemy, foe.get("drones").get(0).get("id").asText());
            }
            case "ENEMY_CARD" -> {
                if (!foe.get("inPlay").isEmpty()) {
                    target(p, "CARD", enemy, foe.get("inPlay").get(0).get("id").asText());
                } else if (foe.hasNonNull("field")) {
                    target(p, "CARD", enemy, foe.get("field").get("id").asText());
                } else {
                    return null;
                }
            }
            default -> {
                // NONE, or ENEMY_SHIP_OR_DRONE whose default target is the enemy ship
            }
        }
        return p;
    }

    private static ObjectNode target(ObjectNode intent, String kind, String seat, String id) {
        ObjectNode t = JsonHttp.target(intent.withArray("targets"), kind, seat);
        if (id != null) {
            t.put("id", id);
        }
        return t;
    }

    /** Sends an intent; the accepted answer, or null if it was refused. */
    private JsonNode send(String id, String token, ObjectNode intent) {
        Pacer pacer = stats.pacer;
        if (pacer != null) {
            pacer.await();
        }
        long t0 = System.nanoTime();
        JsonHttp.Res r = http.post("/api/matches/" + id + "/intents", intent, token);
        stats.requests.increment();
        stats.intentLatency.recordValue((System.nanoTime() - t0) / 1000);
        if (r.status() != 200) {
            stats.refused.increment();
            return null;
        }
        stats.accepted.increment();
        stats.events.add(r.body().get("events").size());
        if (stats.keepAcks) {
            stats.acks.add(new Ack(id, token, intent.toString(), r.body().get("version").asLong()));
        }
        return r.body();
    }

    /**
     * Who acts after an answer, from its events: a window's responder, a discarding seat, a new
     * turn's seat.
     */
    private static String next(JsonNode answer, String me) {
        if (answer == null) {
            return me;
        }
        String who = me;
        for (JsonNode e : answer.get("events")) {
            JsonNode p = e.get("payload");
            switch (e.get("type").asText()) {
                case "MatchEnded" -> {
                    return null;
                }
                case "ResponseWindowOpened" -> who = p.get("responder").asText();
                case "ResponseWindowClosed" ->
                        who = me.equals(p.get("responder").asText()) ? other(me) : me;
                case "TurnStarted", "DiscardRequired" -> who = p.get("seat").asText();
                default -> {}
            }
        }
        return who;
    }

    private static String other(String seat) {
        return seat.equals("A") ? "B" : "A";
    }
}
