package io.duelhall.domain.voidexa.cards;

public enum Timing {
    /** the owner's start of turn (fields: every start of turn) */
    START_OF_TURN,
    /** the owner's end of turn, step 1 (fields: every end of turn) */
    END_OF_TURN
}
