package io.duelhall.infra.http;

import io.duelhall.infra.DuelhallApplication;
import io.duelhall.infra.http.Sse.Message;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 20, findings 2 and 3: floods of connections from one address, on loopback. The attacker connects from
 * 127.0.0.2 (and 127.0.0.3, 127.0.0.4), the honest client from 127.0.0.1, all to the app on 127.0.0.1.
 * <ul>
 *     <li>Never-read SSE streams: past the cap of an address, and of the node, a stream is refused (429
 *     {@code TOO_MANY_STREAMS}); the app answers health within 1 s and an intent within 100 ms meanwhile, an honest
 *     spectator keeps getting its events, and the places free once the attacker's sockets close.</li>
 *     <li>Unfinished request bodies ({@code Content-Length: 5000}, a few bytes sent): they hold no worker thread;
 *     past the cap of an address they are refused at once (429 {@code TOO_MANY_BODIES}), the rest get 408
 *     {@code BODY_TIMEOUT}; health and an intent answer meanwhile, and nothing is changed.</li>
 * </ul>
 */
@SpringBootTest(classes = DuelhallApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "duelhall.limits.intents-per-token-per-second=1000", "duelhall.limits.intents-per-token-burst=2000",
        "duelhall.limits.creates-per-address-per-minute=100000", "duelhall.limits.seats-per-address-per-minute=100000",
        "duelhall.stream.max-per-address=" + FloodHttpTest.STREAMS_PER_ADDRESS,
        "duelhall.stream.max-per-node=" + FloodHttpTest.STREAMS_PER_NODE,
        "duelhall.stream.heartbeat-seconds=1",
        "duelhall.limits.bodies-per-address=" + FloodHttpTest.BODIES_PER_ADDRESS,
        "duelhall.limits.body-timeout=3s"})
class FloodHttpTest {
    static final int STREAMS_PER_ADDRESS = 20;
    static final int STREAMS_PER_NODE = 45;
    static final int BODIES_PER_ADDRESS = 32;
    /** More than Tomcat's 200 worker threads. */
    static final int SLOW_BODIES = 220;
    static final Path DIR = Path.of("target", "flood-data", UUID.randomUUID().toString()).toAbsolutePath();

    @DynamicPropertySource
    static void dataDir(DynamicPropertyRegistry registry) {
        registry.add("duelhall.data-dir", DIR::toString);
    }

    @LocalServerPort
    int port;
    Api api;
    Bot bot;
    final HttpClient quick = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

    @BeforeEach
    void setUp() {
        api = new Api(port);
        bot = new Bot(api, 11);
    }

    @Test
    void neverReadStreamsAreCappedPerAddressAndPerNodeAndTheAppStaysResponsive() throws Exception {
        String[] m = api.startedMatch("Ada", "Bo", 0);
        Map<String, String> tokens = Map.of("A", m[1], "B", m[2]);
        String path = "/api/matches/" + m[0] + "/stream";
        List<Socket> attack = new ArrayList<>();
        try (Sse honest = Sse.open(port, path, null, null)) {
            assertThat(honest.status()).isEqualTo(200);
            // 127.0.0.2 asks for 3x its cap, never reading a stream once it has its status line
            int[] from2 = openStreams("127.0.0.2", path, STREAMS_PER_ADDRESS * 3, attack);
            assertThat(from2[0]).as("streams opened from one address").isEqualTo(STREAMS_PER_ADDRESS);
            assertThat(from2[1]).as("refused with 429 TOO_MANY_STREAMS past the address's cap")
                    .isEqualTo(STREAMS_PER_ADDRESS * 2);
            // two more addresses fill the node (the honest stream holds one place)
            int[] from3 = openStreams("127.0.0.3", path, STREAMS_PER_ADDRESS, attack);
            int[] from4 = openStreams("127.0.0.4", path, STREAMS_PER_ADDRESS, attack);
            assertThat(from3[0]).isEqualTo(STREAMS_PER_ADDRESS);
            int left = STREAMS_PER_NODE - 1 - 2 * STREAMS_PER_ADDRESS;
            assertThat(from4[0]).as("the node's cap").isEqualTo(left);
            assertThat(from4[1]).isEqualTo(STREAMS_PER_ADDRESS - left);

            // the app answers while the never-read streams are open, and they get events they do not read
            assertResponsive(m[0], tokens);
            long last = 0;
            for (int i = 0; i < 10; i++) {
                last = bot.step(m[0], tokens).body().get("version").asLong();
            }
            Message got = honest.awaitId(last, Duration.ofSeconds(5));
            assertThat(got.id()).as("the honest spectator gets its events beside never-read streams").isEqualTo(last);
            assertResponsive(m[0], tokens);
        } finally {
            for (Socket s : attack) {
                s.close();
            }
        }
        // the attacker's places free once the app notices the closed sockets (at the next heartbeat)
        long end = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        int opened = 0;
        List<Socket> again = new ArrayList<>();
        try {
            while (System.nanoTime() < end && opened < STREAMS_PER_ADDRESS) {
                opened += openStreams("127.0.0.2", path, STREAMS_PER_ADDRESS - opened, again)[0];
                Thread.sleep(200);
            }
        } finally {
            for (Socket s : again) {
                s.close();
            }
        }
        assertThat(opened).as("places given back after the sockets closed").isEqualTo(STREAMS_PER_ADDRESS);
        assertResponsive(m[0], tokens);
    }

