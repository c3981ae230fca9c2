package io.duelhall.domain.voidexa.cards;

public enum Keyword {
    /** Only playable in a response window during the enemy's turn (V-REACT-1). */
    REACTIVE,
    /** Damage skips shields (V-DMG-2). */
    PIERCE,
    /** Damage to several targets, routed once each in order (V-DMG-3). */
    SPLASH,
    CASCADE,
    /** A field that affects only its owner (V-FIELD-1). */
    FRIENDLY_ONLY,
    /**
     * A field that belongs to no one once played: its effects are triggered by neither player
     * (V-WIN-4).
     */
    UNBOUND
}
