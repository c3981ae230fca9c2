package io.duelhall.infra.hidden;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Target;
import io.duelhall.domain.voidexa.VoidexaIntents;
import io.duelhall.domain.voidexa.VoidexaMoves;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.infra.AppTest;
import io.duelhall.infra.OwnJvm;
import io.duelhall.infra.http.Api;
import io.duelhall.infra.http.Sse;
import io.duelhall.infra.http.Sse.Message;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.LongStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The thing that must never break: no payload that leaves the server shows a viewer a card it may
 * not see.
 *
 * <p>Plays many random matches against the running app (legal moves from the domain's {@link
 * VoidexaMoves} on the true state, sent over HTTP, with random legal decks drawn from disjoint
 * halves of the catalog) and scans <b>every</b> payload the spectator and each seat receive — the
 * SSE stream of each (every message), their views, event pages, replays (one step and stretches),
 * refusal lists, the answers to intents and the error bodies of refused ones — for any card
 * instance id, catalog id, card name or server seed hidden from that viewer at that moment (see
 * {@link Truth}). It must find none. {@link #theScannerFindsAPlantedLeak()} shows it would.
 */
@Tag("slow")
// its 200 matches run in a JVM of its own with C2 (issue 47: the test JVMs run C1 only, which
// costs a class this long about twice the CPU); -Dduelhall.test.own-jvm=false runs it here
@ExtendWith(OwnJvm.class)
class HiddenInformationTest extends AppTest {
    /** At least 200 in CI (the bar); -Dduelhall.hidden-info.matches=N to change. */
    static final int MATCHES = Integer.getInteger("duelhall.hidden-info.matches", 200);

    static final Duration WAIT = Duration.ofSeconds(60);

    @LocalServerPort int port;
    @Autowired EventStore eventStore;
    @Autowired VoidexaRuleset rules;
    Api api;
    VoidexaMoves moves;

    final List<String> leaks = new ArrayList<>();
    long payloads;
    long bytes;
    long intents;
    int conceded;

    @BeforeEach
    void setUp() {
        api = new Api(port);
        moves = new VoidexaMoves(rules.catalog());
    }

    @Test
    void noPayloadEverShowsAViewerWhatIsHiddenFromIt() {
        long t0 = System.nanoTime();
        int ended = 0;
        for (int i = 0; i < MATCHES; i++) {
            if (new Run(i).play()) {
                ended++;
            }
            assertThat(leaks).as("leaks after match %d", i).isEmpty();
        }
        System.out.printf(
                "[figure] hidden information: %d matches (%d played out, %d conceded), %d intents,"
                        + " %d payloads / %.1f MB scanned in %d s, 0 leaks%n",
                MATCHES,
                ended - conceded,
                conceded,
                intents,
                payloads,
                bytes / 1e6,
                (System.nanoTime() - t0) / 1_000_000_000L);
        assertThat(ended).isEqualTo(MATCHES);
        assertThat(payloads).isGreaterThan(MATCHES * 20L);
    }

    /** The test of the test: payloads with something hidden planted in them are caught. */
    @Test
    void theScannerFindsAPlantedLeak() {
        // a live match a dozen moves in where each seat holds a card hidden from spectators and B
        // still has a deck (the shuffle is the server's, so a match may end or empty a hand first:
        // then another is played)
        Run run = null;
        for (int attempt = 0; attempt < 8 && run == null; attempt++) {
            Run tried = new Run(4242 + attempt);
            tried.start();
            for (int i = 0; i < 60 && tried.truth.state.status() == MatchStatus.LIVE; i++) {
                if (i >= 12 && tried.holdsHiddenCards()) {
                    break;
                }
                tried.act(tried.choose(VoidexaMoves.toAct(tried.truth.state)));
            }
            if (tried.truth.state.status() == MatchStatus.LIVE && tried.holdsHiddenCards()) {
                run = tried;
            } else {
                tried.finish();
            }
        }
        assertThat(run)
                .as("a live match where both seats hold hidden cards, within eight tries")
                .isNotNull();
        Truth t = run.truth;
        long now = t.version;
        String id = "/api/matches/" + t.matchId;
        JsonNode spectatorView = api.get(id + "/view", null).body();
        JsonNode seatA = api.get(id + "/view", run.tokens.get(Seat.A)).body();
        assertThat(t.leaks(Truth.SPECTATOR, spectatorView, now, Set.of()))
                .as("a real spectator view is clean")
                .isEmpty();
        assertThat(t.leaks("A", seatA, now, Set.of())).as("a real seat view is clean").isEmpty();

        assertThat(t.leaks(Truth.SPECTATOR, seatA, now, Set.of()))
                .as("seat A's view shown to a spectator")
                .anyMatch(l -> l.startsWith("card instance"));
        assertThat(t.leaks("B", seatA, now, Set.of()))
                .as("seat A's view shown to seat B")
                .isNotEmpty();

        String handOfB = t.hiddenHandCardOf(Seat.B, Truth.SPECTATOR, now);
        ObjectNode planted = spectatorView.deepCopy();
        ((ObjectNode) planted.get("recentEvents").get(0).get("payload")).put("note", handOfB);
        assertThat(t.leaks(Truth.SPECTATOR, planted, now, Set.of()))
                .containsExactly("card instance " + handOfB);

        String deckCardOfB = t.state.ship(Seat.B).deck().get(0).id();
        planted = spectatorView.deepCopy();
        ((ObjectNode) planted.get("seats").get("A")).put("extra", "drawn: " + deckCardOfB);
        assertThat(t.leaks("A", planted, now, Set.of())).as("an id inside a text").isNotEmpty();

        String hiddenCard =
                t.cards.stream()
                        .filter(c -> t.hiddenCard(Truth.SPECTATOR, c, now))
                        .findFirst()
                        .orElseThrow();
        planted = spectatorView.deepCopy();
        ((ArrayNode) planted.get("recentEvents")).addObject().put("card", hiddenCard);
        assertThat(t.leaks(Truth.SPECTATOR, planted, now, Set.of()))
                .containsExactly("card " + hiddenCard);
        planted = spectatorView.deepCopy();
        String name = rules.catalog().card(hiddenCard).name();
        planted.put("message", "Seat B holds " + name + ".");
        assertThat(t.leaks(Truth.SPECTATOR, planted, now, Set.of()))
                .anyMatch(l -> l.startsWith("name of " + hiddenCard));

        planted = spectatorView.deepCopy();
        planted.put("seed", t.serverSeed);
        assertThat(t.leaks(Truth.SPECTATOR, planted, now, Set.of()))
                .containsExactly("the server seed");

        JsonNode everything =
                api.get(id + "/events?from=0&limit=5000", run.tokens.get(Seat.B)).body();
        assertThat(t.leaks("B", everything, now, Set.of()))
                .as("B's own log is clean for B")
                .isEmpty();
        assertThat(t.leaks(Truth.SPECTATOR, everything, now, Set.of()))
                .as("B's own log shown to a spectator")
                .isNotEmpty();
        // the patch frames (issue 18): seat A's, clean for A, name its hand to a spectator
        Sse aPatches = run.patchStreams.get("A");
        aPatches.awaitId(now, WAIT);
        assertThat(aPatches.messages())
                .as("seat A's patch frames are clean for A")
                .allSatisfy(
                        m ->
                                assertThat(
                                                t.leaks(
                                                        "A",
                                                        m.data(),
                                                        t.commitAtOrAfter(m.id()),
                                                        Set.of()))
                                        .isEmpty());
        assertThat(aPatches.messages())
                .as("seat A's patch frames shown to a spectator")
                .anyMatch(
                        m ->
                                !t.leaks(
                                                Truth.SPECTATOR,
                                                m.data(),
                                                t.commitAtOrAfter(m.id()),
                                                Set.of())
                                        .isEmpty());
        run.finish();
    }

    /** One match: its seats, streams, the truth, and the scanning of all it receives. */
    final class Run {
        final Random rnd;
        final int n;
        final Map<Seat, String> tokens = new HashMap<>();
        final Map<String, Sse> streams = new HashMap<>();

        /** The same viewers' streams in patch frames ({@code ?frames=patch}, issue 18). */
        final Map<String, Sse> patchStreams = new HashMap<>();

        final Map<String, Long> nextEvent = new HashMap<>();
        final Map<String, Set<String>> echoes = new HashMap<>();
        Truth truth;

        Run(int n) {
            this.n = n;
            this.rnd = new Random(n);
        }

        void start() {
            RandomDecks decks = RandomDecks.draw(rules.catalog(), rnd);
            Res created = api.post("/api/matches", Map.of("ruleset", "voidexa"), null);
            String matchId = created.body().get("matchId").asText();
            truth = new Truth(matchId, rules, eventStore);
            truth.commit();
            streams.put(
                    Truth.SPECTATOR,
                    Sse.open(port, "/api/matches/" + matchId + "/stream", null, -1L));
            patchStreams.put(
                    Truth.SPECTATOR,
                    Sse.open(port, "/api/matches/" + matchId + "/stream?frames=patch", null, -1L));
            tokens.put(Seat.A, seat("Hid" + n + "a", decks.a()));
            tokens.put(Seat.B, seat("Hid" + n + "b", decks.b()));
            for (Seat s : List.of(Seat.A, Seat.B)) {
                streams.put(
                        s.name(),
                        Sse.open(port, "/api/matches/" + matchId + "/stream", tokens.get(s), -1L));
                patchStreams.put(
                        s.name(),
                        Sse.open(
                                port,
                                "/api/matches/" + matchId + "/stream?frames=patch",
                                tokens.get(s),
                                -1L));
            }
            Truth.VIEWERS.forEach(
                    v -> {
                        nextEvent.put(v, 0L);
                        echoes.put(v, new HashSet<>());
                    });
        }

        private String seat(String name, RandomDecks.Deck deck) {
            ObjectNode body = Api.JSON.createObjectNode();
            body.put("name", name);
            body.put("pilotClass", deck.pilotClass());
            body.putObject("deck")
                    .put("shipCore", deck.shipCore())
                    .set("cards", Api.JSON.valueToTree(deck.cards()));
            Res r = api.post("/api/matches/" + truth.matchId + "/seats", body, null);
            assertThat(r.status()).as(r.raw()).isEqualTo(201);
            truth.commit();
            return r.body().get("playerToken").asText();
        }

        /** Plays to the end; true when it ended (by the rules or a concession). */
        boolean play() {
            start();
            int concedeAt = rnd.nextInt(5) == 0 ? 400 : 3 + rnd.nextInt(45);
            for (int step = 0; truth.state.status() == MatchStatus.LIVE; step++) {
                Seat actor = VoidexaMoves.toAct(truth.state);
                if (step % 16 == 3) {
                    probe(actor);
                }
                Intent pick = choose(actor);
                if (step >= concedeAt) {
                    pick = Intent.concede(rnd.nextBoolean() ? Seat.A : Seat.B);
                    conceded++;
                }
                act(pick);
                if (step % 12 == 0 && truth.state.status() == MatchStatus.LIVE) {
                    reads(step % 36 == 0);
                }
            }
            finish();
            return truth.ended();
        }

        /**
         * Each seat holds a card a spectator may not see, and B's deck is not empty (what {@link
         * #theScannerFindsAPlantedLeak()} plants).
         */
        boolean holdsHiddenCards() {
            long now = truth.version;
            return truth.hiddenHandCardOf(Seat.A, Truth.SPECTATOR, now) != null
                    && truth.hiddenHandCardOf(Seat.B, Truth.SPECTATOR, now) != null
                    && !truth.state.ship(Seat.B).deck().isEmpty();
        }

        Intent choose(Seat actor) {
            List<Intent> legal = moves.legal(truth.state, actor);
            // prefer playing a card (the first legal move is END_TURN / PASS / the discard)
            return legal.size() > 1 && rnd.nextInt(10) < 8
                    ? legal.get(1 + rnd.nextInt(legal.size() - 1))
                    : legal.get(0);
        }

        void act(Intent intent) {
            Seat seat = intent.seat();
            Res r =
                    api.post(
                            "/api/matches/" + truth.matchId + "/intents",
                            body(intent),
                            tokens.get(seat));
            assertThat(r.status()).as("%s -> %s", intent, r.raw()).isEqualTo(200);
            intents++;
            truth.commit();
            scan(seat.name(), r, truth.version);
        }

        /** Reads every way a viewer can read, and scans it. */
        void reads(boolean refusals) {
            String id = "/api/matches/" + truth.matchId;
            long now = truth.version;
            for (String v : Truth.VIEWERS) {
                String token = token(v);
                Res view = api.get(id + "/view", token);
                assertThat(view.body().get("version").asLong())
                        .as("%s sees the match now", v)
                        .isEqualTo(now);
                scan(v, view, now);
                Res events =
                        api.get(id + "/events?from=" + nextEvent.get(v) + "&limit=5000", token);
                scan(v, events, now);
                nextEvent.put(v, now + 1);
                if (refusals) {
                    scan(v, api.get(id + "/refusals", token), now);
                }
            }
            String v = Truth.VIEWERS.get(rnd.nextInt(3));
            scan(v, api.get(id + "/replay?at=" + rnd.nextLong(now + 1), token(v)), now);
            // a stretch of steps (issue 47): the last few, as one viewer may see each then
            v = Truth.VIEWERS.get(rnd.nextInt(3));
            scan(
                    v,
                    api.get(
                            id + "/replay/steps?from=" + Math.max(0, now - 3) + "&to=" + now,
                            token(v)),
                    now);
        }

        /**
         * Refused intents: the error bodies, and whether a hidden id answers differently from a
         * made-up one.
         */
        void probe(Seat actor) {
            String id = "/api/matches/" + truth.matchId + "/intents";
            long now = truth.version;
            Seat other = actor.opponent();
            scan(other.name(), api.post(id, Api.intent("END_TURN"), tokens.get(other)), now);
            String hidden = truth.hiddenHandCardOf(other, actor.name(), now);
            if (hidden == null) {
                return;
            }
            String madeUp;
            do {
                madeUp = String.format("c%08x", rnd.nextInt());
            } while (truth.ids.contains(madeUp));
            ObjectNode withHidden = Api.intent("PLAY_CARD").put("card", hidden);
            ObjectNode withMadeUp = Api.intent("PLAY_CARD").put("card", madeUp);
            Res h = api.post(id, withHidden, tokens.get(actor));
            Res m = api.post(id, withMadeUp, tokens.get(actor));
            assertThat(h.status()).isEqualTo(m.status()).isBetween(400, 499);
            assertThat(h.error()).isEqualTo(m.error());
            assertThat(h.body().get("message").asText().replace(hidden, "X"))
                    .as("no oracle: an opponent's card answers like a made-up one")
                    .isEqualTo(m.body().get("message").asText().replace(madeUp, "X"));
            echoes.get(actor.name()).add(hidden);
            scan(actor.name(), h, now);
            scan(actor.name(), m, now);
        }

        void finish() {
            long end = truth.version;
            for (Map.Entry<String, Sse> e : streams.entrySet()) {
                Sse s = e.getValue();
                if (truth.ended()) {
                    assertThat(s.awaitEnd(WAIT))
                            .as("%s stream of %s closes at the end", e.getKey(), truth.matchId)
                            .isTrue();
                    assertThat(s.messages().stream().map(Message::id).toList())
                            .as("%s stream", e.getKey())
                            .isEqualTo(LongStream.rangeClosed(0, end).boxed().toList());
                }
                s.close();
                scanStream(e.getKey(), s.messages());
            }
            for (Map.Entry<String, Sse> e : patchStreams.entrySet()) {
                Sse s = e.getValue();
                if (truth.ended()) {
                    assertThat(s.awaitEnd(WAIT))
                            .as(
                                    "%s patch stream of %s closes at the end",
                                    e.getKey(), truth.matchId)
                            .isTrue();
                    assertThat(s.messages().stream().map(Message::id).toList())
                            .as("%s patch stream", e.getKey())
                            .isEqualTo(LongStream.rangeClosed(0, end).boxed().toList());
                    List<Message> wholes = streams.get(e.getKey()).messages();
                    assertThat(Sse.lastView(s.messages(), null))
                            .as("%s: the patches build the last view", e.getKey())
                            .isEqualTo(wholes.get(wholes.size() - 1).view());
                }
                s.close();
                scanPatches(e.getKey(), s.messages());
            }
        }

        /**
         * Each patch frame (its event, and its patch or whole view) as of the command that stored
         * its event.
         */
        void scanPatches(String viewer, List<Message> messages) {
            for (Message m : messages) {
                if (m.id() < truth.endSeq) {
                    count(m.raw().length());
                    record(
                            viewer,
                            "patch frame " + m.id(),
                            truth.leaks(viewer, m.data(), truth.commitAtOrAfter(m.id()), Set.of()));
                }
            }
        }

        /**
         * Each burst ends with a view; it was sent no earlier than the command that stored that
         * view's event.
         */
        void scanStream(String viewer, List<Message> messages) {
            List<Message> burst = new ArrayList<>();
            for (Message m : messages) {
                burst.add(m);
                if (m.view() == null) {
                    continue;
                }
                long b = m.id();
                if (b < truth.endSeq) {
                    long at = truth.commitAtOrAfter(b);
                    for (Message x : burst) {
                        count(x.raw().length());
                        record(
                                viewer,
                                "stream message " + x.id(),
                                truth.leaks(viewer, x.data(), at, Set.of()));
                    }
                }
                burst.clear();
            }
        }

        void scan(String viewer, Res r, long at) {
            assertThat(r.body()).as("a JSON body: %s", r.raw()).isNotNull();
            count(r.raw().length());
            record(
                    viewer,
                    r.raw().length() > 300 ? r.raw().substring(0, 300) + "…" : r.raw(),
                    truth.leaks(viewer, r.body(), at, echoes.getOrDefault(viewer, Set.of())));
        }

        private void count(int size) {
            payloads++;
            bytes += size;
        }

        private void record(String viewer, String what, List<String> found) {
            if (!found.isEmpty()) {
                leaks.add(
                        "match "
                                + truth.matchId
                                + " (run "
                                + n
                                + "), "
                                + viewer
                                + " at "
                                + truth.version
                                + ": "
                                + found
                                + " in "
                                + what);
            }
        }

        private String token(String viewer) {
            return viewer.equals(Truth.SPECTATOR) ? null : tokens.get(Seat.valueOf(viewer));
        }
    }

    static ObjectNode body(Intent intent) {
        ObjectNode n = Api.intent(intent.type());
        if (intent.card() != null) {
            n.put("card", intent.card());
        }
        if (intent.ability() != null) {
            n.put("ability", intent.ability());
        }
        if (!intent.targets().isEmpty()) {
            ArrayNode ts = n.putArray("targets");
            for (Target t : intent.targets()) {
                ObjectNode o = ts.addObject().put("kind", t.kind()).put("seat", t.seat().name());
                if (t.subsystem() != null) {
                    o.put("subsystem", t.subsystem());
                }
                if (t.id() != null) {
                    o.put("id", t.id());
                }
            }
        }
        if (VoidexaIntents.Type.DISCARD_DOWN.name().equals(intent.type())) {
            ArrayNode cs = n.putArray("cards");
            intent.cards().forEach(cs::add);
        }
        return n;
    }
}
