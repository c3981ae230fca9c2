package io.duelhall.domain;

import java.util.Set;

/** What every ruleset's match state tells the world outside the rules. */
public interface GameState {
    String matchId();

    MatchStatus status();

    /** Seats taken so far. */
    Set<Seat> seats();

    /** The display name of a seat's player, or null. */
    String playerName(Seat seat);
}
