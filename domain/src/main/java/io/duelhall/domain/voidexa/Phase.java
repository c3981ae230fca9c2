package io.duelhall.domain.voidexa;

/** Where the match stands in the turn (seed section 2). */
public enum Phase {
    /** before both seats are taken */
    SETUP,
    /** phases 1–2: automatic */
    START,
    /** phase 3: the active seat acts */
    MAIN,
    /** a card waits while its target's owner may answer with a Reactive card (V-REACT-1) */
    RESPONSE,
    /** phase 4, step 4: the active seat must discard down (V-END-2) */
    DISCARD,
    /** phase 4: automatic */
    END,
    /** the match is over */
    OVER
}
