package io.duelhall.domain;

/**
 * The match is by invitation (issue 45, finding 3): its seats are taken only with the invitation's
 * secret, handed once to whoever created the match; {@code secretHash} is its SHA-256 (hex, as
 * {@link SeatTokens#hash}). Recorded by the aggregate right after the opening events (and the
 * seats' deadline, when there is one), so it is chained and signed like them; the secret itself is
 * 256 random bits, never stored, so its hash tells nobody anything. A match with this event is not
 * listed as open for anyone. Changes nothing in the rules state.
 */
public record InvitationIssued(String secretHash) implements MatchEvent {}
