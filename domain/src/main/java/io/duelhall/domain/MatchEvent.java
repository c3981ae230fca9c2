package io.duelhall.domain;

/**
 * A fact about a match, in the past tense. Every ruleset's events implement this; the aggregate,
 * projections and audit handle them without knowing the ruleset.
 */
public interface MatchEvent {
    /** The event type name used in APIs, e.g. "CardPlayed". */
    default String type() {
        return getClass().getSimpleName();
    }
}
