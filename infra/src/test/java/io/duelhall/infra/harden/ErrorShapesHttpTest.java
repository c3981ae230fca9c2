package io.duelhall.infra.harden;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.infra.AppTest;
import io.duelhall.infra.http.Api;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Issue 20, finding 8: {@code GET /error} answered {@code 500 {"status":999}}, and paths with
 * {@code %2F}, {@code %00} or {@code ..} and headers over 8 KB got Tomcat's HTML page. Every error
 * the server sends is the JSON error shape. Raw sockets: an HTTP client library would clean these
 * requests up before sending them.
 */
class ErrorShapesHttpTest extends AppTest {
    @LocalServerPort int port;

    record Raw(int status, String headers, String body) {}

    Raw send(String requestLine, String extraHeaders) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(
                    (requestLine
                                    + "\r\nHost: 127.0.0.1\r\n"
                                    + extraHeaders
                                    + "Connection: close\r\n\r\n")
                            .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            in.transferTo(all);
            String text = all.toString(StandardCharsets.UTF_8);
            int split = text.indexOf("\r\n\r\n");
            String head = split < 0 ? text : text.substring(0, split);
            String body = split < 0 ? "" : text.substring(split + 4);
            if (head.toLowerCase().contains("transfer-encoding: chunked")) {
                body = unchunk(body);
            }
            return new Raw(Integer.parseInt(head.split(" ")[1]), head, body);
        }
    }

    static String unchunk(String body) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < body.length()) {
            int nl = body.indexOf("\r\n", i);
            int size = Integer.parseInt(body.substring(i, nl).trim(), 16);
            if (size == 0) {
                break;
            }
            out.append(body, nl + 2, nl + 2 + size);
            i = nl + 2 + size + 2;
        }
        return out.toString();
    }

    static void isJsonError(Raw r, int status) throws IOException {
        assertThat(r.status()).as(r.headers() + "\n" + r.body()).isEqualTo(status);
        assertThat(r.headers().toLowerCase())
                .as(r.headers())
                .contains("content-type: application/json");
        JsonNode body = Api.JSON.readTree(r.body());
        assertThat(body.path("error").asText()).as(r.body()).matches("[A-Z_]+");
        assertThat(body.path("message").asText()).isNotBlank();
        assertThat(body.has("rule")).isTrue();
        assertThat(r.body()).doesNotContain("<html").doesNotContain("999");
    }

    @Test
    void getErrorIsANotFoundInTheJsonShape() throws IOException {
        Raw r = send("GET /error HTTP/1.1", "");
        isJsonError(r, 404);
        assertThat(r.body()).contains("NOT_FOUND");
        isJsonError(send("POST /error HTTP/1.1", "Content-Length: 0\r\n"), 404);
    }

    @Test
    void pathsTomcatRefusesGetTheJsonShape() throws IOException {
        for (String path :
                List.of(
                        "/api/matches/a%2Fb/view",
                        "/api/matches/a%00b/view",
                        "/api/../../etc/passwd",
                        "/api/matches/%2e%2e/%2e%2e/view",
                        "/%5c..%5c")) {
            Raw r = send("GET " + path + " HTTP/1.1", "");
            assertThat(r.status()).as(path).isBetween(400, 499);
            isJsonError(r, r.status());
        }
    }

    @Test
    void headersOverTheLimitGetTheJsonShape() throws IOException {
        Raw r = send("GET /api/matches HTTP/1.1", "X-Big: " + "a".repeat(9000) + "\r\n");
        assertThat(r.status()).isBetween(400, 499);
        isJsonError(r, r.status());
    }

    @Test
    void aBrokenRequestLineGetsTheJsonShape() throws IOException {
        Raw r = send("GET /api/ma tches HTTP/1.1", "");
        assertThat(r.status()).isEqualTo(400);
        isJsonError(r, 400);
    }
}
