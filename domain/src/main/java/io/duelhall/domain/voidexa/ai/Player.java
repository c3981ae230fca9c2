package io.duelhall.domain.voidexa.ai;

import io.duelhall.domain.AiPlayer;
import io.duelhall.domain.GameState;
import io.duelhall.domain.Intent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.VoidexaState;

/**
 * Something that plays a seat: given the match state and the seat that owes the next decision, it
 * picks one intent the rules accept. Pure: no I/O, no clock; a player that needs chance is given
 * its own seeded generator.
 */
public interface Player extends AiPlayer {
    /** The intent {@code seat} sends now; null only when {@code seat} owes nothing. */
    Intent choose(VoidexaState state, Seat seat);

    @Override
    default Intent choose(GameState state, Seat seat) {
        return choose((VoidexaState) state, seat);
    }
}
