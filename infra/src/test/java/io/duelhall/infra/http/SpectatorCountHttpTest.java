package io.duelhall.infra.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.infra.AppTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** {@code spectators} in {@code GET /api/matches} (the lobby's spectator count, docs/web.md). */
class SpectatorCountHttpTest extends AppTest {
    @LocalServerPort
    int port;
    Api api;

    @BeforeEach
    void setUp() {
        api = new Api(port);
    }

    @Test
    void theMatchListCountsOpenSpectatorStreams() throws Exception {
        String[] m = api.startedMatch("Count Ada", "Count Bo", 0);
        String id = m[0];
        await().atMost(Duration.ofSeconds(10)).until(() -> listed(id) != null);
        assertThat(listed(id).get("spectators").asInt()).isZero();
        try (Socket one = stream(id, null); Socket two = stream(id, null); Socket seat = stream(id, m[1])) {
            // seats are not spectators
            assertThat(listed(id).get("spectators").asInt()).isEqualTo(2);
            one.close();
            // a closed connection is noticed at the next write (heartbeats every second in the tests)
            await().atMost(Duration.ofSeconds(10)).until(() -> listed(id).get("spectators").asInt() == 1);
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> listed(id).get("spectators").asInt() == 0);
    }

    /** A raw stream connection (so that closing it really closes the socket), once its headers have arrived. */
    private Socket stream(String id, String token) throws Exception {
        Socket s = new Socket("127.0.0.1", port);
        String request = "GET /api/matches/" + id + "/stream HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n"
                + (token == null ? "" : "Authorization: Bearer " + token + "\r\n") + "\r\n";
        s.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
        s.getOutputStream().flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
        assertThat(in.readLine()).startsWith("HTTP/1.1 200");
        return s;
    }

    private JsonNode listed(String id) {
        for (JsonNode m : api.get("/api/matches?status=LIVE&limit=500", null).body()) {
            if (m.get("matchId").asText().equals(id)) {
                return m;
            }
        }
        return null;
    }
}
