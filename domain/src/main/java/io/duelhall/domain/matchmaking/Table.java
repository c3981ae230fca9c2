package io.duelhall.domain.matchmaking;

import java.util.List;

/**
 * One table a wave formed.
 *
 * @param ticketIds the tickets seated, in seat order (A, B, ...): by ticket id, which the queue
 *     draws at random, so no rating order decides who sits first
 * @param cost the table's cost: rating gap in deviations less the credit for waiting
 * @param ratingGap the gap between the highest and lowest rating at the table, in points
 */
public record Table(List<String> ticketIds, double cost, double ratingGap) {
    public Table {
        ticketIds = List.copyOf(ticketIds);
    }
}
