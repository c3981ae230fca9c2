package io.duelhall.infra.queue;

import io.duelhall.command.queue.QueueDodges;
import io.duelhall.command.queue.QueueEvents.TableReturned;
import io.duelhall.command.queue.QueueEvents.TicketMatched;
import io.duelhall.domain.IntentAccepted;
import io.duelhall.domain.Lifecycle;
import io.duelhall.domain.Seat;
import io.duelhall.projections.jdbc.ReadModelJdbc;
import java.time.Instant;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.Timestamp;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Dodges (issue 40), derived from stored events alone, so a rebuild gives the same: a seat a
 * queue's wave gave ({@code queue.TicketMatched}; a table given back, {@code queue.TableReturned},
 * is forgotten) whose match ended with that seat lost, after the server's clock had timed it out
 * and without one intent of its own, was dodged. The seat's account is the one that took it ({@link
 * Lifecycle.SeatTaken#accountId()}); intents and timeouts are the match's {@link IntentAccepted}
 * events (a timeout is the server clock's, fingerprint {@code server-clock}). One processor of one
 * segment over the whole store ({@code queue-dodges}), so a queue's pairing is always seen before
 * its match's end; a new server starts it at the beginning of the store, so an upgrade counts the
 * dodges of every earlier queue match too.
 */
@ProcessingGroup(QueueDodgeProjection.GROUP)
class QueueDodgeProjection implements QueueDodges {
    static final String GROUP = "queue-dodges";

    /** The fingerprint of the server clock's TIMEOUT intents (command's Match.SERVER_CLOCK). */
    static final String SERVER_CLOCK = "server-clock";

    private final JdbcTemplate jdbc;
    private final EventStore store;

    public QueueDodgeProjection(JdbcTemplate jdbc, EventStore store) {
        this.jdbc = jdbc;
        this.store = store;
    }

    @EventHandler
    public void on(TicketMatched e, @Timestamp Instant at) {
        jdbc.update(
                "delete from rm_queue_seat where match_id = ? and seat = ?", e.matchId(), e.seat());
        jdbc.update(
                "insert into rm_queue_seat (match_id, seat, queue_id, ticket_id, matched_at)"
                        + " values (?, ?, ?, ?, ?)",
                e.matchId(),
                e.seat(),
                e.queueId(),
                e.ticketId(),
                ReadModelJdbc.ts(at));
    }

    @EventHandler
    public void on(TableReturned e) {
        jdbc.update("delete from rm_queue_seat where match_id = ?", e.matchId());
    }

    @EventHandler
    public void on(Lifecycle.Ended e, DomainEventMessage<?> message) {
        String matchId = message.getAggregateIdentifier();
        List<String> seats =
                jdbc.queryForList(
                        "select seat from rm_queue_seat where match_id = ?", String.class, matchId);
        if (seats.isEmpty()) {
            return; // not a queue's match
        }
        Map<Seat, String> accounts = new EnumMap<>(Seat.class);
        Set<Seat> acted = EnumSet.noneOf(Seat.class);
        Set<Seat> timedOut = EnumSet.noneOf(Seat.class);
        DomainEventStream stream = store.readEvents(matchId);
        while (stream.hasNext()) {
            DomainEventMessage<?> m = stream.next();
            if (m.getSequenceNumber() > message.getSequenceNumber()) {
                break;
            }
            Object p = m.getPayload();
            if (p instanceof Lifecycle.SeatTaken t) {
                accounts.put(t.seat(), t.accountId());
            } else if (p instanceof IntentAccepted i && i.seat() != null) {
                if (SERVER_CLOCK.equals(i.fingerprint())) {
                    timedOut.add(i.seat());
                } else {
                    acted.add(i.seat());
                }
            }
        }
        for (String s : seats) {
            Seat seat = Seat.valueOf(s);
            Lifecycle.Outcome outcome = e.outcome(seat);
            boolean dodged =
                    !acted.contains(seat)
                            && timedOut.contains(seat)
                            && outcome == Lifecycle.Outcome.LOST;
            jdbc.update(
                    "update rm_queue_seat set account_id = ?, ended_at = ?, outcome = ?, acted = ?,"
                            + " timed_out = ?, dodged = ? where match_id = ? and seat = ?",
                    accounts.get(seat),
                    ReadModelJdbc.ts(message.getTimestamp()),
                    outcome.name(),
                    acted.contains(seat),
                    timedOut.contains(seat),
                    dodged,
                    matchId,
                    s);
        }
    }

    @ResetHandler
    public void reset() {
        jdbc.update("delete from rm_queue_seat");
    }

    @Override
    public Count of(String account, Instant since) {
        return jdbc.query(
                "select count(*), sum(case when ended_at >= ? then 1 else 0 end), max(ended_at)"
                        + " from rm_queue_seat where account_id = ? and dodged = true",
                rs -> {
                    if (!rs.next() || rs.getInt(1) == 0) {
                        return Count.NONE;
                    }
                    java.time.OffsetDateTime latest =
                            rs.getObject(3, java.time.OffsetDateTime.class);
                    return new Count(
                            rs.getInt(1), rs.getInt(2), latest == null ? null : latest.toInstant());
                },
                ReadModelJdbc.ts(since),
                account);
    }

    /** Every queue seat that ended, for tests and operations: match, seat, account, dodged. */
    public List<Map<String, Object>> ended() {
        return jdbc.queryForList(
                "select match_id, seat, queue_id, account_id, outcome, acted, timed_out, dodged"
                        + " from rm_queue_seat where ended_at is not null order by match_id, seat");
    }
}
