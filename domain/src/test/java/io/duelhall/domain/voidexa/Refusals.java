package io.duelhall.domain.voidexa;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Decision;
import io.duelhall.domain.Intent;
import io.duelhall.domain.Refusal;

/** Asserting a refusal: its category, code and ruling, and that it changed nothing. */
final class Refusals {
    private Refusals() {}

    /**
     * Decides {@code intent} on {@code state} and asserts a refusal with no events and an unchanged
     * state.
     */
    static Refusal refused(
            VoidexaRuleset rules,
            VoidexaState state,
            Intent intent,
            Refusal.Category category,
            String code,
            String rule) {
        String before = state.toString(); // deep: every zone, value and list of the state
        Decision d = rules.decide(state, intent);
        assertThat(d.accepted())
                .as("expected %s but was accepted with %s", code, Scenario.types(d.events()))
                .isFalse();
        assertThat(d).isInstanceOf(Decision.Rejected.class);
        assertThat(d.events()).isEmpty();
        Refusal r = d.refusal();
        assertThat(r.code()).as("code of %s", r).isEqualTo(code);
        assertThat(r.category()).as("category of %s", r).isEqualTo(category);
        assertThat(r.rule()).as("rule of %s", r).isEqualTo(rule);
        assertThat(r.message()).isNotBlank();
        assertThat(state.toString()).as("a refusal changes nothing").isEqualTo(before);
        return r;
    }

    static Refusal refused(
            VoidexaState state,
            Intent intent,
            Refusal.Category category,
            String code,
            String rule) {
        return refused(Fixtures.RULES, state, intent, category, code, rule);
    }
}
