package io.duelhall.query;

import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.duelhall.domain.Rulesets;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.List;

/** Reads a match's events from the event store. */
@Component
public class MatchLogs {
    private final EventStore eventStore;
    private final Rulesets rulesets;

    public MatchLogs(EventStore eventStore, Rulesets rulesets) {
        this.eventStore = eventStore;
        this.rulesets = rulesets;
    }

    public MatchLog load(String matchId) {
        List<RecordedEvent> events = new ArrayList<>();
        if (matchId != null && matchId.length() <= 100) {
            DomainEventStream stream = eventStore.readEvents(matchId);
            while (stream.hasNext()) {
                DomainEventMessage<?> m = stream.next();
                if (m.getPayload() instanceof MatchEvent e) {
                    events.add(new RecordedEvent(m.getSequenceNumber(), e.type(), m.getTimestamp(), e));
                }
            }
        }
        if (events.isEmpty() || !(events.get(0).payload() instanceof MatchOpening opening)) {
            throw new RefusedException(Refusal.notFound("MATCH_NOT_FOUND", "No match with id " + matchId + "."));
        }
        return new MatchLog(matchId, rulesets.get(opening.ruleset()), List.copyOf(events));
    }
}
