package io.duelhall.domain.voidexa.cards;

/** The six ship values the rules track (seed section 1). */
public enum Subsystem {
    HULL,
    SHIELD,
    REACTOR,
    WEAPONS,
    ENGINES,
    LIFE_SUPPORT
}
