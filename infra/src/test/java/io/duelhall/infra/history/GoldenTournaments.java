package io.duelhall.infra.history;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.command.queue.QueueEvents.TicketMatched;
import io.duelhall.command.queue.QueueEvents.WaveRan;
import io.duelhall.domain.matchmaking.Table;
import io.duelhall.domain.matchmaking.Wave;
import io.duelhall.domain.matchmaking.WaveMatcher;
import io.duelhall.infra.http.Api;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@link GoldenHistoryTest}'s checks of what a golden set holds beyond its matches (from release
 * 8903d3f on: {@code tournaments}, {@code tickets} and {@code boards} in golden.json): every
 * tournament shows the entries, pairings, results, standings and rulings the writing release
 * showed; an ended one audits clean, over HTTP and as its old signed record (online and offline);
 * one left in progress is carried on under the build that opened it (its open tables played, the
 * next round paired by this build from the stored seed and record, to its end) and then audits
 * clean; every queue ticket still shows the match and seat token it was given, every stored wave
 * re-runs to the tables it seated, and the rating boards are as the release left them. A set
 * without those keys is not touched.
 */
final class GoldenTournaments {
    private GoldenTournaments() {}

    /** The release's sets name their players' passwords by this rule (make.py). */
    static String password(String name) {
        return "golden-" + name.toLowerCase(java.util.Locale.ROOT) + "-password";
    }

    /**
     * Before anything is played on: tournaments, tickets, waves and boards as the release left
     * them.
     */
    static void asReleased(
            Api api, ConfigurableApplicationContext app, JsonNode golden, Path set, String key)
            throws Exception {
        String name = set.getFileName().toString();
        if (name.compareTo("2026-11-29") >= 0) {
            // every set from the first with tournaments and queues on has them: a set whose keys
            // went missing must not pass by checking nothing
            for (String k : java.util.List.of("tournaments", "tickets", "boards")) {
                assertThat(golden.path(k).size()).as("%s: golden.json's %s", name, k).isPositive();
            }
            assertThat(golden.path("tournaments"))
                    .as("%s: a tournament left running, to carry on", name)
                    .anyMatch(t -> t.at("/view/status").asText().equals("RUNNING"));
        }
        for (JsonNode t : golden.path("tournaments")) {
            String id = t.get("id").asText();
            String what = name + " / tournament " + t.get("kind").asText() + " / " + id;
            Res view = api.get("/api/tournaments/" + id, null);
            assertThat(view.status()).as("%s: %s", what, view.raw()).isEqualTo(200);
            shownAsReleased(t.get("view"), view.body(), what + ": GET /api/tournaments/" + id);
            // the list, a read model (on PostgreSQL built from the rows just loaded)
            String status = t.at("/view/status").asText();
            eventually(() -> status.equals(listed(api).get(id)), 60_000);
            assertThat(listed(api).get(id)).as("%s: GET /api/tournaments", what).isEqualTo(status);
            if (t.at("/view/status").asText().equals("ENDED")) {
                Res audit = api.get("/api/tournaments/" + id + "/audit", null);
                assertThat(audit.body().path("passed").asBoolean())
                        .as("%s: audit %s", what, audit.raw())
                        .isTrue();
                assertThat(audit.body().path("roundsChecked").asInt())
                        .as("%s: audit %s", what, audit.raw())
                        .isEqualTo(t.at("/audit/roundsChecked").asInt());
                Path record = set.resolve(t.get("record").asText());
                Res posted =
                        api.post(
                                "/api/audit",
                                Files.readString(record, StandardCharsets.UTF_8),
                                null);
                assertThat(posted.status()).as("%s: %s", what, posted.raw()).isEqualTo(200);
                assertThat(posted.body().path("passed").asBoolean())
                        .as("%s: POST /api/audit of its old record: %s", what, posted.raw())
                        .isTrue();
                GoldenHistoryTest.offlineAudit(record, key, what);
            }
        }
        for (JsonNode m : golden.path("matches")) {
            if (m.has("extension")) { // a judge's time extension: still in the match's record
                String id = m.get("id").asText();
                JsonNode ext = m.get("extension");
                JsonNode events = api.get("/api/matches/" + id + "/events?from=0", null).body();
                List<JsonNode> extended = new ArrayList<>();
                for (JsonNode e : events.has("events") ? events.get("events") : events) {
                    if (e.path("type").asText().equals("ClockExtended")) {
                        extended.add(e.get("payload"));
                    }
                }
                assertThat(extended).as("%s / %s: ClockExtended", name, id).hasSize(1);
                assertThat(extended.get(0).path("seconds").asInt())
                        .as("%s / %s: %s", name, id, extended)
                        .isEqualTo(ext.get("seconds").asInt());
                assertThat(extended.get(0).path("rulingEvent").asLong())
                        .as("%s / %s: %s", name, id, extended)
                        .isEqualTo(ext.get("rulingEvent").asLong());
            }
        }
        Set<String> queues = new LinkedHashSet<>();
        for (JsonNode t : golden.path("tickets")) {
            String id = t.get("ticketId").asText();
            Res shown = api.get("/api/tickets/" + id, t.get("ticketToken").asText());
            assertThat(shown.status())
                    .as("%s / ticket %s: %s", name, id, shown.raw())
                    .isEqualTo(200);
            for (String f : List.of("ticketId", "status", "match")) {
                assertThat(shown.body().get(f))
                        .as("%s / ticket %s: %s", name, id, f)
                        .isEqualTo(t.get("shown").get(f));
            }
            queues.add(t.get("queue").asText());
        }
        EventStore store = app.getBean(EventStore.class);
        for (String queue : queues) {
            wavesRunAgain(store, queue, name);
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = golden.path("boards").fields();
                it.hasNext(); ) {
            Map.Entry<String, JsonNode> b = it.next();
            String path = "/api/leaderboard?" + b.getKey();
            // a read model: on PostgreSQL built from the rows just loaded
            eventually(() -> sameAsReleased(b.getValue(), api.get(path, null).body()), 60_000);
            shownAsReleased(b.getValue(), api.get(path, null).body(), name + ": " + path);
        }
    }

