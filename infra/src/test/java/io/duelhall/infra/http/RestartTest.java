package io.duelhall.infra.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.DuelhallApplication;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Matches live in the H2 file store: a stopped and restarted app knows them and can go on playing
 * them.
 */
@Tag("slow")
class RestartTest {
    static final Path DIR =
            Path.of("target", "restart-data", UUID.randomUUID().toString()).toAbsolutePath();

    static ConfigurableApplicationContext start() {
        return new SpringApplicationBuilder(DuelhallApplication.class)
                // as arguments: they win over application.yml (builder default properties would
                // not, and the app
                // would run on ./data and port 8080)
                .run("--server.port=0", "--duelhall.data-dir=" + DIR);
    }

    static int port(ConfigurableApplicationContext c) {
        return ((WebServerApplicationContext) c).getWebServer().getPort();
    }

    @Test
    void aRestartKeepsTheMatch() {
        String[] m;
        JsonNode before;
        try (ConfigurableApplicationContext app = start()) {
            Api api = new Api(port(app));
            m = api.startedMatch();
            JsonNode view = api.get("/api/matches/" + m[0] + "/view", m[1]).body();
            String active = view.get("activeSeat").asText();
            Res ended =
                    api.post(
                            "/api/matches/" + m[0] + "/intents",
                            Api.intent("END_TURN"),
                            active.equals("A") ? m[1] : m[2]);
            assertThat(ended.status()).isEqualTo(200);
            before = api.get("/api/matches/" + m[0] + "/view", m[1]).body();
        }
        try (ConfigurableApplicationContext app = start()) {
            Api api = new Api(port(app));
            JsonNode after = api.get("/api/matches/" + m[0] + "/view", m[1]).body();
            assertThat(after).isEqualTo(before);
            String active = after.get("activeSeat").asText();
            Res next =
                    api.post(
                            "/api/matches/" + m[0] + "/intents",
                            Api.intent("END_TURN"),
                            active.equals("A") ? m[1] : m[2]);
            assertThat(next.status()).as(next.raw()).isEqualTo(200);
            assertThat(next.body().get("version").asLong())
                    .isGreaterThan(after.get("version").asLong());
        }
    }

    /**
     * One server per embedded data directory: a second app on the directory of a running one (here
     * in the same JVM, where H2 would share the open database) is refused before it opens the
     * store, naming the directory; once the first has stopped, the directory starts again.
     */
    @Test
    void aSecondServerOnARunningDataDirectoryIsRefused() {
        String id;
        try (ConfigurableApplicationContext app = start()) {
            id = new Api(port(app)).startedMatch()[0];
            org.assertj.core.api.Assertions.assertThatThrownBy(RestartTest::start)
                    .hasStackTraceContaining(
                            "The data directory " + DIR + " is in use by another duelhall server");
            assertThat(new Api(port(app)).get("/api/matches/" + id + "/view", null).status())
                    .as("the running server goes on")
                    .isEqualTo(200);
        }
        try (ConfigurableApplicationContext app = start()) {
            assertThat(new Api(port(app)).get("/api/matches/" + id + "/view", null).status())
                    .isEqualTo(200);
        }
    }

    /**
     * D-CLOCK-1: a turn clock pending when the server stops fires after the restart: late, never
     * lost, never twice.
     */
    @Test
    void aPendingTurnClockFiresAfterARestartExactlyOnce() throws Exception {
        String id;
        String first;
        try (ConfigurableApplicationContext app = start()) {
            Api api = new Api(port(app));
            Res created =
                    api.post(
                            "/api/matches", Map.of("options", Map.of("turnClockSeconds", 5)), null);
            id = created.body().get("matchId").asText();
            JsonNode decks = api.starterDecks();
            api.post("/api/matches/" + id + "/seats", api.seatBody("Ada", decks.get(0)), null);
            api.post("/api/matches/" + id + "/seats", api.seatBody("Bo", decks.get(1)), null);
            JsonNode view = api.get("/api/matches/" + id + "/view", null).body();
            first = view.get("activeSeat").asText();
            assertThat(view.at("/clock/seat").asText()).isEqualTo(first);
            assertThat(view.at("/clock/kind").asText()).isEqualTo("TURN");
            assertThat(java.time.Instant.parse(view.at("/clock/deadline").asText()))
                    .isBetween(
                            java.time.Instant.now().plusSeconds(1),
                            java.time.Instant.now().plusSeconds(6));
        }
        Thread.sleep(6_000); // the server is down when the deadline passes
        try (ConfigurableApplicationContext app = start()) {
            Api api = new Api(port(app));
            long until = System.currentTimeMillis() + 20_000;
            int timeouts = 0;
            while (System.currentTimeMillis() < until && timeouts == 0) {
                timeouts = turnOneTimeouts(api, id);
                Thread.sleep(200);
            }
            assertThat(timeouts).as("the deadline fired after the restart").isEqualTo(1);
            Thread.sleep(1_500);
            assertThat(turnOneTimeouts(api, id)).as("and only once").isEqualTo(1);
            JsonNode view = api.get("/api/matches/" + id + "/view", null).body();
            assertThat(view.get("activeSeat").asText()).isNotEqualTo(first);
        }
    }

    private static int turnOneTimeouts(Api api, String id) {
        int n = 0;
        for (JsonNode e : api.get("/api/matches/" + id + "/events", null).body().get("events")) {
            if (e.get("type").asText().equals("TurnTimedOut")
                    && e.at("/payload/turn").asInt() == 1) {
                n++;
            }
        }
        return n;
    }
}
