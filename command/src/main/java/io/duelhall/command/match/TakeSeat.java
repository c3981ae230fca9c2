package io.duelhall.command.match;

import io.duelhall.domain.JoinRequest;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Take the next free seat; {@code tokenHash} is the SHA-256 of the bearer token handed to the
 * player.
 */
public record TakeSeat(
        @TargetAggregateIdentifier String matchId, JoinRequest request, String tokenHash) {}
