package io.duelhall.domain;

import java.time.Instant;

/**
 * An intent the server refused, kept for the audit trail ("my play was refused"). It is not part of
 * the match's own stream (a refusal changes nothing in the match): it is published on its own,
 * keyed by nothing but its message id, and rate-limited per match before publishing.
 *
 * @param seat null when the token was not a seat of the match
 */
public record IntentRefused(
        String matchId,
        String intentId,
        Seat seat,
        String code,
        String rule,
        String message,
        Intent intent,
        Instant at)
        implements MatchEvent {}
