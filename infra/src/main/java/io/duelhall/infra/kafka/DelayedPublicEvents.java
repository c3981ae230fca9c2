package io.duelhall.infra.kafka;

import io.cloudevents.CloudEvent;
import io.duelhall.domain.IntentRefused;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.Viewer;
import io.duelhall.edge.topic.PublicEvents;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The public stream of matches with a spectator delay. The publishing processor ({@link
 * PublicEventPublisher}) sends such a match's opening at once and notes the match in {@code
 * kafka_delayed_match}; this sends its other events, in order, once each is {@code
 * spectatorDelaySeconds} old, so the topic never runs ahead of a delayed spectator. A match's next
 * sequence number moves only after the broker acknowledged what was sent (and only from the value
 * this node read, so two nodes never move it past an event): a failed send is sent again on the
 * next tick, and a repeat is the same message with the same {@code ce_id}, as the stream's contract
 * allows.
 */
class DelayedPublicEvents implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(DelayedPublicEvents.class);
    static final String END = "MatchEnded";

    private final PublicTopicSender kafka;
    private final PublicEvents events;
    private final Rulesets rulesets;
    private final EventStore eventStore;
    private final JdbcTemplate jdbc;
    private final String topic;
    private final Duration ackTimeout;
    private final Clock clock;
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(
                    r -> {
                        Thread t = new Thread(r, "kafka-delayed-events");
                        t.setDaemon(true);
                        return t;
                    });

    public DelayedPublicEvents(
            PublicTopicSender kafka,
            PublicEvents events,
            Rulesets rulesets,
            EventStore eventStore,
            JdbcTemplate jdbc,
            String topic,
            Duration ackTimeout,
            Clock clock,
            Duration interval) {
        this.kafka = kafka;
        this.events = events;
        this.rulesets = rulesets;
        this.eventStore = eventStore;
        this.jdbc = jdbc;
        this.topic = topic;
        this.ackTimeout = ackTimeout;
        this.clock = clock;
        timer.scheduleWithFixedDelay(
                this::tickQuietly, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    private record Pending(String matchId, String ruleset, int delaySeconds, long nextSeq) {}

    /**
     * The opening of matches being relayed: its ruleset version redacts their events
     * (Rulesets.forMatch).
     */
    private final java.util.Map<String, io.duelhall.domain.MatchOpening> openings =
            new java.util.concurrent.ConcurrentHashMap<>();

    private io.duelhall.domain.MatchOpening opening(String matchId) {
        return openings.computeIfAbsent(
                matchId,
                id -> {
                    DomainEventStream first = eventStore.readEvents(id, 0);
                    Object payload = first.hasNext() ? first.next().getPayload() : null;
                    if (payload instanceof io.duelhall.domain.MatchOpening o) {
                        return o;
                    }
                    throw new IllegalStateException("match " + id + " has no opening event");
                });
    }

    private void tickQuietly() {
        try {
            tick();
        } catch (RuntimeException e) {
            log.warn(
                    "delayed public events not sent this time (sent again on the next tick): {}",
                    e.toString());
        }
    }

    /** Sends every delayed event that has become public; returns how many. */
    public int tick() {
        List<Pending> pending =
                jdbc.query(
                        "select match_id, ruleset, delay_seconds, next_seq from kafka_delayed_match",
                        (rs, n) ->
                                new Pending(
                                        rs.getString(1),
                                        rs.getString(2),
                                        rs.getInt(3),
                                        rs.getLong(4)));
        int sent = 0;
        for (Pending p : pending) {
            sent += publish(p);
        }
        return sent;
    }

    private int publish(Pending p) {
        Instant horizon = clock.instant().minusSeconds(p.delaySeconds());
        List<CompletableFuture<?>> acks = new ArrayList<>();
        PublicTopicSender.Batch batch = kafka.batch();
        long next = p.nextSeq();
        boolean ended = false;
        DomainEventStream stream = eventStore.readEvents(p.matchId(), p.nextSeq());
        while (stream.hasNext()) {
            DomainEventMessage<?> m = stream.next();
            if (m.getSequenceNumber() < p.nextSeq()) {
                continue; // a snapshot-free store starts where asked, but be exact
            }
            if (m.getTimestamp().isAfter(horizon)) {
                break;
            }
            next = m.getSequenceNumber() + 1;
            if (!(m.getPayload() instanceof MatchEvent event) || event instanceof IntentRefused) {
                continue;
            }
            MatchEvent publicEvent =
                    rulesets.forMatch(opening(p.matchId())).redact(event, Viewer.SPECTATOR);
            CloudEvent ce =
                    events.toCloudEvent(
                            p.matchId(),
                            m.getSequenceNumber(),
                            m.getTimestamp(),
                            publicEvent,
                            p.ruleset(),
                            p.delaySeconds());
            acks.add(batch.send(new ProducerRecord<>(topic, p.matchId(), ce)));
            ended |= END.equals(event.type());
        }
        if (next == p.nextSeq()) {
            return 0;
        }
        try {
            CompletableFuture.allOf(acks.toArray(CompletableFuture[]::new))
                    .get(ackTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        } catch (Exception e) {
            log.warn(
                    "the broker did not acknowledge {} delayed public events of match {} (sent again on the next tick): {}",
                    acks.size(),
                    p.matchId(),
                    e.toString());
            return 0;
        }
        if (ended) {
            openings.remove(p.matchId());
            jdbc.update(
                    "delete from kafka_delayed_match where match_id = ? and next_seq = ?",
                    p.matchId(),
                    p.nextSeq());
        } else {
            jdbc.update(
                    "update kafka_delayed_match set next_seq = ? where match_id = ? and next_seq = ?",
                    next,
                    p.matchId(),
                    p.nextSeq());
        }
        return acks.size();
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
