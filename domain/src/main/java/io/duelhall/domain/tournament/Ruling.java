package io.duelhall.domain.tournament;

/**
 * A judge's ruling: what ({@code kind}), on whom ({@code entry}) or which table ({@code round},
 * {@code table}), the corrected {@code result} (a pod's: its {@code places} in seat order, 1 first;
 * null elsewhere and in every older record), and why. Who ruled is recorded beside it.
 */
public record Ruling(
        Kind kind,
        String entry,
        Integer round,
        Integer table,
        Result result,
        String reason,
        java.util.List<Integer> places) {
    public Ruling {
        places = places == null ? null : java.util.List.copyOf(places);
    }

    public Ruling(
            Kind kind, String entry, Integer round, Integer table, Result result, String reason) {
        this(kind, entry, round, table, result, reason, null);
    }

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
