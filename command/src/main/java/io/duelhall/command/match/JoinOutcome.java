package io.duelhall.command.match;

import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.Seat;

/** The seat taken, or why not. */
public record JoinOutcome(Seat seat, long version, MatchStatus status, Refusal refusal) {}
