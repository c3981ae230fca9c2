package io.duelhall.command.match;

import io.duelhall.domain.JoinRequest;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Take the next free seat; {@code tokenHash} is the SHA-256 of the bearer token handed to the
 * player. {@code byServer}: the seat is taken by the server itself (an AI seat, a queue's or a
 * tournament's table), which needs no invitation; otherwise, in a match by invitation, {@code
 * invitation} must be the invitation's secret (issue 45, finding 3).
 */
public record TakeSeat(
        @TargetAggregateIdentifier String matchId,
        JoinRequest request,
        String tokenHash,
        boolean byServer,
        String invitation) {
    /** A seat the server takes (AI, queue, tournament). */
    public TakeSeat(String matchId, JoinRequest request, String tokenHash) {
        this(matchId, request, tokenHash, true, null);
    }

    /** A seat a client asks for, with the invitation's secret it sent (null: none). */
    public static TakeSeat byClient(
            String matchId, JoinRequest request, String tokenHash, String invitation) {
        return new TakeSeat(matchId, request, tokenHash, false, invitation);
    }
}
