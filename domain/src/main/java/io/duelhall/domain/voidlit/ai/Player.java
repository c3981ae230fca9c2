package io.duelhall.domain.voidlit.ai;

import io.duelhall.domain.AiPlayer;
import io.duelhall.domain.GameState;
import io.duelhall.domain.Intent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidlit.VoidlitIntents;
import io.duelhall.domain.voidlit.VoidlitMove;
import io.duelhall.domain.voidlit.VoidlitState;

/** A voidlit player: picks one of voidlit's own moves; the platform gets it as an intent. Pure. */
interface Player extends AiPlayer {
    /** The move {@code seat} makes now; null only when {@code seat} owes nothing. */
    VoidlitMove move(VoidlitState state, Seat seat);

    @Override
    default Intent choose(GameState state, Seat seat) {
        VoidlitMove m = move((VoidlitState) state, seat);
        return m == null ? null : VoidlitIntents.intent(m);
    }
}
