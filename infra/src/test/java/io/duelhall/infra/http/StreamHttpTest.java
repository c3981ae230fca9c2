package io.duelhall.infra.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.AppTest;
import io.duelhall.infra.http.Sse.Message;
import io.duelhall.query.stream.MatchStreams;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * GET /api/matches/{id}/stream against the running app: whole matches, resumption, delay,
 * heartbeats, fan-out.
 */
class StreamHttpTest extends AppTest {
    static final Duration WAIT = Duration.ofSeconds(30);

    @LocalServerPort int port;
    @Autowired MatchStreams streams;
    Api api;
    Bot bot;

    @BeforeEach
    void setUp() {
        api = new Api(port);
        bot = new Bot(api, 7);
    }

    String path(String matchId) {
        return "/api/matches/" + matchId + "/stream";
    }

    static List<Long> ids(List<Message> messages) {
        return messages.stream().map(Message::id).toList();
    }

    static List<Long> range(long from, long to) {
        return LongStream.rangeClosed(from, to).boxed().toList();
    }

    @Test
    void aSpectatorFollowsAWholeMatchAndEndsWithTheStateOfView() {
        String id = api.createMatch(0);
        try (Sse spectator = Sse.open(port, path(id), null, -1L)) {
            assertThat(spectator.status()).isEqualTo(200);
            Map<String, String> tokens =
                    Map.of("A", api.takeSeat(id, "Ada", 0), "B", api.takeSeat(id, "Bo", 1));
            List<Res> answers = bot.playToEnd(id, tokens, 3000);
            long end = answers.get(answers.size() - 1).body().get("version").asLong();

            assertThat(spectator.awaitEnd(WAIT))
                    .as("the stream of an ended match closes after its last event")
                    .isTrue();
            List<Message> messages = spectator.messages();
            assertThat(ids(messages))
                    .as("every event once, in order, id = sequence number")
                    .isEqualTo(range(0, end));
            messages.forEach(m -> assertThat(m.seq()).isEqualTo(m.id()));
            JsonNode last = messages.get(messages.size() - 1).view();
            assertThat(last).isNotNull();
            assertThat(last).isEqualTo(api.get("/api/matches/" + id + "/view", null).body());
            assertThat(last.get("status").asText()).isEqualTo("ENDED");

            JsonNode log =
                    api.get("/api/matches/" + id + "/events?from=0&limit=5000", null)
                            .body()
                            .get("events");
            List<String> types = new ArrayList<>();
            log.forEach(e -> types.add(e.get("type").asText()));
            assertThat(messages.stream().map(m -> m.event().get("type").asText()).toList())
                    .isEqualTo(types);
            for (Message m : messages) {
                if (m.view() != null) {
                    assertThat(m.view().get("version").asLong()).isEqualTo(m.id());
                    if (!m.view().get("status").asText().equals("ENDED")) {
                        assertThat(m.view().at("/seats/A/hand").isArray())
                                .as("no hand for a spectator")
                                .isFalse();
                        assertThat(m.view().at("/seats/B/hand").isArray()).isFalse();
                    }
                }
            }
        }
    }

