package io.duelhall.infra.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.AppTest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Issue 14: everything the platform does for one game it does for every game it hosts, through the
 * neutral core alone. For each ruleset {@code GET /api/rulesets} lists, a client that knows no rule
 * takes seats with the ruleset's starter seat requests, plays a whole match from {@code /moves}
 * (random picks, every listed move accepted), and then: the match list and both players' histories
 * show the end with an outcome for every seat, every replay step reads, the signed record audits
 * clean, and a second match ends by a concession the same way.
 */
class EveryRulesetHttpTest extends AppTest {
    private static final int MAX_STEPS = 4000;

    @LocalServerPort int port;

    @Test
    @DisplayName(
            "every hosted ruleset plays to its end from /moves, lists, replays and audits clean")
    void everyRulesetPlaysListsReplaysAndAudits() {
        Api api = new Api(port);
        JsonNode rulesets = api.get("/api/rulesets", null).body();
        assertThat(rulesets.size()).isGreaterThanOrEqualTo(1);
        List<String> played = new ArrayList<>();
        for (JsonNode r : rulesets) {
            String id = r.get("id").asText();
            assertThat(r.get("intents")).as(id + " lists its intent vocabulary").isNotEmpty();
            JsonNode starters = api.get("/api/rulesets/" + id + "/decks/starter", null).body();
            assertThat(starters.size())
                    .as(id + " has starter seat requests")
                    .isGreaterThanOrEqualTo(1);
            int seats = r.at("/seats/min").asInt();
            String[] names = new String[seats];
            for (int s = 0; s < seats; s++) {
                names[s] =
                        id.substring(0, Math.min(4, id.length()))
                                + "-"
                                + UUID.randomUUID().toString().substring(0, 6);
            }

            // a whole match from /moves alone
            Match m = start(api, id, starters, names);
            Random random = new Random(id.hashCode());
            int steps = 0;
            Leaks leaks = new Leaks();
            while (steps < MAX_STEPS && !"ENDED".equals(status(api, m.id))) {
                leaks.check(api, id, m);
                int owing = -1;
                JsonNode moves = null;
                for (int s = 0; s < m.tokens.length; s++) {
                    Res res = api.get("/api/matches/" + m.id + "/moves", m.tokens[s]);
                    assertThat(res.status()).as(res.raw()).isEqualTo(200);
                    if (!res.body().get("moves").isEmpty()) {
                        assertThat(owing)
                                .as(id + ": one seat owes a decision at a time")
                                .isEqualTo(-1);
                        owing = s;
                        moves = res.body().get("moves");
                    }
                }
                assertThat(owing)
                        .as(id + ": a live match has a seat that owes a decision")
                        .isGreaterThanOrEqualTo(0);
                ObjectNode move =
                        ((ObjectNode) moves.get(random.nextInt(moves.size())).deepCopy())
                                .put("intentId", UUID.randomUUID().toString());
                Res sent = api.post("/api/matches/" + m.id + "/intents", move, m.tokens[owing]);
                assertThat(sent.status())
                        .as(id + ": listed move " + move + " -> " + sent.raw())
                        .isEqualTo(200);
                steps++;
            }
            assertThat(leaks.checked).as(id + ": hidden cards were looked for").isPositive();
            if (!"ENDED"
                    .equals(
                            status(
                                    api,
                                    m.id))) { // a random walk may not end a long game: the first
                // seat concedes
                concede(api, m, 0);
            }
            ended(api, id, m, names);

            // a match ended by a concession, from the second seat
            String[] others = new String[seats];
            for (int s = 0; s < seats; s++) {
                others[s] = names[s] + "c";
            }
            Match c = start(api, id, starters, others);
            concede(api, c, seats - 1);
            ended(api, id, c, others);
            JsonNode view = api.get("/api/matches/" + c.id + "/view", null).body();
            assertThat(view.get("status").asText()).isEqualTo("ENDED");
            // the server's AI plays it too: greedy against random, to the end, audited clean
            Res ai =
                    api.post(
                            "/api/matches",
                            Map.of("ruleset", id, "ai", Map.of("A", "greedy", "B", "random")),
                            null);
            assertThat(ai.status()).as(ai.raw()).isEqualTo(201);
            String aiMatch = ai.body().get("matchId").asText();
            Instant aiUntil = Instant.now().plus(Duration.ofSeconds(120));
            while (!"ENDED".equals(status(api, aiMatch))) {
                assertThat(Instant.now())
                        .as(id + ": the AI match " + aiMatch + " ends")
                        .isBefore(aiUntil);
                sleep(200);
            }
            Res aiAudit = api.get("/api/matches/" + aiMatch + "/audit", null);
            assertThat(aiAudit.body().get("passed").asBoolean())
                    .as(id + " AI match audit: " + aiAudit.raw())
                    .isTrue();
            played.add(id + " in " + steps + " moves");
        }
        assertThat(played).hasSize(rulesets.size());
    }

