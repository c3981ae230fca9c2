package io.duelhall.infra.kafka;

import com.github.benmanes.caffeine.cache.Caffeine;
import io.cloudevents.CloudEvent;
import io.duelhall.domain.IntentRefused;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.Viewer;
import io.duelhall.edge.topic.PublicEvents;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Publishes every stored match event, redacted for a spectator, to the public Kafka topic, keyed by
 * match id (so each match stays in order in its partition). Runs in its own streaming processor:
 * the events of a batch are sent, and the batch's unit of work commits — and the processor's token
 * moves — only once the broker has acknowledged every one of them ({@code acks=all}, idempotent
 * producer, closed at its first failed send: {@link PublicTopicSender}). If the broker is away the
 * batch fails, rolls back and is sent again later from the same token: the stream is late but loses
 * nothing and keeps its order; a batch that was partly acknowledged before it failed leaves
 * duplicates, which share their CloudEvent id. The events of a match with a spectator delay (but
 * its opening) are not sent here: {@link DelayedPublicEvents} sends them once they are that old.
 */
@ProcessingGroup(PublicEventPublisher.GROUP)
public class PublicEventPublisher {
    public static final String GROUP = "kafka-public-events";

    /** The Axon aggregate type of match streams (the aggregate class name). */
    static final String MATCH_AGGREGATE = "Match";

    private static final String ACKS = PublicEventPublisher.class.getName() + ".acks";
    private static final String HELD = PublicEventPublisher.class.getName() + ".held";
    private static final String BATCH = PublicEventPublisher.class.getName() + ".batch";

    private final PublicTopicSender kafka;
    private final PublicEvents events;
    private final Rulesets rulesets;
    private final EventStore eventStore;
    private final String topic;
    private final Duration ackTimeout;

    /**
     * The opening of recently seen matches: which ruleset redacts them and their spectator delay.
     */
    private final Map<String, MatchOpening> openings =
            Caffeine.newBuilder()
                    .maximumSize(20_000)
                    .executor(Runnable::run)
                    .<String, MatchOpening>build()
                    .asMap();

    /**
     * Delayed matches this node has noted in kafka_delayed_match (a cache: the insert is idempotent
     * anyway).
     */
    private final Map<String, Boolean> heldBack =
            Caffeine.newBuilder()
                    .maximumSize(20_000)
                    .executor(Runnable::run)
                    .<String, Boolean>build()
                    .asMap();

    private final JdbcTemplate jdbc;

    public PublicEventPublisher(
            PublicTopicSender kafka,
            PublicEvents events,
            Rulesets rulesets,
            EventStore eventStore,
            JdbcTemplate jdbc,
            String topic,
            Duration ackTimeout) {
        this.jdbc = jdbc;
        this.kafka = kafka;
        this.events = events;
        this.rulesets = rulesets;
        this.eventStore = eventStore;
        this.topic = topic;
        this.ackTimeout = ackTimeout;
    }

    @EventHandler
    void on(MatchEvent event, EventMessage<?> message) {
        if (!(message instanceof DomainEventMessage<?> stored)
                || !MATCH_AGGREGATE.equals(stored.getType())
                || event instanceof IntentRefused) {
            return; // not part of a match's own stream
        }
        String matchId = stored.getAggregateIdentifier();
        MatchOpening opening = event instanceof MatchOpening o ? o : opening(matchId);
        openings.put(matchId, opening);
        int delay = opening.options() == null ? 0 : opening.options().spectatorDelaySeconds();
        if (delay > 0 && stored.getSequenceNumber() > 0) {
            // held back until it is `delay` old, like everything public about the match:
            // DelayedPublicEvents sends it
            holdBack(matchId, opening.ruleset(), delay, stored.getSequenceNumber());
            return;
        }
        MatchEvent publicEvent = rulesets.forMatch(opening).redact(event, Viewer.SPECTATOR);
        CloudEvent ce =
                events.toCloudEvent(
                        matchId,
                        stored.getSequenceNumber(),
                        stored.getTimestamp(),
                        publicEvent,
                        opening.ruleset(),
                        delay);
        acknowledgedBeforeCommit(batch().send(new ProducerRecord<>(topic, matchId, ce)));
    }

