package io.duelhall.infra.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

/** A small real-HTTP client for the tests: JSON in, JSON out, status kept. */
public final class Api {
    public static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;

    public Api(int port) {
        this.base = "http://127.0.0.1:" + port;
    }

    public record Res(int status, JsonNode body, String raw, java.net.http.HttpHeaders headers) {
        public String error() {
            return body == null || body.get("error") == null ? null : body.get("error").asText();
        }
    }

    public Res get(String path, String token) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30)).GET();
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return send(b.build());
    }

    public Res post(String path, Object body, String token) {
        String json;
        try {
            json = body instanceof String s ? s : JSON.writeValueAsString(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return send(b.build());
    }

    private Res send(HttpRequest r) {
        try {
            HttpResponse<String> resp = http.send(r, HttpResponse.BodyHandlers.ofString());
            JsonNode node = null;
            try {
                node = resp.body().isEmpty() ? null : JSON.readTree(resp.body());
            } catch (IOException ignored) {
                // not JSON: keep the raw body
            }
            return new Res(resp.statusCode(), node, resp.body(), resp.headers());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    // ---- match helpers ----

    public String createMatch() {
        Res r = post("/api/matches", Map.of("ruleset", "voidexa"), null);
        if (r.status() != 201) {
            throw new AssertionError("create failed: " + r.raw());
        }
        return r.body().get("matchId").asText();
    }

    public ObjectNode seatBody(String name, JsonNode deck) {
        ObjectNode b = JSON.createObjectNode();
        b.put("name", name);
        b.put("pilotClass", deck.get("pilotClass").asText());
        ObjectNode d = b.putObject("deck");
        d.put("shipCore", deck.get("shipCore").asText());
        d.set("cards", deck.get("cards").deepCopy());
        return b;
    }

    public JsonNode starterDecks() {
        return get("/api/decks/starter", null).body();
    }

    /** Creates a voidexa match whose spectators are {@code spectatorDelaySeconds} behind. */
    public String createMatch(int spectatorDelaySeconds) {
        Res r = post("/api/matches", Map.of("ruleset", "voidexa",
                "options", Map.of("spectatorDelaySeconds", spectatorDelaySeconds)), null);
        if (r.status() != 201) {
            throw new AssertionError("create failed: " + r.raw());
        }
        return r.body().get("matchId").asText();
    }

    /** Takes the next seat of {@code matchId} with starter deck {@code deck}; returns the seat token. */
    public String takeSeat(String matchId, String name, int deck) {
        Res r = post("/api/matches/" + matchId + "/seats", seatBody(name, starterDecks().get(deck)), null);
        if (r.status() != 201) {
            throw new AssertionError("seat failed: " + r.raw());
        }
        return r.body().get("playerToken").asText();
    }

    /** A started match with these player names and spectator delay; returns [matchId, tokenA, tokenB]. */
    public String[] startedMatch(String nameA, String nameB, int spectatorDelaySeconds) {
        String id = createMatch(spectatorDelaySeconds);
        String a = takeSeat(id, nameA, 0);
        String b = takeSeat(id, nameB, 1);
        return new String[]{id, a, b};
    }

    /** Creates a match and seats two players with the starter decks; returns [matchId, tokenA, tokenB]. */
    public String[] startedMatch() {
        String id = createMatch();
        JsonNode decks = starterDecks();
        Res a = post("/api/matches/" + id + "/seats", seatBody("Ada", decks.get(0)), null);
        Res b = post("/api/matches/" + id + "/seats", seatBody("Bo", decks.get(1)), null);
        if (a.status() != 201 || b.status() != 201) {
            throw new AssertionError("seats failed: " + a.raw() + " / " + b.raw());
        }
        return new String[]{id, a.body().get("playerToken").asText(), b.body().get("playerToken").asText()};
    }

    public static ObjectNode intent(String type) {
        ObjectNode n = JSON.createObjectNode();
        n.put("intentId", UUID.randomUUID().toString());
        n.put("type", type);
        return n;
    }

    public static ObjectNode target(ArrayNode targets, String kind, String seat) {
        ObjectNode t = targets.addObject();
        t.put("kind", kind);
        t.put("seat", seat);
        return t;
    }
}
