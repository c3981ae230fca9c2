package io.duelhall.domain.voidexa.ai;

import io.duelhall.domain.Decision;
import io.duelhall.domain.Intent;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.Seat;
import io.duelhall.domain.rng.Sha256;
import io.duelhall.domain.voidexa.VoidexaMoves;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.VoidexaState;
import io.duelhall.domain.voidexa.cards.StarterDeck;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Whole matches between two players on the pure engine, in memory: create, both seats with starter
 * decks, then intents until the match ends. Everything is derived from {@code seed}, so a match is
 * reproducible. Used by tests, the command-line self-play and the benchmarks.
 */
public final class SelfPlay {
    /** A match that has not ended after this many intents is given up (never seen in practice). */
    public static final int MAX_INTENTS = 20_000;

    private final VoidexaRuleset rules;

    public SelfPlay(VoidexaRuleset rules) {
        this.rules = rules;
    }

    /**
     * One finished match. {@code winner} is null for a draw (V-WIN-4) or a match given up.
     *
     * @param events every event, opening included (the input of a replay)
     * @param intents every intent sent, in order (the input of a re-simulation)
     */
    public record Game(
            long seed,
            Seat winner,
            String reason,
            int turns,
            List<MatchEvent> events,
            List<Intent> intents,
            long decisionNanos) {
        public int eventCount() {
            return events.size();
        }
    }

    /**
     * The opening of a match: created and both seats taken, as it stands when the first seat may
     * act.
     */
    public record Opening(VoidexaState state, List<MatchEvent> events) {}

    public Opening open(long seed, StarterDeck deckA, StarterDeck deckB) {
        List<MatchEvent> events = new ArrayList<>();
        VoidexaState s = rules.initial();
        s =
                fold(
                        s,
                        rules.create("selfplay-" + seed, MatchOptions.defaults(), serverSeed(seed)),
                        events);
        s =
                fold(
                        s,
                        rules.join(
                                s,
                                new JoinRequest(
                                        "A",
                                        deckA.pilotClass(),
                                        deckA.shipCore(),
                                        deckA.cards(),
                                        "a-" + seed)),
                        events);
        s =
                fold(
                        s,
                        rules.join(
                                s,
                                new JoinRequest(
                                        "B",
                                        deckB.pilotClass(),
                                        deckB.shipCore(),
                                        deckB.cards(),
                                        "b-" + seed)),
                        events);
        return new Opening(s, events);
    }

    public Game play(long seed, Player a, Player b, StarterDeck deckA, StarterDeck deckB) {
        Opening o = open(seed, deckA, deckB);
        VoidexaState s = o.state();
        List<MatchEvent> events = new ArrayList<>(o.events());
        List<Intent> intents = new ArrayList<>();
        long thinking = 0;
        while (!s.over() && intents.size() < MAX_INTENTS) {
            Seat seat = VoidexaMoves.toAct(s);
            long t0 = System.nanoTime();
            Intent intent = (seat == Seat.A ? a : b).choose(s, seat);
            thinking += System.nanoTime() - t0;
            if (intent == null) {
                throw new IllegalStateException(seat + " owes a decision but chose nothing");
            }
            Decision d = rules.decide(s, intent);
            if (!d.accepted()) {
                throw new IllegalStateException(
                        (seat == Seat.A ? a : b).name()
                                + " chose an intent the rules refuse: "
                                + intent
                                + " -> "
                                + d.refusal());
            }
            intents.add(intent);
            s = fold(s, d, events);
        }
        Seat winner = s.over() && s.result() != null ? s.result().winner() : null;
        String reason = s.over() && s.result() != null ? s.result().reason() : "GIVEN_UP";
        return new Game(seed, winner, reason, s.turn(), events, intents, thinking);
    }

    private VoidexaState fold(VoidexaState s, Decision d, List<MatchEvent> events) {
        if (!d.accepted()) {
            throw new IllegalStateException("refused: " + d.refusal());
        }
        for (MatchEvent e : d.events()) {
            s = rules.evolve(s, e);
            events.add(e);
        }
        return s;
    }

    /** 32 bytes from the match seed number, stable across runs. */
    public static byte[] serverSeed(long seed) {
        return Sha256.of(("selfplay:" + seed).getBytes(StandardCharsets.UTF_8));
    }
}
