package io.duelhall.command.tournament;

import io.duelhall.domain.Lifecycle;

/**
 * The matches behind a tournament's results, for its record (docs/fairness.md, "The tournament
 * record"): a match's chain head and end, or null when it is not at hand (the command-line audit
 * has no store). The server's is its event store ({@link TournamentTables#matches}).
 */
public interface TournamentMatches {
    /** The chain value of the match's last stored event, or null. */
    String chainHead(String matchId);

    /** The match's end event, or null (not at hand, or not ended). */
    Lifecycle.Ended end(String matchId);

    /**
     * The judges' time extensions the match holds (issue 41), in order, or null when the match is
     * not at hand.
     */
    default java.util.List<io.duelhall.domain.ClockExtended> extensions(String matchId) {
        return null;
    }
}
