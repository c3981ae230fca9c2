package io.duelhall.infra.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.client.JsonHttp;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.AppTest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Issue 41 over HTTP: an entrant who leaves during a round concedes their running match through the
 * match's own path (a drop, a disqualification, each game of a best-of-3 series), and the round's
 * result follows; a 64-entrant Swiss of six rounds runs to its end and audits clean.
 */
class TournamentRunHttpTest extends AppTest {
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

    private String create(String organizer, Map<String, Object> extra) {
        Map<String, Object> body =
                new HashMap<>(
                        Map.of("name", "Run " + run, "ruleset", "voidexa", "format", "SWISS"));
        body.putAll(extra);
        Res r = api.post("/api/tournaments", body, null, as(organizer));
        assertThat(r.status()).as(r.raw()).isEqualTo(201);
        return r.body().get("tournamentId").asText();
    }

    private ObjectNode seatRequest() {
        ObjectNode seat = api.seatBody("ignored", api.starterDecks().get(0));
        seat.remove("name");
        ObjectNode body = JsonHttp.JSON.createObjectNode();
        body.set("seat", seat);
        return body;
    }

    private String enter(String id, String player, ObjectNode seat) {
        Res r = api.post("/api/tournaments/" + id + "/entries", seat, null, as(player));
        assertThat(r.status()).as(r.raw()).isEqualTo(201);
        return r.body().get("entryId").asText();
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

    /** A match's public view once it has ended. */
    private JsonNode ended(String matchId) throws InterruptedException {
        long end = System.currentTimeMillis() + 30_000;
        while (true) {
            JsonNode v = api.get("/api/matches/" + matchId + "/view", null).body();
            if ("ENDED".equals(v.path("status").asText())) {
                return v;
            }
            if (System.currentTimeMillis() > end) {
                throw new AssertionError("match never ended: " + v);
            }
            Thread.sleep(50);
        }
    }

    /** The entrant of {@code playerToken} concedes the match their table plays now. */
    private void concede(String id, String playerToken) throws InterruptedException {
        long end = System.currentTimeMillis() + 30_000;
        while (true) {
            JsonNode me = api.get("/api/tournaments/" + id + "/me", null, as(playerToken)).body();
            if (me.hasNonNull("playerToken")) {
                Res r =
                        api.post(
                                "/api/matches/" + me.get("matchId").asText() + "/intents",
                                JsonHttp.intent("CONCEDE"),
                                me.get("playerToken").asText());
                if (r.status() == 200) {
                    return;
                }
            }
            if (System.currentTimeMillis() > end) {
                throw new AssertionError("concede refused: " + me);
            }
            Thread.sleep(50); // the table's seats are being taken
        }
    }

    private void auditsClean(String id, int rounds) {
        JsonNode audit = api.get("/api/tournaments/" + id + "/audit", null).body();
        assertThat(audit.get("passed").asBoolean()).as(audit.toString()).isTrue();
        assertThat(audit.get("roundsChecked").asInt()).isEqualTo(rounds);
        Res export = api.get("/api/tournaments/" + id + "/export", null);
        assertThat(export.status()).as(export.raw()).isEqualTo(200);
        Res record = api.post("/api/audit", export.raw(), null);
        assertThat(record.body().get("passed").asBoolean()).as(record.raw()).isTrue();
    }

    /**
     * A Swiss of four: in round 1 an entrant drops at their running table and a judge disqualifies
     * another; both matches end at once by their concession (CONCEDED, the opponent the winner,
     * each match's own audit clean), both tables have their result, round 2 pairs the two left, and
     * the tournament ends and audits clean.
     */
    @Test
    void anEntrantWhoLeavesDuringARoundConcedesTheirRunningMatch() throws Exception {
        String organizer = api.registered("DropOrg-" + run);
        Map<String, String> tokenOf = new HashMap<>();
        String id = create(organizer, Map.of("rounds", 2));
        ObjectNode seat = seatRequest();
        for (int i = 0; i < 4; i++) {
            String token = api.registered("Dropper" + i + "-" + run);
            tokenOf.put(enter(id, token, seat), token);
        }
        api.post("/api/tournaments/" + id + "/start", Map.of(), null, as(organizer));
        JsonNode r1 = await(id, x -> x.get("round").asInt() == 1);
        JsonNode t1 = r1.at("/rounds/0/tables/0");
        JsonNode t2 = r1.at("/rounds/0/tables/1");
        String leaver = t1.at("/seats/A").asText();
        String cheat = t2.at("/seats/A").asText();
        // both tables' matches are running (seated, no result)
        for (JsonNode t : List.of(t1, t2)) {
            concedeNotYet(t.get("matchId").asText());
        }
        Res drop = api.delete("/api/tournaments/" + id + "/entries", null, as(tokenOf.get(leaver)));
        assertThat(drop.status()).as(drop.raw()).isEqualTo(200);
        JsonNode m1 = ended(t1.get("matchId").asText());
        assertThat(m1.at("/result/reason").asText()).isEqualTo("CONCEDED");
        assertThat(m1.at("/result/winner").asText()).isEqualTo("B");
        Res dq =
                api.post(
                        "/api/tournaments/" + id + "/rulings",
                        Map.of("kind", "DISQUALIFICATION", "entryId", cheat, "reason", "marked"),
                        null,
                        as(organizer));
        assertThat(dq.status()).as(dq.raw()).isEqualTo(201);
        JsonNode m2 = ended(t2.get("matchId").asText());
        assertThat(m2.at("/result/reason").asText()).isEqualTo("CONCEDED");
        assertThat(m2.at("/result/winner").asText()).isEqualTo("B");
        for (JsonNode t : List.of(t1, t2)) {
            JsonNode audit =
                    api.get("/api/matches/" + t.get("matchId").asText() + "/audit", null).body();
            assertThat(audit.get("passed").asBoolean()).as(audit.toString()).isTrue();
        }
        // the round's results follow, and round 2 pairs the two who stayed
        JsonNode r2 = await(id, x -> x.get("round").asInt() == 2);
        assertThat(r2.at("/rounds/0/tables/0/result/winner").asText()).isEqualTo("B");
        assertThat(r2.at("/rounds/0/tables/1/result/winner").asText()).isEqualTo("B");
        JsonNode table = r2.at("/rounds/1/tables/0");
        assertThat(r2.at("/rounds/1/tables")).hasSize(1);
        assertThat(Set.of(table.at("/seats/A").asText(), table.at("/seats/B").asText()))
                .containsExactlyInAnyOrder(t1.at("/seats/B").asText(), t2.at("/seats/B").asText());
        concede(id, tokenOf.get(table.at("/seats/B").asText()));
        await(id, x -> x.get("status").asText().equals("ENDED"));
        auditsClean(id, 2);
    }

    /** Waits until a match has both seats and is not over (its clock runs). */
    private void concedeNotYet(String matchId) throws InterruptedException {
        long end = System.currentTimeMillis() + 30_000;
        while (true) {
            JsonNode v = api.get("/api/matches/" + matchId + "/view", null).body();
            if ("ACTIVE".equals(v.path("status").asText())
                    || "LIVE".equals(v.path("status").asText())) {
                return;
            }
            if (System.currentTimeMillis() > end) {
                throw new AssertionError("match never started: " + v);
            }
            Thread.sleep(50);
        }
    }

    /**
     * A best-of-3 of two: the entrant who drops in game 1 concedes it, and the second game, opened
     * for the series, is conceded for them too: the table is theirs lost 0–2 and the tournament
     * ends.
     */
    @Test
    void aDropInABestOfThreeConcedesEveryGameLeft() throws Exception {
        String organizer = api.registered("SeriesOrg-" + run);
        Map<String, String> tokenOf = new HashMap<>();
        String id = create(organizer, Map.of("rounds", 1, "bestOf", 3));
        ObjectNode seat = seatRequest();
        for (int i = 0; i < 2; i++) {
            String token = api.registered("Series" + i + "-" + run);
            tokenOf.put(enter(id, token, seat), token);
        }
        api.post("/api/tournaments/" + id + "/start", Map.of(), null, as(organizer));
        JsonNode r1 = await(id, x -> x.get("round").asInt() == 1);
        JsonNode t = r1.at("/rounds/0/tables/0");
        concedeNotYet(t.get("matchId").asText());
        String leaver = t.at("/seats/A").asText();
        assertThat(
                        api.delete(
                                        "/api/tournaments/" + id + "/entries",
                                        null,
                                        as(tokenOf.get(leaver)))
                                .status())
                .isEqualTo(200);
        JsonNode end = await(id, x -> x.get("status").asText().equals("ENDED"));
        JsonNode result = end.at("/rounds/0/tables/0/result");
        assertThat(result.get("winsA").asInt()).as(result.toString()).isZero();
        assertThat(result.get("winsB").asInt()).as(result.toString()).isEqualTo(2);
        JsonNode games = end.at("/rounds/0/tables/0/games");
        assertThat(games).hasSize(2);
        for (JsonNode g : games) {
            assertThat(g.get("winner").asText()).isEqualTo("B");
            assertThat(ended(g.get("matchId").asText()).at("/result/reason").asText())
                    .isEqualTo("CONCEDED");
        }
        auditsClean(id, 1);
    }

    /**
     * Re-entry: an entrant who dropped in round 1 (their match conceded) enters again during round
     * 2 and gets their entry back (the same id; entering again refused), is not in round 2 and is
     * paired again in round 3; a disqualified entrant is refused; the record audits clean.
     */
    @Test
    void aDroppedEntrantReturnsAndIsPairedAgain() throws Exception {
        String organizer = api.registered("BackOrg-" + run);
        Map<String, String> tokenOf = new HashMap<>();
        String id = create(organizer, Map.of("rounds", 3));
        ObjectNode seat = seatRequest();
        for (int i = 0; i < 4; i++) {
            String token = api.registered("Back" + i + "-" + run);
            tokenOf.put(enter(id, token, seat), token);
        }
        api.post("/api/tournaments/" + id + "/start", Map.of(), null, as(organizer));
        JsonNode r1 = await(id, x -> x.get("round").asInt() == 1);
        String leaver = r1.at("/rounds/0/tables/0/seats/A").asText();
        concedeNotYet(r1.at("/rounds/0/tables/0/matchId").asText());
        assertThat(
                        api.delete(
                                        "/api/tournaments/" + id + "/entries",
                                        null,
                                        as(tokenOf.get(leaver)))
                                .status())
                .isEqualTo(200);
        concede(id, tokenOf.get(r1.at("/rounds/0/tables/1/seats/B").asText()));
        JsonNode r2 = await(id, x -> x.get("round").asInt() == 2);
        assertThat(r2.at("/rounds/1").toString()).doesNotContain(leaver);
        // back during round 2: the same entry, no longer dropped
        Res back =
                api.post(
                        "/api/tournaments/" + id + "/entries", seat, null, as(tokenOf.get(leaver)));
        assertThat(back.status()).as(back.raw()).isEqualTo(201);
        assertThat(back.body().get("entryId").asText()).isEqualTo(leaver);
        Res again =
                api.post(
                        "/api/tournaments/" + id + "/entries", seat, null, as(tokenOf.get(leaver)));
        // entering again while in: entries are closed after round 1 (as for anyone)
        assertThat(again.status()).isEqualTo(409);
        assertThat(again.error()).isEqualTo("REGISTRATION_CLOSED");
        for (JsonNode s : view(id).get("standings")) {
            assertThat(s.get("dropped").asBoolean()).as(s.toString()).isFalse();
        }
        JsonNode t = r2.at("/rounds/1/tables/0");
        concede(id, tokenOf.get(t.at("/seats/B").asText()));
        JsonNode r3 = await(id, x -> x.get("round").asInt() == 3);
        JsonNode round3 = r3.at("/rounds/2");
        assertThat(round3.get("tables")).hasSize(2);
        assertThat(round3.toString()).contains(leaver);
        // a disqualified entrant does not come back
        String cheat = round3.at("/tables/0/seats/A").asText();
        assertThat(
                        api.post(
                                        "/api/tournaments/" + id + "/rulings",
                                        Map.of(
                                                "kind",
                                                "DISQUALIFICATION",
                                                "entryId",
                                                cheat,
                                                "reason",
                                                "marked"),
                                        null,
                                        as(organizer))
                                .status())
                .isEqualTo(201);
        Res refused =
                api.post("/api/tournaments/" + id + "/entries", seat, null, as(tokenOf.get(cheat)));
        assertThat(refused.status()).as(refused.raw()).isEqualTo(409);
        assertThat(refused.error()).isEqualTo("ENTRANT_DISQUALIFIED");
        concede(id, tokenOf.get(round3.at("/tables/1/seats/B").asText()));
        JsonNode end = await(id, x -> x.get("status").asText().equals("ENDED"));
        assertThat(end.toString()).contains(leaver);
        auditsClean(id, 3);
        Res record = api.get("/api/tournaments/" + id + "/export", null);
        assertThat(record.raw()).contains("tournament.EntryReturned");
    }

    /**
     * A Swiss of 64 registered players, six rounds of 32 tables each conceded over HTTP, to its
     * end: every round paired in full with no rematch, the standings' points recounted from the
     * tables' results, one 6–0 entrant, a clean audit of the events and of the signed record.
     */
    @Test
    void aSwissOf64RunsToItsEndOverHttp() throws Exception {
        long t0 = System.nanoTime();
        String organizer = api.registered("BigOrg-" + run);
        Map<String, String> tokenOf = new HashMap<>();
        String id = create(organizer, Map.of("rounds", 6));
        ObjectNode seat = seatRequest();
        // four clients at a time (a registration is a BCrypt hash: most of the entries' time)
        java.util.concurrent.ExecutorService pool =
                java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            List<java.util.concurrent.Callable<String[]>> entries = new ArrayList<>();
            for (int i = 0; i < 64; i++) {
                int n = i;
                entries.add(
                        () -> {
                            String token = api.registered("Big" + n + "-" + run);
                            return new String[] {enter(id, token, seat), token};
                        });
            }
            for (var f : pool.invokeAll(entries)) {
                tokenOf.put(f.get()[0], f.get()[1]);
            }
            long entered = System.nanoTime();
            playSwissOf64(id, organizer, tokenOf, pool, t0, entered);
        } finally {
            pool.shutdownNow();
        }
    }