    @Test
    void reconnectingWithLastEventIdMidMatchLosesAndRepeatsNothing() {
        String[] m = api.startedMatch("Re", "Connect", 0);
        Map<String, String> tokens = Map.of("A", m[1], "B", m[2]);
        long start = api.get("/api/matches/" + m[0] + "/view", m[1]).body().get("version").asLong();
        List<Message> first;
        try (Sse a = Sse.open(port, path(m[0]), m[1], null)) {
            Message hello = a.awaitId(start, WAIT);
            assertThat(hello.view())
                    .as("a fresh subscriber starts with the current view")
                    .isNotNull();
            long v = 0;
            for (int i = 0; i < 5; i++) {
                v = bot.step(m[0], tokens).body().get("version").asLong();
            }
            a.awaitId(v, WAIT);
            for (int i = 0; i < 3; i++) {
                bot.step(m[0], tokens);
            }
            a.close();
            first = a.messages();
        }
        for (int i = 0; i < 5; i++) {
            bot.step(m[0], tokens); // while nobody listens
        }
        long resumeAfter = first.get(first.size() - 1).id();
        List<Message> second;
        try (Sse a = Sse.open(port, path(m[0]), m[1], resumeAfter)) {
            List<Res> rest = bot.playToEnd(m[0], tokens, 3000);
            long end = rest.get(rest.size() - 1).body().get("version").asLong();
            assertThat(a.awaitEnd(WAIT)).isTrue();
            second = a.messages();
            List<Long> all = new ArrayList<>(ids(first));
            all.addAll(ids(second));
            assertThat(all).as("resumed after %d", resumeAfter).isEqualTo(range(start, end));
            assertThat(second.get(second.size() - 1).view())
                    .isEqualTo(api.get("/api/matches/" + m[0] + "/view", m[1]).body());
        }
        // An ended match with nothing left to send: 204, so an EventSource stops reconnecting.
        try (Sse done = Sse.open(port, path(m[0]), m[1], second.get(second.size() - 1).id())) {
            assertThat(done.status()).isEqualTo(204);
        }
    }

    @Test
    void spectatorsSeeTheMatchAsItStoodTheDelayAgoInViewEventsReplayAndStream() {
        int delay = 3;
        String[] m = api.startedMatch("Dee", "Lay", delay);
        Map<String, String> tokens = Map.of("A", m[1], "B", m[2]);
        try (Sse spectator = Sse.open(port, path(m[0]), null, -1L);
                Sse seat = Sse.open(port, path(m[0]), m[1], -1L)) {
            long live = 0;
            for (int i = 0; i < 4; i++) {
                live = bot.step(m[0], tokens).body().get("version").asLong();
            }
            JsonNode log =
                    api.get("/api/matches/" + m[0] + "/events?from=0&limit=5000", m[1])
                            .body()
                            .get("events");
            Instant before = Instant.now();
            JsonNode view = api.get("/api/matches/" + m[0] + "/view", null).body();
            JsonNode events =
                    api.get("/api/matches/" + m[0] + "/events?from=0&limit=5000", null).body();
            Res replayLive = api.get("/api/matches/" + m[0] + "/replay?at=" + live, null);
            Instant after = Instant.now();

            long seen = view.get("version").asLong();
            if (seen > 0) { // the opening is always shown
                assertThat(at(log, seen))
                        .as("the spectator's last event is at least %ds old", delay)
                        .isBeforeOrEqualTo(after.minusSeconds(delay));
            }
            if (seen < live) {
                assertThat(at(log, seen + 1))
                        .as("and nothing old enough is held back")
                        .isAfter(before.minusSeconds(delay + 1));
            }
            assertThat(events.get("version").asLong()).isLessThanOrEqualTo(seen + 1);
            events.get("events")
                    .forEach(
                            e ->
                                    assertThat(
                                                    e.get("seq").asLong() == 0
                                                            || !Instant.parse(e.get("at").asText())
                                                                    .isAfter(
                                                                            after.minusSeconds(
                                                                                    delay)))
                                            .isTrue());
            if (at(log, live).isAfter(before.minusSeconds(delay))) {
                assertThat(replayLive.status())
                        .as("a spectator cannot replay what it may not see yet")
                        .isEqualTo(404);
            }
            assertThat(
                            api.get("/api/matches/" + m[0] + "/view", m[1])
                                    .body()
                                    .get("version")
                                    .asLong())
                    .as("seats see their own view live")
                    .isEqualTo(live);
            seat.awaitId(live, WAIT);

            long target = live;
            await().atMost(WAIT)
                    .until(
                            () ->
                                    api.get("/api/matches/" + m[0] + "/view", null)
                                                    .body()
                                                    .get("version")
                                                    .asLong()
                                            == target);
            spectator.awaitId(target, WAIT);
            for (Message msg : spectator.messages()) {
                Instant eventAt = Instant.parse(msg.event().get("at").asText());
                if (msg.id() > 0) {
                    assertThat(Instant.ofEpochMilli(msg.receivedAtMillis()))
                            .as("event %d reached the spectator", msg.id())
                            .isAfterOrEqualTo(eventAt.plusSeconds(delay).minusMillis(1));
                }
            }
        }
    }