    /** This unit of work's sends, which stop at the first that fails; one send without one. */
    private PublicTopicSender.Batch batch() {
        if (!CurrentUnitOfWork.isStarted()) {
            return kafka.batch();
        }
        return CurrentUnitOfWork.get().root().getOrComputeResource(BATCH, key -> kafka.batch());
    }

    /**
     * Notes a delayed match for {@link DelayedPublicEvents} (in this batch's transaction), from its
     * first held event.
     */
    private void holdBack(String matchId, String ruleset, int delay, long seq) {
        if (heldBack.containsKey(matchId)) {
            return;
        }
        java.util.Set<String> noted;
        if (CurrentUnitOfWork.isStarted()) {
            UnitOfWork<?> uow = CurrentUnitOfWork.get().root();
            noted =
                    uow.getOrComputeResource(
                            HELD,
                            key -> {
                                java.util.Set<String> set = new java.util.HashSet<>();
                                uow.afterCommit(
                                        u -> set.forEach(id -> heldBack.put(id, Boolean.TRUE)));
                                return set;
                            });
        } else {
            noted = new java.util.HashSet<>();
        }
        if (!noted.add(matchId)) {
            return; // noted earlier in this batch
        }
        Integer known =
                jdbc.queryForObject(
                        "select count(*) from kafka_delayed_match where match_id = ?",
                        Integer.class,
                        matchId);
        if (known == null || known == 0) {
            jdbc.update(
                    "insert into kafka_delayed_match (match_id, ruleset, delay_seconds, next_seq) values (?, ?, ?, ?)",
                    matchId,
                    ruleset,
                    delay,
                    seq);
        }
    }

    private MatchOpening opening(String matchId) {
        MatchOpening known = openings.get(matchId);
        if (known != null) {
            return known;
        }
        DomainEventStream stream = eventStore.readEvents(matchId, 0);
        Object first = stream.hasNext() ? stream.next().getPayload() : null;
        if (first instanceof MatchOpening o) {
            return o;
        }
        throw new IllegalStateException("match " + matchId + " has no opening event");
    }

    /**
     * The batch's unit of work commits (and the token moves) only after every send of the batch was
     * acknowledged.
     */
    private void acknowledgedBeforeCommit(CompletableFuture<?> ack) {
        if (!CurrentUnitOfWork.isStarted()) {
            await(List.of(ack));
            return;
        }
        UnitOfWork<?> uow = CurrentUnitOfWork.get().root();
        List<CompletableFuture<?>> pending =
                uow.getOrComputeResource(
                        ACKS,
                        key -> {
                            List<CompletableFuture<?>> list = new ArrayList<>();
                            uow.onPrepareCommit(u -> await(list));
                            return list;
                        });
        pending.add(ack);
    }

    private void await(List<CompletableFuture<?>> acks) {
        try {
            CompletableFuture.allOf(acks.toArray(CompletableFuture[]::new))
                    .get(ackTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new NotAcknowledgedException(
                    "the broker did not acknowledge a batch of "
                            + acks.size()
                            + " public events; it will be sent again",
                    e.getCause());
        } catch (TimeoutException e) {
            throw new NotAcknowledgedException(
                    "no acknowledgement within "
                            + ackTimeout
                            + " for a batch of "
                            + acks.size()
                            + " public events; it will be sent again",
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NotAcknowledgedException("interrupted while waiting for the broker", e);
        }
    }

    /**
     * A batch the broker did not acknowledge: it rolls back and its events are sent again from the
     * same token.
     */
    public static final class NotAcknowledgedException extends RuntimeException {
        NotAcknowledgedException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
