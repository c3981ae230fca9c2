package io.duelhall.domain.voidexa.cards;

/** What a card or ability may aim at. */
public enum Targeting {
    /** No target. */
    NONE,
    /**
     * The enemy ship (the default when no target is given) or enemy drones; up to maxTargets,
     * distinct.
     */
    ENEMY_SHIP_OR_DRONE,
    /** Exactly one named enemy subsystem other than Shield; damage to it skips the Shield. */
    ENEMY_SUBSYSTEM,
    /** Exactly one enemy drone. */
    ENEMY_DRONE,
    /** Exactly one enemy card in play (module, equipment, AI routine or field). */
    ENEMY_CARD
}
