package io.duelhall.infra.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.AppTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * GET /api/matches/{id}/replay?at=N: the state after event N, folded from the store, as the caller
 * may see it.
 */
class ReplayHttpTest extends AppTest {
    @LocalServerPort int port;

    @Test
    void replayAtEveryStepEqualsWhatTheLivePathShowedAfterThatEvent() {
        Api api = new Api(port);
        Bot bot = new Bot(api, 11);
        Random rnd = new Random(11);
        String[] m = api.startedMatch("Rewind", "Forward", 0);
        String base = "/api/matches/" + m[0];
        Map<String, String> tokens = Map.of("A", m[1], "B", m[2]);
        Map<String, TreeMap<Long, JsonNode>> live =
                Map.of("A", new TreeMap<>(), "B", new TreeMap<>(), "S", new TreeMap<>());
        boolean ended = false;
        for (int step = 0; !ended; step++) {
            assertThat(step).isLessThan(3000);
            for (String who : List.of("A", "B", "S")) {
                JsonNode view =
                        api.get(base + "/view", who.equals("S") ? null : tokens.get(who)).body();
                live.get(who).put(view.get("version").asLong(), view);
            }
            if (step % 10
                    == 9) { // while the match goes on, a replay is exactly what was shown then
                List<Long> seen = new ArrayList<>(live.get("A").keySet());
                long n = seen.get(rnd.nextInt(seen.size()));
                for (String who : List.of("A", "B", "S")) {
                    assertThat(
                                    api.get(
                                                    base + "/replay?at=" + n,
                                                    who.equals("S") ? null : tokens.get(who))
                                            .body())
                            .as("%s's replay at %d while live", who, n)
                            .isEqualTo(live.get(who).get(n));
                }
            }
            ended = Bot.ended(bot.step(m[0], tokens));
        }
        JsonNode last = api.get(base + "/view", null).body();
        long end = last.get("version").asLong();
        for (String who : List.of("A", "B", "S")) {
            live.get(who)
                    .put(
                            end,
                            api.get(base + "/view", who.equals("S") ? null : tokens.get(who))
                                    .body());
        }

        String previousStatus = "WAITING";
        for (long n = 0; n <= end; n++) {
            JsonNode r = api.get(base + "/replay?at=" + n, null).body();
            assertThat(r.get("version").asLong()).isEqualTo(n);
            JsonNode recent = r.get("recentEvents");
            assertThat(recent.get(recent.size() - 1).get("seq").asLong()).isEqualTo(n);
            assertThat(recent.size()).isEqualTo((int) Math.min(50, n + 1));
            if (previousStatus.equals("ENDED")) {
                assertThat(r.get("status").asText()).isEqualTo("ENDED");
            }
            previousStatus = r.get("status").asText();
            assertThat(r.at("/seats/A/hand").isArray() || n < 3)
                    .as("everything is revealed once the match has ended")
                    .isTrue();
            JsonNode spectatorThen = live.get("S").get(n);
            if (spectatorThen != null) {
                assertThat(publicPart(r))
                        .as("spectator after event %d", n)
                        .isEqualTo(publicPart(spectatorThen));
            }
            for (String seat : List.of("A", "B")) {
                JsonNode seatThen = live.get(seat).get(n);
                if (seatThen == null) {
                    continue;
                }
                JsonNode replay = api.get(base + "/replay?at=" + n, tokens.get(seat)).body();
                assertThat(publicPart(replay))
                        .as("%s after event %d", seat, n)
                        .isEqualTo(publicPart(seatThen));
                if (n < end) {
                    assertThat(replay.at("/seats/" + seat + "/hand"))
                            .as("%s's own hand after event %d", seat, n)
                            .isEqualTo(seatThen.at("/seats/" + seat + "/hand"));
                }
            }
        }
        assertThat(api.get(base + "/replay?at=" + end, null).body()).isEqualTo(last);
    }

