package io.duelhall.domain;

import java.util.List;

/**
 * The moments of a match every ruleset has, as interfaces its own events implement. The read side
 * (match list, player history, ratings, the public records of delayed matches, the AI seats'
 * resume) reads a match's life through these and never imports a ruleset. A ruleset's event may
 * implement several; a match's stream holds each kind as often as the moment happens (one {@link
 * Ended}, one {@link SeatTaken} per seat, one {@link TurnBegan} per turn).
 *
 * <p>Every accessor here is a component of the implementing record, so implementing an interface
 * adds nothing to the stored event (its JSON, its chain value and its logical name stay as they
 * were).
 */
public final class Lifecycle {
    private Lifecycle() {}

    /**
     * A player took a seat. {@code accountId} is the registered player's account, null for a guest
     * or an AI.
     */
    public interface SeatTaken extends MatchEvent {
        Seat seat();

        String name();

        String accountId();

        /**
         * The seat's deck as the rules took it (its canonical, sorted order): what the setup deal
         * shuffles.
         */
        List<String> deck();

        /** The seat's client seed (docs/fairness.md, "Seeds"). */
        String clientSeed();
    }

    /** Every seat is taken and setup is done: the match is live. */
    public interface Started extends MatchEvent {}

    /** A seat's turn began; {@code turn} is the number the ruleset's views and lists show. */
    public interface TurnBegan extends MatchEvent {
        Seat seat();

        int turn();
    }

    /**
     * The match is over: the last event of its stream. {@code winner} won (null when nobody did),
     * every seat in {@code losers} lost, and every other seated seat drew. So a two-seat game says
     * "A won" as (A, [B]), "both lost" as (null, [A, B]) and "a draw" as (null, []).
     */
    public interface Ended extends MatchEvent {
        Seat winner();

        List<Seat> losers();

        /** Why it ended, e.g. {@code CONCEDED}, {@code TIMEOUT}, or a ruleset's own reason. */
        String reason();

        /** The server seed, revealed by the end (hex). */
        String serverSeed();

        /**
         * The seats' places, first to last, seats that share a place in one group; empty when the
         * ruleset ranks seats by {@link #outcome} alone (won, drew, lost). Not a stored field: a
         * ruleset whose end event records placings overrides it with that field.
         */
        default List<List<Seat>> placings() {
            return List.of();
        }

        /** How {@code seat}, a seat of this match, came out. */
        default Outcome outcome(Seat seat) {
            if (seat == winner()) {
                return Outcome.WON;
            }
            return losers().contains(seat) ? Outcome.LOST : Outcome.DRAWN;
        }
    }

    /** How one seat came out of a match. */
    public enum Outcome {
        WON,
        LOST,
        DRAWN
    }
}
