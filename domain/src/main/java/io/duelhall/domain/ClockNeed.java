package io.duelhall.domain;

/** Whose clock should be running, for what kind of decision, in which turn. */
public record ClockNeed(Seat seat, Kind kind, int turn) {
    public enum Kind {
        /** the active seat's turn */
        TURN,
        /** a responder's response window */
        RESPONSE,
        /** the active seat's choice of cards to discard down */
        DISCARD
    }
}
