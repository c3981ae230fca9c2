package io.duelhall.query.stream;

import io.duelhall.domain.RecordedEvent;
import io.duelhall.query.log.MatchLog;

/**
 * Where the events of {@link MatchStreams} come from: the event store on an app node ({@link
 * StoreStreamSource}), the public Kafka topic on a spectator edge. The dispatcher is the same; only
 * the source and its {@link EventForm} differ. Every method but {@link #close} is called on the
 * dispatcher thread only.
 */
public interface StreamSource {
    /** How this source's events are folded and shown. */
    EventForm form();

    /**
     * The match as this source holds it now, every event from the first (sequence number = index).
     * Whatever {@link #poll} has handed over is in it; events after it may be too (they come again
     * through {@link #poll} and are dropped as known). Throws a {@link
     * io.duelhall.domain.RefusedException} for a match it does not know.
     */
    MatchLog load(String matchId);

    /**
     * Waits at most {@code waitMillis} for new events and hands them to {@code sink}, each match's
     * in sequence order. May throw: the dispatcher then calls {@link #reset} and tries again a
     * second later.
     */
    void poll(long waitMillis, Sink sink) throws Exception;

    /**
     * After {@link #poll} failed: let go of what it holds open; the next poll carries on after the
     * last event it gave.
     */
    default void reset() {}

    /** The dispatcher stops. */
    default void close() {
        reset();
    }

    /** Receives the new events. */
    interface Sink {
        /** Whether anyone watches {@code matchId} (others need not be read further). */
        boolean wants(String matchId);

        void accept(String matchId, RecordedEvent event);
    }
}
