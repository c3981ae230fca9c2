package io.duelhall.command.ai;

import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.voidexa.VoidexaEvent;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.common.stream.BlockingStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * After a start, picks up the AI matches that were live when the server stopped. The driver's processor
 * resumes from its token, but an AI that owed the next move at the stop would otherwise wait for an event
 * that never comes. Scans the events of the last {@code duelhall.ai.resume-window} (default 24 h) once, in
 * the background, for AI matches that have not ended.
 */
@Component
public class AiResume {
    private static final Logger log = LoggerFactory.getLogger(AiResume.class);
    private final EventStore eventStore;
    private final AiDriver driver;
    private final Clock clock;
    private final Duration window;

    public AiResume(EventStore eventStore, AiDriver driver, Clock clock,
                    @Value("${duelhall.ai.resume-window:PT24H}") Duration window) {
        this.eventStore = eventStore;
        this.driver = driver;
        this.clock = clock;
        this.window = window;
    }

    @EventListener(ApplicationReadyEvent.class)
    public void onReady() {
        if (window.isZero() || window.isNegative()) {
            return;
        }
        Thread t = new Thread(this::scan, "ai-seats-resume");
        t.setDaemon(true);
        t.start();
    }

    void scan() {
        Set<String> open = new LinkedHashSet<>();
        java.time.Instant until = clock.instant();
        try (BlockingStream<TrackedEventMessage<?>> stream = eventStore.openStream(
                eventStore.createTokenAt(clock.instant().minus(window)))) {
            while (stream.hasNextAvailable(1, java.util.concurrent.TimeUnit.SECONDS)) {
                TrackedEventMessage<?> m = stream.nextAvailable();
                if (m.getTimestamp().isAfter(until)) {
                    break; // the driver sees everything from here on
                }
                if (!(m instanceof DomainEventMessage<?> d)) {
                    continue;
                }
                Object p = d.getPayload();
                if (p instanceof MatchOpening o && o.options() != null && o.options().ai() != null) {
                    open.add(d.getAggregateIdentifier());
                } else if (p instanceof VoidexaEvent.MatchEnded) {
                    open.remove(d.getAggregateIdentifier());
                }
            }
        } catch (Exception e) {
            log.warn("could not scan for AI matches to resume: {}", e.toString());
            return;
        }
        open.forEach(driver::resume);
        if (!open.isEmpty()) {
            log.info("resumed {} AI match(es)", open.size());
        }
    }
}
