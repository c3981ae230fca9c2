package io.duelhall.domain.voidexa.cards;

/** A check on the owner's ship made when a trigger fires. */
public record Condition(ConditionKind kind, int value) {
    public static final Condition ALWAYS = new Condition(ConditionKind.ALWAYS, 0);
}
