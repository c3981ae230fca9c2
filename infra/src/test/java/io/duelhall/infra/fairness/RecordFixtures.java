package io.duelhall.infra.fairness;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.command.rules.CatalogReader;
import io.duelhall.domain.Decision;
import io.duelhall.domain.GameState;
import io.duelhall.domain.Intent;
import io.duelhall.domain.IntentAccepted;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatTokenIssued;
import io.duelhall.domain.voidexa.VoidexaMoves;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.VoidexaState;
import io.duelhall.domain.voidexa.cards.StarterDeck;
import io.duelhall.fairness.audit.Auditor;
import io.duelhall.fairness.chain.EventChain;
import io.duelhall.fairness.record.EventStoreJson;
import io.duelhall.fairness.record.MatchRecords;
import io.duelhall.fairness.record.StoredEvent;
import io.duelhall.fairness.signing.RecordSignature;
import io.duelhall.fairness.signing.ServerKey;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Match records made without the app: a random match played through the rules engine and stored the
 * way the Match aggregate stores it (join and intent markers, payloads serialized by the event
 * store's mapper, chained), then built and signed like an export. For tests of the audit that need
 * many records fast.
 */
final class RecordFixtures {
    static final VoidexaRuleset RULES = new VoidexaRuleset(CatalogReader.voidexa());
    static final ObjectMapper MAPPER = EventStoreJson.newMapper();
    static final MatchRecords RECORDS = new MatchRecords(MAPPER, new Rulesets(RULES));
    static final Auditor AUDITOR = new Auditor(RECORDS);
    static final Instant T0 = Instant.parse("2026-11-21T12:00:00Z");

    private RecordFixtures() {}

    static ServerKey key(Path dir) {
        return new ServerKey(dir.resolve("signing-key.pem").toString());
    }

    /**
     * Stores events as the aggregate does: sequence numbers from 0, each chained to the one before,
     * and after every join and intent the clock {@link io.duelhall.domain.ClockPolicy} sets (none
     * unless {@link #options} has clocks).
     */
    static final class Store {
        /** The rules the match is played under: the current version unless a test names another. */
        final io.duelhall.domain.Ruleset rules;

        final List<StoredEvent> events = new ArrayList<>();

        /** The same events as objects: what an AI seat's knowledge is made of. */
        final List<MatchEvent> raw = new ArrayList<>();

        GameState state;
        private String chain = EventChain.GENESIS;
        MatchOptions options = MatchOptions.defaults();

        /** The clock running (the last ClockSet stored) and its sequence number. */
        io.duelhall.domain.ClockSet clock;

        long clockSeq = -1;

        /**
         * Applied to each clock before it is stored: a forger's edit (identity for an honest
         * store).
         */
        java.util.function.UnaryOperator<io.duelhall.domain.ClockSet> clockEdit = c -> c;

        Store() {
            this(RULES);
        }

        Store(io.duelhall.domain.Ruleset rules) {
            this.rules = rules;
            this.state = rules.initial();
        }

        void append(List<? extends MatchEvent> events) {
            for (MatchEvent e : events) {
                long seq = this.events.size();
                String json;
                try {
                    json = MAPPER.writeValueAsString(e);
                } catch (JsonProcessingException x) {
                    throw new UncheckedIOException(x);
                }
                chain = EventChain.link(chain, seq, e.type(), json);
                this.events.add(
                        new StoredEvent(seq, e.type(), T0.plusMillis(seq).toString(), json, chain));
                raw.add(e);
                state = rules.evolve(state, e);
            }
        }

        /** What {@code seat} knows now (an AI's only input). */
        io.duelhall.domain.SeatKnowledge knowledge(io.duelhall.domain.Seat seat) {
            return io.duelhall.domain.SeatKnowledge.of(rules, state, raw, seat, raw.size() - 1);
        }

        void accept(Decision d, MatchEvent marker) {
            if (!d.accepted()) {
                throw new AssertionError("refused: " + d.refusal());
            }
            List<MatchEvent> all = new ArrayList<>();
            if (marker != null) {
                all.add(marker);
            }
            all.addAll(d.events());
            append(all);
            if (marker != null) {
                Instant at =
                        marker instanceof IntentAccepted a ? a.at() : T0.plusMillis(events.size());
                io.duelhall.domain.ClockSet next =
                        io.duelhall.domain.ClockPolicy.next(
                                options,
                                rules.clockNeed(state),
                                clock,
                                at,
                                state.status() == MatchStatus.ENDED);
                if (next != null) {
                    append(List.of(clockEdit.apply(next)));
                    clock = next;
                    clockSeq = events.size() - 1;
                }
            }
        }
    }

    /** A created and started match, stored. */
    static Store started(long seed) {
        return start(new Random(seed), "m-" + seed);
    }

    /**
     * A created and started match whose turns have a clock of {@code turnSeconds}, stored with its
     * clock events.
     */
    static Store startedWithClock(long seed, int turnSeconds) {
        Store store = new Store();
        store.options = new MatchOptions(0, turnSeconds, null);
        return start(store, new Random(seed), "m-" + seed);
    }

    /**
     * A created and started match with these options (as the server opens it: clock policy
     * included), stored.
     */
    static Store startedWith(long seed, MatchOptions options) {
        Store store = new Store();
        store.options = options;
        return start(store, new Random(seed), "m-" + seed);
    }

    private static Store start(Random rnd, String id) {
        return start(new Store(), rnd, id);
    }

    private static Store start(Store store, Random rnd, String id) {
        byte[] serverSeed = new byte[32];
        rnd.nextBytes(serverSeed);
        store.accept(RULES.create(id, store.options, serverSeed), null);
        for (Seat seat : List.of(Seat.A, Seat.B)) {
            StarterDeck d =
                    RULES.catalog()
                            .starterDecks()
                            .get(rnd.nextInt(RULES.catalog().starterDecks().size()));
            JoinRequest join =
                    new JoinRequest(
                            seat == Seat.A ? "Ada" : "Bo",
                            d.pilotClass(),
                            d.shipCore(),
                            d.cards(),
                            "seed-" + seat + "-" + rnd.nextInt(1000));
            store.accept(
                    RULES.join(store.state, join), new SeatTokenIssued(seat, "hash-" + seat, join));
        }
        return store;
    }

    /** A finished random match, stored. */
    static Store played(long seed) {
        Random rnd = new Random(seed);
        Store store = start(rnd, "m-" + seed);
        VoidexaMoves moves = new VoidexaMoves(RULES.catalog());
        int n = 0;
        while (store.state.status() == MatchStatus.LIVE) {
            VoidexaState s = (VoidexaState) store.state;
            Seat seat = VoidexaMoves.toAct(s);
            List<Intent> legal = moves.legal(s, seat);
            Intent pick =
                    rnd.nextInt(500) == 0
                            ? Intent.concede(seat)
                            : rnd.nextInt(10) < 3
                                    ? legal.get(0)
                                    : legal.get(rnd.nextInt(legal.size()));
            n++;
            store.accept(
                    RULES.decide(s, pick),
                    new IntentAccepted("i-" + n, seat, "f-" + n, pick, T0.plusSeconds(n)));
        }
        return store;
    }

    /** The signed record of a stored match, as text. */
    static String record(Store store, ServerKey key) {
        ObjectNode record =
                RecordSignature.sign(
                        RECORDS.build(store.events, List.of(), T0.plusSeconds(86_400)), key);
        try {
            return MAPPER.writeValueAsString(record);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