    private static Instant at(JsonNode events, long seq) {
        for (JsonNode e : events) {
            if (e.get("seq").asLong() == seq) {
                return Instant.parse(e.get("at").asText());
            }
        }
        throw new AssertionError("no event " + seq);
    }

    @Test
    void inPatchFramesASpectatorAndASeatBuildEveryViewFromTheFirst() {
        String id = api.createMatch(0);
        String patch = path(id) + "?frames=patch";
        try (Sse spectator = Sse.open(port, patch, null, -1L);
                Sse whole = Sse.open(port, path(id), null, -1L)) {
            assertThat(spectator.status()).isEqualTo(200);
            String a = api.takeSeat(id, "Ada", 0);
            String b = api.takeSeat(id, "Bo", 1);
            Map<String, String> tokens = Map.of("A", a, "B", b);
            long v = 0;
            for (int i = 0; i < 6; i++) {
                v = bot.step(id, tokens).body().get("version").asLong();
            }
            JsonNode seatView = api.get("/api/matches/" + id + "/view", a).body();
            try (Sse seat = Sse.open(port, patch, a, null)) {
                Message first = seat.awaitId(v, WAIT);
                assertThat(first.view())
                        .as("a new patch subscriber starts with the whole view")
                        .isEqualTo(seatView);
                List<Res> answers = bot.playToEnd(id, tokens, 3000);
                long end = answers.get(answers.size() - 1).body().get("version").asLong();
                assertThat(seat.awaitEnd(WAIT)).isTrue();
                assertThat(ids(seat.messages())).isEqualTo(range(v, end));
                List<JsonNode> seatViews = Sse.views(seat.messages(), null);
                assertThat(seatViews.get(seatViews.size() - 1))
                        .isEqualTo(api.get("/api/matches/" + id + "/view", a).body());
                assertThat(seat.messages().subList(1, seat.messages().size()))
                        .allSatisfy(m -> assertThat(m.patch()).isNotNull());
            }
            long end = api.get("/api/matches/" + id + "/view", null).body().get("version").asLong();
            assertThat(spectator.awaitEnd(WAIT)).isTrue();
            assertThat(whole.awaitEnd(WAIT)).isTrue();
            List<Message> messages = spectator.messages();
            assertThat(ids(messages)).isEqualTo(range(0, end));
            assertThat(messages.get(0).view()).as("the whole view once, first").isNotNull();
            List<JsonNode> views = Sse.views(messages, null);
            // every view the view-format stream sent (each burst's last) is the one the patches
            // built
            for (Message m : whole.messages()) {
                if (m.view() != null) {
                    assertThat(views.get((int) m.id())).as("view %d", m.id()).isEqualTo(m.view());
                }
            }
            assertThat(views.get(views.size() - 1))
                    .isEqualTo(api.get("/api/matches/" + id + "/view", null).body());
            for (int i = 0; i < messages.size(); i++) {
                JsonNode built = views.get(i);
                assertThat(built.get("version").asLong()).isEqualTo(messages.get(i).id());
                if (!built.get("status").asText().equals("ENDED")) {
                    assertThat(built.at("/seats/A/hand").isArray()).isFalse();
                    assertThat(built.at("/seats/B/hand").isArray()).isFalse();
                }
            }
            long patchBytes = messages.stream().mapToLong(m -> m.raw().length()).sum();
            long viewBytes = whole.messages().stream().mapToLong(m -> m.raw().length()).sum();
            System.out.printf(
                    "[figure] one whole match (%d events) to a spectator: %d bytes of data in patch"
                            + " frames, %d in view frames (%.0f vs %.0f per event)%n",
                    messages.size(),
                    patchBytes,
                    viewBytes,
                    patchBytes / (double) messages.size(),
                    viewBytes / (double) messages.size());
        }
    }