    @Test
    void unfinishedBodiesHoldNoThreadAndAreRefusedOrTimedOut() throws Exception {
        String[] m = api.startedMatch("Cy", "Di", 0);
        Map<String, String> tokens = Map.of("A", m[1], "B", m[2]);
        // the unfinished requests ask for seats of a waiting match: none may be taken
        String waiting = api.createMatch(0);
        long version = api.get("/api/matches/" + waiting + "/view", null).body().get("version").asLong();
        String head = "POST /api/matches/" + waiting + "/seats HTTP/1.1\r\nHost: 127.0.0.1:" + port
                + "\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{\"name\":\"";
        List<Socket> slow = new ArrayList<>();
        long t0 = System.nanoTime();
        try {
            for (int i = 0; i < SLOW_BODIES; i++) {
                Socket s = connect("127.0.0.2");
                s.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
                s.getOutputStream().flush();
                slow.add(s);
            }
            Thread.sleep(300); // let them reach the app
            // while all of them hang: the app answers others at once
            assertResponsive(m[0], tokens);
            double refusedBy = (System.nanoTime() - t0) / 1e9;

            // past the cap of the address: refused at once (before the body timeout), the connection closed
            int refused = 0;
            List<Socket> pending = new ArrayList<>();
            for (Socket s : slow) {
                if (s.getInputStream().available() > 0) {
                    s.setSoTimeout(1000);
                    String answer = readAll(s);
                    assertThat(answer).startsWith("HTTP/1.1 429").contains("TOO_MANY_BODIES")
                            .containsIgnoringCase("Connection: close");
                    refused++;
                } else {
                    pending.add(s);
                }
            }
            assertThat(refusedBy).as("the refusals were there before the body timeout").isLessThan(3);
            assertThat(refused).as("bodies refused past the cap of one address")
                    .isEqualTo(SLOW_BODIES - BODIES_PER_ADDRESS);
            // the others: 408 once the body timeout (3 s) has passed, the connection closed
            int timedOut = 0;
            for (Socket s : pending) {
                s.setSoTimeout(6000);
                String answer = readAll(s);
                assertThat(answer).startsWith("HTTP/1.1 408").contains("BODY_TIMEOUT");
                timedOut++;
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertThat(timedOut).as("bodies that did not arrive in time").isEqualTo(BODIES_PER_ADDRESS);
            assertThat(seconds).as("all answered and closed by the body timeout").isLessThan(10);
        } finally {
            for (Socket s : slow) {
                s.close();
            }
        }
        assertResponsive(m[0], tokens);
        // nothing changed: the waiting match took no seat
        com.fasterxml.jackson.databind.JsonNode view = api.get("/api/matches/" + waiting + "/view", null).body();
        assertThat(view.get("version").asLong()).isEqualTo(version);
        assertThat(view.get("status").asText()).isEqualTo("WAITING");
    }

    /** Health within 1 s, and a normal intent (read the view, send the intent) within 100 ms at the median of 5. */
    void assertResponsive(String matchId, Map<String, String> tokens) throws Exception {
        long t = System.nanoTime();
        HttpResponse<String> health = quick.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/actuator/health"))
                .timeout(Duration.ofSeconds(1)).GET().build(), HttpResponse.BodyHandlers.ofString());
        double healthMillis = (System.nanoTime() - t) / 1e6;
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(health.body()).contains("UP");
        assertThat(healthMillis).as("health answers within 1 s").isLessThan(1000);
        List<Double> millis = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            long s = System.nanoTime();
            bot.step(matchId, tokens);
            millis.add((System.nanoTime() - s) / 1e6);
        }
        millis.sort(Double::compare);
        System.out.printf("flood: health %.1f ms, intent (view + intent) median %.1f ms (%s)%n", healthMillis,
                millis.get(2), millis);
        assertThat(millis.get(2)).as("a normal intent within 100 ms (median of 5): " + millis).isLessThan(100);
    }

    /**
     * Opens {@code n} streams from {@code from} on raw sockets with a small receive window, reading each only as far as
     * its status line; the opened ones are kept in {@code keep} and never read again. Returns [opened, refused].
     */
    int[] openStreams(String from, String path, int n, List<Socket> keep) throws IOException {
        int opened = 0;
        int refused = 0;
        for (int i = 0; i < n; i++) {
            Socket s = connect(from);
            s.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port
                    + "\r\nAccept: text/event-stream\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            String status = statusLine(s);
            if (status.startsWith("HTTP/1.1 200")) {
                keep.add(s);
                opened++;
            } else {
                assertThat(status).startsWith("HTTP/1.1 429");
                s.setSoTimeout(300); // the answer is there at once; the connection stays open (keep-alive)
                String rest = readAll(s);
                assertThat(rest).contains("TOO_MANY_STREAMS").contains("Retry-After");
                s.close();
                refused++;
            }
        }
        return new int[]{opened, refused};
    }

    Socket connect(String from) throws IOException {
        Socket s = new Socket();
        s.setReceiveBufferSize(4096); // a small window: the app's writes to a never-read stream back up soon
        s.bind(new InetSocketAddress(from, 0));
        s.connect(new InetSocketAddress("127.0.0.1", port), 2000);
        s.setSoTimeout(5000);
        return s;
    }

    static String statusLine(Socket s) throws IOException {
        InputStream in = s.getInputStream();
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b; (b = in.read()) >= 0 && b != '\n'; ) {
            line.write(b);
        }
        return line.toString(StandardCharsets.US_ASCII).trim();
    }

    /** What the socket has until it closes, or until it is quiet for its read timeout. */
    static String readAll(Socket s) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[4096];
        try {
            InputStream in = s.getInputStream();
            for (int n; (n = in.read(buf)) >= 0; ) {
                out.write(buf, 0, n);
            }
        } catch (SocketTimeoutException quiet) {
            // nothing more for now
        } catch (IOException closed) {
            // reset
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
