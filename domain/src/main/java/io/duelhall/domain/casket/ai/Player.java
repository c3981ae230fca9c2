package io.duelhall.domain.casket.ai;

import io.duelhall.domain.AiPlayer;
import io.duelhall.domain.GameState;
import io.duelhall.domain.Intent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.casket.CasketState;

/** A casket player: picks one of the legal intents. Pure. */
public interface Player extends AiPlayer {
    Intent move(CasketState state, Seat seat);

    @Override
    default Intent choose(GameState state, Seat seat) {
        return move((CasketState) state, seat);
    }
}