    record Match(String id, String[] tokens) {}

    /**
     * No hidden card reaches a spectator by any read path (the no-leak test for every ruleset): an
     * instance id that a seat's own view shows and that was never public (in a spectator's view or
     * events so far) must not be in the spectator's view; and an id the spectator's new events or
     * the replay of the latest step show must not be private to a seat then.
     *
     * <p>"Then" matters where a public card goes back to a hidden zone: a card discarded face up
     * from a deck, reshuffled into it and drawn again is named by the discard's event and is in a
     * hand now, and naming it was no leak (the audit trail shows it, the draw does not). So an id
     * that is hidden now and appears in a new event is checked at that event: it leaks if after the
     * event it is private to a seat (shown by that seat's replay and no other seat's) and before it
     * was not public (shown to every seat): a draw that names the card drawn, or an event naming a
     * card that stays in a hand. An event that reveals a card (played, discarded: public after) or
     * moves a known one (public before) names it rightly.
     */
    static final class Leaks {
        final java.util.Set<String> everPublic = new java.util.HashSet<>();
        long seen = -1;
        int checked;
        boolean detectorChecked;

        void check(Api api, String ruleset, Match m) {
            JsonNode pub = api.get("/api/matches/" + m.id + "/view", null).body();
            ids(pub, everPublic);
            java.util.Set<String> hidden = new java.util.HashSet<>();
            for (String token : m.tokens) {
                ids(api.get("/api/matches/" + m.id + "/view", token).body(), hidden);
            }
            hidden.removeAll(everPublic);
            JsonNode events =
                    api.get(
                                    "/api/matches/"
                                            + m.id
                                            + "/events?from="
                                            + (seen + 1)
                                            + "&limit=5000",
                                    null)
                            .body()
                            .get("events");
            JsonNode replay =
                    api.get(
                                    "/api/matches/"
                                            + m.id
                                            + "/replay?at="
                                            + Math.max(0, pub.get("version").asLong() - 1),
                                    null)
                            .body();
            if (!detectorChecked && !hidden.isEmpty()) {
                // the test of the test: what privateAt calls private holds the hands seen now
                assertThat(privateAt(api, m, pub.get("version").asLong()))
                        .as(ruleset + ": the ids private to a seat now")
                        .containsAnyElementsOf(hidden);
                detectorChecked = true;
            }
            for (String h : hidden) {
                assertThat(pub.toString())
                        .as(ruleset + ": the spectator's view shows hidden " + h)
                        .doesNotContain("\"" + h + "\"");
                checked++;
            }
            for (JsonNode e : events) {
                java.util.Set<String> named = new java.util.HashSet<>();
                ids(e, named);
                named.retainAll(hidden);
                long seq = e.get("seq").asLong();
                for (String h : named) {
                    boolean hiddenAfter = seenBy(api, m, seq).getOrDefault(h, 0) == 1;
                    boolean publicBefore =
                            seq > 0
                                    && seenBy(api, m, seq - 1).getOrDefault(h, 0)
                                            == m.tokens().length;
                    assertThat(hiddenAfter && !publicBefore)
                            .as(ruleset + ": the spectator's event " + seq + " shows hidden " + h)
                            .isFalse();
                    checked++;
                }
            }
            java.util.Set<String> inReplay = new java.util.HashSet<>();
            ids(replay, inReplay);
            inReplay.retainAll(hidden);
            if (!inReplay.isEmpty()) {
                long at = Math.max(0, pub.get("version").asLong() - 1);
                java.util.Set<String> privateThen = privateAt(api, m, at);
                for (String h : inReplay) {
                    assertThat(privateThen)
                            .as(
                                    ruleset
                                            + ": the spectator's replay at "
                                            + at
                                            + " shows hidden "
                                            + h)
                            .doesNotContain(h);
                    checked++;
                }
            }
            ids(events, everPublic);
            for (JsonNode e : events) {
                seen = Math.max(seen, e.get("seq").asLong());
            }
        }

