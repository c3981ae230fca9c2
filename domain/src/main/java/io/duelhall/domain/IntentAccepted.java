package io.duelhall.domain;

import java.time.Instant;

/**
 * Recorded before the events an intent caused: which seat sent which intent, when, and the
 * fingerprint of its request body (for idempotent retries). Rulesets' evolve ignores it; the audit
 * replays these intents.
 */
public record IntentAccepted(
        String intentId, Seat seat, String fingerprint, Intent intent, Instant at)
        implements MatchEvent {}
