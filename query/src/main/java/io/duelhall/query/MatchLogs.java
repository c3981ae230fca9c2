package io.duelhall.query;

import io.duelhall.domain.IntentRefused;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.duelhall.domain.Rulesets;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a match's events from the event store. Recently read matches are kept (bounded, least recently used out)
 * with their folded state, so reading a match again only reads and folds the events stored since: the store
 * stays the source of truth, the cache only saves reading and folding the same events twice.
 */
@Component
public class MatchLogs {
    private final EventStore eventStore;
    private final Rulesets rulesets;
    private final Map<String, MatchLog> recent;

    public MatchLogs(EventStore eventStore, Rulesets rulesets,
                     @Value("${duelhall.query.match-log-cache-size:1000}") int cacheSize) {
        this.eventStore = eventStore;
        this.rulesets = rulesets;
        this.recent = Collections.synchronizedMap(new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, MatchLog> eldest) {
                return size() > cacheSize;
            }
        });
    }

    public MatchLog load(String matchId) {
        if (matchId == null || matchId.length() > 100) {
            throw notFound(matchId);
        }
        MatchLog known = recent.get(matchId);
        if (known != null) {
            MatchLog now = known.append(read(matchId, known.version() + 1));
            recent.put(matchId, now);
            return now;
        }
        List<RecordedEvent> events = read(matchId, 0);
        if (events.isEmpty() || !(events.get(0).payload() instanceof MatchOpening opening)
                || rulesets.find(opening.ruleset()).isEmpty()) {
            throw notFound(matchId);
        }
        MatchLog log = new MatchLog(matchId, rulesets.get(opening.ruleset()), events);
        recent.put(matchId, log);
        return log;
    }

    private List<RecordedEvent> read(String matchId, long fromSeq) {
        List<RecordedEvent> events = new ArrayList<>();
        DomainEventStream stream = eventStore.readEvents(matchId, fromSeq);
        while (stream.hasNext()) {
            DomainEventMessage<?> m = stream.next();
            if (m.getPayload() instanceof MatchEvent e && !(e instanceof IntentRefused)) {
                events.add(new RecordedEvent(m.getSequenceNumber(), e.type(), m.getTimestamp(), e));
            }
        }
        return events;
    }

    private static RefusedException notFound(String matchId) {
        return new RefusedException(Refusal.notFound("MATCH_NOT_FOUND", "No match with id " + matchId + "."));
    }
}
