package io.duelhall.domain.voidexa.cards;

/** Where a one-shot card goes after it resolves (seed section 3, step 6). */
public enum Destination {
    DISCARD,
    HAND,
    EXILE
}
