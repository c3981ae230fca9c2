package io.duelhall.domain;

import java.util.List;

/**
 * Why an intent was refused: a value, never an exception. {@code code} is stable (UPPER_SNAKE),
 * {@code rule} names the ruling (e.g. "V-PLAY-1") or is null.
 */
public record Refusal(
        Category category, String code, String rule, String message, List<String> violations) {
    /** What kind of refusal, independent of transport; the HTTP layer maps it to a status. */
    public enum Category {
        MALFORMED,
        UNAUTHORIZED,
        FORBIDDEN,
        NOT_FOUND,
        CONFLICT,
        RULES,
        TOO_MANY
    }

    public Refusal {
        violations = violations == null ? List.of() : List.copyOf(violations);
    }

    public static Refusal rules(String code, String rule, String message) {
        return new Refusal(Category.RULES, code, rule, message, List.of());
    }

    public static Refusal conflict(String code, String rule, String message) {
        return new Refusal(Category.CONFLICT, code, rule, message, List.of());
    }

    public static Refusal forbidden(String code, String rule, String message) {
        return new Refusal(Category.FORBIDDEN, code, rule, message, List.of());
    }

    public static Refusal malformed(String code, String message) {
        return new Refusal(Category.MALFORMED, code, null, message, List.of());
    }

    public static Refusal unauthorized(String code, String message) {
        return new Refusal(Category.UNAUTHORIZED, code, null, message, List.of());
    }

    public static Refusal notFound(String code, String message) {
        return new Refusal(Category.NOT_FOUND, code, null, message, List.of());
    }
}
