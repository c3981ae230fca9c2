package io.duelhall.domain.tournament;

import io.duelhall.domain.Refusal;
import java.util.List;

/**
 * How a tournament runs: its format, Swiss rounds (0: as many as the field needs, ⌈log2 n⌉), the
 * top cut after Swiss (0: none), best-of (1 or 3), the tie-break chain after match points, the top
 * cut's bracket ({@code topCutFormat}: null, as in records older than double elimination, is single
 * elimination), the seats per table ({@code seats}: 0, as in older records, is 2) and, for pods,
 * the fewest seats the ruleset plays ({@code podMinimum}, fixed at creation; 0 is 2).
 */
public record TournamentRules(
        Format format,
        int rounds,
        int topCut,
        int bestOf,
        List<TieBreak> tieBreaks,
        Format topCutFormat,
        int seats,
        int podMinimum) {
    public TournamentRules {
        tieBreaks = tieBreaks == null ? TieBreak.MTR : List.copyOf(tieBreaks);
    }

    public TournamentRules withRounds(int n) {
        return new TournamentRules(
                format, n, topCut, bestOf, tieBreaks, topCutFormat, seats, podMinimum);
    }

    /** These rules with the ruleset's fewest seats recorded (for pods). */
    public TournamentRules withPodMinimum(int minimum) {
        return new TournamentRules(
                format, rounds, topCut, bestOf, tieBreaks, topCutFormat, seats, minimum);
    }

    /** The fewest seats of a pod: the ruleset's fewest, at least 2. */
    public int podMinimumSeats() {
        return Math.max(2, podMinimum);
    }

    /** The seats of every table: 2 unless a Swiss of pods says otherwise. */
    public int seatsPerTable() {
        return seats == 0 ? 2 : seats;
    }

    /**
     * The bracket's format: the format itself for an elimination, the top cut's for a Swiss (single
     * elimination unless said otherwise), null for a round robin.
     */
    public Format bracketFormat() {
        return switch (format) {
            case SINGLE_ELIMINATION, DOUBLE_ELIMINATION -> format;
            case SWISS -> topCutFormat == null ? Format.SINGLE_ELIMINATION : topCutFormat;
            case ROUND_ROBIN -> null;
        };
    }

    /** Null when these rules can run; else why not. */
    public Refusal problem() {
        if (format == null) {
            return Refusal.malformed("INVALID_FIELD", "format is required.");
        }
        if (rounds < 0 || rounds > 30) {
            return Refusal.malformed("INVALID_FIELD", "rounds must be 1 to 30.");
        }
        if (topCut != 0 && (topCut < 2 || topCut > 64 || Integer.bitCount(topCut) != 1)) {
            return Refusal.malformed("INVALID_FIELD", "topCut must be 2, 4, 8, 16, 32 or 64.");
        }
        if (topCut != 0 && format != Format.SWISS) {
            return Refusal.malformed("INVALID_FIELD", "topCut follows Swiss rounds only.");
        }
        if (topCutFormat != null
                && topCutFormat != Format.SINGLE_ELIMINATION
                && topCutFormat != Format.DOUBLE_ELIMINATION) {
            return Refusal.malformed(
                    "INVALID_FIELD",
                    "topCutFormat must be SINGLE_ELIMINATION or DOUBLE_ELIMINATION.");
        }
        if (topCutFormat != null && topCut == 0) {
            return Refusal.malformed("INVALID_FIELD", "topCutFormat needs a topCut.");
        }
        if (bestOf != 1 && bestOf != 3) {
            return Refusal.malformed("INVALID_FIELD", "bestOf must be 1 or 3.");
        }
        if (seats != 0 && (seats < 2 || seats > 6)) {
            return Refusal.malformed("OUT_OF_RANGE", "seatsPerTable must be 2 to 6.");
        }
        if (seatsPerTable() > 2 && (format != Format.SWISS || topCut != 0)) {
            return Refusal.rules(
                    "SEATS_NOT_SUPPORTED",
                    null,
                    "Tables of 3 to 6 seats are Swiss pods: format SWISS without a top cut.");
        }
        if (seatsPerTable() > 2 && bestOf != 1) {
            return Refusal.rules(
                    "BEST_OF_NOT_SUPPORTED", null, "A pod plays one game (best-of-1).");
        }
        if (tieBreaks.stream().distinct().count() != tieBreaks.size()) {
            return Refusal.malformed("INVALID_FIELD", "tieBreaks names a tie-break twice.");
        }
        return null;
    }
}
