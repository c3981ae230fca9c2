package io.duelhall.domain.tournament;

import java.util.ArrayList;
import java.util.List;

/**
 * A table's games so far, as the table's seats see them: each game's winner ("A" the table's first
 * seat, "B" its second, null a drawn game). A best-of-{@code n} table plays game after game until
 * one entrant has won {@code n / 2 + 1} or {@code n} games are played (a drawn game counts as
 * played). The table's first seat takes the match's first seat in odd games, its second seat in
 * even ones (docs/tournaments.md, "Best-of-3").
 */
public record Series(int bestOf, List<String> games) {
    public Series {
        games = java.util.Collections.unmodifiableList(new ArrayList<>(games));
    }

    public static Series start(int bestOf) {
        return new Series(bestOf, List.of());
    }

    /** The series with one more game (its winner as a table seat, null for a draw). */
    public Series plus(String tableSeatWinner) {
        List<String> g = new ArrayList<>(games);
        g.add(tableSeatWinner);
        return new Series(bestOf, g);
    }

    public int wins(String seat) {
        return (int) games.stream().filter(seat::equals).count();
    }

    public int draws() {
        return (int) games.stream().filter(g -> g == null).count();
    }

    /** Over: an entrant has won the majority, or every game is played. */
    public boolean decided() {
        int need = bestOf / 2 + 1;
        return wins("A") >= need || wins("B") >= need || games.size() >= bestOf;
    }

    /** The number of the game to play next (1-based). */
    public int nextGame() {
        return games.size() + 1;
    }

    /** The table's result: games won by each seat and drawn. */
    public Result result() {
        return new Result(wins("A"), wins("B"), draws());
    }

    /** Whether the table's first seat takes the match's first seat in game {@code game}. */
    public static boolean firstSeatFirst(int game) {
        return game % 2 == 1;
    }

    /**
     * A match's winner ("A"/"B" as the match's seats, null for nobody) as the table's seat in game
     * {@code game}.
     */
    public static String tableSeat(String matchSeatWinner, int game) {
        if (matchSeatWinner == null || firstSeatFirst(game)) {
            return matchSeatWinner;
        }
        return matchSeatWinner.equals("A") ? "B" : "A";
    }
}