    /**
     * {@code /replay/steps?from=N&to=M}: the views after each event N..M in one answer, each
     * exactly what {@code /replay?at=} answers for that step, for a seat and a spectator while the
     * match goes on (each its own sight) and for everyone once it has ended; bad stretches are
     * refused and change nothing; {@code /replay?at=} answers as before, extra parameters and all.
     */
    @Test
    void aStretchOfStepsIsEachStepsOwnReplay() {
        Api api = new Api(port);
        Bot bot = new Bot(api, 12);
        String[] m = api.startedMatch("Stretch", "Steps", 0);
        String base = "/api/matches/" + m[0];
        Map<String, String> tokens = Map.of("A", m[1], "B", m[2]);
        boolean ended = steps(bot, m[0], tokens, 25);
        assertThat(ended).as("the match goes on after 25 steps").isFalse();
        long live = api.get(base + "/view", m[1]).body().get("version").asLong();
        assertThat(live).isGreaterThan(10);
        sameAsEachStep(api, base, 0, Math.min(live, 99), m[1], "seat A while live");
        sameAsEachStep(api, base, Math.max(0, live - 60), live, null, "a spectator while live");
        assertThat(stretch(api, base, live, live, m[1]).get(0).at("/seats/A/hand"))
                .as("A's own hand, live: as its view shows it")
                .isEqualTo(api.get(base + "/view", m[1]).body().at("/seats/A/hand"));
        // the last step at which A held cards (a hand may be empty at the live step itself)
        long first = Math.max(0, live - 99);
        JsonNode own = stretch(api, base, first, live, m[1]);
        long held = -1;
        for (int i = 0; i < own.size(); i++) {
            JsonNode hand = own.get(i).at("/seats/A/hand");
            if (hand.isArray() && hand.size() > 0) {
                held = first + i;
            }
        }
        assertThat(held).as("a step of the live match at which A holds cards").isNotNegative();
        assertThat(noCards(stretch(api, base, held, held, null).get(0).at("/seats/A/hand")))
                .as("no hand of A for a spectator, live (step %d)", held)
                .isTrue();
        assertThat(noCards(stretch(api, base, held, held, m[2]).get(0).at("/seats/A/hand")))
                .as("no hand of A for B, live (step %d)", held)
                .isTrue();
        for (int step = 0; !ended; step++) {
            assertThat(step).isLessThan(3000);
            ended = Bot.ended(bot.step(m[0], tokens));
        }
        long end = api.get(base + "/view", null).body().get("version").asLong();
        for (long from = 0; from <= end; from += 100) {
            sameAsEachStep(api, base, from, Math.min(end, from + 99), null, "ended");
        }
        sameAsEachStep(api, base, end, end, m[2], "the last step alone, seat B");

        Map<String, String> refused = new java.util.LinkedHashMap<>();
        refused.put("from=0", "400 INVALID_PARAMETER"); // both
        refused.put("to=3", "400 INVALID_PARAMETER");
        refused.put("", "400 INVALID_PARAMETER");
        refused.put("from=x&to=2", "400 INVALID_PARAMETER");
        refused.put("from=-1&to=2", "400 OUT_OF_RANGE");
        refused.put("from=5&to=4", "400 OUT_OF_RANGE");
        refused.put("from=0&to=100", "400 OUT_OF_RANGE"); // 101 steps
        refused.put("from=0&to=" + Long.MAX_VALUE, "400 OUT_OF_RANGE");
        refused.put("from=" + Long.MAX_VALUE + "&to=" + Long.MAX_VALUE, "404 EVENT_NOT_FOUND");
        refused.put("from=" + (end + 1) + "&to=" + (end + 2), "404 EVENT_NOT_FOUND");
        refused.put("from=" + (end - 1) + "&to=" + (end + 1), "404 EVENT_NOT_FOUND");
        refused.forEach(
                (query, expected) -> {
                    Res r = api.get(base + "/replay/steps?" + query, null);
                    assertThat(r.status() + " " + r.error())
                            .as("%s (the match's version %d): %s", query, end, r.raw())
                            .isEqualTo(expected);
                });
        assertThat(api.get("/api/matches/nope/replay/steps?from=0&to=0", null).status())
                .isEqualTo(404);
        assertThat(api.get(base + "/replay/steps?from=0&to=0", "not-a-seat").status())
                .isEqualTo(401);
        // /replay?at= as before: other parameters are not its own and change nothing
        assertThat(api.get(base + "/replay?at=5&from=3", null).body())
                .isEqualTo(api.get(base + "/replay?at=5", null).body());
        assertThat(api.get(base + "/replay/steps?from=0&to=99", null).status()).isEqualTo(200);
        assertThat(api.get(base + "/view", null).body().get("version").asLong())
                .as("nothing changed")
                .isEqualTo(end);
    }