    private void playSwissOf64(
            String id,
            String organizer,
            Map<String, String> tokenOf,
            java.util.concurrent.ExecutorService pool,
            long t0,
            long entered)
            throws Exception {
        assertThat(
                        api.post("/api/tournaments/" + id + "/start", Map.of(), null, as(organizer))
                                .status())
                .isEqualTo(200);
        Set<String> met = new HashSet<>();
        for (int round = 1; round <= 6; round++) {
            int r = round;
            JsonNode v = await(id, x -> x.get("round").asInt() == r);
            JsonNode tables = v.at("/rounds/" + (round - 1) + "/tables");
            assertThat(tables).hasSize(32);
            assertThat(v.at("/rounds/" + (round - 1) + "/byes")).isEmpty();
            Set<String> seated = new HashSet<>();
            for (JsonNode t : tables) {
                String a = t.at("/seats/A").asText();
                String b = t.at("/seats/B").asText();
                assertThat(met.add(a.compareTo(b) < 0 ? a + "|" + b : b + "|" + a))
                        .as("no rematch in round " + round)
                        .isTrue();
                seated.add(a);
                seated.add(b);
            }
            assertThat(seated).hasSize(64);
            List<java.util.concurrent.Callable<Void>> concessions = new ArrayList<>();
            for (JsonNode t : tables) {
                concessions.add(
                        () -> {
                            concede(id, tokenOf.get(t.at("/seats/B").asText()));
                            return null;
                        });
            }
            for (var f : pool.invokeAll(concessions)) {
                f.get();
            }
        }
        JsonNode end = await(id, x -> x.get("status").asText().equals("ENDED"));
        long played = System.nanoTime();
        Map<String, Integer> points = new HashMap<>();
        for (JsonNode rd : end.get("rounds")) {
            for (JsonNode t : rd.get("tables")) {
                String w = t.at("/result/winner").asText();
                points.merge(t.at("/seats/" + w).asText(), 3, Integer::sum);
                points.merge(
                        t.at("/seats/" + (w.equals("A") ? "B" : "A")).asText(), 0, Integer::sum);
            }
        }
        JsonNode standings = end.get("standings");
        assertThat(standings).hasSize(64);
        List<Integer> order = new ArrayList<>();
        for (JsonNode s : standings) {
            assertThat(s.get("points").asInt())
                    .as(s.get("entryId").asText())
                    .isEqualTo(points.get(s.get("entryId").asText()));
            order.add(s.get("points").asInt());
        }
        assertThat(order).isSortedAccordingTo(java.util.Comparator.reverseOrder());
        assertThat(order.get(0)).isEqualTo(18);
        assertThat(order.get(1)).isLessThan(18);
        assertThat(order.stream().mapToInt(Integer::intValue).sum()).isEqualTo(6 * 32 * 3);
        long auditFrom = System.nanoTime();
        auditsClean(id, 6);
        long audited = System.nanoTime();
        System.out.printf(
                "[figure] 64-entrant Swiss over HTTP: entries %d ms, 6 rounds of 32 tables %d ms,"
                        + " audit and record audit %d ms%n",
                (entered - t0) / 1_000_000,
                (played - entered) / 1_000_000,
                (audited - auditFrom) / 1_000_000);
    }
}
