package io.duelhall.command.queue;

import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.matchmaking.PairingRules;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** The queue's commands and their answers. */
final class QueueCommands {
    private QueueCommands() {}

    record OpenTicket(
            @TargetAggregateIdentifier String queueId,
            String ticketId,
            String tokenHash,
            String seatTokenHash,
            String account,
            boolean guest,
            String address,
            JoinRequest seat,
            Instant at,
            PairingRules rules,
            Duration rematch) {}

    record CancelTicket(
            @TargetAggregateIdentifier String queueId,
            String ticketId,
            String tokenHash,
            Instant at) {}

    /** The runner made the match of a table and took its seats. */
    record MarkSeated(
            @TargetAggregateIdentifier String queueId, String waveId, String matchId, Instant at) {}

    /** The runner could not make the match of a table: its tickets wait again. */
    record ReturnTable(
            @TargetAggregateIdentifier String queueId, String matchId, String reason, Instant at) {}

    /** Read a ticket as its holder: nothing is stored. */
    record ReadTicket(
            @TargetAggregateIdentifier String queueId, String ticketId, String tokenHash) {}

    /**
     * Reads several tickets of one queue at once (the tickets' streams, each tick): ticket id → the
     * hash of its holder's token; answers a {@link TicketState} per ticket, each checked as {@link
     * ReadTicket} is.
     */
    record ReadTickets(
            @TargetAggregateIdentifier String queueId, java.util.Map<String, String> tokenHashes) {}

    record RunWave(
            @TargetAggregateIdentifier String queueId,
            Instant at,
            PairingRules rules,
            Duration ticketTtl,
            Duration rematch,
            Duration seating) {}

    /**
     * A refusal, or null and the queue's waiting count after the command; {@code seatableNow}: a
     * ticket just opened could be seated at once ({@code WaveMatcher.seatableNow}), so the waves
     * should run now rather than at their next turn.
     */
    record Outcome(Refusal refusal, int waiting, boolean seatableNow) {
        Outcome(Refusal refusal, int waiting) {
            this(refusal, waiting, false);
        }
    }

    /**
     * What a ticket's holder may read; {@code scarcity}: how much faster than at the queue's mean
     * rating its window widens (pairing rules version 3; 1 otherwise or before the queue knows its
     * ratings).
     */
    record TicketState(
            Refusal refusal,
            String status,
            Instant since,
            Instant closedAt,
            String matchId,
            String seat,
            double scarcity) {
        /** Without a scarcity (1: a window as at the queue's mean rating). */
        TicketState(
                Refusal refusal,
                String status,
                Instant since,
                Instant closedAt,
                String matchId,
                String seat) {
            this(refusal, status, since, closedAt, matchId, seat, 1);
        }
    }

    /** One seat of a table a wave formed: the ticket, its request and its seat token's hash. */
    record SeatPlan(String ticketId, JoinRequest request, String seatTokenHash) {}

    /** One table a wave formed: the match to create and its seats in order (A, B, ...). */
    record TablePlan(String waveId, String matchId, List<SeatPlan> seats) {}

    /** A wave's answer: the tables to create, who waits on, and the waits of those seated. */
    record WaveOutcome(List<TablePlan> tables, int waiting, List<Long> seatedWaitsMs) {
        static final WaveOutcome NOTHING = new WaveOutcome(List.of(), 0, List.of());
    }
}
