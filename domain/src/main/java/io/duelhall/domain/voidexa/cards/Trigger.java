package io.duelhall.domain.voidexa.cards;

import java.util.List;

/** An ability that fires by itself at a moment of the turn, if its condition holds. */
public record Trigger(Timing when, Condition condition, List<Effect> effects) {
    public Trigger {
        condition = condition == null ? Condition.ALWAYS : condition;
        effects = effects == null ? List.of() : List.copyOf(effects);
    }
}
