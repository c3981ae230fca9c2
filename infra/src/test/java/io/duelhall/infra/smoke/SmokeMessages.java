package io.duelhall.infra.smoke;

import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Throwaway test-only commands and events (records), to prove the Axon wiring before the real
 * aggregate exists.
 */
public final class SmokeMessages {

    private SmokeMessages() {}

    public record OpenSmoke(@TargetAggregateIdentifier String id, String label, Instant openedAt) {}

    public record PingSmoke(@TargetAggregateIdentifier String id) {}

    public record SmokeOpened(String id, String label, Instant openedAt) {}

    public record SmokePinged(String id, int count) {}
}
