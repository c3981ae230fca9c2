package io.duelhall.infra.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.DuelhallApplication;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Abuse limits with small numbers: 429 with Retry-After past a bucket, 413 past the body size,
 * counted in metrics.
 */
@SpringBootTest(
        classes = DuelhallApplication.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "duelhall.limits.intents-per-token-per-second=1",
                    "duelhall.limits.intents-per-token-burst=3",
            "duelhall.limits.creates-per-address-per-minute=2",
                    "duelhall.limits.max-body-bytes=2048",
            "duelhall.limits.logins-per-address-per-minute=3"
        })
// no other class shares this app: stopped when the class ends, not left running beside the rest of
// the suite in this JVM (cached contexts are never paused: spring.properties)
@org.springframework.test.annotation.DirtiesContext
class LimitsHttpTest {
    static final Path DIR =
            Path.of("target", "limits-data", UUID.randomUUID().toString()).toAbsolutePath();
    static final String ADMIN_TOKEN = "limits-admin-" + UUID.randomUUID();

    @DynamicPropertySource
    static void dataDir(DynamicPropertyRegistry registry) {
        registry.add("duelhall.data-dir", DIR::toString);
        registry.add("duelhall.admin-token", () -> ADMIN_TOKEN);
    }

    @LocalServerPort int port;

