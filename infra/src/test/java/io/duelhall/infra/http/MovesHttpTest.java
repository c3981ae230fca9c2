package io.duelhall.infra.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.AppTest;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Issue 14: {@code GET /api/matches/{id}/moves} lists what a seat may send now as ready-to-post
 * bodies. Whole matches are played by clients that know no rule at all — each picks one listed move
 * at random and posts it with a fresh intent id — and every listed move must be accepted, until the
 * match ends; the seat that does not owe a decision gets an empty list every time.
 */
class MovesHttpTest extends AppTest {
    @LocalServerPort int port;

    @Test
    @DisplayName(
            "a client with no rules plays whole matches from /moves alone: every listed move is accepted")
    void everyListedMoveIsAccepted() {
        Api api = new Api(port);
        Random random = new Random(20261125);
        int posted = 0;
        for (int match = 0; match < 3; match++) {
            String[] m = api.startedMatch("Mo" + match, "Ves" + match, 0);
            String[] tokens = {m[1], m[2]};
            int steps = 0;
            while (steps++ < 3000) {
                JsonNode view = api.get("/api/matches/" + m[0] + "/view", null).body();
                if ("ENDED".equals(view.get("status").asText())) {
                    break;
                }
                JsonNode[] lists = new JsonNode[2];
                for (int s = 0; s < 2; s++) {
                    Res r = api.get("/api/matches/" + m[0] + "/moves", tokens[s]);
                    assertThat(r.status()).as(r.raw()).isEqualTo(200);
                    lists[s] = r.body();
                }
                int owing = lists[0].get("moves").isEmpty() ? 1 : 0;
                assertThat(lists[1 - owing].get("moves"))
                        .as("the seat that owes nothing has no moves")
                        .isEmpty();
                JsonNode moves = lists[owing].get("moves");
                assertThat(moves)
                        .as("exactly one seat owes a decision while the match is live")
                        .isNotEmpty();
                ObjectNode move =
                        ((ObjectNode) moves.get(random.nextInt(moves.size())).deepCopy())
                                .put("intentId", UUID.randomUUID().toString());
                assertThat(move.get("expectedVersion").asLong())
                        .isEqualTo(lists[owing].get("version").asLong());
                Res sent = api.post("/api/matches/" + m[0] + "/intents", move, tokens[owing]);
                assertThat(sent.status())
                        .as("listed move " + move + " -> " + sent.raw())
                        .isEqualTo(200);
                posted++;
            }
            assertThat(
                            api.get("/api/matches/" + m[0] + "/view", null)
                                    .body()
                                    .get("status")
                                    .asText())
                    .as("played to its end by listed moves alone")
                    .isEqualTo("ENDED");
            Res after = api.get("/api/matches/" + m[0] + "/moves", tokens[0]);
            assertThat(after.body().get("moves")).as("nothing to do after the end").isEmpty();
        }
        assertThat(posted).isGreaterThan(30);
    }

    @Test
    void movesAreASeatsAndNeedItsToken() {
        Api api = new Api(port);
        String[] m = api.startedMatch("Tok", "En", 0);
        Res none = api.get("/api/matches/" + m[0] + "/moves", null);
        assertThat(none.status()).as(none.raw()).isEqualTo(401);
        assertThat(none.body().get("error").asText()).isEqualTo("MISSING_TOKEN");
        Res bad = api.get("/api/matches/" + m[0] + "/moves", "not-a-seat-token");
        assertThat(bad.status()).as(bad.raw()).isEqualTo(401);
        Res unknown = api.get("/api/matches/" + UUID.randomUUID() + "/moves", m[1]);
        assertThat(unknown.status()).as(unknown.raw()).isEqualTo(404);
    }
}
