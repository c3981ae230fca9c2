package io.duelhall.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A small JSON-over-HTTP client for the load driver and the HTTP self-play. */
public final class Http {
    public static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient client;
    private final String base;

    public Http(String base) {
        this.base = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
    }

    public String base() {
        return base;
    }

    public record Res(int status, JsonNode body) {
        public String error() {
            return body == null || body.get("error") == null ? null : body.get("error").asText();
        }
    }

    public Res get(String path, String token) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60)).GET();
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
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return send(b.build());
    }

    private Res send(HttpRequest r) {
        try {
            HttpResponse<byte[]> resp = client.send(r, HttpResponse.BodyHandlers.ofByteArray());
            JsonNode node = resp.body().length == 0 ? null : JSON.readTree(resp.body());
            return new Res(resp.statusCode(), node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The body of a seat request with a starter deck. */
    public static ObjectNode seat(String name, JsonNode deck) {
        ObjectNode b = JSON.createObjectNode();
        b.put("name", name);
        b.put("pilotClass", deck.get("pilotClass").asText());
        ObjectNode d = b.putObject("deck");
        d.put("shipCore", deck.get("shipCore").asText());
        d.set("cards", deck.get("cards").deepCopy());
        return b;
    }

    public boolean healthy() {
        try {
            Res r = get("/actuator/health", null);
            return r.status() == 200 && r.body() != null && "UP".equals(r.body().path("status").asText());
        } catch (RuntimeException e) {
            return false;
        }
    }
}
