package io.duelhall.domain.tournament;

import io.duelhall.domain.Refusal;
import java.util.List;

/**
 * How a tournament runs: its format, Swiss rounds (0: as many as the field needs, ⌈log2 n⌉), the
 * top cut after Swiss (0: none), best-of (1 or 3) and the tie-break chain after match points.
 */
public record TournamentRules(
        Format format, int rounds, int topCut, int bestOf, List<TieBreak> tieBreaks) {
    public TournamentRules {
        tieBreaks = tieBreaks == null ? TieBreak.MTR : List.copyOf(tieBreaks);
    }

    public TournamentRules withRounds(int n) {
        return new TournamentRules(format, n, topCut, bestOf, tieBreaks);
    }

    /** Null when these rules can run; else why not. */
    public Refusal problem() {
        if (format == null) {
            return Refusal.malformed("INVALID_FIELD", "format is required.");
        }
        if (format == Format.DOUBLE_ELIMINATION) {
            return Refusal.rules(
                    "FORMAT_NOT_SUPPORTED", null, "Double elimination is not offered yet.");
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
        if (bestOf != 1 && bestOf != 3) {
            return Refusal.malformed("INVALID_FIELD", "bestOf must be 1 or 3.");
        }
        if (tieBreaks.stream().distinct().count() != tieBreaks.size()) {
            return Refusal.malformed("INVALID_FIELD", "tieBreaks names a tie-break twice.");
        }
        return null;
    }
}
