package io.duelhall.command.queue;

import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.matchmaking.PairingRules;
import io.duelhall.domain.matchmaking.WaitingTicket;
import java.time.Instant;
import java.util.List;

/**
 * The queue's events, stored under {@code queue.<Type>} (never renamed; see EventNames). A wave is
 * stored with every input its pairing had ({@link WaveRan}), so anyone can run it again and see why
 * two players met.
 */
public final class QueueEvents {
    private QueueEvents() {}

    /** Every event type of a queue, for the store's logical names. */
    public static final List<Class<?>> TYPES =
            List.of(
                    TicketOpened.class,
                    WaveRan.class,
                    TicketMatched.class,
                    TicketCancelled.class,
                    TicketExpired.class,
                    TableSeated.class,
                    TableReturned.class);

    /**
     * A ticket joined the queue. Only hashes of its token and of the seat token it will hand out
     * are stored; {@code seat} is the seat request, checked against the ruleset when opened.
     */
    public record TicketOpened(
            String queueId,
            String ticketId,
            String tokenHash,
            String seatTokenHash,
            String account,
            boolean guest,
            String address,
            JoinRequest seat,
            Instant at) {}

    /**
     * A wave ran over {@code tickets}: the waiting tickets with the ratings read when it ran, the
     * queue's {@code seats}, {@code rated} and {@code rules}. {@link
     * io.duelhall.domain.matchmaking.WaveMatcher#run} over them gives the tables of the {@link
     * TicketMatched} events that follow.
     */
    public record WaveRan(
            String queueId,
            String waveId,
            Instant at,
            int seats,
            boolean rated,
            PairingRules rules,
            List<WaitingTicket> tickets) {}

    /**
     * A ticket was seated in {@code matchId} at {@code seat}; {@code table} lists the table's
     * tickets in seat order, {@code cost} and {@code ratingGap} are the table's.
     */
    public record TicketMatched(
            String queueId,
            String ticketId,
            String waveId,
            String matchId,
            String seat,
            List<String> table,
            double cost,
            double ratingGap,
            long waitedMs) {}

    /**
     * The match of a wave's table is made and every seat taken: its tickets show it to their
     * holders from now on.
     */
    public record TableSeated(String queueId, String waveId, String matchId, Instant at) {}

    /**
     * The match of a table could not be made (or was not made in time, e.g. the node stopped): its
     * tickets wait again, as they were; the match, if half made, expires by its seats' deadline.
     */
    public record TableReturned(String queueId, String matchId, String reason, Instant at) {}

    public record TicketCancelled(String queueId, String ticketId, Instant at) {}

    /** The ticket waited the queue's ticket time-to-live without a table. */
    public record TicketExpired(String queueId, String ticketId, Instant at) {}
}
