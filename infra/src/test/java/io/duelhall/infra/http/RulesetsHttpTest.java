package io.duelhall.infra.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.AppTest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Versioned rules over HTTP (issue 25): {@code GET /api/rulesets} names the current version and
 * every version still served; each served catalog can be read by its version; a new match runs (and
 * its view names) the current one.
 */
class RulesetsHttpTest extends AppTest {
    static final String OLD_CATALOG = "voidexa-cards-2026.11.1";

    @LocalServerPort int port;

    @Test
    void rulesetsNameTheCurrentVersionAndEveryServedOne() {
        Api api = new Api(port);
        Res list = api.get("/api/rulesets", null);
        assertThat(list.status()).as(list.raw()).isEqualTo(200);
        JsonNode voidexa = list.body().get(0);
        assertThat(voidexa.get("id").asText()).isEqualTo("voidexa");
        assertThat(voidexa.at("/seats/min").asInt()).isEqualTo(2);
        assertThat(voidexa.at("/seats/max").asInt()).isEqualTo(2);
        String engine = voidexa.at("/current/engine").asText();
        String catalog = voidexa.at("/current/catalog").asText();
        assertThat(engine).startsWith("voidexa-");
        assertThat(catalog).isNotEqualTo(OLD_CATALOG);
        List<String> served = new ArrayList<>();
        voidexa.get("served")
                .forEach(
                        v ->
                                served.add(
                                        v.get("engine").asText()
                                                + " "
                                                + v.get("catalog").asText()));
        assertThat(served)
                .as("the current version first, then every older one still served")
                .startsWith(engine + " " + catalog)
                .contains("voidexa-1.0.0 " + OLD_CATALOG);
        assertThat(api.get("/api/rulesets/voidexa", null).body()).isEqualTo(voidexa);
        // its intent vocabulary (issue 14): the types with the fields each needs, and the target
        // kinds
        List<String> types = new ArrayList<>();
        voidexa.get("intents").forEach(t -> types.add(t.get("type").asText() + t.get("needs")));
        assertThat(types)
                .containsExactly(
                        "PLAY_CARD[\"card\"]",
                        "ACTIVATE[\"card\"]",
                        "END_TURN[]",
                        "DISCARD_DOWN[\"cards\"]",
                        "PASS[]",
                        "CONCEDE[]");
        assertThat(voidexa.get("targetKinds").toString())
                .isEqualTo("[\"SHIP\",\"SUBSYSTEM\",\"DRONE\",\"CARD\"]");

        // a new match takes the current version, and its view says so from creation on
        String[] m = api.startedMatch("Now", "Then", 0);
        JsonNode view = api.get("/api/matches/" + m[0] + "/view", m[1]).body();
        assertThat(view.path("rules").path("engine").asText()).isEqualTo(engine);
        assertThat(view.path("rules").path("catalog").asText()).isEqualTo(catalog);
        JsonNode replay = api.get("/api/matches/" + m[0] + "/replay?at=0", null).body();
        assertThat(replay.path("rules").path("catalog").asText()).isEqualTo(catalog);
    }

