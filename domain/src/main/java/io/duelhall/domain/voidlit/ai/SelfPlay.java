package io.duelhall.domain.voidlit.ai;

import io.duelhall.domain.Decision;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.Seat;
import io.duelhall.domain.rng.Sha256;
import io.duelhall.domain.voidlit.Catalog;
import io.duelhall.domain.voidlit.VoidlitIntents;
import io.duelhall.domain.voidlit.VoidlitMove;
import io.duelhall.domain.voidlit.VoidlitRuleset;
import io.duelhall.domain.voidlit.VoidlitState;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Whole matches between two players, straight through the rules (no server): for tests and tuning.
 */
public final class SelfPlay {
    /**
     * A safety net: no match of two legal players comes near it (Waste searches end every match).
     */
    public static final int MAX_MOVES = 20_000;

    private final VoidlitRuleset rules;

    public SelfPlay(VoidlitRuleset rules) {
        this.rules = rules;
    }

    /** The match after both seats joined: its events and state. */
    public record Opening(List<MatchEvent> events, VoidlitState state) {}

    /** A finished match: every event, every move, the final state. */
    public record Game(List<MatchEvent> events, List<VoidlitMove> moves, VoidlitState state) {
        public Seat winner() {
            return state.winner();
        }
    }

    /**
     * A match from seed {@code seed}: server seed SHA-256("voidlit-selfplay:" + seed), client seeds
     * "a"/"b" + seed.
     */
    public Opening open(long seed, Catalog.StarterDeck a, Catalog.StarterDeck b) {
        byte[] serverSeed =
                Sha256.of(("voidlit-selfplay:" + seed).getBytes(StandardCharsets.UTF_8));
        List<MatchEvent> events = new ArrayList<>();
        VoidlitState s =
                apply(
                        rules.initial(),
                        rules.create("m" + seed, MatchOptions.defaults(), serverSeed),
                        events);
        s =
                apply(
                        s,
                        rules.join(
                                s,
                                VoidlitIntents.joinRequest(
                                        "A", a.parallel(), a.cards(), "a" + seed)),
                        events);
        s =
                apply(
                        s,
                        rules.join(
                                s,
                                VoidlitIntents.joinRequest(
                                        "B", b.parallel(), b.cards(), "b" + seed)),
                        events);
        return new Opening(events, s);
    }

    public Game play(
            long seed, Player a, Player b, Catalog.StarterDeck deckA, Catalog.StarterDeck deckB) {
        Opening o = open(seed, deckA, deckB);
        List<MatchEvent> events = new ArrayList<>(o.events());
        List<VoidlitMove> moves = new ArrayList<>();
        VoidlitState s = o.state();
        for (int i = 0; i < MAX_MOVES && !VoidlitRuleset.over(s); i++) {
            Seat seat = rules.toAct(s);
            VoidlitMove m = (seat == Seat.A ? a : b).move(s, seat);
            Decision d = rules.decide(s, m);
            if (!d.accepted()) {
                throw new IllegalStateException(m + " refused: " + d.refusal());
            }
            moves.add(m);
            s = apply(s, d, events);
        }
        return new Game(events, moves, s);
    }

    private VoidlitState apply(VoidlitState s, Decision d, List<MatchEvent> events) {
        if (!d.accepted()) {
            throw new IllegalStateException("refused: " + d.refusal());
        }
        for (MatchEvent e : d.events()) {
            s = rules.evolve(s, e);
            events.add(e);
        }
        return s;
    }
}
