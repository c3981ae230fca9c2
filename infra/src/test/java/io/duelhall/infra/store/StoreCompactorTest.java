package io.duelhall.infra.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.DuelhallApplication;
import io.duelhall.infra.http.Api;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Issue 27: the embedded store is compacted while the server runs — AI matches are played while
 * compaction passes move pages — and nothing is lost by it: after a restart (whose close compacts
 * the whole file) every match shows as it ended and audits clean. The disk figures themselves are a
 * benchmark (docs/operations.md), not a test.
 */
@Tag("slow")
class StoreCompactorTest {
    static final Path DIR =
            Path.of("target", "store-compactor", UUID.randomUUID().toString()).toAbsolutePath();

    static ConfigurableApplicationContext start() {
        return new SpringApplicationBuilder(DuelhallApplication.class)
                .run(
                        "--server.port=0",
                        "--duelhall.data-dir=" + DIR,
                        "--duelhall.store.compact.interval=PT0.1S",
                        "--duelhall.limits.creates-per-address-per-minute=1000");
    }

    @Test
    void compactionWhileMatchesArePlayedLosesNothing() throws Exception {
        List<String> ids = new ArrayList<>();
        List<Long> versions = new ArrayList<>();
        try (ConfigurableApplicationContext app = start()) {
            Api api = new Api(((WebServerApplicationContext) app).getWebServer().getPort());
            for (int i = 0; i < 6; i++) {
                Res r =
                        api.post(
                                "/api/matches",
                                Map.of(
                                        "ruleset",
                                        "voidexa",
                                        "ai",
                                        Map.of("A", "greedy", "B", "random")),
                                null);
                ids.add(r.body().get("matchId").asText());
            }
            long until = System.currentTimeMillis() + 180_000;
            for (String id : ids) {
                while (!api.get("/api/matches/" + id + "/view", null)
                        .body()
                        .get("status")
                        .asText()
                        .equals("ENDED")) {
                    assertThat(System.currentTimeMillis()).isLessThan(until);
                    Thread.sleep(100);
                }
                versions.add(
                        api.get("/api/matches/" + id + "/view", null)
                                .body()
                                .get("version")
                                .asLong());
            }
            StoreCompactor compactor = app.getBean(StoreCompactor.class);
            assertThat(compactor.passes())
                    .as("compaction passes ran while the matches were played")
                    .isGreaterThan(5);
            assertThat(compactor.rewrites())
                    .as("and some of them moved live pages out of emptier chunks")
                    .isPositive();
        }
        try (ConfigurableApplicationContext app = start()) {
            Api api = new Api(((WebServerApplicationContext) app).getWebServer().getPort());
            for (int i = 0; i < ids.size(); i++) {
                String id = ids.get(i);
                assertThat(
                                api.get("/api/matches/" + id + "/view", null)
                                        .body()
                                        .get("version")
                                        .asLong())
                        .isEqualTo(versions.get(i));
                Res audit = api.get("/api/matches/" + id + "/audit", null);
                assertThat(audit.body().get("passed").asBoolean()).as(audit.raw()).isTrue();
            }
        }
    }
}