    @Test
    void everyServedCatalogCanBeReadByItsVersion() {
        Api api = new Api(port);
        JsonNode now = card(api, "/api/rulesets/voidexa/cards", "reactor-boost");
        JsonNode old =
                card(api, "/api/rulesets/voidexa/cards?catalog=" + OLD_CATALOG, "reactor-boost");
        assertThat(now.get("heat").asInt()).as("D-CAT-1: no Heat on a Maneuver now").isZero();
        assertThat(old.get("heat").asInt()).as("the released catalog keeps its Heat").isEqualTo(2);
        assertThat(card(api, "/api/cards?catalog=" + OLD_CATALOG, "reactor-boost")).isEqualTo(old);
        assertThat(card(api, "/api/cards", "reactor-boost")).isEqualTo(now);
        assertThat(
                        api.get("/api/cards/afterburner?catalog=" + OLD_CATALOG, null)
                                .body()
                                .get("heat")
                                .asInt())
                .isEqualTo(1);
        assertThat(api.get("/api/rulesets/voidexa/decks/starter", null).body().size())
                .isGreaterThanOrEqualTo(2);

        Res unknownCatalog = api.get("/api/cards?catalog=voidexa-cards-1999.1.1", null);
        assertThat(unknownCatalog.status()).as(unknownCatalog.raw()).isEqualTo(404);
        assertThat(unknownCatalog.body().get("error").asText()).isEqualTo("UNKNOWN_CATALOG");
        assertThat(unknownCatalog.body().get("message").asText()).contains(OLD_CATALOG);
        Res unknownRuleset = api.get("/api/rulesets/chess/cards", null);
        assertThat(unknownRuleset.status()).as(unknownRuleset.raw()).isEqualTo(404);
        assertThat(unknownRuleset.body().get("error").asText()).isEqualTo("UNKNOWN_RULESET");
    }

    @Test
    void cardTextsSayWhatTheEngineDoes() {
        // issue 23 item 4 (D-DRONE-1): Drone Boost's served text names the duration the engine
        // gives it, in every
        // served catalog; item 3 (D-DRONE-3): Targeting AI is a one-off under the current catalog
        // only
        Api api = new Api(port);
        for (String catalog :
                List.of(OLD_CATALOG, "voidexa-cards-2026.11.2", "voidexa-cards-2026.11.3")) {
            assertThat(
                            card(api, "/api/cards?catalog=" + catalog, "drone-boost")
                                    .get("text")
                                    .asText())
                    .as(catalog)
                    .contains("until the end of your next turn");
        }
        assertThat(card(api, "/api/cards", "targeting-ai").get("text").asText())
                .contains("next attack has Pierce");
        assertThat(
                        card(api, "/api/cards?catalog=voidexa-cards-2026.11.2", "targeting-ai")
                                .get("type")
                                .asText())
                .isEqualTo("AI_ROUTINE");
    }

    @Test
    void timeoutLossIsAMatchOptionShownInTheView() {
        // issue 23 item 7 (D-CLOCK-5): accepted at creation, checked, shown in the view; absent,
        // only a rated match
        // (two registered players) loses at the third
        Api api = new Api(port);
        Res off =
                api.post(
                        "/api/matches",
                        java.util.Map.of(
                                "ruleset",
                                "voidexa",
                                "options",
                                java.util.Map.of("turnClockSeconds", 60, "timeoutLoss", 0)),
                        null);
        assertThat(off.status()).as(off.raw()).isEqualTo(201);
        String id = off.body().get("matchId").asText();
        String token = api.takeSeat(id, "Ada", 0);
        assertThat(api.get("/api/matches/" + id + "/view", token).body().get("timeoutLoss").asInt())
                .isZero();
        String plain = api.createMatch();
        String t = api.takeSeat(plain, "Bo", 0);
        assertThat(api.get("/api/matches/" + plain + "/view", t).body().get("timeoutLoss").asInt())
                .as("no option and a guest seat: unrated, turn timeouts never lose")
                .isZero();
        for (int bad : new int[] {-1, 100}) {
            Res r =
                    api.post(
                            "/api/matches",
                            java.util.Map.of("options", java.util.Map.of("timeoutLoss", bad)),
                            null);
            assertThat(r.status()).as(r.raw()).isEqualTo(400);
            assertThat(r.body().get("error").asText()).isEqualTo("OUT_OF_RANGE");
        }
        JsonNode doc = api.get("/v3/api-docs", null).body();
        assertThat(
                        doc.at("/components/schemas/Options/properties/timeoutLoss/description")
                                .asText())
                .contains("D-CLOCK-5");
    }

