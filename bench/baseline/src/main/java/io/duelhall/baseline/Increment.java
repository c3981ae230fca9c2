package io.duelhall.baseline;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Adds {@code by} to counter {@code counterId}; {@code commandId} is the client's id of the command
 * (duelhall's intents carry one too).
 */
public record Increment(@TargetAggregateIdentifier String counterId, int by, String commandId) {}
