package io.duelhall.command.api;

import io.duelhall.domain.Intent;
import io.duelhall.domain.IntentRefused;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.Seat;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.axonframework.eventhandling.gateway.EventGateway;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Publishes refused intents for the audit trail, at most {@code duelhall.audit.refusals-per-minute}
 * per match, so a flood of bad requests cannot fill the store. What is over the limit is only
 * counted.
 */
@Component
class RefusalLog {
    private final EventGateway events;
    private final Clock clock;
    private final int perMinute;
    private final Map<String, Window> windows = new ConcurrentHashMap<>();
    private final AtomicLong dropped = new AtomicLong();

    private static final class Window {
        long minute;
        int count;
    }

    public RefusalLog(
            EventGateway events,
            Clock clock,
            @Value("${duelhall.audit.refusals-per-minute:60}") int perMinute) {
        this.events = events;
        this.clock = clock;
        this.perMinute = perMinute;
    }

    public void refused(String matchId, String intentId, Seat seat, Refusal r, Intent intent) {
        Instant now = clock.instant();
        if (!admit(matchId, now)) {
            dropped.incrementAndGet();
            return;
        }
        events.publish(
                new IntentRefused(
                        matchId, intentId, seat, r.code(), r.rule(), r.message(), intent, now));
    }

    /** Refusals not recorded because their match was over its limit. */
    public long dropped() {
        return dropped.get();
    }

    private boolean admit(String matchId, Instant now) {
        long minute = now.getEpochSecond() / 60;
        if (windows.size() > 100_000) {
            windows.entrySet().removeIf(e -> e.getValue().minute < minute);
        }
        Window w = windows.computeIfAbsent(matchId, k -> new Window());
        synchronized (w) {
            if (w.minute != minute) {
                w.minute = minute;
                w.count = 0;
            }
            return ++w.count <= perMinute;
        }
    }
}
