package io.duelhall.infra.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.DuelhallApplication;
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
 * {@code AiResume}: an AI that owed the next move when the server stopped makes it after a restart.
 * The AI seats' processor has already passed the event the AI was answering (its token moved on
 * before the AI acted), so without the resume scan nothing would ever wake it: the first restart
 * below, with the scan switched off, shows exactly that (the match stands still); the second, with
 * it on, shows the AI carrying on through the same command path.
 */
@Tag("slow")
class AiResumeTest {
    static final Path DIR =
            Path.of("target", "ai-resume-data", UUID.randomUUID().toString()).toAbsolutePath();

    static ConfigurableApplicationContext start(String... more) {
        List<String> args =
                new ArrayList<>(List.of("--server.port=0", "--duelhall.data-dir=" + DIR));
        args.addAll(List.of(more));
        return new SpringApplicationBuilder(DuelhallApplication.class)
                .run(args.toArray(String[]::new));
    }

    static Api api(ConfigurableApplicationContext c) {
        return new Api(((WebServerApplicationContext) c).getWebServer().getPort());
    }

    static long version(Api api, String id) {
        Res r = api.get("/api/matches/" + id + "/view", null);
        assertThat(r.status()).as(r.raw()).isEqualTo(200);
        return r.body().get("version").asLong();
    }

    @Test
    void anAiThatOwedAMoveAtTheStopMakesItAfterARestart() throws Exception {
        String id;
        long stoppedAt;
        try (ConfigurableApplicationContext app = start("--duelhall.ai.delay-ms=600000")) {
            Api api = api(app);
            // both seats are the server's AI; each waits ten minutes before a move, so the first
            // move is still owed
            // when the server stops
            Res created =
                    api.post(
                            "/api/matches",
                            Map.of(
                                    "ruleset",
                                    "voidexa",
                                    "ai",
                                    Map.of("A", "greedy", "B", "greedy")),
                            null);
            assertThat(created.status()).as(created.raw()).isEqualTo(201);
            id = created.body().get("matchId").asText();
            JsonNode view = api.get("/api/matches/" + id + "/view", null).body();
            assertThat(view.get("status").asText()).isEqualTo("LIVE");
            stoppedAt = version(api, id);
            Thread.sleep(
                    1_500); // the AI seats' processor has seen every event (and moved its token
            // past them)
            assertThat(version(api, id)).isEqualTo(stoppedAt);
        }

        // control: no resume scan. The AI seats' processor resumes from its token, past the last
        // event: nothing moves.
        try (ConfigurableApplicationContext app =
                start("--duelhall.ai.delay-ms=0", "--duelhall.ai.resume-window=PT0S")) {
            Api api = api(app);
            Thread.sleep(5_000);
            assertThat(version(api, id))
                    .as("without the resume scan the owed AI move is never made")
                    .isEqualTo(stoppedAt);
        }

        // with the resume scan (the default): the AI makes its move, and the two AIs play on to the
        // end
        try (ConfigurableApplicationContext app = start("--duelhall.ai.delay-ms=0")) {
            Api api = api(app);
            long until = System.currentTimeMillis() + 120_000;
            JsonNode view = api.get("/api/matches/" + id + "/view", null).body();
            while (!view.get("status").asText().equals("ENDED")
                    && System.currentTimeMillis() < until) {
                Thread.sleep(250);
                view = api.get("/api/matches/" + id + "/view", null).body();
            }
            assertThat(view.get("version").asLong())
                    .as("the AI moved after the restart")
                    .isGreaterThan(stoppedAt);
            assertThat(view.get("status").asText())
                    .as("and the AIs played the match to its end")
                    .isEqualTo("ENDED");
            JsonNode events =
                    api.get(
                                    "/api/matches/"
                                            + id
                                            + "/events?from="
                                            + (stoppedAt + 1)
                                            + "&limit=5000",
                                    null)
                            .body()
                            .get("events");
            assertThat(events.get(0).get("type").asText()).isEqualTo("IntentAccepted");
            assertThat(events.get(0).at("/payload/intentId").asText())
                    .as("an AI seat's intent")
                    .startsWith("ai-");
        }
    }
}
