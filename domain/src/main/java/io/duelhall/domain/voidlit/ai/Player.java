package io.duelhall.domain.voidlit.ai;

import io.duelhall.domain.AiPlayer;
import io.duelhall.domain.Intent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatKnowledge;
import io.duelhall.domain.voidlit.VoidlitIntents;
import io.duelhall.domain.voidlit.VoidlitMove;
import io.duelhall.domain.voidlit.VoidlitRuleset;
import io.duelhall.domain.voidlit.VoidlitState;

/** A voidlit player: picks one of voidlit's own moves; the platform gets it as an intent. Pure. */
interface Player extends AiPlayer {
    /** The move {@code seat} makes now; null only when {@code seat} owes nothing. */
    VoidlitMove move(VoidlitState state, Seat seat);

    /** The rules this player plays by (its knowledge is sampled by them). */
    VoidlitRuleset rules();

    /**
     * The server's entry: the player plays on one sample of the hidden state drawn from the seat's
     * knowledge alone (never the truth); its choice does not depend on the sample when it reads
     * nothing hidden, as greedy and random do not.
     */
    @Override
    default Intent choose(SeatKnowledge knowledge) {
        VoidlitState sample =
                (VoidlitState)
                        rules().hiddenState(knowledge)
                                .sample(new java.util.SplittableRandom(knowledge.version()));
        VoidlitMove m = move(sample, knowledge.seat());
        return m == null ? null : VoidlitIntents.intent(m);
    }
}
