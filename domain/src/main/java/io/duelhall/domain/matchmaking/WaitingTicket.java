package io.duelhall.domain.matchmaking;

import java.util.Objects;
import java.util.Set;

/**
 * One ticket as a wave sees it: everything the pairing depends on, read when the wave runs, so a
 * wave stored with its tickets can be run again and gives the same pairing.
 *
 * @param ticketId unique within a wave; also the last tie-break of the order
 * @param rating the holder's rating on the queue's scale (Glicko-2 points; a guest's default)
 * @param deviation the rating's deviation (RD, same scale), greater than 0
 * @param waitedMs how long the ticket has waited when the wave runs
 * @param account the holder's account id (a guest's ticket carries a guest id of its own)
 * @param address the client address the ticket was opened from
 * @param recentOpponents accounts the holder must not meet again now (the last table's)
 */
public record WaitingTicket(
        String ticketId,
        double rating,
        double deviation,
        long waitedMs,
        String account,
        String address,
        Set<String> recentOpponents) {
    public WaitingTicket {
        Objects.requireNonNull(ticketId, "ticketId");
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(address, "address");
        if (!Double.isFinite(rating)) {
            throw new IllegalArgumentException("rating must be finite: " + rating);
        }
        if (!(deviation > 0) || !Double.isFinite(deviation)) {
            throw new IllegalArgumentException("deviation must be finite and > 0: " + deviation);
        }
        if (waitedMs < 0) {
            throw new IllegalArgumentException("waitedMs must be >= 0: " + waitedMs);
        }
        recentOpponents = recentOpponents == null ? Set.of() : Set.copyOf(recentOpponents);
    }

    double waitedSeconds() {
        return waitedMs / 1000.0;
    }
}
