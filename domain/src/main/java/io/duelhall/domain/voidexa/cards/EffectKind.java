package io.duelhall.domain.voidexa.cards;

/** The building blocks every card effect is composed of. */
public enum EffectKind {
    /** amount damage to {@code to} (V-DMG-1..4). */
    DAMAGE,
    /** restore amount to the named own {@code subsystem}, up to its max (V-HEAL-1). */
    HEAL,
    /** raise own Shield by amount, up to its max. */
    SHIELD,
    /** lower own current Heat by amount at once, floor 0 (V-HEAT-3). */
    VENT,
    /** add amount to own pending Heat (applied at end of turn, V-HEAT-1). */
    HEAT,
    /** gain amount energy this turn. */
    ENERGY,
    /** raise own max energy permanently by amount. */
    RAMP,
    /** draw amount cards. */
    DRAW,
    /** this card enters the drone column with its drone stats. */
    SUMMON,
    /**
     * own drones gain +amount damage (and Pierce if pierce is set) until the end of the owner's
     * next turn.
     */
    DRONE_BOOST,
    /**
     * the owner's next Weapon card this turn deals +amount damage to each target (stacks; lost at
     * the end of the turn; D-CAT-3). Engine voidexa-1.1.0 and later.
     */
    WEAPON_CHARGE,
    /**
     * the owner's drones have Pierce at their next attack, then it is spent (Targeting AI,
     * D-DRONE-3). Engine voidexa-1.2.0 and later.
     */
    DRONE_PIERCE,
    /** own drones are restored to full hull and shield. */
    DRONE_REPAIR,
    /** the targeted enemy card in play is destroyed and goes to its owner's discard. */
    DESTROY
}
