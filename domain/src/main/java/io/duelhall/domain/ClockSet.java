package io.duelhall.domain;

import java.time.Instant;

/**
 * The server started (or moved) a clock: {@code seat} must decide by {@code deadline}. Recorded by
 * the aggregate, not by the rules; {@code turnLeftMillis} is what the active seat's turn clock had
 * left when a response or discard clock paused it. A null seat means no clock runs.
 */
public record ClockSet(
        Seat seat, ClockNeed.Kind kind, int turn, Instant deadline, long turnLeftMillis)
        implements MatchEvent {}
