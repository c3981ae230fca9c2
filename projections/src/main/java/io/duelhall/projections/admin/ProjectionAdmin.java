package io.duelhall.projections.admin;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventTrackerStatus;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventhandling.tokenstore.TokenStore;
import org.axonframework.eventsourcing.eventstore.EventStore;

/**
 * Throws a read model away and rebuilds it from the event store: stops its processor, resets its
 * tracking tokens (its {@code @ResetHandler} empties the tables in the same transaction) and starts
 * it again, so it replays every event from the first. Progress is the processor's slowest segment
 * against the head of the store.
 */
public class ProjectionAdmin {
    private final EventProcessingConfiguration processing;
    private final EventStore eventStore;
    private final TokenStore tokenStore;
    private final TransactionManager transactions;

    /**
     * The processing groups of the read models ({@code Projections.ALL} and those named by a {@link
     * ReadModelName} bean): the only ones this admin resets.
     */
    private final List<String> projections;

    /**
     * The head of the store when a rebuild was asked: the rebuild is done once every segment is
     * past it.
     */
    private final Map<String, Long> targets = new ConcurrentHashMap<>();

    /**
     * @param position the slowest segment's position (global index of the last event it processed;
     *     -1 before any)
     * @param total the head of the event store (global index of the last stored event)
     * @param done every segment is running and has processed the store at least as far as it stood
     *     when the rebuild was asked (with no rebuild asked: as far as it stands now)
     * @param segments how many segments the processor has; {@code running} how many of them this
     *     node processes
     */
    public record Progress(
            String name,
            long position,
            long total,
            boolean done,
            int segments,
            int running,
            String error) {}

    public ProjectionAdmin(
            EventProcessingConfiguration processing,
            EventStore eventStore,
            TokenStore tokenStore,
            TransactionManager transactions,
            List<String> projections) {
        this.projections = List.copyOf(projections);
        this.processing = processing;
        this.eventStore = eventStore;
        this.tokenStore = tokenStore;
        this.transactions = transactions;
    }

    /** The read models this admin rebuilds: {@code Projections.ALL}, then the others' names. */
    public List<String> names() {
        return projections;
    }

    public boolean knows(String name) {
        return projections.contains(name);
    }

    public synchronized Progress rebuild(String name) {
        StreamingEventProcessor processor = processor(name);
        long head = head();
        try {
            processor.shutdownAsync().get(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping " + name, e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException(
                    "could not stop processor " + name + ": " + e.getMessage(), e);
        }
        try {
            processor.resetTokens();
            targets.put(name, head);
        } finally {
            processor.start();
        }
        return progress(name);
    }

    public Progress progress(String name) {
        StreamingEventProcessor processor = processor(name);
        Map<Integer, EventTrackerStatus> status = processor.processingStatus();
        long total = head();
        int segments = transactions.fetchInTransaction(() -> tokenStore.fetchSegments(name).length);
        long position = Long.MAX_VALUE;
        String error = null;
        for (EventTrackerStatus s : status.values()) {
            OptionalLong p = s.getCurrentPosition();
            position = Math.min(position, p.isPresent() ? p.getAsLong() : -1);
            if (s.isErrorState() && error == null) {
                error = String.valueOf(s.getError());
            }
        }
        if (status.isEmpty()) {
            position = -1;
        }
        long target = targets.getOrDefault(name, total);
        // Not EventTrackerStatus.isReplaying(): Axon ends a replay only when an event newer than
        // the reset arrives,
        // which on a quiet store may be never.
        boolean done =
                processor.isRunning()
                        && status.size() >= segments
                        && error == null
                        && position >= target;
        return new Progress(name, position, total, done, segments, status.size(), error);
    }

    private StreamingEventProcessor processor(String name) {
        return processing
                .eventProcessor(name, StreamingEventProcessor.class)
                .orElseThrow(() -> new IllegalArgumentException("no streaming processor " + name));
    }

    private long head() {
        TrackingToken head = eventStore.createHeadToken();
        return head == null ? -1 : head.position().orElse(-1);
    }
}
