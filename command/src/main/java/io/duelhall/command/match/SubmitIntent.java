package io.duelhall.command.match;

import io.duelhall.domain.Intent;
import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * A player's intent. The seat comes from {@code tokenHash}, never from the body: the intent's own
 * seat is ignored and replaced. {@code fingerprint} identifies the request body for safe retries.
 */
public record SubmitIntent(
        @TargetAggregateIdentifier String matchId,
        String intentId,
        String tokenHash,
        String fingerprint,
        Intent intent,
        Long expectedVersion,
        Instant at) {}
