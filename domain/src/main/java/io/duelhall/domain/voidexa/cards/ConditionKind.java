package io.duelhall.domain.voidexa.cards;

public enum ConditionKind {
    ALWAYS,
    HAND_SIZE_BELOW,
    HULL_BELOW,
    HEAT_AT_LEAST,
    HAS_DRONES
}
