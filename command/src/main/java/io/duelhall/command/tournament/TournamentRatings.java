package io.duelhall.command.tournament;

/**
 * An entrant's rating when they enter (recorded with the entry; an elimination seeds by it): the
 * queue's ratings in the tournament's ruleset (Glicko-2 for 2 seats, by placing for pods; unrated
 * 1500), provided by the app.
 */
public interface TournamentRatings {
    /**
     * The player's rating in {@code ruleset} now, rounded, for tournaments of {@code seats} seats a
     * table.
     */
    int of(String ruleset, String accountId, int seats);
}
