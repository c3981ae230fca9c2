package io.duelhall.domain.tournament;

/**
 * A judge's ruling: what ({@code kind}), on whom ({@code entry}) or which table ({@code round},
 * {@code table}), the corrected {@code result} (a pod's: its {@code places} in seat order, 1 first;
 * null elsewhere and in every older record), the {@code seconds} of a {@code TIME_EXTENSION} (null
 * elsewhere and in every older record), and why. Who ruled is recorded beside it.
 */
public record Ruling(
        Kind kind,
        String entry,
        Integer round,
        Integer table,
        Result result,
        String reason,
        java.util.List<Integer> places,
        Integer seconds) {
    public Ruling {
        places = places == null ? null : java.util.List.copyOf(places);
    }

    public Ruling(
            Kind kind,
            String entry,
            Integer round,
            Integer table,
            Result result,
            String reason,
            java.util.List<Integer> places) {
        this(kind, entry, round, table, result, reason, places, null);
    }

    public Ruling(
            Kind kind, String entry, Integer round, Integer table, Result result, String reason) {
        this(kind, entry, round, table, result, reason, null, null);
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

    /** A judge's time extension for a table of the current round (issue 41). */
    public static Ruling timeExtension(int round, int table, int seconds, String reason) {
        return new Ruling(Kind.TIME_EXTENSION, null, round, table, null, reason, null, seconds);
    }
}
