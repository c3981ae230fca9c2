package io.duelhall.domain.voidexa.cards;

public enum ModifierKind {
    /** +amount to the total cost of cards (of cardType, if set) */
    COST,
    /** cards of cardType cannot be played */
    FORBID_TYPE,
    /** +amount damage to each DAMAGE block of own Weapon cards */
    WEAPON_DAMAGE,
    /** +amount damage to each own drone attack */
    DRONE_DAMAGE,
    /** +amount Shield regenerated at the start of own turn */
    SHIELD_REGEN
}