    /**
     * A spectator delayed by the match's spectator delay reads stretches only up to its horizon,
     * and sees no hand in them while the match goes on.
     */
    @Test
    void aDelayedSpectatorsStretchEndsAtItsHorizon() {
        Api api = new Api(port);
        Bot bot = new Bot(api, 13);
        String[] m = api.startedMatch("Delayed", "Stretch", 600);
        String base = "/api/matches/" + m[0];
        steps(bot, m[0], Map.of("A", m[1], "B", m[2]), 10);
        long live = api.get(base + "/view", m[1]).body().get("version").asLong();
        long horizon = api.get(base + "/view", null).body().get("version").asLong();
        assertThat(horizon).as("the spectator is ten minutes behind").isLessThan(live);
        Res past = api.get(base + "/replay/steps?from=0&to=" + live, null);
        assertThat(past.status() + " " + past.error()).isEqualTo("404 EVENT_NOT_FOUND");
        JsonNode within = stretch(api, base, 0, horizon, null);
        assertThat(within.size()).isEqualTo((int) horizon + 1);
        within.forEach(
                v ->
                        assertThat(
                                        v.at("/seats/A/hand").isMissingNode()
                                                && v.at("/seats/B/hand").isMissingNode())
                                .as("no hand in a delayed spectator's step %s", v.get("version"))
                                .isTrue());
        assertThat(stretch(api, base, 0, live, m[1]).size())
                .as("a seat is not delayed")
                .isEqualTo((int) live + 1);
    }

