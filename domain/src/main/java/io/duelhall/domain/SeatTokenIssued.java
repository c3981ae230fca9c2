package io.duelhall.domain;

/**
 * A seat was taken: recorded just before the events of the join that took it. It keeps the join's
 * input ({@code request}, exactly as the server received it, with the client seed it used) so the
 * audit can replay the join, and the SHA-256 (hex) of the seat's bearer token, the only form of the
 * token the server keeps. Hidden from everyone but the auditor (everyone, once the match has
 * ended).
 *
 * @param request null in matches recorded before it was kept
 */
public record SeatTokenIssued(Seat seat, String tokenHash, JoinRequest request)
        implements MatchEvent {
    public SeatTokenIssued(Seat seat, String tokenHash) {
        this(seat, tokenHash, null);
    }
}
