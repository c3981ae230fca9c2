package io.duelhall.command.match;

import io.duelhall.domain.MatchOptions;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Open a new match. {@code serverSeed}: 32 secret bytes drawn by the server. {@code
 * seatingSeconds}: when given, the match expires if its seats are not all taken that long after its
 * creation (issue 19); null: it waits for ever.
 */
public record CreateMatch(
        @TargetAggregateIdentifier String matchId,
        String ruleset,
        MatchOptions options,
        byte[] serverSeed,
        Integer seatingSeconds) {
    public CreateMatch(String matchId, String ruleset, MatchOptions options, byte[] serverSeed) {
        this(matchId, ruleset, options, serverSeed, null);
    }
}