    /**
     * Every stored wave of the queue, run again by this build's matcher from the inputs it stored,
     * seats the same tables at the same costs as its {@code TicketMatched} events say.
     */
    private static void wavesRunAgain(EventStore store, String queue, String set) {
        List<Object> events = new ArrayList<>();
        store.readEvents(queue).asStream().map(DomainEventMessage::getPayload).forEach(events::add);
        List<WaveRan> waves =
                events.stream().filter(WaveRan.class::isInstance).map(WaveRan.class::cast).toList();
        assertThat(waves).as("%s: the stored waves of %s", set, queue).isNotEmpty();
        for (WaveRan w : waves) {
            Map<String, List<String>> tables = new HashMap<>();
            Map<String, Double> costs = new HashMap<>();
            events.stream()
                    .filter(TicketMatched.class::isInstance)
                    .map(TicketMatched.class::cast)
                    .filter(m -> m.waveId().equals(w.waveId()))
                    .forEach(
                            m -> {
                                tables.put(m.matchId(), m.table());
                                costs.put(m.matchId(), m.cost());
                            });
            Wave again = WaveMatcher.run(w.seats(), w.rated(), w.tickets(), w.rules());
            assertThat(again.tables())
                    .as("%s: wave %s of %s run again", set, w.waveId(), queue)
                    .extracting(Table::ticketIds)
                    .containsExactlyInAnyOrderElementsOf(tables.values());
            assertThat(again.tables())
                    .as("%s: wave %s of %s run again", set, w.waveId(), queue)
                    .extracting(Table::cost)
                    .containsExactlyInAnyOrderElementsOf(costs.values());
        }
    }

