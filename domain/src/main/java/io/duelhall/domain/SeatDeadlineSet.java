package io.duelhall.domain;

import java.time.Instant;

/**
 * The server set a deadline for the seats (issue 19): a match whose seats are not all taken by
 * {@code deadline} expires ({@link MatchExpired}). Recorded by the aggregate right after the
 * opening event when the match was created with {@code seatingSeconds}, so the deadline is part of
 * the hash chain and the audit checks an expiry against it ({@link SeatDeadlines}). Changes nothing
 * in the rules state.
 */
public record SeatDeadlineSet(Instant deadline) implements MatchEvent {}
