package io.duelhall.query.log;

import com.github.benmanes.caffeine.cache.Caffeine;
import io.duelhall.domain.IntentRefused;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.duelhall.domain.Rulesets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.axonframework.common.DateTimeUtils;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Reads a match's events from the event store. Recently read matches are kept (bounded, least
 * recently used out) with their folded state, so reading a match again only reads and folds the
 * events stored since: the store stays the source of truth, the cache only saves reading and
 * folding the same events twice.
 *
 * <p>When this process is the store's only writer (an embedded H2 store: the rule of the aggregate
 * cache, {@code duelhall.cache.match.check-store}), the events this node commits are also handed to
 * the cache as they are committed (after the database commit, before the command is answered), and
 * the highest sequence number committed per match is kept. A cached match at that head is then
 * served without asking the store at all; one behind it is read from the store as before. With
 * several nodes on one store, every read asks the store.
 */
@Component
public class MatchLogs {
    private final EventStore eventStore;
    private final Rulesets rulesets;
    private final Map<String, MatchLog> recent;

    /**
     * Highest sequence number committed by this node per match (only kept when this node is the
     * only writer).
     */
    private final Map<String, Long> heads;

    private final boolean onlyWriter;

    public MatchLogs(
            EventStore eventStore,
            Rulesets rulesets,
            @Value("${duelhall.query.match-log-cache-size:1000}") int cacheSize,
            @Value("${duelhall.cache.match.check-store:auto}") String checkStore,
            @Value("${spring.datasource.url:}") String datasourceUrl) {
        this.eventStore = eventStore;
        this.rulesets = rulesets;
        this.recent =
                Caffeine.newBuilder()
                        .maximumSize(cacheSize)
                        .executor(Runnable::run)
                        .<String, MatchLog>build()
                        .asMap();
        int headCapacity = Math.max(10_000, 10 * cacheSize);
        this.heads =
                Caffeine.newBuilder()
                        .maximumSize(headCapacity)
                        .executor(Runnable::run)
                        .<String, Long>build()
                        .asMap();
        this.onlyWriter = onlyWriter(checkStore, datasourceUrl);
        if (onlyWriter) {
            eventStore.subscribe(this::published);
        }
    }

    /**
     * Whether this process is the only writer of the store ({@code
     * duelhall.cache.match.check-store}: {@code true}/{@code always} no, {@code false}/{@code
     * never} yes, {@code auto} when the store is an embedded H2 database, which only this process
     * can open). The aggregate cache checks its hits against the store exactly when this is false
     * (infra AxonConfig.checksStore).
     */
    public static boolean onlyWriter(String checkStore, String datasourceUrl) {
        return switch (checkStore.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "true", "always" -> false;
            case "false", "never" -> true;
            default ->
                    datasourceUrl.startsWith("jdbc:h2:file:")
                            || datasourceUrl.startsWith("jdbc:h2:mem:");
        };
    }

    /** Events as they are published (in the publishing unit of work, before its commit). */
    private void published(List<? extends EventMessage<?>> messages) {
        List<DomainEventMessage<?>> domain = new ArrayList<>(messages.size());
        for (EventMessage<?> m : messages) {
            if (m instanceof DomainEventMessage<?> d
                    && d.getPayload() instanceof MatchEvent e
                    && !(e instanceof IntentRefused)) {
                domain.add(d);
            }
        }
        if (domain.isEmpty()) {
            return;
        }
        if (CurrentUnitOfWork.isStarted()) {
            CurrentUnitOfWork.get().afterCommit(u -> committed(domain));
        } else {
            committed(domain); // published outside a unit of work: already stored
        }
    }

    /**
     * Events this node has committed: the head moves; a cached match they continue is extended in
     * memory.
     */
    void committed(List<DomainEventMessage<?>> messages) {
        int from = 0;
        while (from < messages.size()) {
            String matchId = messages.get(from).getAggregateIdentifier();
            int to = from;
            List<RecordedEvent> run = new ArrayList<>();
            while (to < messages.size()
                    && matchId.equals(messages.get(to).getAggregateIdentifier())) {
                DomainEventMessage<?> m = messages.get(to);
                MatchEvent e = (MatchEvent) m.getPayload();
                run.add(
                        new RecordedEvent(
                                m.getSequenceNumber(), e.type(), asStored(m.getTimestamp()), e));
                to++;
            }
            long last = run.get(run.size() - 1).seq();
            synchronized (recent) {
                MatchLog known = recent.get(matchId);
                if (known != null && run.get(0).seq() == known.version() + 1 && contiguous(run)) {
                    recent.put(matchId, known.append(run));
                }
            }
            heads.merge(matchId, last, Math::max);
            from = to;
        }
    }

    /**
     * A timestamp as the event store gives it back (it keeps milliseconds): the same events read
     * the same either way.
     */
    static Instant asStored(Instant t) {
        return DateTimeUtils.parseInstant(DateTimeUtils.formatInstant(t));
    }

    private static boolean contiguous(List<RecordedEvent> run) {
        for (int i = 1; i < run.size(); i++) {
            if (run.get(i).seq() != run.get(i - 1).seq() + 1) {
                return false;
            }
        }
        return true;
    }

    public MatchLog load(String matchId) {
        if (matchId == null || matchId.length() > 100) {
            throw notFound(matchId);
        }
        MatchLog known = recent.get(matchId);
        if (known != null) {
            if (onlyWriter) {
                Long head = heads.get(matchId);
                if (head != null && known.version() >= head) {
                    return known; // nothing committed since: no need to ask the store
                }
            }
            MatchLog now = known.append(read(matchId, known.version() + 1));
            synchronized (recent) {
                MatchLog meanwhile = recent.get(matchId);
                if (meanwhile == null || meanwhile.version() < now.version()) {
                    recent.put(matchId, now);
                }
            }
            noteHead(matchId, now.version());
            return now;
        }
        List<RecordedEvent> events = read(matchId, 0);
        if (events.isEmpty()
                || !(events.get(0).payload() instanceof MatchOpening opening)
                || rulesets.findForMatch(opening).isEmpty()) {
            throw notFound(matchId);
        }
        MatchLog log = new MatchLog(matchId, rulesets.forMatch(opening), events);
        synchronized (recent) {
            MatchLog meanwhile = recent.get(matchId);
            if (meanwhile == null || meanwhile.version() < log.version()) {
                recent.put(matchId, log);
            }
        }
        noteHead(matchId, log.version());
        return log;
    }

    /**
     * A version read from the store is committed: the head is at least there (it never moves back).
     */
    private void noteHead(String matchId, long version) {
        if (onlyWriter) {
            heads.merge(matchId, version, Math::max);
        }
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
        return new RefusedException(
                Refusal.notFound("MATCH_NOT_FOUND", "No match with id " + matchId + "."));
    }
}
