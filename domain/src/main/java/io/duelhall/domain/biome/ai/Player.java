package io.duelhall.domain.biome.ai;

import io.duelhall.domain.AiPlayer;
import io.duelhall.domain.Intent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatKnowledge;
import io.duelhall.domain.biome.BiomeIntents;
import io.duelhall.domain.biome.BiomeMove;
import io.duelhall.domain.biome.BiomeRuleset;
import io.duelhall.domain.biome.BiomeState;

/** A biome player: picks one of biome's own moves; the platform gets it as an intent. Pure. */
interface Player extends AiPlayer {
    /** The move {@code seat} makes now; null only when {@code seat} owes nothing. */
    BiomeMove move(BiomeState state, Seat seat);

    /** The rules this player plays by (its knowledge is sampled by them). */
    BiomeRuleset rules();

    /**
     * The server's entry: the player plays on one sample of the hidden state drawn from the seat's
     * knowledge alone (never the truth); its choice does not depend on the sample when it reads
     * nothing hidden, as greedy and random do not.
     */
    @Override
    default Intent choose(SeatKnowledge knowledge) {
        BiomeState sample =
                (BiomeState)
                        rules().hiddenState(knowledge)
                                .sample(new java.util.SplittableRandom(knowledge.version()));
        BiomeMove m = move(sample, knowledge.seat());
        return m == null ? null : BiomeIntents.intent(m);
    }
}
