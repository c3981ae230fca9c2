package io.duelhall.infra.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.infra.AppTest;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/** {@code spectators} in {@code GET /api/matches} (the lobby's spectator count, docs/web.md). */
class SpectatorCountHttpTest extends AppTest {
    @LocalServerPort int port;
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
        // two spectators: two client addresses (the loopback has them all)
        try (Socket one = stream(id, null, "127.0.0.2");
                Socket two = stream(id, null, "127.0.0.3");
                Socket seat = stream(id, m[1], "127.0.0.4")) {
            // seats are not spectators
            assertThat(listed(id).get("spectators").asInt()).isEqualTo(2);
            one.close();
            // a closed connection is noticed at the next write (heartbeats every second in the
            // tests)
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> listed(id).get("spectators").asInt() == 1);
        }
        await().atMost(Duration.ofSeconds(10))
                .until(() -> listed(id).get("spectators").asInt() == 0);
    }

    /**
     * Issue 20, finding 9: the count could be inflated to any number by one client opening streams.
     * It counts client addresses: 20 streams from one address are one spectator.
     */
    @Test
    void oneClientOpeningManyStreamsCountsOnce() throws Exception {
        String[] m = api.startedMatch("Count Cy", "Count Di", 0);
        String id = m[0];
        await().atMost(Duration.ofSeconds(10)).until(() -> listed(id) != null);
        java.util.List<Socket> many = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < 20; i++) {
                many.add(stream(id, null, "127.0.0.5"));
            }
            assertThat(listed(id).get("spectators").asInt()).isEqualTo(1);
            many.add(stream(id, null, "127.0.0.6"));
            assertThat(listed(id).get("spectators").asInt()).isEqualTo(2);
        } finally {
            for (Socket s : many) {
                s.close();
            }
        }
        await().atMost(Duration.ofSeconds(10))
                .until(() -> listed(id).get("spectators").asInt() == 0);
    }

    /**
     * A raw stream connection (so that closing it really closes the socket), once its headers have
     * arrived.
     */
    private Socket stream(String id, String token, String from) throws Exception {
        Socket s =
                new Socket(
                        java.net.InetAddress.getByName("127.0.0.1"),
                        port,
                        java.net.InetAddress.getByName(from),
                        0);
        String request =
                "GET /api/matches/"
                        + id
                        + "/stream HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n"
                        + (token == null ? "" : "Authorization: Bearer " + token + "\r\n")
                        + "\r\n";
        s.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
        s.getOutputStream().flush();
        BufferedReader in =
                new BufferedReader(
                        new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
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
