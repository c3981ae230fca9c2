package io.duelhall.infra.harden;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.AppTest;
import io.duelhall.infra.http.Api;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Issue 20, finding 9 (pages and operations): the pages had no CSP and no {@code X-Frame-Options};
 * {@code /actuator/metrics} was public while {@code /actuator/prometheus}, listed in API.md,
 * answered 404.
 */
class PagesAndOperationsHttpTest extends AppTest {
    @LocalServerPort int port;
    Api api;
    final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void setUp() {
        api = new Api(port);
    }

    HttpResponse<String> get(String path, String token) throws IOException, InterruptedException {
        HttpRequest.Builder b =
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void thePagesCarryACspAndMayNotBeFramed() throws Exception {
        for (String page :
                List.of(
                        "/",
                        "/index.html",
                        "/match.html",
                        "/replay.html",
                        "/js/api.js",
                        "/api/matches")) {
            HttpResponse<String> r = get(page, null);
            assertThat(r.statusCode()).as(page).isEqualTo(200);
            String csp = r.headers().firstValue("Content-Security-Policy").orElse("");
            assertThat(csp)
                    .as(page)
                    .contains(
                            "default-src 'self'",
                            "script-src 'self'",
                            "frame-ancestors 'none'",
                            "object-src 'none'")
                    .doesNotContain("unsafe-inline")
                    .doesNotContain("unsafe-eval");
            assertThat(r.headers().firstValue("X-Frame-Options")).as(page).hasValue("DENY");
            assertThat(r.headers().firstValue("X-Content-Type-Options"))
                    .as(page)
                    .hasValue("nosniff");
        }
    }

    @Test
    void metricsAreForOperatorsAndPrometheusIsServed() throws Exception {
        for (String path :
                List.of(
                        "/actuator/metrics",
                        "/actuator/metrics/jvm.memory.used",
                        "/actuator/prometheus")) {
            Res none = api.get(path, null);
            assertThat(none.status()).as(path + " " + none.raw()).isEqualTo(401);
            assertThat(none.error()).isEqualTo("MISSING_TOKEN");
            assertThat(api.get(path, "guess").error()).as(path).isEqualTo("BAD_TOKEN");
        }
        assertThat(get("/actuator/metrics", ADMIN_TOKEN).statusCode()).isEqualTo(200);
        HttpResponse<String> prometheus = get("/actuator/prometheus", ADMIN_TOKEN);
        assertThat(prometheus.statusCode()).as(prometheus.body()).isEqualTo(200);
        assertThat(prometheus.body()).contains("# TYPE jvm_memory_used_bytes gauge");
        assertThat(get("/actuator/health", null).statusCode())
                .as("health stays public")
                .isEqualTo(200);
    }
}
