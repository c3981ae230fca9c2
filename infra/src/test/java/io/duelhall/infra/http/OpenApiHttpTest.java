package io.duelhall.infra.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.infra.AppTest;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/** API.md: the OpenAPI document at /v3/api-docs and a browsable UI at /swagger-ui.html. */
class OpenApiHttpTest extends AppTest {
    @LocalServerPort int port;

    @Test
    void servesTheOpenApiDocumentWithTheContractPaths() {
        Api api = new Api(port);
        Api.Res doc = api.get("/v3/api-docs", null);
        assertThat(doc.status()).as(doc.raw()).isEqualTo(200);
        JsonNode paths = doc.body().get("paths");
        assertThat(paths.has("/api/matches")).isTrue();
        assertThat(paths.has("/api/matches/{matchId}/seats")).isTrue();
        assertThat(paths.has("/api/matches/{matchId}/intents")).isTrue();
        assertThat(paths.has("/api/matches/{matchId}/view")).isTrue();
        assertThat(paths.has("/api/cards")).isTrue();
        assertThat(paths.has("/api/decks/starter")).isTrue();
        // issue 20, finding 5: export and audit take a seat's token; the lists follow the spectator
        // delay
        assertThat(paths.at("/~1api~1matches~1{matchId}~1export/get/parameters").toString())
                .contains(
                        "Authorization",
                        "MATCH_NOT_ENDED until the end is spectatorDelaySeconds old");
        assertThat(paths.at("/~1api~1matches/get/description").asText())
                .contains("spectatorDelaySeconds");
        assertThat(paths.has("/api/rulesets")).isTrue();
        assertThat(paths.has("/api/rulesets/{id}/cards")).isTrue();
        assertThat(paths.at("/~1api~1cards/get/parameters/0/name").asText()).isEqualTo("catalog");
        // issue 14: each hosted ruleset's intent words and view schema
        JsonNode body = doc.body().at("/components/schemas/IntentBody");
        assertThat(body.at("/x-rulesets/voidexa/targetKinds").toString())
                .contains("SHIP", "SUBSYSTEM", "DRONE", "CARD");
        assertThat(body.at("/x-rulesets/voidexa/intents/0/type").asText()).isEqualTo("PLAY_CARD");
        assertThat(body.at("/properties/type/enum").toString())
                .contains("PLAY_CARD", "DISCARD_DOWN", "CONCEDE")
                .doesNotContain("TIMEOUT");
        assertThat(body.at("/properties/choices").isObject()).isTrue();
        assertThat(
                        paths.at(
                                        "/~1api~1matches~1{matchId}~1view/get/responses/200/content/application~1json/schema/oneOf")
                                .toString())
                .contains("#/components/schemas/VoidexaView");
        // the replay answers a view too (written as text since issue 18: the schema is said here)
        assertThat(
                        paths.at(
                                        "/~1api~1matches~1{matchId}~1replay/get/responses/200/content/application~1json/schema/oneOf")
                                .toString())
                .contains("#/components/schemas/VoidexaView");
        // issue 47: a stretch of replay steps, on a path of its own (/replay's answer unchanged)
        JsonNode steps =
                paths.at(
                        "/~1api~1matches~1{matchId}~1replay~1steps/get/responses/200/content/application~1json/schema");
        assertThat(steps.at("/properties/views/items/oneOf").toString())
                .contains("#/components/schemas/VoidexaView");
        assertThat(steps.at("/properties/from/type").asText()).isEqualTo("integer");
        JsonNode at = null;
        for (JsonNode p : paths.at("/~1api~1matches~1{matchId}~1replay/get/parameters")) {
            if (p.path("name").asText().equals("at")) {
                at = p;
            }
        }
        assertThat(at).as("/replay's parameter at").isNotNull();
        assertThat(at.path("required").asBoolean()).as("/replay's at stays required").isTrue();
        assertThat(doc.body().at("/components/schemas/VoidexaView/properties/seats").isObject())
                .isTrue();
        // issue 18: the stream's frame formats
        JsonNode stream = paths.at("/~1api~1matches~1{matchId}~1stream/get");
        assertThat(stream.get("description").asText()).contains("RFC 6902", "Last-Event-ID");
        JsonNode frames = null;
        for (JsonNode p : stream.get("parameters")) {
            if (p.get("name").asText().equals("frames")) {
                frames = p;
            }
        }
        assertThat(frames).as("the stream's frames parameter").isNotNull();
        assertThat(frames.at("/schema/enum").toString()).contains("view", "patch");
        Api.Res ui = api.get("/swagger-ui/index.html", null);
        assertThat(ui.status()).isEqualTo(200);
        assertThat(ui.raw()).contains("swagger");
        assertThat(api.get("/swagger-ui.html", null).status()).isIn(200, 302);
    }

    @Test
    void documentsRegisteredPlayersTheirTokensAndThePlayerTokenOfASeat() {
        Api api = new Api(port);
        Api.Res doc = api.get("/v3/api-docs", null);
        assertThat(doc.status()).as(doc.raw()).isEqualTo(200);
        JsonNode paths = doc.body().get("paths");
        assertThat(paths.at("/~1api~1players/post/summary").asText())
                .isEqualTo("Register a player");
        assertThat(paths.at("/~1api~1sessions/post/summary").asText()).isEqualTo("Log in");
        assertThat(paths.at("/~1api~1sessions~1me/get").isObject()).isTrue();
        assertThat(paths.at("/~1api~1sessions~1me/delete").isObject()).isTrue();
        JsonNode playerToken = null;
        for (JsonNode p : paths.at("/~1api~1matches~1{matchId}~1seats/post/parameters")) {
            if (p.get("name").asText().equals("X-Player-Token")) {
                playerToken = p;
            }
        }
        assertThat(playerToken).as("the seat's X-Player-Token header").isNotNull();
        assertThat(playerToken.get("in").asText()).isEqualTo("header");
        assertThat(playerToken.get("required").asBoolean()).isFalse();
        assertThat(playerToken.get("description").asText())
                .contains("rated", "INVALID_PLAYER_TOKEN", "guest");
        assertThat(doc.body().at("/components/securitySchemes/playerToken/name").asText())
                .isEqualTo("X-Player-Token");
        for (String code : new String[] {"201", "400", "409"}) {
            assertThat(paths.at("/~1api~1players/post/responses").has(code))
                    .as("register answers " + code)
                    .isTrue();
        }
        for (String code : new String[] {"201", "401"}) {
            assertThat(paths.at("/~1api~1sessions/post/responses").has(code))
                    .as("log in answers " + code)
                    .isTrue();
        }
    }
}