        /**
         * How many seats' replays show each id after event {@code seq}: one for a card private to a
         * seat (in its hand), every seat for a public card, none for a card in a deck.
         */
        static java.util.Map<String, Integer> seenBy(Api api, Match m, long seq) {
            assertThat(m.tokens().length).as("private ids need two seats' sight").isGreaterThan(1);
            java.util.Map<String, Integer> seen = new java.util.HashMap<>();
            for (String token : m.tokens()) {
                java.util.Set<String> sees = new java.util.HashSet<>();
                ids(api.get("/api/matches/" + m.id() + "/replay?at=" + seq, token).body(), sees);
                sees.forEach(id -> seen.merge(id, 1, Integer::sum));
            }
            return seen;
        }

        /** The ids private to one seat after event {@code seq}: {@link #seenBy} one seat. */
        static java.util.Set<String> privateAt(Api api, Match m, long seq) {
            java.util.Set<String> once = new java.util.HashSet<>();
            seenBy(api, m, seq)
                    .forEach(
                            (id, n) -> {
                                if (n == 1) {
                                    once.add(id);
                                }
                            });
            return once;
        }

        /** Every text that looks like an instance id: an "id" field's value. */
        static void ids(JsonNode n, java.util.Set<String> out) {
            if (n.isObject()) {
                JsonNode id = n.get("id");
                if (id != null && id.isTextual() && id.asText().length() >= 4) {
                    out.add(id.asText());
                }
                n.forEach(c -> ids(c, out));
            } else if (n.isArray()) {
                n.forEach(c -> ids(c, out));
            } else if (n.isTextual()
                    && n.asText().length() >= 6
                    && n.asText().matches("[a-z][0-9a-f]{5,15}")) {
                out.add(n.asText()); // a card reference given as a bare id
            }
        }
    }

    static Match start(Api api, String ruleset, JsonNode starters, String[] names) {
        // a match of more than two seats says how many (options.seats)
        Res created =
                api.post(
                        "/api/matches",
                        names.length == 2
                                ? Map.of("ruleset", ruleset)
                                : Map.of(
                                        "ruleset",
                                        ruleset,
                                        "options",
                                        Map.of("seats", names.length)),
                        null);
        assertThat(created.status()).as(created.raw()).isEqualTo(201);
        String id = created.body().get("matchId").asText();
        String[] tokens = new String[names.length];
        for (int s = 0; s < names.length; s++) {
            ObjectNode body =
                    ((ObjectNode) starters.get(s % starters.size()).deepCopy())
                            .put("name", names[s]);
            Res seat = api.post("/api/matches/" + id + "/seats", body, null);
            assertThat(seat.status())
                    .as(ruleset + " starter seat request " + body + " -> " + seat.raw())
                    .isEqualTo(201);
            tokens[s] = seat.body().get("playerToken").asText();
        }
        assertThat(status(api, id))
                .as(ruleset + ": live once every seat is taken")
                .isEqualTo("LIVE");
        return new Match(id, tokens);
    }

    static void concede(Api api, Match m, int seat) {
        Res res =
                api.post(
                        "/api/matches/" + m.id + "/intents", Api.intent("CONCEDE"), m.tokens[seat]);
        assertThat(res.status()).as(res.raw()).isEqualTo(200);
    }

    static String status(Api api, String id) {
        return api.get("/api/matches/" + id + "/view", null).body().get("status").asText();
    }

