package io.duelhall.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.duelhall.client.JsonHttp;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The queue's HTTP run follows each ticket's stream only until the run ends: a ticket still waiting
 * then (its stream open, no MATCHED) must not hold its guest, and with it the run, until the server
 * closes the stream. Once seen: {@code QueueSimTest}'s HTTP run took 185 s instead of about 37
 * beside another test class.
 */
class QueueHttpRunTest {

    @Test
    void aTicketStreamStillWaitingIsLeftWhenTheRunEnds() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        HttpServer server =
                ticketStream(
                        body -> {
                            body.write(
                                    "data: {\"status\":\"WAITING\"}\n\n"
                                            .getBytes(StandardCharsets.UTF_8));
                            body.flush();
                            // a ticket nobody fits: the stream stays open (here until the test
                            // ends)
                            try {
                                release.await(60, TimeUnit.SECONDS);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        });
        try {
            JsonHttp http = new JsonHttp("http://127.0.0.1:" + server.getAddress().getPort());
            long t0 = System.nanoTime();
            JsonNode matched =
                    QueueHttpRun.streamed(http, "t1", "tok", System.currentTimeMillis() + 500);
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertThat(matched).as("no MATCHED was sent").isNull();
            assertThat(ms)
                    .as("left at the run's end (0.5 s), not when the server closes")
                    .isLessThan(10_000);
            assertThat(ms).as("followed until the run's end").isGreaterThanOrEqualTo(400);
        } finally {
            release.countDown();
            server.stop(0);
        }
    }

    @Test
    void aMatchedTicketIsReadFromItsStream() throws Exception {
        HttpServer server =
                ticketStream(
                        body ->
                                body.write(
                                        ("data: {\"status\":\"WAITING\"}\n\n"
                                                        + "data: {\"status\":\"MATCHED\","
                                                        + "\"waitedMs\":1234}\n\n")
                                                .getBytes(StandardCharsets.UTF_8)));
        try {
            JsonHttp http = new JsonHttp("http://127.0.0.1:" + server.getAddress().getPort());
            JsonNode matched =
                    QueueHttpRun.streamed(http, "t1", "tok", System.currentTimeMillis() + 30_000);
            assertThat(matched).isNotNull();
            assertThat(matched.get("waitedMs").asLong()).isEqualTo(1234);
        } finally {
            server.stop(0);
        }
    }

    /** What a ticket's stream sends, after its head. */
    interface Frames {
        void write(OutputStream body) throws java.io.IOException;
    }

    /** A server whose every ticket stream answers 200, text/event-stream, then {@code frames}. */
    static HttpServer ticketStream(Frames frames) throws java.io.IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext(
                "/api/tickets/",
                exchange -> {
                    exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
                    exchange.sendResponseHeaders(200, 0);
                    try (OutputStream body = exchange.getResponseBody()) {
                        frames.write(body);
                    }
                });
        server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        server.start();
        return server;
    }
}