    @Test
    void limitsAnswer429And413AndChangeNothing() throws Exception {
        Api api = new Api(port);
        String[] m = api.startedMatch(); // one create of two
        assertThat(api.post("/api/matches", Map.of(), null).status()).isEqualTo(201);
        Res third = api.post("/api/matches", Map.of(), null);
        assertThat(third.status()).isEqualTo(429);
        assertThat(third.error()).isEqualTo("RATE_LIMITED");
        assertThat(Long.parseLong(third.headers().firstValue("Retry-After").orElseThrow()))
                .isBetween(1L, 60L);

        String path = "/api/matches/" + m[0] + "/intents";
        long version =
                api.get("/api/matches/" + m[0] + "/view", null).body().get("version").asLong();
        int limited = 0;
        for (int i = 0; i < 6; i++) {
            Res r =
                    api.post(
                            path,
                            Api.intent("PASS"),
                            m[1]); // refused by the rules (409) or by the limit (429)
            if (r.status() == 429) {
                limited++;
            }
        }
        assertThat(limited).as("a burst of 3 then 1 per second").isGreaterThanOrEqualTo(2);
        assertThat(api.get("/api/matches/" + m[0] + "/view", null).body().get("version").asLong())
                .isEqualTo(version);
        // the other seat's token has its own bucket
        assertThat(api.post(path, Api.intent("PASS"), m[2]).status()).isNotEqualTo(429);

        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> big =
                http.send(
                        HttpRequest.newBuilder(
                                        URI.create("http://127.0.0.1:" + port + "/api/matches"))
                                .header("Content-Type", "application/json")
                                .POST(
                                        HttpRequest.BodyPublishers.ofString(
                                                "{\"ruleset\":\"" + "x".repeat(4000) + "\"}"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(big.statusCode()).isEqualTo(413);
        assertThat(big.body()).contains("PAYLOAD_TOO_LARGE");
        byte[] chunked =
                ("{\"intentId\":\"" + "y".repeat(4000) + "\",\"type\":\"PASS\"}").getBytes();
        HttpResponse<String> streamed =
                http.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                                .header("Content-Type", "application/json")
                                .header("Authorization", "Bearer " + m[2])
                                .POST(
                                        HttpRequest.BodyPublishers.ofInputStream(
                                                () -> new ByteArrayInputStream(chunked)))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(streamed.statusCode()).as(streamed.body()).isEqualTo(413);

        // metrics are for operators (issue 20, finding 9): the admin token
        Res metric = api.get("/actuator/metrics/duelhall.limits.refused", ADMIN_TOKEN);
        assertThat(metric.status()).isEqualTo(200);
        assertThat(metric.body().at("/measurements/0/value").asDouble())
                .isGreaterThanOrEqualTo(4.0);
        assertThat(third.raw()).contains("creates-per-address");
    }

    @Test
    void logInsAndRegistrationsShareOneBudgetPerAddress() {
        Api api = new Api(port);
        String name = "Lim" + UUID.randomUUID().toString().substring(0, 6);
        Map<String, String> right = Map.of("name", name, "password", Api.PASSWORD);
        assertThat(api.post("/api/players", right, null).status()).isEqualTo(201);
        assertThat(
                        api.post(
                                        "/api/sessions",
                                        Map.of("name", name, "password", "a wrong guess!"),
                                        null)
                                .status())
                .isEqualTo(401);
        assertThat(api.post("/api/sessions", right, null).status()).isEqualTo(201);
        // the fourth within the minute is refused before any password is checked, even the right
        // one
        Res limited = api.post("/api/sessions", right, null);
        assertThat(limited.status()).as(limited.raw()).isEqualTo(429);
        assertThat(limited.error()).isEqualTo("RATE_LIMITED");
        assertThat(limited.raw()).contains("logins-per-address");
        assertThat(limited.headers().firstValue("Retry-After")).isPresent();
        Res register =
                api.post(
                        "/api/players", Map.of("name", name + "x", "password", Api.PASSWORD), null);
        assertThat(register.status()).isEqualTo(429);
        // only the POSTs count: asking who a token belongs to is not limited (and still answers in
        // JSON)
        assertThat(api.get("/api/sessions/me", null).status()).isEqualTo(401);
    }

    /**
     * Issue 45, finding 1: after the plain path answered 429, {@code /api/sessions;x=1} answered
     * 401 and 201 as if no limit existed, and so did every other spelling the container routes to
     * the same handler. Now a path parameter, dot segment or {@code //} is 400 BAD_PATH, and the
     * spellings that are served (encoded letters, a trailing slash) meet the same bucket. The
     * requests go out on raw sockets from an address of their own (127.0.0.3), so the client cannot
     * tidy the path and the other tests' buckets are not touched.
     */
    @Test
    void noSpellingOfAPathSideStepsTheLimit() throws Exception {
        String name = "Spell" + UUID.randomUUID().toString().substring(0, 6);
        String right = "{\"name\":\"" + name + "\",\"password\":\"" + Api.PASSWORD + "\"}";
        String wrong = "{\"name\":\"" + name + "\",\"password\":\"not the password\"}";
        assertThat(RawHttp.send(port, "127.0.0.3", "POST", "/api/players", right).status())
                .isEqualTo(201);
        assertThat(RawHttp.send(port, "127.0.0.3", "POST", "/api/sessions", wrong).status())
                .isEqualTo(401);
        assertThat(RawHttp.send(port, "127.0.0.3", "POST", "/api/sessions", right).status())
                .isEqualTo(201);
        assertThat(RawHttp.send(port, "127.0.0.3", "POST", "/api/sessions", right).status())
                .isEqualTo(429);
        for (String path :
                java.util.List.of(
                        "/api/sessions;x=1",
                        "/api/sessions;",
                        "/api;x=1/sessions",
                        "/api/sessions%3Bx=1",
                        "/api/sessions%3bx=1",
                        "/api//sessions",
                        "//api/sessions",
                        "/api/./sessions",
                        "/api/x/../sessions",
                        "/api/sessions/.",
                        "/api/%2E/sessions",
                        "/api%2Fsessions",
                        "/api\\sessions")) {
            RawHttp.Answer a = RawHttp.send(port, "127.0.0.3", "POST", path, right);
            assertThat(a.status()).as(path + " " + a.body()).isEqualTo(400);
            assertThat(a.body()).as(path).doesNotContain("playerToken");
        }
        for (String path : java.util.List.of("/api/sessions;x=1", "/api//sessions")) {
            assertThat(RawHttp.send(port, "127.0.0.3", "POST", path, right).body())
                    .as(path)
                    .contains("BAD_PATH");
        }
        // spellings that the application serves as the plain path meet the plain path's bucket
        for (String path :
                java.util.List.of("/api/sessions/", "/api/%73essions", "/api/session%73")) {
            RawHttp.Answer a = RawHttp.send(port, "127.0.0.3", "POST", path, right);
            assertThat(a.status()).as(path + " " + a.body()).isIn(429, 404);
            assertThat(a.body()).as(path).doesNotContain("playerToken");
        }
        // match creation from another address: a budget of 2, then every spelling is refused
        for (int i = 0; i < 2; i++) {
            assertThat(RawHttp.send(port, "127.0.0.4", "POST", "/api/matches", "{}").status())
                    .isEqualTo(201);
        }
        for (String path :
                java.util.List.of(
                        "/api/matches",
                        "/api/matches;x=1",
                        "/api/matches/",
                        "/api/%6datches",
                        "/api/./matches",
                        "/API/MATCHES")) {
            int status = RawHttp.send(port, "127.0.0.4", "POST", path, "{}").status();
            assertThat(status).as(path).isIn(400, 404, 405, 429);
        }
        // the operators' metrics: no spelling reaches them without the admin token
        for (String path :
                java.util.List.of(
                        "/actuator/metrics",
                        "/actuator/metrics;x=1",
                        "/actuator/%6detrics",
                        "/actuator/metrics/",
                        "/actuator//metrics",
                        "/actuator/prometheus;a=b")) {
            int status = RawHttp.send(port, "127.0.0.5", "GET", path, null).status();
            assertThat(status).as(path).isIn(400, 401, 404);
        }
        // the plain paths of others are untouched
        assertThat(RawHttp.send(port, "127.0.0.6", "POST", "/api/sessions", right).status())
                .isEqualTo(201);
    }
}