    /**
     * After the matches left in progress were played on: every tournament the release left running
     * is carried on to its end — each open table of the current round played from its seats' listed
     * moves by the entrants (logged in with their passwords, their seats from {@code /me}) and
     * conceded, the next round paired by this build — and then audits clean, its tables' matches
     * too, and its signed record passes the audit online and offline.
     */
    static void carriedOn(Api api, JsonNode golden, Path set, String key) throws Exception {
        String name = set.getFileName().toString();
        for (JsonNode t : golden.path("tournaments")) {
            if (!t.at("/view/status").asText().equals("RUNNING")) {
                continue;
            }
            String id = t.get("id").asText();
            String what = name + " / tournament " + t.get("kind").asText() + " / " + id;
            Map<String, String> players = new HashMap<>();
            Random rnd = new Random(48);
            int goldenRound = t.at("/view/round").asInt();
            long deadline = System.currentTimeMillis() + 300_000;
            JsonNode view = api.get("/api/tournaments/" + id, null).body();
            while (!view.get("status").asText().equals("ENDED")) {
                assertThat(System.currentTimeMillis())
                        .as("%s should end: %s", what, view)
                        .isLessThan(deadline);
                int round = view.get("round").asInt();
                JsonNode tables = view.get("rounds").get(round - 1).get("tables");
                for (JsonNode table : tables) {
                    if (!table.get("result").isNull()) {
                        continue;
                    }
                    Map<String, String> tokens = new LinkedHashMap<>();
                    for (JsonNode entry : table.get("seats")) {
                        String player = entrant(view, entry.asText());
                        String pt = players.computeIfAbsent(player, p -> logIn(api, p, what));
                        JsonNode me =
                                api.get(
                                                "/api/tournaments/" + id + "/me",
                                                null,
                                                Map.of("X-Player-Token", pt))
                                        .body();
                        assertThat(me.path("matchId").asText())
                                .as("%s: /me of %s: %s", what, player, me)
                                .isEqualTo(table.get("matchId").asText());
                        tokens.put(me.get("seat").asText(), me.get("playerToken").asText());
                    }
                    String match = table.get("matchId").asText();
                    eventually(
                            () ->
                                    api.get("/api/matches/" + match + "/view", null)
                                            .body()
                                            .path("status")
                                            .asText()
                                            .equals("LIVE"),
                            60_000);
                    playFromMoves(api, match, tokens, 6, rnd, what);
                    concede(api, match, new ArrayList<>(tokens.values()), what);
                }
                long until = System.currentTimeMillis() + 60_000;
                JsonNode next = view;
                while (System.currentTimeMillis() < until
                        && next.get("status").asText().equals("RUNNING")
                        && next.get("round").asInt() == round) {
                    Thread.sleep(100);
                    next = api.get("/api/tournaments/" + id, null).body();
                }
                view = next;
            }
            assertThat(view.get("round").asInt())
                    .as("%s: played on past the round the release left it in", what)
                    .isGreaterThan(goldenRound);
            assertThat(view.get("rounds")).as(what).hasSize(view.get("totalRounds").asInt());
            // the release's rounds stand as they were, the open tables now with their results
            JsonNode before = t.at("/view/rounds");
            for (int r = 0; r < before.size(); r++) {
                JsonNode was = before.get(r);
                JsonNode now = view.get("rounds").get(r);
                assertThat(now.get("byes")).as(what).isEqualTo(was.get("byes"));
                for (int k = 0; k < was.get("tables").size(); k++) {
                    JsonNode a = was.get("tables").get(k);
                    JsonNode b = now.get("tables").get(k);
                    assertThat(b.get("matchId")).as(what).isEqualTo(a.get("matchId"));
                    assertThat(b.get("seats")).as(what).isEqualTo(a.get("seats"));
                    if (!a.get("result").isNull()) {
                        assertThat(b.get("result")).as(what).isEqualTo(a.get("result"));
                    }
                }
            }
            for (JsonNode round : view.get("rounds")) {
                for (JsonNode table : round.get("tables")) {
                    Res audit =
                            api.get(
                                    "/api/matches/" + table.get("matchId").asText() + "/audit",
                                    null);
                    assertThat(audit.body().path("passed").asBoolean())
                            .as("%s: table %s: %s", what, table, audit.raw())
                            .isTrue();
                }
            }
            eventually(() -> "ENDED".equals(listed(api).get(id)), 60_000);
            assertThat(listed(api).get(id)).as("%s: GET /api/tournaments", what).isEqualTo("ENDED");
            Res audit = api.get("/api/tournaments/" + id + "/audit", null);
            assertThat(audit.body().path("passed").asBoolean())
                    .as("%s: audit after the upgrade: %s", what, audit.raw())
                    .isTrue();
            assertThat(audit.body().path("roundsChecked").asInt())
                    .as("%s: %s", what, audit.raw())
                    .isEqualTo(view.get("totalRounds").asInt());
            Res export = api.get("/api/tournaments/" + id + "/export", null);
            assertThat(export.status()).as("%s: %s", what, export.raw()).isEqualTo(200);
            Res posted = api.post("/api/audit", export.raw(), null);
            assertThat(posted.body().path("passed").asBoolean())
                    .as("%s: POST /api/audit of its record: %s", what, posted.raw())
                    .isTrue();
            Path record = Files.createTempFile("golden-tournament", ".json");
            try {
                Files.writeString(record, export.raw(), StandardCharsets.UTF_8);
                GoldenHistoryTest.offlineAudit(record, key, what);
            } finally {
                Files.deleteIfExists(record);
            }
        }
    }

    /** Every tournament's status as {@code GET /api/tournaments} lists it. */
    private static Map<String, String> listed(Api api) {
        Map<String, String> out = new HashMap<>();
        for (JsonNode t : api.get("/api/tournaments?limit=100", null).body().get("tournaments")) {
            out.put(t.get("tournamentId").asText(), t.get("status").asText());
        }
        return out;
    }

    private static String entrant(JsonNode view, String entryId) {
        for (JsonNode e : view.get("entries")) {
            if (e.get("entryId").asText().equals(entryId)) {
                return e.get("name").asText();
            }
        }
        throw new AssertionError("no entry " + entryId + " in " + view);
    }

    private static String logIn(Api api, String player, String what) {
        ObjectNode body = Api.JSON.createObjectNode();
        body.put("name", player).put("password", password(player));
        Res r = api.post("/api/sessions", body, null);
        assertThat(r.status()).as("%s: %s logs in: %s", what, player, r.raw()).isEqualTo(201);
        return r.body().get("playerToken").asText();
    }

