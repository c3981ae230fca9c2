package io.duelhall.domain.tournament;

/**
 * A judge's ruling: what ({@code kind}), on whom ({@code entry}) or which table ({@code round},
 * {@code table}), the corrected {@code result}, and why. Who ruled is recorded beside it.
 */
public record Ruling(
        Kind kind, String entry, Integer round, Integer table, Result result, String reason) {
    public enum Kind {
        WARNING,
        GAME_LOSS,
        MATCH_LOSS,
        DISQUALIFICATION,
        TIME_EXTENSION,
        RESULT_CORRECTION,
        DROP,
        REPAIR_ROUND
    }
}
