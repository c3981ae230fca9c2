package io.duelhall.domain;

import java.util.List;

/**
 * One type of a ruleset's intent vocabulary, as {@code GET /api/rulesets} lists it: the name a
 * client sends in {@code type}, what it does, which envelope fields it needs ({@code card}, {@code
 * cards}, {@code targets}, {@code ability}, or {@code choices.<name>}) and which it may send
 * besides ({@code optional}). The core checks the names and the fields ({@link
 * Ruleset#checkIntent}): a needed field missing is {@code MISSING_FIELD}; a field sent that the
 * type neither needs nor takes is {@code UNUSED_FIELD}, so a stored intent holds only what the
 * rules read (issue 45, finding 7). What the fields must hold is the rules' to decide.
 *
 * @param optional the fields the type may carry besides {@code needs}; null: not checked (a ruleset
 *     that has not said)
 */
public record IntentSpec(String type, String summary, List<String> needs, List<String> optional) {
    public IntentSpec {
        needs = needs == null ? List.of() : List.copyOf(needs);
        optional = optional == null ? null : List.copyOf(optional);
    }

    /** A type whose other fields are not checked. */
    public IntentSpec(String type, String summary, List<String> needs) {
        this(type, summary, needs, null);
    }

    /** A type that takes {@code needs} and {@code optional}, nothing else. */
    public static IntentSpec of(
            String type, String summary, List<String> needs, List<String> optional) {
        return new IntentSpec(type, summary, needs, optional);
    }

    /** Whether {@code field} ({@code card}, {@code choices.x} …) is one this type reads. */
    public boolean takes(String field) {
        return optional == null || needs.contains(field) || optional.contains(field);
    }
}
