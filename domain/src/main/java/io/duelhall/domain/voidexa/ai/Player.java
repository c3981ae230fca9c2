package io.duelhall.domain.voidexa.ai;

import io.duelhall.domain.AiPlayer;
import io.duelhall.domain.Intent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatKnowledge;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.VoidexaState;
import java.util.SplittableRandom;

/**
 * Something that plays a seat: given a match state and the seat that owes the next decision, it
 * picks one intent the rules accept. Pure: no I/O, no clock; a player that needs chance is given
 * its own seeded generator. The server gives it only the seat's knowledge ({@link
 * #choose(SeatKnowledge)}): it then plays on one sample of the hidden state drawn from that
 * knowledge alone, never on the truth (its choice does not depend on the sample when it reads
 * nothing hidden, as greedy and random do not).
 */
public interface Player extends AiPlayer {
    /** The intent {@code seat} sends now; null only when {@code seat} owes nothing. */
    Intent choose(VoidexaState state, Seat seat);

    /** The rules this player plays by (its knowledge is sampled by them). */
    VoidexaRuleset rules();

    @Override
    default Intent choose(SeatKnowledge knowledge) {
        VoidexaState sample =
                (VoidexaState)
                        rules().hiddenState(knowledge)
                                .sample(new SplittableRandom(knowledge.version()));
        return choose(sample, knowledge.seat());
    }
}