    /**
     * Up to {@code steps} moves, each one the server lists for the seat that owes a decision
     * ({@code GET /moves}), chosen at random; for any game.
     */
    static void playFromMoves(
            Api api, String id, Map<String, String> tokens, int steps, Random rnd, String what)
            throws InterruptedException {
        int n = 0;
        long deadline = System.currentTimeMillis() + 180_000;
        while (n < steps
                && api.get("/api/matches/" + id + "/view", null)
                        .body()
                        .path("status")
                        .asText()
                        .equals("LIVE")) {
            assertThat(System.currentTimeMillis())
                    .as("%s: %s moves", what, id)
                    .isLessThan(deadline);
            boolean moved = false;
            for (String token : tokens.values()) {
                JsonNode moves =
                        api.get("/api/matches/" + id + "/moves", token).body().get("moves");
                if (moves != null && moves.size() > 0) {
                    ObjectNode m = moves.get(rnd.nextInt(moves.size())).deepCopy();
                    m.put("intentId", UUID.randomUUID().toString());
                    Res r = api.post("/api/matches/" + id + "/intents", m, token);
                    assertThat(r.status()).as("%s: %s -> %s", what, m, r.raw()).isEqualTo(200);
                    moved = true;
                    n++;
                    break;
                }
            }
            if (!moved) {
                Thread.sleep(20); // the server's AI owes it
            }
        }
    }

    /** The first seat given concedes; the match has ended then. */
    static void concede(Api api, String id, List<String> tokens, String what)
            throws InterruptedException {
        ObjectNode c = Api.JSON.createObjectNode();
        c.put("type", "CONCEDE").put("intentId", UUID.randomUUID().toString());
        Res r = api.post("/api/matches/" + id + "/intents", c, tokens.get(0));
        assertThat(r.status()).as("%s: %s concedes: %s", what, id, r.raw()).isEqualTo(200);
        eventually(() -> status(api, id).equals("ENDED"), 30_000);
        assertThat(status(api, id)).as("%s: %s conceded", what, id).isEqualTo("ENDED");
    }

    /**
     * A match left in progress of a game the tests' {@code Bot} does not play: moves the server
     * lists, then a concession.
     */
    static void playOn(Api api, String id, Map<String, String> tokens, String what)
            throws InterruptedException {
        playFromMoves(api, id, tokens, 40, new Random(7), what);
        if (status(api, id).equals("LIVE")) {
            concede(api, id, new ArrayList<>(tokens.values()), what);
        }
    }

    private static String status(Api api, String id) {
        return api.get("/api/matches/" + id + "/view", null).body().path("status").asText();
    }

    /**
     * What the release showed is still shown: every field it had, with the same value (numbers
     * within 1e-9), in objects that may have gained fields since; arrays element by element.
     */
    static void shownAsReleased(JsonNode was, JsonNode now, String what) {
        List<String> differences = new ArrayList<>();
        compare(was, now, "", differences);
        assertThat(differences)
                .as("%s: shown otherwise than the release showed it", what)
                .isEmpty();
    }

    private static boolean sameAsReleased(JsonNode was, JsonNode now) {
        List<String> differences = new ArrayList<>();
        compare(was, now, "", differences);
        return differences.isEmpty();
    }

    private static void compare(JsonNode was, JsonNode now, String at, List<String> out) {
        if (now == null || now.isMissingNode()) {
            out.add(at + ": missing, was " + was);
        } else if (was.isObject()) {
            if (!now.isObject()) {
                out.add(at + ": " + now + ", was " + was);
                return;
            }
            was.fields()
                    .forEachRemaining(
                            f ->
                                    compare(
                                            f.getValue(),
                                            now.get(f.getKey()),
                                            at + "/" + f.getKey(),
                                            out));
        } else if (was.isArray()) {
            if (!now.isArray() || now.size() != was.size()) {
                out.add(at + ": " + now + ", was " + was);
                return;
            }
            for (int i = 0; i < was.size(); i++) {
                compare(was.get(i), now.get(i), at + "/" + i, out);
            }
        } else if (was.isNumber() && now.isNumber()) {
            if (Math.abs(was.asDouble() - now.asDouble())
                    > 1e-9 * Math.max(1, Math.abs(was.asDouble()))) {
                out.add(at + ": " + now + ", was " + was);
            }
        } else if (!was.equals(now)) {
            out.add(at + ": " + now + ", was " + was);
        }
    }

    private static void eventually(BooleanSupplier done, long millis) throws InterruptedException {
        long until = System.currentTimeMillis() + millis;
        while (!done.getAsBoolean() && System.currentTimeMillis() < until) {
            Thread.sleep(100);
        }
    }
}
