package io.duelhall.domain.casket.ai;

import io.duelhall.domain.AiPlayer;
import io.duelhall.domain.Intent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatKnowledge;
import io.duelhall.domain.casket.CasketRuleset;
import io.duelhall.domain.casket.CasketState;

/** A casket player: picks one of the legal intents. Pure. */
public interface Player extends AiPlayer {
    Intent move(CasketState state, Seat seat);

    /** The rules this player plays by (its knowledge is sampled by them). */
    CasketRuleset rules();

    /**
     * The server's entry: the player plays on one sample of the hidden state drawn from the seat's
     * knowledge alone (never the truth); its choice does not depend on the sample when it reads
     * nothing hidden, as greedy and random do not.
     */
    @Override
    default Intent choose(SeatKnowledge knowledge) {
        CasketState sample =
                (CasketState)
                        rules().hiddenState(knowledge)
                                .sample(new java.util.SplittableRandom(knowledge.version()));
        return move(sample, knowledge.seat());
    }
}