    /** The end as every read path shows it: list, histories, replay, record and audit. */
    static void ended(Api api, String ruleset, Match m, String[] names) {
        for (String token : m.tokens) {
            assertThat(api.get("/api/matches/" + m.id + "/moves", token).body().get("moves"))
                    .isEmpty();
        }
        JsonNode events =
                api.get("/api/matches/" + m.id + "/events?from=0&limit=5000", null)
                        .body()
                        .get("events");
        int last = events.size() - 1;
        for (int at : new int[] {0, last / 2, last}) {
            Res replay = api.get("/api/matches/" + m.id + "/replay?at=" + at, null);
            assertThat(replay.status())
                    .as(ruleset + " replay at " + at + ": " + replay.raw())
                    .isEqualTo(200);
        }
        Res audit = api.get("/api/matches/" + m.id + "/audit", null);
        assertThat(audit.status()).as(audit.raw()).isEqualTo(200);
        assertThat(audit.body().get("passed").asBoolean())
                .as(ruleset + " audit: " + audit.raw())
                .isTrue();
        // a tampered copy of its record: one number of one rules event changed; the audit names
        // that event
        ObjectNode record = (ObjectNode) api.get("/api/matches/" + m.id + "/export", null).body();
        com.fasterxml.jackson.databind.node.ArrayNode recorded =
                (com.fasterxml.jackson.databind.node.ArrayNode) record.get("events");
        int k = -1;
        String field = null;
        for (int i = recorded.size() / 2; i < recorded.size() && k < 0; i++) {
            JsonNode e = recorded.get(i);
            if (List.of("IntentAccepted", "SeatTokenIssued", "ClockSet")
                    .contains(e.get("type").asText())) {
                continue;
            }
            for (java.util.Iterator<Map.Entry<String, JsonNode>> f = e.get("payload").fields();
                    f.hasNext(); ) {
                Map.Entry<String, JsonNode> x = f.next();
                if (x.getValue().isInt()) {
                    k = i;
                    field = x.getKey();
                    break;
                }
            }
        }
        assertThat(k).as(ruleset + ": a rules event with a number to change").isPositive();
        ObjectNode payload = (ObjectNode) recorded.get(k).get("payload");
        payload.put(field, payload.get(field).asInt() + 1);
        Res tampered = api.post("/api/audit", record, null);
        assertThat(tampered.status()).as(tampered.raw()).isEqualTo(200);
        assertThat(tampered.body().get("passed").asBoolean()).isFalse();
        for (JsonNode c : tampered.body().get("checks")) {
            if (c.get("name").asText().equals("chain")) {
                assertThat(c.get("passed").asBoolean()).isFalse();
                assertThat(c.get("event").asInt())
                        .as(ruleset + ": the chain breaks at the changed event " + tampered.raw())
                        .isEqualTo(k);
            }
            if (c.get("name").asText().equals("resimulation")) {
                assertThat(c.get("passed").asBoolean())
                        .as(ruleset + ": the rules do not give the changed event")
                        .isFalse();
                assertThat(c.get("event").asInt())
                        .as(ruleset + ": first divergence " + c)
                        .isEqualTo(k);
            }
        }
        // the read models are a processor batch behind
        Instant until = Instant.now().plus(Duration.ofSeconds(30));
        while (true) {
            JsonNode listed = null;
            for (JsonNode s : api.get("/api/matches?status=ENDED&limit=500", null).body()) {
                if (s.get("matchId").asText().equals(m.id)) {
                    listed = s;
                }
            }
            List<String> outcomes = new ArrayList<>();
            for (String name : names) {
                JsonNode history = api.get("/api/players/" + name + "/matches", null).body();
                for (JsonNode h : history.path("matches")) {
                    if (h.get("matchId").asText().equals(m.id)) {
                        outcomes.add(h.get("outcome").asText());
                    }
                }
            }
            if (listed != null && outcomes.size() == names.length && !outcomes.contains("null")) {
                assertThat(listed.get("ruleset").asText()).isEqualTo(ruleset);
                assertThat(outcomes)
                        .as(ruleset + ": an outcome for every seat")
                        .allMatch(o -> List.of("WON", "LOST", "DRAWN").contains(o));
                assertThat(!outcomes.contains("WON") || outcomes.contains("LOST"))
                        .as(ruleset + ": a winner has a loser: " + outcomes)
                        .isTrue();
                // two seats: a loser has a winner; more seats: the seats knocked out lose and those
                // still standing when the rounds run out draw (C-D-END-3), so nobody need win
                assertThat(names.length > 2 || outcomes.contains("WON") == outcomes.contains("LOST"))
                        .as(ruleset + ": of two seats, a loser has a winner: " + outcomes)
                        .isTrue();
                assertThat(outcomes)
                        .as(ruleset + ": somebody did not lose: " + outcomes)
                        .anyMatch(o -> !o.equals("LOST"));
                return;
            }
            assertThat(Instant.now())
                    .as(ruleset + ": match " + m.id + " listed as ended with every seat's outcome")
                    .isBefore(until);
            sleep(200);
        }
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
