package io.duelhall.infra.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.client.JsonHttp;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.AppTest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Issue 41's time extension over HTTP: a judge extends a table of the running round, the seat's
 * deadline in the player's view moves by the extension, the match records a {@code ClockExtended}
 * naming the ruling and audits clean, and so does the tournament's record, which ties the ruling to
 * it. Bad requests (not a judge, no such table, an ended table, bad seconds) are clear 4xx with
 * stable codes and change nothing.
 */
class TournamentTimeExtensionHttpTest extends AppTest {
    @LocalServerPort int port;
    Api api;
    final String run = UUID.randomUUID().toString().substring(0, 6);

    @BeforeEach
    void setUp() {
        api = new Api(port);
    }

    private static Map<String, String> as(String playerToken) {
        return Map.of("X-Player-Token", playerToken);
    }

    private ObjectNode seatRequest(int deck) {
        ObjectNode seat = api.seatBody("ignored", api.starterDecks().get(deck));
        seat.remove("name");
        ObjectNode body = JsonHttp.JSON.createObjectNode();
        body.set("seat", seat);
        return body;
    }

    private JsonNode view(String id) {
        Res r = api.get("/api/tournaments/" + id, null);
        assertThat(r.status()).as(r.raw()).isEqualTo(200);
        return r.body();
    }

    private JsonNode await(String id, Predicate<JsonNode> until) throws InterruptedException {
        long end = System.currentTimeMillis() + 30_000;
        JsonNode v = view(id);
        while (!until.test(v)) {
            if (System.currentTimeMillis() > end) {
                throw new AssertionError("tournament never got there: " + v);
            }
            Thread.sleep(50);
            v = view(id);
        }
        return v;
    }

    /** "My table": the entrant's match and seat token. */
    private JsonNode me(String id, String player) {
        Res r = api.get("/api/tournaments/" + id + "/me", null, as(player));
        assertThat(r.status()).as(r.raw()).isEqualTo(200);
        return r.body();
    }

    /** The running clock in the seat's own view, once the match runs. */
    private JsonNode clockOf(String matchId, String seatToken) throws InterruptedException {
        long end = System.currentTimeMillis() + 30_000;
        while (true) {
            Res r = api.get("/api/matches/" + matchId + "/view", seatToken);
            JsonNode clock = r.status() == 200 ? r.body().get("clock") : null;
            if (clock != null && clock.hasNonNull("deadline")) {
                return clock;
            }
            if (System.currentTimeMillis() > end) {
                throw new AssertionError("no clock runs in " + matchId + ": " + r.raw());
            }
            Thread.sleep(50);
        }
    }

    private void concede(String matchId, String seatToken) {
        Res r =
                api.post(
                        "/api/matches/" + matchId + "/intents",
                        JsonHttp.intent("CONCEDE"),
                        seatToken);
        assertThat(r.status()).as(r.raw()).isEqualTo(200);
    }

    private static void expect(Res r, int status, String code) {
        assertThat(r.status()).as(r.raw()).isEqualTo(status);
        assertThat(r.error()).as(r.raw()).isEqualTo(code);
        assertThat(r.body().has("message")).isTrue();
    }

    private Res rule(String id, String token, Map<String, Object> body) {
        return api.post("/api/tournaments/" + id + "/rulings", body, null, as(token));
    }

    @Test
    void aJudgeExtendsATableAndItsDeadlineMoves() throws Exception {
        String organizer = api.registered("TX-" + run);
        String judgeName = "TXJ-" + run;
        String judge = api.registered(judgeName);
        Res created =
                api.post(
                        "/api/tournaments",
                        Map.of(
                                "name",
                                "Extended",
                                "ruleset",
                                "voidexa",
                                "format",
                                "SWISS",
                                "rounds",
                                1),
                        null,
                        as(organizer));
        assertThat(created.status()).as(created.raw()).isEqualTo(201);
        String id = created.body().get("tournamentId").asText();
        Map<String, String> playerOf = new HashMap<>();
        List<String> players = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            String player = api.registered("TX" + i + "-" + run);
            Res r =
                    api.post(
                            "/api/tournaments/" + id + "/entries",
                            seatRequest(i % 2),
                            null,
                            as(player));
            assertThat(r.status()).as(r.raw()).isEqualTo(201);
            playerOf.put(r.body().get("entryId").asText(), player);
            players.add(player);
        }
        Res named =
                api.post(
                        "/api/tournaments/" + id + "/judges",
                        Map.of("name", judgeName),
                        null,
                        as(organizer));
        assertThat(named.status()).as(named.raw()).isIn(200, 201);
        assertThat(
                        api.post("/api/tournaments/" + id + "/start", Map.of(), null, as(organizer))
                                .status())
                .isEqualTo(200);
        JsonNode v = await(id, x -> x.get("round").asInt() == 1);
        JsonNode t1 = v.get("rounds").get(0).get("tables").get(0);
        JsonNode t2 = v.get("rounds").get(0).get("tables").get(1);
        String a1 = playerOf.get(t1.get("seats").get("A").asText());
        String a2 = playerOf.get(t2.get("seats").get("A").asText());
        JsonNode me1 = me(id, a1);
        JsonNode me2 = me(id, a2);
        String match1 = me1.get("matchId").asText();
        String match2 = me2.get("matchId").asText();
        JsonNode before = clockOf(match2, me2.get("playerToken").asText());
        Instant deadline = Instant.parse(before.get("deadline").asText());