    @Test
    void inPatchFramesReconnectingWithLastEventIdPatchesTheViewHeldAndLosesAndRepeatsNothing() {
        String[] m = api.startedMatch("Patch", "Resume", 0);
        Map<String, String> tokens = Map.of("A", m[1], "B", m[2]);
        String patch = path(m[0]) + "?frames=patch";
        JsonNode start = api.get("/api/matches/" + m[0] + "/view", null).body();
        List<Message> all = new ArrayList<>();
        // the page's way: GET /view, then the stream from that view's version
        JsonNode held = start;
        Sse s = Sse.open(port, patch, null, start.get("version").asLong());
        try {
            for (int round = 0; round < 4; round++) {
                long v = 0;
                for (int i = 0; i < 3; i++) {
                    v = bot.step(m[0], tokens).body().get("version").asLong();
                }
                s.awaitId(v, WAIT);
                s.close();
                List<Message> got = s.messages();
                assertThat(got.get(0).patch())
                        .as("a resumed stream starts with a patch against the view held")
                        .isNotNull();
                List<JsonNode> views = Sse.views(got, held);
                held = views.get(views.size() - 1);
                all.addAll(got);
                for (int i = 0; i < 2; i++) {
                    bot.step(m[0], tokens); // while nobody listens
                }
                s = Sse.open(port, patch, null, all.get(all.size() - 1).id());
            }
            List<Res> rest = bot.playToEnd(m[0], tokens, 3000);
            long end = rest.get(rest.size() - 1).body().get("version").asLong();
            assertThat(s.awaitEnd(WAIT)).isTrue();
            List<JsonNode> views = Sse.views(s.messages(), held);
            all.addAll(s.messages());
            assertThat(ids(all))
                    .as("no gap, no repeat")
                    .isEqualTo(range(start.get("version").asLong() + 1, end));
            assertThat(views.get(views.size() - 1))
                    .isEqualTo(api.get("/api/matches/" + m[0] + "/view", null).body());
        } finally {
            s.close();
        }
        try (Sse bad = Sse.open(port, path(m[0]) + "?frames=diff", null, null)) {
            assertThat(bad.status()).isEqualTo(400);
            assertThat(bad.errorBody()).contains("INVALID_PARAMETER");
        }
    }

    @Test
    void anIdleStreamGetsHeartbeats() {
        String[] m = api.startedMatch("Idle", "Heart", 0);
        try (Sse s = Sse.open(port, path(m[0]), null, null)) {
            assertThat(s.status()).isEqualTo(200);
            await().atMost(WAIT).until(() -> s.comments().contains("heartbeat"));
            assertThat(s.isEnded()).isFalse();
        }
    }

