package io.duelhall.infra.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.AppTest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Issue 42 over HTTP: {@code "ai": {"B": "ismcts"}} (the searching AI, its budget scaled down by
 * the tests' {@code duelhall.ai.search-scale}) plays a match of every hosted ruleset to its end
 * against greedy, and the audit passes; every level is accepted, an unknown name is refused with
 * 400 and stores nothing.
 */
class SearchAiHttpTest extends AppTest {
    @LocalServerPort int port;

    @Test
    @DisplayName("ismcts plays every ruleset to its end over the API; the levels are listed")
    void ismctsPlaysEveryRuleset() {
        Api api = new Api(port);
        JsonNode rulesets = api.get("/api/rulesets", null).body();
        List<String> ended = new ArrayList<>();
        for (JsonNode r : rulesets) {
            String id = r.get("id").asText();
            Res created =
                    api.post(
                            "/api/matches",
                            Map.of("ruleset", id, "ai", Map.of("A", "greedy", "B", "ismcts")),
                            null);
            assertThat(created.status()).as(created.raw()).isEqualTo(201);
            String match = created.body().get("matchId").asText();
            Instant until = Instant.now().plus(Duration.ofSeconds(240));
            while (!"ENDED".equals(EveryRulesetHttpTest.status(api, match))) {
                assertThat(Instant.now())
                        .as(id + ": the ismcts match " + match + " ends")
                        .isBefore(until);
                EveryRulesetHttpTest.sleep(250);
            }
            JsonNode view = api.get("/api/matches/" + match + "/view", null).body();
            assertThat(view.get("status").asText()).isEqualTo("ENDED");
            Res audit = api.get("/api/matches/" + match + "/audit", null);
            assertThat(audit.body().get("passed").asBoolean())
                    .as(id + " ismcts match audit: " + audit.raw())
                    .isTrue();
            ended.add(id);
        }
        assertThat(ended)
                .hasSize(rulesets.size())
                .contains("voidexa", "voidlit", "biome", "casket");
    }

    @Test
    @DisplayName("every level name is accepted; an unknown AI name is a 400 naming the levels")
    void levelsAreValidated() {
        Api api = new Api(port);
        for (String level : List.of("ismcts-weak", "ismcts-strong")) {
            Res ok =
                    api.post(
                            "/api/matches",
                            Map.of("ruleset", "casket", "ai", Map.of("B", level)),
                            null);
            assertThat(ok.status()).as(ok.raw()).isEqualTo(201);
        }
        Res bad =
                api.post(
                        "/api/matches",
                        Map.of("ruleset", "voidlit", "ai", Map.of("B", "ismcts-ultra")),
                        null);
        assertThat(bad.status()).as(bad.raw()).isEqualTo(400);
        assertThat(bad.raw()).contains("ismcts-ultra").contains("ismcts-strong");
    }
}
