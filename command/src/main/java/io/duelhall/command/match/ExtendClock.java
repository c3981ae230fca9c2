package io.duelhall.command.match;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * A judge's time extension (issue 41), sent by the server only (a tournament's {@code
 * TIME_EXTENSION} ruling, {@code TournamentTables}): the running clock's deadline moves {@code
 * seconds} later. {@code tournamentId} and {@code rulingEvent} name the ruling (its {@code
 * RulingMade}'s sequence number); the same ruling sent again changes nothing. The answer is a
 * {@link io.duelhall.domain.Refusal}, or the match's running {@link io.duelhall.domain.ClockSet}
 * once extended (by this command, or by the same ruling before; null if no clock runs then).
 */
public record ExtendClock(
        @TargetAggregateIdentifier String matchId,
        int seconds,
        String tournamentId,
        long rulingEvent) {}