    @Test
    void manySubscribersAreServedByAFewThreads() {
        int matches = 4;
        int perMatch = 50;
        List<String[]> started = new ArrayList<>();
        for (int i = 0; i < matches; i++) {
            started.add(api.startedMatch("Fan" + i, "Out" + i, 0));
        }
        java.util.Set<Long> threadsBefore =
                Thread.getAllStackTraces().keySet().stream()
                        .map(Thread::getId)
                        .collect(java.util.stream.Collectors.toSet());
        // streams other tests of the shared app closed count until the server notices (at the
        // next heartbeat, every second here): counted once none has been noticed for 2.5 s
        int openBefore = settledOpenStreams();
        List<Sse> subscribers = new ArrayList<>();
        try {
            for (String[] m : started) {
                for (int i = 0; i < perMatch; i++) {
                    Sse s = Sse.open(port, path(m[0]), i % 10 == 0 ? m[1] : null, null);
                    s.awaitId(0, WAIT);
                    subscribers.add(s);
                }
            }
            // the threads started while the streams opened, but the JDK HTTP clients' of the
            // test side (a JsonHttp's, started by whatever ran before in this JVM, and their
            // completions on the common pool): the server serves streams on Tomcat and its own
            // dispatcher and senders (which classes ran before in this JVM changed the count of
            // the whole JVM's threads: issue 47, round 17)
            List<String> newThreads =
                    Thread.getAllStackTraces().keySet().stream()
                            .filter(t -> !threadsBefore.contains(t.getId()))
                            .map(Thread::getName)
                            .filter(
                                    n ->
                                            !n.startsWith("HttpClient-")
                                                    && !n.startsWith(
                                                            "ForkJoinPool.commonPool-worker-"))
                            .sorted()
                            .toList();
            assertThat(streams.openStreams() - openBefore).isEqualTo(matches * perMatch);
            assertThat(newThreads)
                    .as("threads started for %d open streams", matches * perMatch)
                    .hasSizeLessThan(20);
            assertThat(
                            Thread.getAllStackTraces().keySet().stream()
                                    .filter(t -> t.getName().startsWith("sse-"))
                                    .count())
                    .as("the dispatcher and the senders")
                    .isLessThanOrEqualTo(3);

            long t0 = System.nanoTime();
            List<Long> versions = new ArrayList<>();
            for (String[] m : started) {
                versions.add(
                        bot.step(m[0], Map.of("A", m[1], "B", m[2]))
                                .body()
                                .get("version")
                                .asLong());
            }
            for (int i = 0; i < subscribers.size(); i++) {
                subscribers.get(i).awaitId(versions.get(i / perMatch), WAIT);
            }
            System.out.printf(
                    "[figure] %d SSE subscribers: +%d threads (the test's HTTP clients' aside); one"
                            + " intent in each of %d matches reached all of them in %d ms%n",
                    subscribers.size(),
                    newThreads.size(),
                    matches,
                    (System.nanoTime() - t0) / 1_000_000);
        } finally {
            subscribers.forEach(Sse::close);
        }
    }

    /** The open streams once the count has not changed for 2.5 s (at most {@link #WAIT}). */
    private int settledOpenStreams() {
        int[] last = {streams.openStreams()};
        long[] since = {System.nanoTime()};
        await().atMost(WAIT)
                .pollInterval(Duration.ofMillis(250))
                .until(
                        () -> {
                            int now = streams.openStreams();
                            if (now != last[0]) {
                                last[0] = now;
                                since[0] = System.nanoTime();
                            }
                            return System.nanoTime() - since[0] > 2_500_000_000L;
                        });
        return last[0];
    }

    @Test
    void refusedStreamRequestsAreJsonErrors() {
        String[] m = api.startedMatch("Err", "Ors", 0);
        try (Sse unknown = Sse.open(port, path("no-such-match"), null, null)) {
            assertThat(unknown.status()).isEqualTo(404);
            assertThat(unknown.errorBody()).contains("\"error\":\"MATCH_NOT_FOUND\"");
        }
        try (Sse bad = Sse.open(port, path(m[0]), "not-a-seat", null)) {
            assertThat(bad.status()).isEqualTo(401);
            assertThat(bad.errorBody()).contains("\"error\":\"BAD_TOKEN\"");
        }
        try (Sse bad = Sse.open(port, path(m[0]) + "?lastEventId=x", null, null)) {
            assertThat(bad.status()).isEqualTo(400);
        }
        try (Sse query = Sse.open(port, path(m[0]) + "?access_token=" + m[1], null, null)) {
            assertThat(query.status()).isEqualTo(200);
            assertThat(query.awaitId(0, WAIT).view().at("/seats/A/hand").isArray())
                    .as(
                            "the seat's token as a query parameter (EventSource) gives that seat's view")
                    .isTrue();
        }
    }
}
