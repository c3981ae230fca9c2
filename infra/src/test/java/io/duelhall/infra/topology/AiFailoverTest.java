package io.duelhall.infra.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.command.ai.AiDriver;
import io.duelhall.infra.http.Api;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Issue 21, findings 2 and 3, on a real PostgreSQL with two nodes that have separate data
 * directories (no shared file but the database). AI matches are created on node X, whose AI waits
 * ten minutes before each move, so every AI match whose segment X holds stalls there with a move
 * owed. X then goes away. Node Y — started before those matches existed, so no start-up scan of its
 * own can have seen them — takes X's segments of the AI seats' processor and must play every one of
 * those matches to its end, signing the AI's intents without any key of X's.
 */
@Tag("postgres")
@Tag("slow")
class AiFailoverTest {
    static final Path DATA =
            Path.of("target", "topology", "ai-failover-" + UUID.randomUUID()).toAbsolutePath();
    static TestPostgres.Database db;
    static ConfigurableApplicationContext x;
    static ConfigurableApplicationContext y;

    static ConfigurableApplicationContext node(String name, long aiDelayMillis) {
        return Nodes.app(
                "spring.profiles.active=postgres",
                "duelhall.data-dir=" + DATA.resolve(name),
                "spring.datasource.url=" + db.url(),
                "spring.datasource.username=" + db.user(),
                "spring.datasource.password=" + db.password(),
                "duelhall.node-name=" + name,
                "duelhall.ai.delay-ms=" + aiDelayMillis,
                "duelhall.ai.resume-check=PT0.5S",
                "axon.eventhandling.tokenstore.claim-timeout=3s");
    }

    @AfterAll
    static void stop() {
        for (ConfigurableApplicationContext c : new ConfigurableApplicationContext[] {y, x}) {
            if (c != null && c.isActive()) {
                c.close();
            }
        }
    }

    @Test
    void aiMatchesOfANodeThatWentAwayArePlayedToTheEndByTheOther() throws Exception {
        db = TestPostgres.freshDatabase("aifailover");
        x = node("node-x", 600_000);
        y = node("node-y", 0);
        Api onX = new Api(Nodes.port(x));
        Api onY = new Api(Nodes.port(y));
        AiDriver xDriver = x.getBean(AiDriver.class);

        List<String> stalled = new ArrayList<>();
        for (int i = 0; i < 12 && stalled.size() < 2; i++) {
            int before = xDriver.liveMatches();
            Res created =
                    onX.post(
                            "/api/matches",
                            Map.of(
                                    "ruleset",
                                    "voidexa",
                                    "ai",
                                    Map.of("A", "greedy", "B", "greedy")),
                            null);
            assertThat(created.status()).as(created.raw()).isEqualTo(201);
            String id = created.body().get("matchId").asText();
            long until = System.currentTimeMillis() + 5_000;
            while (xDriver.liveMatches() == before && System.currentTimeMillis() < until) {
                Thread.sleep(50);
            }
            if (xDriver.liveMatches() > before) {
                stalled.add(id); // X's AI holds it, waiting ten minutes for its first move
            }
        }
        assertThat(stalled).as("AI matches whose segment node X holds").isNotEmpty();
        Thread.sleep(1_500);
        for (String id : stalled) {
            assertThat(status(onY, id)).as("stalled on X: its AI waits").isEqualTo("LIVE");
        }
        long[] versions =
                stalled.stream()
                        .mapToLong(
                                id ->
                                        onY.get("/api/matches/" + id + "/view", null)
                                                .body()
                                                .get("version")
                                                .asLong())
                        .toArray();

        x.close(); // X goes away; Y takes its segments

        long deadline = System.currentTimeMillis() + 150_000;
        for (int i = 0; i < stalled.size(); i++) {
            String id = stalled.get(i);
            JsonNode view = onY.get("/api/matches/" + id + "/view", null).body();
            while (!view.get("status").asText().equals("ENDED")) {
                assertThat(System.currentTimeMillis())
                        .as(
                                "AI match %s should be played on by node Y; at version %s",
                                id, view.get("version"))
                        .isLessThan(deadline);
                Thread.sleep(200);
                view = onY.get("/api/matches/" + id + "/view", null).body();
            }
            assertThat(view.get("version").asLong()).isGreaterThan(versions[i]);
            assertThat(view.at("/result/reason").asText())
                    .as("played out, not conceded")
                    .isNotEqualTo("CONCEDED");
        }
    }

    private static String status(Api api, String id) {
        return api.get("/api/matches/" + id + "/view", null).body().get("status").asText();
    }
}