        // refusals, each changing nothing
        JsonNode unchanged = view(id);
        expect(
                rule(
                        id,
                        players.get(0),
                        Map.of("kind", "TIME_EXTENSION", "table", 2, "seconds", 60, "reason", "x")),
                403,
                "NOT_A_JUDGE");
        expect(
                rule(
                        id,
                        judge,
                        Map.of("kind", "TIME_EXTENSION", "table", 9, "seconds", 60, "reason", "x")),
                404,
                "UNKNOWN_TABLE");
        expect(
                rule(
                        id,
                        judge,
                        Map.of("kind", "TIME_EXTENSION", "table", 2, "seconds", 5, "reason", "x")),
                400,
                "OUT_OF_RANGE");
        expect(
                rule(
                        id,
                        judge,
                        Map.of(
                                "kind",
                                "TIME_EXTENSION",
                                "table",
                                2,
                                "seconds",
                                3601,
                                "reason",
                                "x")),
                400,
                "OUT_OF_RANGE");
        expect(
                rule(id, judge, Map.of("kind", "TIME_EXTENSION", "table", 2, "reason", "x")),
                400,
                "MISSING_FIELD");
        expect(
                rule(
                        id,
                        judge,
                        Map.of(
                                "kind",
                                "TIME_EXTENSION",
                                "round",
                                2,
                                "table",
                                2,
                                "seconds",
                                60,
                                "reason",
                                "x")),
                409,
                "ROUND_OVER");
        // table 1 ends: an extension for it is refused
        concede(match1, me1.get("playerToken").asText());
        expect(
                rule(
                        id,
                        judge,
                        Map.of("kind", "TIME_EXTENSION", "table", 1, "seconds", 60, "reason", "x")),
                409,
                "TABLE_ENDED");
        JsonNode afterRefusals = await(id, x -> !x.at("/rounds/0/tables/0/result").isNull());
        assertThat(afterRefusals.at("/rounds/0/tables/1"))
                .isEqualTo(unchanged.at("/rounds/0/tables/1"));
        assertThat(clockOf(match2, me2.get("playerToken").asText())).isEqualTo(before);
        assertThat(events(match2, me2.get("playerToken").asText()))
                .noneMatch(e -> e.get("type").asText().equals("ClockExtended"));

        // the judge extends table 2 by five minutes
        Res ok =
                rule(
                        id,
                        judge,
                        Map.of(
                                "kind",
                                "TIME_EXTENSION",
                                "table",
                                2,
                                "minutes",
                                5,
                                "reason",
                                "a judge call held the table for five minutes"));
        assertThat(ok.status()).as(ok.raw()).isEqualTo(201);
        assertThat(ok.body().get("seconds").asInt()).isEqualTo(300);
        assertThat(ok.body().get("matchId").asText()).isEqualTo(match2);
        assertThat(ok.body().get("by").asText()).isEqualTo(judgeName);
        long rulingEvent = ok.body().get("rulingEvent").asLong();
        assertThat(Instant.parse(ok.body().get("deadline").asText()))
                .isEqualTo(deadline.plusSeconds(300));
        JsonNode moved = clockOf(match2, me2.get("playerToken").asText());
        assertThat(Instant.parse(moved.get("deadline").asText()))
                .isEqualTo(deadline.plusSeconds(300));
        assertThat(moved.get("seat").asText()).isEqualTo(before.get("seat").asText());
        List<JsonNode> ext =
                events(match2, me2.get("playerToken").asText()).stream()
                        .filter(e -> e.get("type").asText().equals("ClockExtended"))
                        .toList();
        assertThat(ext).hasSize(1);
        assertThat(ext.get(0).at("/payload/seconds").asInt()).isEqualTo(300);
        assertThat(ext.get(0).at("/payload/tournamentId").asText()).isEqualTo(id);
        assertThat(ext.get(0).at("/payload/rulingEvent").asLong()).isEqualTo(rulingEvent);
        // the tables' processor applies the same ruling too: still one extension
        Thread.sleep(1_000);
        assertThat(events(match2, me2.get("playerToken").asText()))
                .filteredOn(e -> e.get("type").asText().equals("ClockExtended"))
                .hasSize(1);
        assertThat(Duration.between(Instant.now(), deadline.plusSeconds(300)).getSeconds())
                .isGreaterThan(250);

        // the table is played to its end; the match's record and the tournament's audit clean
        concede(match2, me2.get("playerToken").asText());
        await(id, x -> x.get("status").asText().equals("ENDED"));
        Res matchExport = api.get("/api/matches/" + match2 + "/export", null);
        assertThat(matchExport.status()).as(matchExport.raw()).isEqualTo(200);
        assertThat(matchExport.raw()).contains("\"ClockExtended\"");
        Res matchAudit = api.post("/api/audit", matchExport.raw(), null);
        assertThat(matchAudit.body().get("passed").asBoolean()).as(matchAudit.raw()).isTrue();
        Res export = api.get("/api/tournaments/" + id + "/export", null);
        assertThat(export.status()).as(export.raw()).isEqualTo(200);
        Res audit = api.post("/api/audit", export.raw(), null);
        assertThat(audit.body().get("passed").asBoolean()).as(audit.raw()).isTrue();
        assertThat(audit.raw())
                .contains("each of the 1 time extensions is its match's ClockExtended");
        assertThat(export.raw()).contains("\"TIME_EXTENSION\"");
        // after the end, a ruling is refused
        expect(
                rule(
                        id,
                        judge,
                        Map.of("kind", "TIME_EXTENSION", "table", 2, "seconds", 60, "reason", "x")),
                409,
                "TOURNAMENT_OVER");
    }

    /** The match's events as its seat sees them (no spectator delay). */
    private List<JsonNode> events(String matchId, String seatToken) {
        Res r = api.get("/api/matches/" + matchId + "/events", seatToken);
        assertThat(r.status()).as(r.raw()).isEqualTo(200);
        List<JsonNode> out = new ArrayList<>();
        r.body().get("events").forEach(out::add);
        return out;
    }
}
