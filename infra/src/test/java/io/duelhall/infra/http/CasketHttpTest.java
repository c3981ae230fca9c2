package io.duelhall.infra.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.AppTest;
import io.duelhall.infra.http.EveryRulesetHttpTest.Leaks;
import io.duelhall.infra.http.EveryRulesetHttpTest.Match;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Issue 16 over HTTP: casket, the first game of more than two seats, as a client that knows no rule
 * plays it. Four people take the seats of a four-seat match with the starter seat requests, play it
 * from {@code /moves} (one seat owes a decision at a time; a spectator never sees a hidden card),
 * and the finished match audits clean with every die re-derived from the seeds; four AI seats
 * finish a match of their own, audited clean too.
 */
class CasketHttpTest extends AppTest {
    static final int MAX_STEPS = 6000;

    @LocalServerPort int port;

    @Test
    @DisplayName(
            "C-SEATS-1, C-DICE-1: four seats play casket over HTTP from /moves; every die is"
                    + " re-derived by the audit")
    void fourSeatsPlayFromMovesAndEveryDieIsAudited() {
        Api api = new Api(port);
        JsonNode starters = api.get("/api/rulesets/casket/decks/starter", null).body();
        String[] names = {"Ann", "Bea", "Cy", "Dov"};
        Match m = EveryRulesetHttpTest.start(api, "casket", starters, names);
        JsonNode opened = api.get("/api/matches/" + m.id() + "/view", null).body();
        assertThat(opened.get("seats").size()).as("four seats in the view").isEqualTo(4);

        Random random = new Random(16);
        Leaks leaks = new Leaks();
        Set<Integer> movers = new LinkedHashSet<>();
        int steps = 0;
        while (steps < MAX_STEPS && !"ENDED".equals(EveryRulesetHttpTest.status(api, m.id()))) {
            if (steps % 10 == 0) {
                leaks.check(api, "casket", m);
            }
            int owing = -1;
            JsonNode moves = null;
            for (int s = 0; s < m.tokens().length; s++) {
                JsonNode listed =
                        api.get("/api/matches/" + m.id() + "/moves", m.tokens()[s])
                                .body()
                                .get("moves");
                if (!listed.isEmpty()) {
                    assertThat(owing).as("one seat owes a decision at a time").isEqualTo(-1);
                    owing = s;
                    moves = listed;
                }
            }
            assertThat(owing).as("a live match has a seat that owes a decision").isNotNegative();
            movers.add(owing);
            ObjectNode move =
                    ((ObjectNode) moves.get(random.nextInt(moves.size())).deepCopy())
                            .put("intentId", UUID.randomUUID().toString());
            Res sent = api.post("/api/matches/" + m.id() + "/intents", move, m.tokens()[owing]);
            assertThat(sent.status())
                    .as("listed move " + move + " -> " + sent.raw())
                    .isEqualTo(200);
            steps++;
        }
        assertThat(movers).as("every seat acted").containsExactlyInAnyOrder(0, 1, 2, 3);
        assertThat(leaks.checked).as("hidden cards were looked for").isPositive();
        // a random walk may not end the match: seats concede, one after another, until one stands
        for (int s = 0; s < 3 && !"ENDED".equals(EveryRulesetHttpTest.status(api, m.id())); s++) {
            Res conceded =
                    api.post(
                            "/api/matches/" + m.id() + "/intents",
                            Api.intent("CONCEDE"),
                            m.tokens()[s]);
            // a seat already out of the match may no longer concede
            assertThat(conceded.status()).as(conceded.raw()).isIn(200, 409);
        }
        EveryRulesetHttpTest.ended(api, "casket", m, names);
        diceAudited(api, m.id());
    }

    @Test
    @DisplayName("C-SEATS-1: four AI seats finish a casket match, audited clean")
    void fourAiSeatsFinishAMatch() {
        Api api = new Api(port);
        Res created =
                api.post(
                        "/api/matches",
                        Map.of(
                                "ruleset",
                                "casket",
                                "options",
                                Map.of("seats", 4),
                                "ai",
                                Map.of("A", "greedy", "B", "random", "C", "greedy", "D", "random")),
                        null);
        assertThat(created.status()).as(created.raw()).isEqualTo(201);
        String id = created.body().get("matchId").asText();
        Instant until = Instant.now().plus(Duration.ofSeconds(240));
        while (!"ENDED".equals(EveryRulesetHttpTest.status(api, id))) {
            assertThat(Instant.now()).as("the AI match " + id + " ends").isBefore(until);
            EveryRulesetHttpTest.sleep(250);
        }
        JsonNode view = api.get("/api/matches/" + id + "/view", null).body();
        assertThat(view.get("seats").size()).isEqualTo(4);
        diceAudited(api, id);
    }

    @Test
    @DisplayName("a seat count outside 2 to 6 is refused and creates nothing")
    void aSeatCountOutsideTheRangeIsRefused() {
        Api api = new Api(port);
        for (int seats : new int[] {1, 7}) {
            Res r =
                    api.post(
                            "/api/matches",
                            Map.of("ruleset", "casket", "options", Map.of("seats", seats)),
                            null);
            // 400 as for every option out of its range (issue 45, finding 7: it was 422)
            assertThat(r.status()).as(r.raw()).isEqualTo(400);
            assertThat(r.body().get("error").asText()).isEqualTo("OUT_OF_RANGE");
        }
    }

    /** The audit passes and its random-draw check names every die the record holds. */
    static void diceAudited(Api api, String id) {
        JsonNode audit = api.get("/api/matches/" + id + "/audit", null).body();
        assertThat(audit.get("passed").asBoolean()).as(audit.toString()).isTrue();
        JsonNode record = api.get("/api/matches/" + id + "/export", null).body();
        int rolls = 0;
        for (JsonNode e : record.get("events")) {
            if (e.get("type").asText().endsWith("DiceRolled")) {
                rolls++;
            }
        }
        assertThat(rolls).as("dice were rolled in " + id).isPositive();
        String draws = null;
        for (JsonNode c : audit.get("checks")) {
            if (c.get("name").asText().equals("randomDraws")) {
                draws = c.get("details").asText();
            }
        }
        assertThat(draws).isNotNull();
        assertThat(draws.split(" dice ", -1).length - 1)
                .as("every DiceRolled event re-derived: " + draws)
                .isEqualTo(rolls);
    }
}
