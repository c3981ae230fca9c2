package io.duelhall.command.match;

import io.duelhall.domain.MatchOptions;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** Open a new match. {@code serverSeed}: 32 secret bytes drawn by the server. */
public record CreateMatch(@TargetAggregateIdentifier String matchId, String ruleset, MatchOptions options, byte[] serverSeed) {
}
