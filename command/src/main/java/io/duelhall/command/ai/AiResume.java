package io.duelhall.command.ai;

import io.duelhall.domain.Lifecycle;
import io.duelhall.domain.MatchOpening;
import jakarta.annotation.PreDestroy;
import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.axonframework.common.stream.BlockingStream;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventTrackerStatus;
import org.axonframework.eventhandling.Segment;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Picks up the AI matches this node becomes responsible for. The AI seats' processor ({@link
 * AiDriver#GROUP}) is split into segments, and a match's events go to the node that holds its
 * segment; a node takes segments at its start and from a node that died or released them. The
 * processor resumes each segment from its token, but an AI that owed the next move when the segment
 * changed hands would otherwise wait for an event that never comes (the old owner had passed the
 * event and died before, or while, sending its move).
 *
 * <p>So every {@code duelhall.ai.resume-check} (default 2 s) this looks at the segments this node
 * holds; when it has gained some, it scans the events of the last {@code duelhall.ai.resume-window}
 * (default 24 h) for AI matches that have not ended and belong to a gained segment, and resumes
 * them ({@link AiDriver#resume}: read from the store, act if an AI seat owes a move; a move already
 * sent is refused as stale, so two nodes never both move). Matches of segments it lost are dropped
 * from the driver. A window of zero turns this off.
 */
@Component
class AiResume {
    private static final Logger log = LoggerFactory.getLogger(AiResume.class);
    private final EventStore eventStore;
    private final AiDriver driver;
    private final Clock clock;
    private final Duration window;
    private final Duration check;
    private final ObjectProvider<EventProcessingConfiguration> processing;
    private final ScheduledExecutorService timer;
    private Set<Segment> held = Set.of();

    public AiResume(
            EventStore eventStore,
            AiDriver driver,
            Clock clock,
            ObjectProvider<EventProcessingConfiguration> processing,
            @Value("${duelhall.ai.resume-window:PT24H}") Duration window,
            @Value("${duelhall.ai.resume-check:PT2S}") Duration check) {
        this.eventStore = eventStore;
        this.driver = driver;
        this.clock = clock;
        this.processing = processing;
        this.window = window;
        this.check = check;
        this.timer =
                Executors.newSingleThreadScheduledExecutor(
                        r -> {
                            Thread t = new Thread(r, "ai-seats-resume");
                            t.setDaemon(true);
                            return t;
                        });
    }

    @EventListener(ApplicationReadyEvent.class)
    public void onReady() {
        if (window.isZero() || window.isNegative()) {
            return;
        }
        long every = Math.max(100, check.toMillis());
        timer.scheduleWithFixedDelay(this::checkSegments, 0, every, TimeUnit.MILLISECONDS);
    }

    @PreDestroy
    void stop() {
        timer.shutdownNow();
    }

    /**
     * One look at the segments held now: resumes the AI matches of gained segments, drops those of
     * lost ones.
     */
    void checkSegments() {
        try {
            Set<Segment> now = heldSegments();
            if (now == null) {
                return;
            }
            Set<Segment> gained = new HashSet<>(now);
            gained.removeAll(held);
            boolean lost = !now.containsAll(held);
            if (!gained.isEmpty() && !resume(gained)) {
                return; // try again at the next check
            }
            if (lost) {
                driver.retainOnly(id -> now.stream().anyMatch(s -> s.matches(id)));
            }
            held = now;
        } catch (RuntimeException e) {
            log.warn("could not check the AI seats' segments: {}", e.toString());
        }
    }

    /** The segments of the AI seats' processor that this node holds, or null if it cannot tell. */
    private Set<Segment> heldSegments() {
        EventProcessingConfiguration config = processing.getIfAvailable();
        if (config == null) {
            return null;
        }
        Optional<StreamingEventProcessor> processor =
                config.eventProcessor(AiDriver.GROUP, StreamingEventProcessor.class);
        if (processor.isEmpty()) {
            return null;
        }
        Set<Segment> now = new HashSet<>();
        for (EventTrackerStatus status : processor.get().processingStatus().values()) {
            if (!status.isErrorState()) {
                now.add(status.getSegment());
            }
        }
        return now;
    }

    /**
     * Scans the window for open AI matches of {@code segments} and resumes them; false if the scan
     * failed.
     */
    boolean resume(Set<Segment> segments) {
        Set<String> open = new LinkedHashSet<>();
        java.time.Instant until = clock.instant();
        try (BlockingStream<TrackedEventMessage<?>> stream =
                eventStore.openStream(eventStore.createTokenAt(clock.instant().minus(window)))) {
            while (stream.hasNextAvailable(1, TimeUnit.SECONDS)) {
                TrackedEventMessage<?> m = stream.nextAvailable();
                if (m.getTimestamp().isAfter(until)) {
                    break; // the driver sees everything from here on
                }
                if (!(m instanceof DomainEventMessage<?> d)) {
                    continue;
                }
                String id = d.getAggregateIdentifier();
                Object p = d.getPayload();
                if (p instanceof MatchOpening o
                        && o.options() != null
                        && o.options().ai() != null
                        && segments.stream().anyMatch(s -> s.matches(id))) {
                    open.add(id);
                } else if (p instanceof Lifecycle.Ended) {
                    open.remove(id);
                }
            }
        } catch (Exception e) {
            log.warn("could not scan for AI matches to resume: {}", e.toString());
            return false;
        }
        open.forEach(driver::resume);
        if (!open.isEmpty()) {
            log.info(
                    "resumed {} AI match(es) of segment(s) {}",
                    open.size(),
                    segments.stream().map(Segment::getSegmentId).sorted().toList());
        }
        return true;
    }
}
