package io.duelhall.infra.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.DuelhallApplication;
import io.duelhall.infra.http.Api;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Issue 27, parts 3 and 4: the store's size is in the metrics, and a running server writes an
 * online backup — only for the admin — that restores into a server which shows, audits and plays on
 * exactly what was there at the backup.
 */
@Tag("slow")
class StoreBackupTest {
    static final Path DIR =
            Path.of("target", "store-backup", UUID.randomUUID().toString()).toAbsolutePath();
    static final String ADMIN = "admin-" + UUID.randomUUID();

    static ConfigurableApplicationContext start(Path data) {
        return new SpringApplicationBuilder(DuelhallApplication.class)
                .run(
                        "--server.port=0",
                        "--duelhall.data-dir=" + data,
                        "--duelhall.admin-token=" + ADMIN);
    }

    static Api api(ConfigurableApplicationContext c) {
        return new Api(((WebServerApplicationContext) c).getWebServer().getPort());
    }

    @Test
    void anOnlineBackupRestoresIntoAServerThatAuditsAndPlaysOn() throws Exception {
        String aiMatch;
        String[] people;
        long versionAtBackup;
        Path backup;
        try (ConfigurableApplicationContext a = start(DIR.resolve("live"))) {
            Api api = api(a);
            Res created =
                    api.post(
                            "/api/matches",
                            Map.of(
                                    "ruleset",
                                    "voidexa",
                                    "ai",
                                    Map.of("A", "greedy", "B", "random")),
                            null);
            aiMatch = created.body().get("matchId").asText();
            long until = System.currentTimeMillis() + 120_000;
            while (!api.get("/api/matches/" + aiMatch + "/view", null)
                    .body()
                    .get("status")
                    .asText()
                    .equals("ENDED")) {
                assertThat(System.currentTimeMillis()).isLessThan(until);
                Thread.sleep(100);
            }
            people = api.startedMatch();
            String first =
                    api.get("/api/matches/" + people[0] + "/view", null)
                            .body()
                            .get("activeSeat")
                            .asText();
            String token = first.equals("A") ? people[1] : people[2];
            assertThat(
                            api.post(
                                            "/api/matches/" + people[0] + "/intents",
                                            Api.intent("END_TURN"),
                                            token)
                                    .status())
                    .isEqualTo(200);

            // the store's size, as gauges
            MeterRegistry meters = a.getBean(MeterRegistry.class);
            double events = meters.get("duelhall.store.events").gauge().value();
            assertThat(events).as("events stored").isGreaterThan(100);
            assertThat(meters.get("duelhall.store.bytes").gauge().value()).isGreaterThan(events);
            assertThat(meters.get("duelhall.store.bytes.per.event").gauge().value()).isPositive();

            // only the admin
            assertThat(api.post("/api/admin/backup", Map.of(), null).status()).isEqualTo(401);
            assertThat(api.post("/api/admin/backup", Map.of(), people[1]).status())
                    .as("a seat token")
                    .isEqualTo(401);
            versionAtBackup =
                    api.get("/api/matches/" + people[0] + "/view", null)
                            .body()
                            .get("version")
                            .asLong();
            Res b = api.post("/api/admin/backup", Map.of(), ADMIN);
            assertThat(b.status()).as(b.raw()).isEqualTo(200);
            backup = Path.of(b.body().get("file").asText());
            assertThat(Files.size(backup)).isEqualTo(b.body().get("bytes").asLong()).isPositive();
            assertThat(b.body().get("events").asLong()).isGreaterThanOrEqualTo((long) events);

            // the live server goes on after the backup: the restored copy must not have this
            String second = first.equals("A") ? "B" : "A";
            Res after =
                    api.post(
                            "/api/matches/" + people[0] + "/intents",
                            Api.intent("END_TURN"),
                            second.equals("A") ? people[1] : people[2]);
            assertThat(after.status()).as(after.raw()).isEqualTo(200);
        }

        Path restored = DIR.resolve("restored");
        EmbeddedStore.restore(backup, restored);
        assertThat(restored.resolve("duelhall.mv.db")).exists();
        assertThat(restored.resolve("signing-key.pem")).exists();
        try (ConfigurableApplicationContext b = start(restored)) {
            Api api = api(b);
            JsonNode ai = api.get("/api/matches/" + aiMatch + "/view", null).body();
            assertThat(ai.get("status").asText()).isEqualTo("ENDED");
            Res audit = api.get("/api/matches/" + aiMatch + "/audit", null);
            assertThat(audit.body().get("passed").asBoolean()).as(audit.raw()).isTrue();
            JsonNode view = api.get("/api/matches/" + people[0] + "/view", null).body();
            assertThat(view.get("version").asLong())
                    .as("the match as it was at the backup")
                    .isEqualTo(versionAtBackup);
            String active = view.get("activeSeat").asText();
            Res next =
                    api.post(
                            "/api/matches/" + people[0] + "/intents",
                            Api.intent("END_TURN"),
                            active.equals("A") ? people[1] : people[2]);
            assertThat(next.status())
                    .as("the seat tokens of the backup still play: " + next.raw())
                    .isEqualTo(200);
        }
    }
}