    /**
     * A node answers at most {@code duelhall.query.replay-steps-at-once} (4) stretches at once:
     * past it {@code 429 TOO_MANY_REPLAYS} with a {@code Retry-After}, and nothing else; every
     * stretch it does answer is whole; once the burst is over the places are all given back.
     */
    @Test
    void stretchesPastTheNodesLimitAreRefusedWithTooManyReplays() throws Exception {
        Api api = new Api(port);
        Bot bot = new Bot(api, 14);
        String[] m = api.startedMatch("Many", "Stretches", 0);
        String base = "/api/matches/" + m[0];
        Map<String, String> tokens = Map.of("A", m[1], "B", m[2]);
        assertThat(steps(bot, m[0], tokens, 3000)).as("the match ends").isTrue();
        long end = api.get(base + "/view", null).body().get("version").asLong();
        long to = Math.min(end, 99);
        String path = base + "/replay/steps?from=0&to=" + to;
        int burst = 24;
        ExecutorService pool = Executors.newFixedThreadPool(burst);
        int refused = 0;
        int answered = 0;
        try {
            // a burst of simultaneous stretches, again until one is refused (a few at most: each
            // of them folds and writes up to a hundred views, so two dozen at once overlap)
            for (int round = 0; round < 10 && refused == 0; round++) {
                CountDownLatch go = new CountDownLatch(1);
                List<Future<Res>> all = new ArrayList<>();
                for (int i = 0; i < burst; i++) {
                    all.add(
                            pool.submit(
                                    () -> {
                                        go.await();
                                        return api.get(path, null);
                                    }));
                }
                go.countDown();
                for (Future<Res> f : all) {
                    Res r = f.get(60, TimeUnit.SECONDS);
                    if (r.status() == 429) {
                        refused++;
                        assertThat(r.error()).as(r.raw()).isEqualTo("TOO_MANY_REPLAYS");
                        assertThat(r.headers().firstValue("Retry-After"))
                                .as("a refused stretch says when to ask again")
                                .isPresent();
                    } else {
                        answered++;
                        assertThat(r.status()).as(r.raw()).isEqualTo(200);
                        assertThat(r.body().get("views").size())
                                .as("a stretch answered is whole")
                                .isEqualTo((int) to + 1);
                    }
                }
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(refused)
                .as(
                        "bursts of %d stretches at once past the node's 4 (%d answered)",
                        burst, answered)
                .isPositive();
        assertThat(answered).as("the node still answers up to its limit").isGreaterThanOrEqualTo(4);
        // the places are given back: asked one after the other, each is answered
        for (int i = 0; i < 6; i++) {
            assertThat(api.get(path, null).status())
                    .as("stretch %d after the bursts", i)
                    .isEqualTo(200);
        }
        assertThat(api.get(base + "/view", null).body().get("version").asLong())
                .as("nothing changed")
                .isEqualTo(end);
    }

    /** At most {@code n} steps of the bot on both seats; true when the match ended. */
    private static boolean steps(Bot bot, String matchId, Map<String, String> tokens, int n) {
        for (int step = 0; step < n; step++) {
            if (Bot.ended(bot.step(matchId, tokens))) {
                return true;
            }
        }
        return false;
    }

    /** A hand not shown: absent or null (a hand shown is a list of cards). */
    private static boolean noCards(JsonNode hand) {
        return hand.isMissingNode() || hand.isNull();
    }

    private static JsonNode stretch(Api api, String base, long from, long to, String token) {
        Res r = api.get(base + "/replay/steps?from=" + from + "&to=" + to, token);
        assertThat(r.status()).as("%d..%d: %s", from, to, r.raw()).isEqualTo(200);
        return r.body().get("views");
    }

    private static void sameAsEachStep(
            Api api, String base, long from, long to, String token, String who) {
        Res r = api.get(base + "/replay/steps?from=" + from + "&to=" + to, token);
        assertThat(r.status()).as("%s %d..%d: %s", who, from, to, r.raw()).isEqualTo(200);
        assertThat(r.body().get("from").asLong()).isEqualTo(from);
        assertThat(r.body().get("to").asLong()).isEqualTo(to);
        assertThat(r.body().get("matchId").asText()).isEqualTo(base.substring(13));
        JsonNode views = r.body().get("views");
        assertThat(views.size()).as(who).isEqualTo((int) (to - from + 1));
        for (long n = from; n <= to; n++) {
            assertThat(views.get((int) (n - from)))
                    .as("%s: step %d of the stretch %d..%d", who, n, from, to)
                    .isEqualTo(api.get(base + "/replay?at=" + n, token).body());
        }
    }

    /** The view without hands and event payloads (which the end of the match reveals). */
    static JsonNode publicPart(JsonNode view) {
        ObjectNode v = view.deepCopy();
        v.get("seats").forEach(s -> ((ObjectNode) s).remove("hand"));
        v.get("recentEvents").forEach(e -> ((ObjectNode) e).remove("payload"));
        return v;
    }

    @Test
    void replayRefusesWhatIsNotThere() {
        Api api = new Api(port);
        String[] m = api.startedMatch("Bad", "Replay", 0);
        String base = "/api/matches/" + m[0];
        long version = api.get(base + "/view", m[1]).body().get("version").asLong();
        Res negative = api.get(base + "/replay?at=-1", null);
        assertThat(negative.status()).isEqualTo(400);
        assertThat(negative.error()).isEqualTo("OUT_OF_RANGE");
        Res future = api.get(base + "/replay?at=" + (version + 1), m[1]);
        assertThat(future.status()).isEqualTo(404);
        assertThat(future.error()).isEqualTo("EVENT_NOT_FOUND");
        assertThat(api.get(base + "/replay", null).status()).isEqualTo(400);
        assertThat(api.get(base + "/replay?at=x", null).status()).isEqualTo(400);
        assertThat(api.get("/api/matches/nope/replay?at=0", null).status()).isEqualTo(404);
        assertThat(api.get(base + "/replay?at=0", "not-a-seat").status()).isEqualTo(401);
        JsonNode first = api.get(base + "/replay?at=0", null).body();
        assertThat(first.get("status").asText()).isEqualTo("WAITING");
        assertThat(first.get("seats").size()).isZero();
    }
}
