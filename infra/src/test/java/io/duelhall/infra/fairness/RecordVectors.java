package io.duelhall.infra.fairness;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.command.api.Requests;
import io.duelhall.command.rules.ReleasedRules;
import io.duelhall.domain.ClockPolicy;
import io.duelhall.domain.ClockSet;
import io.duelhall.domain.Intent;
import io.duelhall.domain.IntentAccepted;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.RulesVersion;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatTokenIssued;
import io.duelhall.domain.SeatTokens;
import io.duelhall.domain.Target;
import io.duelhall.domain.voidexa.VoidexaIntents;
import io.duelhall.domain.voidexa.VoidexaMoves;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.VoidexaState;
import io.duelhall.domain.voidexa.cards.StarterDeck;
import io.duelhall.domain.voidlit.Catalog;
import io.duelhall.domain.voidlit.VoidlitIntents;
import io.duelhall.domain.voidlit.VoidlitMove;
import io.duelhall.domain.voidlit.VoidlitRuleset;
import io.duelhall.domain.voidlit.VoidlitState;
import io.duelhall.fairness.audit.AuditReport;
import io.duelhall.fairness.audit.Auditor;
import io.duelhall.fairness.record.MatchRecords;
import io.duelhall.fairness.record.Release;
import io.duelhall.fairness.signing.RecordSignature;
import io.duelhall.fairness.signing.ServerKey;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The whole-record vectors of docs/fairness.md ("Whole-record vectors", files in docs/vectors/),
 * made by the project's own code: a short clocked voidexa match (clock policy 2) played through the
 * rules under a pinned released version (engine voidexa-1.2.0, catalog voidexa-cards-2026.11.3, so
 * a later rules release does not change it), stored as the Match aggregate stores it ({@link
 * RecordFixtures.Store}), built and signed like an export with the test key in {@code
 * infra/src/test/resources/vectors/signing-key.pem} (a key for these vectors only: never a
 * server's), and four tampered variants, each with the event where it first diverges; likewise a
 * voidlit, a biome and a 4-seat casket record (issue 43) with their tampered variants.
 *
 * <p>Regenerate (only when the record format or the audit changes on purpose; then say so in
 * docs/fairness.md): {@code DUELHALL_WRITE_VECTORS=1 ./mvnw -B -ntp -q test -pl infra -am
 * -Dtest=RecordVectorsTest -Dsurefire.failIfNoSpecifiedTests=false}. Without the variable {@code
 * RecordVectorsTest} makes them in memory and fails if any shipped file differs by a byte.
 */
final class RecordVectors {
    static final Path DIR = Path.of("..", "docs", "vectors");
    static final Path KEY = Path.of("src", "test", "resources", "vectors", "signing-key.pem");
    static final RulesVersion VERSION =
            new RulesVersion("voidexa-1.2.0", "voidexa-cards-2026.11.3");
    static final RulesVersion VOIDLIT =
            new RulesVersion("voidlit-1.0.0", "voidlit-cards-2026.11.1");
    static final RulesVersion BIOME = new RulesVersion("biome-1.0.0", "biome-cards-2026.11.1");
    static final RulesVersion CASKET = new RulesVersion("casket-1.0.0", "casket-cards-1");

    /**
     * The release the vectors name as their exporter ({@code release}): a real commit of this
     * repository (the one before the member was added), so the vectors do not change with every
     * commit.
     */
    static final Release RELEASE =
            new Release("0.1.0-SNAPSHOT", "b51443aeb976d253aa9204cd31fd0cc6dc619e89", false);

    static final Rulesets HOSTED = ReleasedRules.hosted();
    static final MatchRecords RECORDS = new MatchRecords(RecordFixtures.MAPPER, HOSTED);
    static final Auditor AUDITOR = new Auditor(RECORDS);
    static final Instant T0 = RecordFixtures.T0;
    static final byte[] SERVER_SEED = new byte[32];

    /**
     * The seat tokens the players were handed (the record holds only their SHA-256, {@code
     * tokenHash}).
     */
    static final Map<Seat, String> TOKENS =
            Map.of(
                    Seat.A, "token-alice",
                    Seat.B, "token-bob",
                    Seat.C, "token-carol",
                    Seat.D, "token-dave");

    /** The client seeds of the casket vector's four seats. */
    static final Map<Seat, String> CASKET_SEEDS =
            Map.of(Seat.A, "alice", Seat.B, "bob", Seat.C, "carol", Seat.D, "dave");

    static {
        for (int i = 0; i < 32; i++) {
            SERVER_SEED[i] = (byte) i; // the bytes 0 to 31, as in the setup vector
        }
    }

    private RecordVectors() {}

    /** A vector file and what the audit must say of it. */
    record Vector(String file, String what, ObjectNode record, Long firstDivergentEvent) {}

    /**
     * The honest record: created with clocks, both seats joined, a card played, a turn ended, a
     * TIMEOUT, a concession.
     */
    static RecordFixtures.Store honestMatch() {
        Ruleset rules = HOSTED.find("voidexa", VERSION).orElseThrow();
        VoidexaMoves moves = new VoidexaMoves(((VoidexaRuleset) rules).catalog());
        RecordFixtures.Store store = new RecordFixtures.Store(rules);
        // as the server opens it: the client asked for 60 s turns and 15 s decisions; the server
        // adds clock policy 2
        // adds clock policy 2 (the vector stays a policy 2 record, as shipped; 3 adds leaving,
        // which
        // this match never meets)
        store.options =
                ClockPolicy.forNewMatch(new MatchOptions(0, 60, 15))
                        .withClockPolicy(ClockPolicy.V2);
        store.accept(rules.open("vector-clocked-1", store.options, SERVER_SEED), null);
        join(store, rules, Seat.A, "Alice", "Hot Barrage", "alice");
        join(store, rules, Seat.B, "Bob", "Hive Swarm", "bob");
        VoidexaState s = (VoidexaState) store.state;
        Seat first = s.active();
        Instant turnStart = store.clock.deadline().minusSeconds(60);
        // the first seat plays its first listed card that leaves the decision with it, then ends
        // its turn
        Intent play =
                moves.legal(s, first).stream()
                        .filter(i -> i.type().equals("PLAY_CARD"))
                        .filter(i -> VoidexaMoves.toAct(after(rules, s, i)) == first)
                        .findFirst()
                        .orElseThrow(() -> new AssertionError("no card to play in turn 1"));
        intent(store, rules, first, "play-1", play, turnStart.plusSeconds(10));
        intent(
                store,
                rules,
                first,
                "end-1",
                VoidexaIntents.endTurn(first),
                turnStart.plusSeconds(20));
        // the second seat lets its turn clock run out: the server's TIMEOUT, 250 ms after the
        // deadline
        ClockSet clock = store.clock;
        if (clock.seat() != first.opponent()
                || clock.kind() != io.duelhall.domain.ClockNeed.Kind.TURN) {
            throw new AssertionError("expected the second seat's turn clock, not " + clock);
        }
        Intent timeout = Intent.timeout(clock.seat());
        store.accept(
                rules.decide(store.state, timeout),
                new IntentAccepted(
                        ClockPolicy.timeoutIntentId(store.clockSeq),
                        clock.seat(),
                        Match_SERVER_CLOCK,
                        timeout,
                        clock.deadline().plusMillis(250)));
        // the second seat concedes 5 s into the first seat's next turn (a concession is accepted
        // from either seat)
        Instant next = store.clock.deadline().minusSeconds(60);
        intent(
                store,
                rules,
                first.opponent(),
                "concede-1",
                Intent.concede(first.opponent()),
                next.plusSeconds(5));
        return store;
    }

    /**
     * The voidlit record: no clocks; A ("alice", "Ember Rush") returns its first two cards in the
     * mulligan, B ("bob", "Tide Wall", its seed chosen by the server) keeps its hand; then both
     * only end their turns, so full hands waste their draws face up, the decks run out, and every
     * later draw is a search of the Waste for 1, 2, 4 … Health (L-WASTE-1) until a seat has none
     * left: every kind of random draw voidlit makes, and an end by the rules.
     */
    static RecordFixtures.Store voidlitMatch() {
        VoidlitRuleset rules = (VoidlitRuleset) HOSTED.find("voidlit", VOIDLIT).orElseThrow();
        RecordFixtures.Store store = new RecordFixtures.Store(rules);
        store.options = null;
        store.accept(rules.open("vector-voidlit-1", null, SERVER_SEED), null);
        voidlitJoin(
                store, rules, Seat.A, "Alice", "Ember Rush", "alice", JoinRequest.SEED_BY_PLAYER);
        voidlitJoin(store, rules, Seat.B, "Bob", "Tide Wall", "bob", JoinRequest.SEED_BY_SERVER);
        Instant at = T0.plusSeconds(60);
        int n = 0;
        while (store.state.status() == io.duelhall.domain.MatchStatus.LIVE) {
            VoidlitState s = (VoidlitState) store.state;
            Seat seat = rules.toAct(s);
            VoidlitMove move;
            if (s.phase().equals(VoidlitState.MULLIGAN)) {
                List<String> back =
                        seat == Seat.A
                                ? s.side(seat).hand().subList(0, 2).stream()
                                        .map(c -> c.id())
                                        .toList()
                                : List.of();
                move = new VoidlitMove.Mulligan(seat, back);
            } else {
                move = new VoidlitMove.EndTurn(seat);
            }
            n++;
            at = at.plusSeconds(7);
            intent(store, rules, seat, "i-" + n, VoidlitIntents.intent(move), at);
            if (n > 2_000) {
                throw new AssertionError("the voidlit vector match does not end");
            }
        }
        return store;
    }

    /**
     * The biome record: no clocks; A ("alice") and B ("bob") on the two starter decks, the greedy
     * AI against the random one for 60 moves, then the seat to act concedes. biome's only random
     * choices are the setup's (first seat, both decks); every draw takes the top card.
     */
    static RecordFixtures.Store biomeMatch() {
        Ruleset rules = HOSTED.find("biome", BIOME).orElseThrow();
        RecordFixtures.Store store = new RecordFixtures.Store(rules);
        store.options = null;
        store.accept(rules.open("vector-biome-1", null, SERVER_SEED), null);
        var roster = io.duelhall.domain.biome.ai.Players.ROSTER;
        for (Seat seat : List.of(Seat.A, Seat.B)) {
            JoinRequest join =
                    roster.seatRequest(
                                    rules,
                                    seat,
                                    seat == Seat.A ? "Alice" : "Bob",
                                    seat == Seat.A ? "alice" : "bob")
                            .seedChosenBy(JoinRequest.SEED_BY_PLAYER);
            store.accept(
                    rules.join(store.state, join),
                    new SeatTokenIssued(seat, SeatTokens.hash(TOKENS.get(seat)), join));
        }
        java.util.Map<Seat, io.duelhall.domain.AiPlayer> players =
                java.util.Map.of(
                        Seat.A, roster.player("greedy", rules, 1).orElseThrow(),
                        Seat.B, roster.player("random", rules, 2).orElseThrow());
        Instant at = T0.plusSeconds(60);
        int n = 0;
        while (store.state.status() == io.duelhall.domain.MatchStatus.LIVE) {
            Seat seat = rules.toAct(store.state);
            // 60 moves of play (turns, the queue, battles, draws), then the seat to act concedes: a
            // record small
            // enough to read
            Intent move =
                    n < 60 ? players.get(seat).choose(store.knowledge(seat)) : Intent.concede(seat);
            n++;
            at = at.plusSeconds(3);
            intent(store, rules, seat, "i-" + n, move, at);
        }
        return store;
    }

    /**
     * The casket record: four seats, no clocks, seat X on the X-th starter Casket (A the Church
     * Confessor, B the Iron Warden, C the Bastion, D the Citadel), client seeds "alice", "bob",
     * "carol" and "dave"; A takes its mulligan, the others keep; then the greedy AI plays every
     * seat until seat A's discard pile is reshuffled into its deck (with its first Damage card):
     * initiative, attack and defence dice, discards from hand and deck, wounds; then the seat to
     * act concedes until one seat is left.
     */
    static RecordFixtures.Store casketMatch() {
        return casketMatch("vector-casket-1", List.of(Seat.A, Seat.B, Seat.C, Seat.D), true);
    }

    /**
     * {@link #casketMatch()} with these seats (2 to 4) and match id; {@code concede} false: the
     * greedy AI plays on until the rules end the match.
     */
    static RecordFixtures.Store casketMatch(String matchId, List<Seat> seats, boolean concede) {
        Ruleset rules = HOSTED.find("casket", CASKET).orElseThrow();
        RecordFixtures.Store store = new RecordFixtures.Store(rules);
        store.options = new MatchOptions(0, null, null, null, null, seats.size());
        store.accept(rules.open(matchId, store.options, SERVER_SEED), null);
        var roster = io.duelhall.domain.casket.ai.Players.ROSTER;
        for (Seat seat : seats) {
            String seed = CASKET_SEEDS.get(seat);
            JoinRequest join =
                    roster.seatRequest(
                                    rules,
                                    seat,
                                    Character.toUpperCase(seed.charAt(0)) + seed.substring(1),
                                    seed)
                            .seedChosenBy(JoinRequest.SEED_BY_PLAYER);
            store.accept(
                    rules.join(store.state, join),
                    new SeatTokenIssued(seat, SeatTokens.hash(TOKENS.get(seat)), join));
        }
        io.duelhall.domain.AiPlayer greedy = roster.player("greedy", rules, 1).orElseThrow();
        Instant at = T0.plusSeconds(60);
        int n = 0;
        while (store.state.status() == io.duelhall.domain.MatchStatus.LIVE) {
            Seat seat = rules.toAct(store.state);
            Intent move;
            if (io.duelhall.domain.casket.CasketMoves.MULLIGAN.equals(
                    io.duelhall.domain.casket.CasketMoves.owed(
                            (io.duelhall.domain.casket.CasketState) store.state))) {
                move =
                        Intent.of(
                                seat,
                                seat == Seat.A
                                        ? io.duelhall.domain.casket.CasketIntents.MULLIGAN
                                        : io.duelhall.domain.casket.CasketIntents.KEEP);
            } else if (concede
                    && store.events.stream()
                            .anyMatch(e -> e.type().endsWith("DiscardReshuffled"))) {
                // once a discard pile has been reshuffled, the seat to act concedes, until one
                // seat is left: a record small enough to read
                move = Intent.concede(seat);
            } else {
                move = greedy.choose(store.knowledge(seat));
            }
            n++;
            at = at.plusSeconds(3);
            intent(store, rules, seat, "i-" + n, move, at);
            if (n > 5_000) {
                throw new AssertionError("the casket vector match does not end");
            }
        }
        return store;
    }

    private static void voidlitJoin(
            RecordFixtures.Store store,
            VoidlitRuleset rules,
            Seat seat,
            String name,
            String deck,
            String clientSeed,
            String seedBy) {
        Catalog.StarterDeck d =
                rules.catalog().starterDecks().stream()
                        .filter(x -> x.name().equals(deck))
                        .findFirst()
                        .orElseThrow();
        JoinRequest join =
                VoidlitIntents.joinRequest(name, d.parallel(), d.cards(), clientSeed)
                        .seedChosenBy(seedBy);
        store.accept(
                rules.join(store.state, join),
                new SeatTokenIssued(seat, SeatTokens.hash(TOKENS.get(seat)), join));
    }

    /**
     * The fingerprint the server gives the TIMEOUT intents it makes itself (Match.SERVER_CLOCK).
     */
    static final String Match_SERVER_CLOCK = "server-clock";

    private static VoidexaState after(Ruleset rules, VoidexaState s, Intent i) {
        io.duelhall.domain.GameState g = s;
        for (io.duelhall.domain.MatchEvent e : rules.decide(s, i).events()) {
            g = rules.evolve(g, e);
        }
        return (VoidexaState) g;
    }

    private static void join(
            RecordFixtures.Store store,
            Ruleset rules,
            Seat seat,
            String name,
            String deck,
            String clientSeed) {
        StarterDeck d =
                ((VoidexaRuleset) rules)
                        .catalog().starterDecks().stream()
                                .filter(x -> x.name().equals(deck))
                                .findFirst()
                                .orElseThrow();
        JoinRequest join =
                new JoinRequest(name, d.pilotClass(), d.shipCore(), d.cards(), clientSeed)
                        .seedChosenBy(JoinRequest.SEED_BY_PLAYER);
        store.accept(
                rules.join(store.state, join),
                new SeatTokenIssued(seat, SeatTokens.hash(TOKENS.get(seat)), join));
    }

    /**
     * An intent as the API takes it (no expectedVersion), with the fingerprint the server computes
     * for it.
     */
    private static void intent(
            RecordFixtures.Store store,
            Ruleset rules,
            Seat seat,
            String intentId,
            Intent intent,
            Instant at) {
        Intent sent = intent.by(null);
        List<Requests.TargetBody> targets = new ArrayList<>();
        for (Target t : intent.targets()) {
            targets.add(
                    new Requests.TargetBody(
                            t.kind(),
                            t.seat() == null ? null : t.seat().name(),
                            t.subsystem(),
                            t.id()));
        }
        Requests.IntentBody body =
                new Requests.IntentBody(
                        intentId,
                        intent.type(),
                        intent.card(),
                        intent.ability(),
                        targets,
                        intent.cards(),
                        null,
                        intent.choices());
        String fingerprint = fingerprint(SeatTokens.hash(TOKENS.get(seat)), body, sent);
        Intent seated = intent.by(seat);
        store.accept(
                rules.decide(store.state, seated),
                new IntentAccepted(intentId, seat, fingerprint, seated, at));
    }

    /**
     * The server's own fingerprint function ({@code Requests.fingerprint}, package-private: called
     * as it is).
     */
    static String fingerprint(String tokenHash, Requests.IntentBody body, Intent intent) {
        try {
            Method m =
                    Requests.class.getDeclaredMethod(
                            "fingerprint", String.class, Requests.IntentBody.class, Intent.class);
            m.setAccessible(true);
            return (String) m.invoke(null, tokenHash, body, intent);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(
                    "Requests.fingerprint changed: update the vectors and docs/fairness.md", e);
        }
    }

    static ObjectNode record(RecordFixtures.Store store, ServerKey key) {
        ArrayNode events = RECORDS.events(store.events);
        Ruleset r = RECORDS.decoder().rulesetOf(null, events);
        return RecordSignature.sign(
                RECORDS.build(
                        events,
                        r,
                        RECORDS.decoder().decode(r, events),
                        List.of(),
                        T0.plus(Duration.ofDays(1)),
                        RELEASE),
                key);
    }

    static int indexOf(JsonNode events, String type, String field, String value) {
        for (int i = 0; i < events.size(); i++) {
            JsonNode e = events.get(i);
            if (e.path("type").asText().equals(type)
                    && (field == null || e.at(field).asText().equals(value))) {
                return i;
            }
        }
        throw new AssertionError("no " + type + " with " + field + " = " + value);
    }

    /** The index of the second DeckShuffled of {@code seat} (its mulligan shuffle). */
    static int secondShuffle(JsonNode events, String seat) {
        int first = indexOf(events, "DeckShuffled", "/payload/seat", seat);
        return indexOfAfter(events, "DeckShuffled", seat, first);
    }

    static int indexOfAfter(JsonNode events, String type, String seat, int after) {
        for (int i = after + 1; i < events.size(); i++) {
            JsonNode e = events.get(i);
            if (e.path("type").asText().equals(type)
                    && e.at("/payload/seat").asText().equals(seat)) {
                return i;
            }
        }
        throw new AssertionError("no " + type + " of seat " + seat + " after event " + after);
    }

    /** The honest record and its tampered variants. */
    static List<Vector> vectors(ServerKey key) {
        ObjectNode honest = record(honestMatch(), key);
        List<Vector> out = new ArrayList<>();
        out.add(new Vector("record.json", "the honest record: every check passes", honest, null));

        // 1. edited without the key: the first card drawn is another card; nothing signed or
        // chained again
        ObjectNode edited = honest.deepCopy();
        int drawn = indexOf(edited.get("events"), "CardDrawn", null, null);
        ObjectNode card = (ObjectNode) edited.get("events").get(drawn).at("/payload/card");
        card.put(
                "card",
                card.path("card").asText().equals("pulse-tap") ? "laser-volley" : "pulse-tap");
        out.add(
                new Vector(
                        "tampered-card-drawn.json",
                        "the card of the first CardDrawn replaced, not signed again:"
                                + " the signature fails and the chain breaks at that event",
                        edited,
                        (long) drawn));

        // 2. a forger holding the key records the TIMEOUT 20 s before the clock's deadline, chains
        // and signs again
        ObjectNode early = honest.deepCopy();
        int timeout =
                indexOf(early.get("events"), "IntentAccepted", "/payload/intent/type", "TIMEOUT");
        ObjectNode accepted = (ObjectNode) early.get("events").get(timeout).get("payload");
        accepted.put(
                "at",
                Instant.parse(accepted.path("at").asText())
                        .minusSeconds(20)
                        .minusMillis(250)
                        .toString());
        out.add(
                new Vector(
                        "tampered-early-timeout.json",
                        "re-signed by a forger: the server's TIMEOUT recorded 20 s"
                                + " before the deadline of the clock it names (the ClockSet of its intentId clock-<n>)",
                        Forger.rechainAndSign(early, RECORDS, key),
                        (long) timeout));

        // 3. a forger appends the cleared ClockSet of clock policy 1 after MatchEnded, chains and
        // signs again
        ObjectNode after = honest.deepCopy();
        ArrayNode events = (ArrayNode) after.get("events");
        ObjectNode extra = JsonNodeFactory.instance.objectNode();
        extra.put("seq", events.size());
        extra.put("type", "ClockSet");
        extra.put("at", events.get(events.size() - 1).path("at").asText());
        extra.set(
                "payload", RecordFixtures.MAPPER.valueToTree(new ClockSet(null, null, 0, null, 0)));
        extra.put("chain", "");
        long appended = events.size();
        events.add(extra);
        out.add(
                new Vector(
                        "tampered-event-after-end.json",
                        "re-signed by a forger: a cleared ClockSet after MatchEnded"
                                + " in a clock policy 2 record",
                        Forger.rechainAndSign(after, RECORDS, key),
                        appended));

        // 4. a forger swaps the top two cards of seat A's shuffled deck, chains and signs again
        ObjectNode swapped = honest.deepCopy();
        int shuffled = indexOf(swapped.get("events"), "DeckShuffled", "/payload/seat", "A");
        ArrayNode order = (ArrayNode) swapped.get("events").get(shuffled).at("/payload/order");
        JsonNode top = order.get(0);
        order.set(0, order.get(1));
        order.set(1, top);
        out.add(
                new Vector(
                        "tampered-deck-order.json",
                        "re-signed by a forger: the top two cards of seat A's"
                                + " DeckShuffled.order swapped",
                        Forger.rechainAndSign(swapped, RECORDS, key),
                        (long) shuffled));

        // voidlit: the honest record, a forged mulligan shuffle and a forged Waste search
        ObjectNode voidlit = record(voidlitMatch(), key);
        out.add(
                new Vector(
                        "voidlit-record.json",
                        "a voidlit record (mulligan, wasted draws, Waste searches, an end"
                                + " by the rules): every check passes",
                        voidlit,
                        null));
        ObjectNode mulligan = voidlit.deepCopy();
        int reshuffled = secondShuffle(mulligan.get("events"), "A");
        ArrayNode deck = (ArrayNode) mulligan.get("events").get(reshuffled).at("/payload/order");
        JsonNode first = deck.get(0);
        deck.set(0, deck.get(deck.size() - 1));
        deck.set(deck.size() - 1, first);
        out.add(
                new Vector(
                        "voidlit-tampered-mulligan.json",
                        "re-signed by a forger: the top and bottom cards of seat"
                                + " A's deck after its mulligan shuffle swapped",
                        Forger.rechainAndSign(mulligan, RECORDS, key),
                        (long) reshuffled));
        ObjectNode searched = voidlit.deepCopy();
        int search = indexOf(searched.get("events"), "WasteSearched", null, null);
        int wasted =
                indexOf(
                        searched.get("events"),
                        "CardOverdrawn",
                        "/payload/seat",
                        searched.get("events").get(search).at("/payload/seat").asText());
        JsonNode other = searched.get("events").get(wasted).at("/payload/card");
        ObjectNode took = (ObjectNode) searched.get("events").get(search).get("payload");
        if (took.get("card")
                .equals(other)) { // the search took the first wasted card: name the second one
            // instead
            other =
                    searched.get("events")
                            .get(
                                    indexOfAfter(
                                            searched.get("events"),
                                            "CardOverdrawn",
                                            took.path("seat").asText(),
                                            wasted))
                            .at("/payload/card");
        }
        took.set("card", other.deepCopy());
        out.add(
                new Vector(
                        "voidlit-tampered-waste-search.json",
                        "re-signed by a forger: the first Waste search"
                                + " names another card of the Waste than the one the match seed picks",
                        Forger.rechainAndSign(searched, RECORDS, key),
                        (long) search));

        // biome: the honest record and a forged deal
        ObjectNode biome = record(biomeMatch(), key);
        out.add(
                new Vector(
                        "biome-record.json",
                        "a biome record (the greedy AI against the random one for 60 moves,"
                                + " then a concession): every check passes",
                        biome,
                        null));
        ObjectNode dealt = biome.deepCopy();
        int deal = indexOf(dealt.get("events"), "DeckShuffled", "/payload/seat", "B");
        ArrayNode deckB = (ArrayNode) dealt.get("events").get(deal).at("/payload/order");
        JsonNode topB = deckB.get(0);
        deckB.set(0, deckB.get(2));
        deckB.set(2, topB);
        out.add(
                new Vector(
                        "biome-tampered-deal.json",
                        "re-signed by a forger: the first and third cards of seat B's"
                                + " dealt deck swapped",
                        Forger.rechainAndSign(dealt, RECORDS, key),
                        (long) deal));
        // casket: the honest 4-seat record, a forged die, a moved deployment, a reordered wound
        // deck
        ObjectNode casket = record(casketMatch(), key);
        out.add(
                new Vector(
                        "casket-record.json",
                        "a 4-seat casket record (a mulligan, attacks with defence dice, a discard"
                                + " reshuffle, then concessions): every check passes",
                        casket,
                        null));
        // a forger changes the first die of the first defence roll to another face, chains and
        // signs again
        ObjectNode die = casket.deepCopy();
        int defence = indexOf(die.get("events"), "DiceRolled", "/payload/purpose", "DEFENCE");
        ObjectNode rolled = (ObjectNode) die.get("events").get(defence).get("payload");
        int face = (rolled.get("rolls").get(0).asInt() + 1) % 6;
        io.duelhall.domain.casket.Catalog.Face f =
                ((io.duelhall.domain.casket.CasketRuleset)
                                HOSTED.find("casket", CASKET).orElseThrow())
                        .catalog()
                        .defenceDie()
                        .get(face);
        ((ArrayNode) rolled.get("rolls")).set(0, face);
        ((ArrayNode) rolled.get("faces")).set(0, f.name());
        ((ArrayNode) rolled.get("values")).set(0, f.value());
        out.add(
                new Vector(
                        "casket-tampered-die.json",
                        "re-signed by a forger: the first die of the first defence roll shows"
                                + " the next face (roll, face and value changed together)",
                        Forger.rechainAndSign(die, RECORDS, key),
                        (long) defence));
        // a forger moves seat B's deployment one hex, chains and signs again
        ObjectNode moved = casket.deepCopy();
        int started = indexOf(moved.get("events"), "ArenaMatchStarted", null, null);
        ObjectNode hex =
                (ObjectNode) moved.get("events").get(started).at("/payload/deployments/1/hex");
        hex.put("r", hex.get("r").asInt() - 1);
        out.add(
                new Vector(
                        "casket-tampered-deployment.json",
                        "re-signed by a forger: seat B deployed one hex further north than its"
                                + " deployment hex",
                        Forger.rechainAndSign(moved, RECORDS, key),
                        (long) started));
        // a forger swaps the top two wound cards of seat C, chains and signs again
        ObjectNode wounds = casket.deepCopy();
        int wound = indexOf(wounds.get("events"), "WoundDeckShuffled", "/payload/seat", "C");
        ArrayNode w = (ArrayNode) wounds.get("events").get(wound).at("/payload/order");
        JsonNode topW = w.get(0);
        w.set(0, w.get(1));
        w.set(1, topW);
        out.add(
                new Vector(
                        "casket-tampered-wounds.json",
                        "re-signed by a forger: the top two cards of seat C's wound deck swapped",
                        Forger.rechainAndSign(wounds, RECORDS, key),
                        (long) wound));
        return out;
    }

    /**
     * What the project's audit says of a vector, trusting the vectors' key: each check's result and
     * event.
     */
    static ObjectNode expected(Vector v, ServerKey key) {
        AuditReport r = AUDITOR.audit(v.record(), key.publicKeyHex());
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("file", v.file());
        o.put("what", v.what());
        o.put("passed", r.passed());
        if (v.firstDivergentEvent() == null) {
            o.putNull("firstDivergentEvent");
        } else {
            o.put("firstDivergentEvent", v.firstDivergentEvent());
        }
        ObjectNode checks = o.putObject("checks");
        for (AuditReport.Check c : r.checks()) {
            ObjectNode n = checks.putObject(c.name());
            n.put("passed", c.passed());
            if (c.event() != null) {
                n.put("event", c.event());
            }
        }
        return o;
    }

    /** Every file of docs/vectors/ but the README, by name, as the bytes to ship. */
    static Map<String, String> files(ServerKey key) {
        Map<String, String> files = new LinkedHashMap<>();
        ObjectNode expected = JsonNodeFactory.instance.objectNode();
        expected.put(
                "about",
                "docs/fairness.md, \"Whole-record vectors\": the expected result of each check of each"
                        + " record in this directory, audited with publicKey as the trusted key");
        expected.put("publicKey", key.publicKeyHex());
        expected.put("keyId", key.keyId());
        ObjectNode tokens = expected.putObject("seatTokens");
        for (Seat seat :
                List.of(
                        Seat.A, Seat.B, Seat.C,
                        Seat.D)) { // in seat order (Map.of iterates in no fixed order)
            tokens.putObject(seat.name())
                    .put("token", TOKENS.get(seat))
                    .put("tokenHash", SeatTokens.hash(TOKENS.get(seat)));
        }
        ArrayNode list = expected.putArray("vectors");
        for (Vector v : vectors(key)) {
            files.put(v.file(), pretty(v.record()));
            list.add(expected(v, key));
        }
        files.put("expected.json", pretty(expected));
        files.put("public-key.txt", key.publicKeyHex() + "\n");
        return files;
    }

    static String pretty(JsonNode node) {
        DefaultPrettyPrinter printer =
                new DefaultPrettyPrinter()
                        .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                        .withArrayIndenter(new DefaultIndenter("  ", "\n"));
        try {
            return RecordFixtures.MAPPER.writer(printer).writeValueAsString(node) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ServerKey key() {
        return new ServerKey(KEY.toString());
    }

    /** Writes every vector file into docs/vectors/. */
    static void write() throws IOException {
        Files.createDirectories(DIR);
        for (Map.Entry<String, String> f : files(key()).entrySet()) {
            Files.writeString(DIR.resolve(f.getKey()), f.getValue(), StandardCharsets.UTF_8);
        }
    }
}
