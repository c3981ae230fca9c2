package io.duelhall.domain.biome.ai;

import io.duelhall.domain.AiPlayer;
import io.duelhall.domain.GameState;
import io.duelhall.domain.Intent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.biome.BiomeIntents;
import io.duelhall.domain.biome.BiomeMove;
import io.duelhall.domain.biome.BiomeState;

/** A biome player: picks one of biome's own moves; the platform gets it as an intent. Pure. */
interface Player extends AiPlayer {
    /** The move {@code seat} makes now; null only when {@code seat} owes nothing. */
    BiomeMove move(BiomeState state, Seat seat);

    @Override
    default Intent choose(GameState state, Seat seat) {
        BiomeMove m = move((BiomeState) state, seat);
        return m == null ? null : BiomeIntents.intent(m);
    }
}
