package io.duelhall.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

/**
 * A small JSON-over-HTTP client of the app's API (HTTP/1.1, java.net.http): JSON in, JSON out,
 * status, raw body and headers kept. The one client of the benchmarks (load driver, self-play over
 * HTTP) and of the HTTP tests.
 */
public class JsonHttp {
    public static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient client;
    private final String base;
    private final Duration timeout;

    public JsonHttp(String base) {
        this(base, Duration.ofSeconds(60));
    }

    /**
     * @param timeout how long one request may take before it fails
     */
    public JsonHttp(String base, Duration timeout) {
        this.base = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
        this.timeout = timeout;
        this.client =
                HttpClient.newBuilder()
                        .version(HttpClient.Version.HTTP_1_1)
                        .connectTimeout(Duration.ofSeconds(5))
                        .build();
    }

    public String base() {
        return base;
    }

    /**
     * An answer: status, the body as JSON (null when empty or not JSON), the body as text, the
     * headers.
     */
    public record Res(int status, JsonNode body, String raw, HttpHeaders headers) {
        public String error() {
            return body == null || body.get("error") == null ? null : body.get("error").asText();
        }
    }

    public Res get(String path, String token) {
        return send(getRequest(path, token));
    }

    /** A GET with extra request headers, e.g. {@code X-Player-Token}. */
    public Res get(String path, String token, Map<String, String> headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(getRequest(path, token), (n, v) -> true);
        headers.forEach(b::header);
        return send(b.build());
    }

    private HttpRequest getRequest(String path, String token) {
        HttpRequest.Builder b =
                HttpRequest.newBuilder(URI.create(base + path)).timeout(timeout).GET();
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return b.build();
    }

    /**
     * An answer as it came: status and body bytes, nothing parsed (for benchmarks that time the
     * server alone).
     */
    public record Bytes(int status, byte[] body) {
        public JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /**
     * A GET whose answer is only read, not parsed: the time it takes is the server's answer to its
     * last byte.
     */
    public Bytes getBytes(String path, String token) {
        HttpResponse<byte[]> resp = exchange(getRequest(path, token));
        return new Bytes(resp.statusCode(), resp.body());
    }

    /** POSTs {@code body} as JSON (a String is sent as it is). */
    public Res post(String path, Object body, String token) {
        return post(path, body, token, Map.of());
    }

    /**
     * POSTs {@code body} as JSON with extra request headers, e.g. {@code X-Player-Token} to take a
     * seat as a registered player (docs/identities.md).
     */
    public Res post(String path, Object body, String token, Map<String, String> headers) {
        String json;
        try {
            json = body instanceof String s ? s : JSON.writeValueAsString(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        HttpRequest.Builder b =
                HttpRequest.newBuilder(URI.create(base + path))
                        .timeout(timeout)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(json));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        headers.forEach(b::header);
        return send(b.build());
    }

    public Res delete(String path, String token) {
        return delete(path, token, Map.of());
    }

    /** A DELETE with extra request headers, e.g. {@code X-Player-Token}. */
    public Res delete(String path, String token, Map<String, String> headers) {
        HttpRequest.Builder b =
                HttpRequest.newBuilder(URI.create(base + path)).timeout(timeout).DELETE();
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        headers.forEach(b::header);
        return send(b.build());
    }

    private Res send(HttpRequest r) {
        HttpResponse<byte[]> resp = exchange(r);
        String raw = new String(resp.body(), StandardCharsets.UTF_8);
        JsonNode node = null;
        if (resp.body().length > 0) {
            try {
                node = JSON.readTree(resp.body());
            } catch (IOException notJson) {
                // keep the raw body only
            }
        }
        return new Res(resp.statusCode(), node, raw, resp.headers());
    }

    /** Sends a request and reads its whole answer as bytes. */
    private HttpResponse<byte[]> exchange(HttpRequest r) {
        try {
            return client.send(r, HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * The body of a seat request with a starter deck (an element of {@code GET
     * /api/decks/starter}).
     */
    public static ObjectNode seat(String name, JsonNode deck) {
        ObjectNode b = JSON.createObjectNode();
        b.put("name", name);
        b.put("pilotClass", deck.get("pilotClass").asText());
        ObjectNode d = b.putObject("deck");
        d.put("shipCore", deck.get("shipCore").asText());
        d.set("cards", deck.get("cards").deepCopy());
        return b;
    }

    /** An intent's body: {@code type} and a fresh {@code intentId}. */
    public static ObjectNode intent(String type) {
        ObjectNode n = JSON.createObjectNode();
        n.put("intentId", UUID.randomUUID().toString());
        n.put("type", type);
        return n;
    }

    /** Adds a target of {@code kind} on {@code seat}'s side to {@code targets}; returns it. */
    public static ObjectNode target(ArrayNode targets, String kind, String seat) {
        ObjectNode t = targets.addObject();
        t.put("kind", kind);
        t.put("seat", seat);
        return t;
    }

    /**
     * The seat that owes the next decision, read from a view ({@code pendingDecision}'s seat, else
     * the active seat); null when the match is not live.
     */
    public static String actor(JsonNode view) {
        if (!view.get("status").asText().equals("LIVE")) {
            return null;
        }
        JsonNode pending = view.get("pendingDecision");
        return pending != null && !pending.isNull()
                ? pending.get("seat").asText()
                : view.get("activeSeat").asText();
    }

    /** Whether {@code /actuator/health} answers UP. */
    public boolean healthy() {
        try {
            Res r = get("/actuator/health", null);
            return r.status() == 200
                    && r.body() != null
                    && "UP".equals(r.body().path("status").asText());
        } catch (RuntimeException e) {
            return false;
        }
    }
}
