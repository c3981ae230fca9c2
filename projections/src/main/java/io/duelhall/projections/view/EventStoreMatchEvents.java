package io.duelhall.projections.view;

import io.duelhall.domain.IntentRefused;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.RecordedEvent;
import java.util.ArrayList;
import java.util.List;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;

/** {@link MatchEvents} from the Axon event store (the one source of truth). */
public class EventStoreMatchEvents implements MatchEvents {
    private final EventStore eventStore;

    public EventStoreMatchEvents(EventStore eventStore) {
        this.eventStore = eventStore;
    }

    @Override
    public List<RecordedEvent> upTo(String matchId, long lastSeq) {
        List<RecordedEvent> out = new ArrayList<>();
        DomainEventStream stream = eventStore.readEvents(matchId);
        while (stream.hasNext()) {
            DomainEventMessage<?> m = stream.next();
            if (m.getSequenceNumber() > lastSeq) {
                break;
            }
            if (m.getPayload() instanceof MatchEvent e && !(e instanceof IntentRefused)) {
                out.add(new RecordedEvent(m.getSequenceNumber(), e.type(), m.getTimestamp(), e));
            }
        }
        return out;
    }
}
