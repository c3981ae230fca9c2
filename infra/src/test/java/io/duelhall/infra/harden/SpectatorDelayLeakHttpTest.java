package io.duelhall.infra.harden;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.AppTest;
import io.duelhall.infra.http.Api;
import io.duelhall.projections.Projections;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Issue 20, finding 5: with {@code spectatorDelaySeconds: 60}, right after a concession the match
 * list, player history, leaderboard, export and audit showed the result while the delayed
 * spectator's {@code /events} still stopped at seq 0. Everything public follows the delay; the
 * seats of the match see it live.
 */
class SpectatorDelayLeakHttpTest extends AppTest {
    @LocalServerPort int port;
    Api api;

    @BeforeEach
    void setUp() {
        api = new Api(port);
    }

    @Test
    void nothingPublicShowsADelayedMatchAheadOfItsSpectators() {
        String a = "Dly" + UUID.randomUUID().toString().substring(0, 8);
        String b = "Dly" + UUID.randomUUID().toString().substring(0, 8);
        String[] m = api.ratedMatch(a, b, 60);
        String id = m[0];
        assertThat(
                        api.post("/api/matches/" + id + "/intents", Api.intent("CONCEDE"), m[1])
                                .status())
                .isEqualTo(200);
        awaitReadModelsPastNow();

        // the delayed spectator: only the opening
        assertThat(api.get("/api/matches/" + id + "/events", null).body().get("version").asLong())
                .isZero();

        // the match list: as it stood 60 s ago (created, nobody seated yet), not LIVE or ENDED
        JsonNode row = row(api.get("/api/matches?limit=500", null).body(), id);
        assertThat(row).as("the list shows the match as its spectator sees it").isNotNull();
        assertThat(row.get("status").asText()).isEqualTo("WAITING");
        assertThat(row.get("turn").asInt()).isZero();
        assertThat(row.get("players")).isEmpty();
        assertThat(row.get("winner").isNull()).isTrue();
        assertThat(row(api.get("/api/matches?status=ENDED&limit=500", null).body(), id)).isNull();
        assertThat(row(api.get("/api/matches?status=LIVE&limit=500", null).body(), id)).isNull();

        // player history and ratings: nothing of it yet
        for (String name : List.of(a, b)) {
            JsonNode history = api.get("/api/players/" + name + "/matches", null).body();
            assertThat(history.get("matches")).as(history.toString()).isEmpty();
            assertThat(history.get("rating").isNull()).as(history.toString()).isTrue();
        }
        String board = api.get("/api/leaderboard?limit=500", null).body().toString();
        assertThat(board).doesNotContain(a).doesNotContain(b);

        // export and audit: as for a match that goes on, to everyone but its seats
        Res export = api.get("/api/matches/" + id + "/export", null);
        assertThat(export.status()).as(export.raw()).isEqualTo(409);
        assertThat(export.error()).isEqualTo("MATCH_NOT_ENDED");
        assertThat(export.raw()).doesNotContain("serverSeed\":\"");
        Res audit = api.get("/api/matches/" + id + "/audit", null);
        assertThat(audit.status()).as(audit.raw()).isEqualTo(409);
        assertThat(audit.error()).isEqualTo("MATCH_NOT_ENDED");
        // a seat request: refused as for a full match, not MATCH_OVER (issue 45, finding 8)
        Res seat =
                api.post(
                        "/api/matches/" + id + "/seats",
                        api.seatBody("Late" + a.substring(3), api.starterDecks().get(0)),
                        null);
        assertThat(seat.status()).as(seat.raw()).isEqualTo(409);
        assertThat(seat.error()).as(seat.raw()).isEqualTo("MATCH_FULL");
        assertThat(seat.raw()).doesNotContain("MATCH_OVER").doesNotContain("over");
        // a seat of the match sees its own match live, its record included
        assertThat(api.get("/api/matches/" + id + "/export", m[2]).status()).isEqualTo(200);
        assertThat(api.get("/api/matches/" + id + "/audit", m[1]).status()).isEqualTo(200);
    }

    @Test
    void onceTheDelayHasPassedEverythingShowsTheEnd() {
        String a = "Dly" + UUID.randomUUID().toString().substring(0, 8);
        String b = "Dly" + UUID.randomUUID().toString().substring(0, 8);
        String[] m = api.ratedMatch(a, b, 2);
        String id = m[0];
        assertThat(
                        api.post("/api/matches/" + id + "/intents", Api.intent("CONCEDE"), m[1])
                                .status())
                .isEqualTo(200);
        awaitReadModelsPastNow();
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(200))
                .untilAsserted(
                        () -> {
                            JsonNode row =
                                    row(
                                            api.get("/api/matches?status=ENDED&limit=500", null)
                                                    .body(),
                                            id);
                            assertThat(row).isNotNull();
                            assertThat(row.get("winner").asText()).isEqualTo("B");
                            assertThat(row.get("winnerName").asText()).isEqualTo(b);
                        });
        JsonNode history = api.get("/api/players/" + a + "/matches", null).body();
        assertThat(history.get("matches").get(0).get("outcome").asText()).isEqualTo("LOST");
        assertThat(history.get("rating").get("games").asInt()).isEqualTo(1);
        assertThat(api.get("/api/leaderboard?limit=500", null).body().toString()).contains(a, b);
        assertThat(api.get("/api/matches/" + id + "/export", null).status()).isEqualTo(200);
        assertThat(api.get("/api/matches/" + id + "/audit", null).status()).isEqualTo(200);
        // once the spectators have seen the end, a seat request says so too (finding 8)
        Res seat =
                api.post(
                        "/api/matches/" + id + "/seats",
                        api.seatBody("Late" + a.substring(3), api.starterDecks().get(0)),
                        null);
        assertThat(seat.status()).as(seat.raw()).isEqualTo(409);
        assertThat(seat.error()).as(seat.raw()).isEqualTo("MATCH_OVER");
    }

    /** Waits until the list, history and ratings models have handled every event stored so far. */
    void awaitReadModelsPastNow() {
        for (String name :
                List.of(Projections.MATCH_LIST, Projections.PLAYER_HISTORY, Projections.RATINGS)) {
            String path = "/api/admin/projections/" + name + "/rebuild";
            long head = api.get(path, ADMIN_TOKEN).body().get("total").asLong();
            await().atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(100))
                    .until(
                            () ->
                                    api.get(path, ADMIN_TOKEN).body().get("position").asLong()
                                            >= head);
        }
    }

    static JsonNode row(JsonNode list, String id) {
        for (JsonNode r : list) {
            if (r.get("matchId").asText().equals(id)) {
                return r;
            }
        }
        return null;
    }
}
