package io.duelhall.domain.tournament;

/**
 * A table's result in games: games won by the first seat, by the second, and drawn. The match goes
 * to whoever won more games; equal is a drawn match.
 */
public record Result(int winsA, int winsB, int draws) {
    public Result {
        if (winsA < 0 || winsB < 0 || draws < 0) {
            throw new IllegalArgumentException("negative game count");
        }
    }

    /** The first seat won the match. */
    public static Result winA(int bestOf) {
        return new Result(bestOf / 2 + 1, 0, 0);
    }

    /** The second seat won the match. */
    public static Result winB(int bestOf) {
        return new Result(0, bestOf / 2 + 1, 0);
    }

    public static Result drawn() {
        return new Result(0, 0, 1);
    }

    /** "A", "B", or null for a drawn match. */
    public String winner() {
        return winsA > winsB ? "A" : winsB > winsA ? "B" : null;
    }

    /** The same result seen from the other seat. */
    Result swapped() {
        return new Result(winsB, winsA, draws);
    }
}