    @Test
    @DisplayName(
            "issue 14: a ruleset's starter decks are seat requests ready to post but for the name")
    void starterDecksByRulesetArePostableSeatRequests() {
        Api api = new Api(port);
        JsonNode starters = api.get("/api/rulesets/voidexa/decks/starter", null).body();
        String matchId = api.createMatch();
        String[] names = {"Ann", "Ben"};
        Res last = null;
        for (int i = 0; i < 2; i++) {
            com.fasterxml.jackson.databind.node.ObjectNode body =
                    ((com.fasterxml.jackson.databind.node.ObjectNode) starters.get(i).deepCopy())
                            .put("name", names[i]);
            last = api.post("/api/matches/" + matchId + "/seats", body, null);
            assertThat(last.status()).as(last.raw()).isEqualTo(201);
        }
        assertThat(last.body().get("status").asText()).isEqualTo("LIVE");
        // the alias and the ruleset's path give the same decks, each shaped as its path says
        JsonNode alias = api.starterDecks();
        assertThat(starters.size()).isEqualTo(alias.size());
        for (int i = 0; i < alias.size(); i++) {
            assertThat(starters.get(i).path("deck").path("cards"))
                    .isEqualTo(alias.get(i).get("cards"));
            assertThat(starters.get(i).path("deck").path("shipCore"))
                    .isEqualTo(alias.get(i).get("shipCore"));
            assertThat(starters.get(i).path("pilotClass"))
                    .isEqualTo(alias.get(i).get("pilotClass"));
            assertThat(starters.get(i).size()).as("only fields a seat request takes").isEqualTo(2);
        }
        Res unknown = api.get("/api/rulesets/chess/decks/starter", null);
        assertThat(unknown.status()).as(unknown.raw()).isEqualTo(404);
    }

    @Test
    @DisplayName(
            "issue 14: options.seats within the ruleset's range (voidexa: 2), anything else a clear refusal")
    void theSeatCountIsAMatchOptionWithinTheRulesetsRange() {
        Api api = new Api(port);
        Res two =
                api.post(
                        "/api/matches",
                        java.util.Map.of(
                                "ruleset", "voidexa", "options", java.util.Map.of("seats", 2)),
                        null);
        assertThat(two.status()).as(two.raw()).isEqualTo(201);
        assertThat(two.body().at("/options/seats").asInt()).isEqualTo(2);
        for (int n : new int[] {1, 3, 6, 0, -1}) {
            Res bad =
                    api.post(
                            "/api/matches",
                            java.util.Map.of(
                                    "ruleset", "voidexa", "options", java.util.Map.of("seats", n)),
                            null);
            // 400 as every option out of its range (issue 45, finding 7: it was 422)
            assertThat(bad.status()).as(bad.raw()).isEqualTo(400);
            assertThat(bad.body().get("error").asText()).isEqualTo("OUT_OF_RANGE");
            assertThat(bad.body().get("message").asText()).contains("seats must be 2 for voidexa");
        }
        // a count out of range with AI seats is the same clear refusal, not an error of the AI seat
        // check
        for (int n : new int[] {0, 3}) {
            Res withAi =
                    api.post(
                            "/api/matches",
                            java.util.Map.of(
                                    "ruleset",
                                    "voidexa",
                                    "options",
                                    java.util.Map.of("seats", n),
                                    "ai",
                                    java.util.Map.of("B", "greedy")),
                            null);
            assertThat(withAi.status()).as(withAi.raw()).isEqualTo(400);
            assertThat(withAi.body().get("error").asText()).isEqualTo("OUT_OF_RANGE");
        }
        Res text =
                api.post(
                        "/api/matches",
                        java.util.Map.of(
                                "ruleset",
                                "voidexa",
                                "options",
                                java.util.Map.of("seats", "three")),
                        null);
        assertThat(text.status()).as(text.raw()).isEqualTo(400);
    }

    private static JsonNode card(Api api, String path, String id) {
        Res r = api.get(path, null);
        assertThat(r.status()).as(r.raw()).isEqualTo(200);
        for (JsonNode c : r.body()) {
            if (c.get("id").asText().equals(id)) {
                return c;
            }
        }
        throw new AssertionError(id + " not in " + path);
    }
}
