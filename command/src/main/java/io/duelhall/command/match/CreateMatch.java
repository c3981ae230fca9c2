package io.duelhall.command.match;

import io.duelhall.domain.MatchOptions;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Open a new match. {@code serverSeed}: 32 secret bytes drawn by the server. {@code
 * seatingSeconds}: when given, the match expires if its seats are not all taken that long after its
 * creation (issue 19); null: it waits for ever. {@code invitationHash}: the SHA-256 (hex) of the
 * invitation's secret when the match is by invitation (issue 45, finding 3), null when it is open
 * for anyone.
 */
public record CreateMatch(
        @TargetAggregateIdentifier String matchId,
        String ruleset,
        MatchOptions options,
        byte[] serverSeed,
        Integer seatingSeconds,
        String invitationHash) {
    public CreateMatch(String matchId, String ruleset, MatchOptions options, byte[] serverSeed) {
        this(matchId, ruleset, options, serverSeed, null, null);
    }

    public CreateMatch(
            String matchId,
            String ruleset,
            MatchOptions options,
            byte[] serverSeed,
            Integer seatingSeconds) {
        this(matchId, ruleset, options, serverSeed, seatingSeconds, null);
    }
}
