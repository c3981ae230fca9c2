package io.duelhall.domain.tournament;

import java.util.List;

/**
 * The tie-breaks a tournament may chain after match points (docs/tournaments.md defines each).
 * Percentages are floored at one third, as in the Magic Tournament Rules.
 */
public enum TieBreak {
    /** Opponents' match-win %: the mean of the opponents' match-win % (each floored at 1/3). */
    OPPONENTS_MATCH_WIN,
    /** Game-win %: game points over 3 × games played, floored at 1/3. */
    GAME_WIN,
    /** Opponents' game-win %: the mean of the opponents' game-win % (each floored at 1/3). */
    OPPONENTS_GAME_WIN,
    /** Buchholz: the sum of the opponents' match points. */
    BUCHHOLZ,
    /** Sonneborn–Berger: the beaten opponents' match points plus half the drawn ones'. */
    SONNEBORN_BERGER,
    /** Head-to-head: match points scored against the entrants still tied at this step. */
    HEAD_TO_HEAD;

    /** The Magic Tournament Rules' order. */
    public static final List<TieBreak> MTR =
            List.of(OPPONENTS_MATCH_WIN, GAME_WIN, OPPONENTS_GAME_WIN);
}
