package io.duelhall.domain.biome.ai;

import io.duelhall.domain.Decision;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.Seat;
import io.duelhall.domain.biome.BiomeIntents;
import io.duelhall.domain.biome.BiomeMove;
import io.duelhall.domain.biome.BiomeRuleset;
import io.duelhall.domain.biome.BiomeState;
import io.duelhall.domain.biome.Catalog;
import io.duelhall.domain.rng.Sha256;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Whole matches between two players, straight through the rules (no server): for tests and tuning.
 */
public final class SelfPlay {
    /** A safety net: decks run out long before (B-D-END-2). */
    public static final int MAX_MOVES = 50_000;

    private final BiomeRuleset rules;

    public SelfPlay(BiomeRuleset rules) {
        this.rules = rules;
    }

    public record Opening(List<MatchEvent> events, BiomeState state) {}

    public record Game(List<MatchEvent> events, List<BiomeMove> moves, BiomeState state) {
        public Seat winner() {
            return state.winner();
        }
    }

    /**
     * A match from seed {@code seed}: server seed SHA-256("biome-selfplay:" + seed), client seeds
     * "a"/"b" + seed.
     */
    public Opening open(long seed, Catalog.StarterDeck a, Catalog.StarterDeck b) {
        byte[] serverSeed = Sha256.of(("biome-selfplay:" + seed).getBytes(StandardCharsets.UTF_8));
        List<MatchEvent> events = new ArrayList<>();
        BiomeState s =
                apply(
                        rules.initial(),
                        rules.create("m" + seed, MatchOptions.defaults(), serverSeed),
                        events);
        s = apply(s, rules.join(s, BiomeIntents.joinRequest("A", a.cards(), "a" + seed)), events);
        s = apply(s, rules.join(s, BiomeIntents.joinRequest("B", b.cards(), "b" + seed)), events);
        return new Opening(events, s);
    }

    public Game play(
            long seed, Player a, Player b, Catalog.StarterDeck deckA, Catalog.StarterDeck deckB) {
        Opening o = open(seed, deckA, deckB);
        List<MatchEvent> events = new ArrayList<>(o.events());
        List<BiomeMove> moves = new ArrayList<>();
        BiomeState s = o.state();
        for (int i = 0; i < MAX_MOVES && !BiomeRuleset.over(s); i++) {
            Seat seat = rules.toAct(s);
            BiomeMove m = (seat == Seat.A ? a : b).move(s, seat);
            Decision d = rules.decide(s, m);
            if (!d.accepted()) {
                throw new IllegalStateException(m + " refused: " + d.refusal());
            }
            moves.add(m);
            s = apply(s, d, events);
        }
        return new Game(events, moves, s);
    }

    private BiomeState apply(BiomeState s, Decision d, List<MatchEvent> events) {
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
