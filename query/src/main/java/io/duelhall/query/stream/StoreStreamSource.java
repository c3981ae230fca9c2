package io.duelhall.query.stream;

import io.duelhall.domain.IntentRefused;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.query.log.MatchLog;
import io.duelhall.query.log.MatchLogs;
import java.util.concurrent.TimeUnit;
import org.axonframework.common.stream.BlockingStream;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.stereotype.Component;

/**
 * An app node's stream source: one stream tailing the whole event store (shared by all matches),
 * from its head when the dispatcher starts; matches are read from the store ({@link MatchLogs}).
 */
@Component
class StoreStreamSource implements StreamSource {
    private final EventStore eventStore;
    private final MatchLogs logs;
    private BlockingStream<TrackedEventMessage<?>> stream;
    private TrackingToken position;

    public StoreStreamSource(EventStore eventStore, MatchLogs logs) {
        this.eventStore = eventStore;
        this.logs = logs;
    }

    @Override
    public EventForm form() {
        return EventForm.STORED;
    }

    @Override
    public MatchLog load(String matchId) {
        // read on the dispatcher: whatever the shared stream has passed is already in the store
        return logs.load(matchId);
    }

    @Override
    public void poll(long waitMillis, Sink sink) throws Exception {
        if (stream == null) {
            stream =
                    eventStore.openStream(
                            position != null ? position : eventStore.createHeadToken());
        }
        // short waits: an event wakes the dispatcher at once
        if (stream.hasNextAvailable((int) waitMillis, TimeUnit.MILLISECONDS)) {
            for (int n = 0; n < 10_000 && stream.hasNextAvailable(); n++) {
                TrackedEventMessage<?> m = stream.nextAvailable();
                position = m.trackingToken();
                if (m instanceof DomainEventMessage<?> d
                        && sink.wants(d.getAggregateIdentifier())
                        && d.getPayload() instanceof MatchEvent e
                        && !(e instanceof IntentRefused)) {
                    sink.accept(
                            d.getAggregateIdentifier(),
                            new RecordedEvent(
                                    d.getSequenceNumber(), e.type(), d.getTimestamp(), e));
                }
            }
        }
    }

    @Override
    public void reset() {
        if (stream != null) {
            stream.close();
            stream = null;
        }
    }
}
