package io.duelhall.domain;

import java.time.Instant;

/**
 * A judge moved the running clock (issue 41, a tournament's {@code TIME_EXTENSION} ruling): the
 * deadline of the clock {@code seat} runs now moves {@code seconds} later. Recorded by the server
 * only, on a ruling, while the match runs, and followed at once by the {@link ClockSet} of the same
 * clock with the later deadline ({@link ClockExtensions#extended}); the audit's re-simulation takes
 * it as a server input and checks both with {@link ClockExtensions}, the code the aggregate runs.
 * {@code tournamentId} and {@code rulingEvent} name the ruling: the sequence number of its {@code
 * tournament.RulingMade} in that tournament's record (the tournament's audit ties the two). {@code
 * at} is when the server applied it. Changes nothing in the rules state.
 */
public record ClockExtended(
        Seat seat, int seconds, String tournamentId, long rulingEvent, Instant at)
        implements MatchEvent {}
