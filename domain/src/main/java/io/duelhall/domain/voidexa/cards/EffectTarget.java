package io.duelhall.domain.voidexa.cards;

/** Where a DAMAGE block lands. */
public enum EffectTarget {
    /** each chosen target, in the order given */
    TARGET,
    ENEMY_SHIP,
    /** the enemy subsystem named in the block (skips Shield) */
    ENEMY_SUBSYSTEM,
    SELF_SHIP,
    /** both ships in one resolution (V-WIN-4) */
    BOTH_SHIPS,
    ENEMY_DRONES,
    ALL_DRONES
}
