package io.duelhall.domain;

import java.util.List;

/**
 * One type of a ruleset's intent vocabulary, as {@code GET /api/rulesets} lists it: the name a
 * client sends in {@code type}, what it does, and which envelope fields it needs ({@code card},
 * {@code cards}, {@code targets}, or {@code choices.<name>}). The core checks the names and the
 * fields ({@link Ruleset#checkIntent}); what they must hold is the rules' to decide.
 */
public record IntentSpec(String type, String summary, List<String> needs) {
    public IntentSpec {
        needs = needs == null ? List.of() : List.copyOf(needs);
    }
}
