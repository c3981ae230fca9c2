package io.duelhall.domain;

/**
 * A seat's bearer token was issued; only its SHA-256 (hex) is kept. Recorded just before the
 * events of the join that took the seat. Hidden from everyone but the auditor.
 */
public record SeatTokenIssued(Seat seat, String tokenHash) implements MatchEvent {
}
