package io.duelhall.edge;

import io.cloudevents.CloudEvent;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.edge.topic.PublicEvents;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The matches this edge knows, fed from the public stream. At most {@code maxMatches} are kept:
 * past that the match least recently changed goes, an ended (or broken) one first. An event that
 * cannot be read, and every event of a match the public fold broke on ({@link PublicMatch#broken}),
 * is counted as unreadable.
 */
public class PublicMatches {
    private static final Logger log = LoggerFactory.getLogger(PublicMatches.class);

    private final PublicEvents events;
    private final int maxMatches;
    private final Map<String, PublicMatch> matches = new ConcurrentHashMap<>();
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong duplicates = new AtomicLong();
    private final AtomicLong unreadable = new AtomicLong();
    private volatile BiConsumer<String, List<RecordedEvent>> listener;

    public PublicMatches(PublicEvents events, int maxMatches) {
        this.events = events;
        this.maxMatches = maxMatches;
    }

    public record Counts(int matches, long received, long duplicates, long unreadable) {}

    /**
     * One message from the topic. Duplicates (same id) are dropped; order is restored per match by
     * sequence.
     */
    public void accept(CloudEvent message) {
        received.incrementAndGet();
        PublicEvents.Received r;
        try {
            r = events.fromCloudEvent(message);
        } catch (RuntimeException e) {
            unreadable.incrementAndGet();
            log.warn("skipping a message of the public stream: {}", e.getMessage());
            return;
        }
        PublicMatch match =
                matches.computeIfAbsent(r.matchId(), id -> new PublicMatch(id, r.ruleset()));
        boolean wasBroken = match.broken() != null;
        List<RecordedEvent> inOrder = match.add(r.event());
        if (wasBroken && inOrder != null) {
            unreadable.incrementAndGet(); // a later event of a match this edge cannot fold
        } else if (match.broken() != null) {
            unreadable.incrementAndGet();
            log.error(
                    "match {}: the public fold rejected {}; the match is shown as far as it got, and"
                            + " its later events are dropped on this edge",
                    r.matchId(),
                    match.broken());
        }
        if (inOrder == null) {
            duplicates.incrementAndGet();
        } else if (!inOrder.isEmpty()) {
            BiConsumer<String, List<RecordedEvent>> l = listener;
            if (l != null) {
                l.accept(r.matchId(), inOrder);
            }
        }
        if (matches.size() > maxMatches) {
            evictOne();
        }
    }

    /**
     * Told of each match's events as they are put in order (after they are in {@link #find}'s
     * match), on the consumer's thread: the spectator edge's live streams.
     */
    public void listen(BiConsumer<String, List<RecordedEvent>> listener) {
        this.listener = listener;
    }

    public Optional<PublicMatch> find(String matchId) {
        PublicMatch m = matchId == null ? null : matches.get(matchId);
        return m == null || !m.opened() ? Optional.empty() : Optional.of(m);
    }

    /**
     * How many events of a match this edge holds in order (for tests and diagnostics; not served:
     * it would tell spectators of a delayed match how far it has gone).
     */
    public int knownEvents(String matchId) {
        PublicMatch m = matches.get(matchId);
        return m == null ? 0 : m.size();
    }

    public Counts counts() {
        return new Counts(matches.size(), received.get(), duplicates.get(), unreadable.get());
    }

    private void evictOne() {
        matches.values().stream()
                .min(
                        Comparator.comparing((PublicMatch m) -> m.ended() || m.broken() != null)
                                .reversed()
                                .thenComparing(PublicMatch::lastChange))
                .ifPresent(m -> matches.remove(m.matchId()));
    }
}
