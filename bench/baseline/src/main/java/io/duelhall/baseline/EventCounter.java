package io.duelhall.baseline;

import java.util.concurrent.atomic.AtomicLong;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.stereotype.Component;

/**
 * The baseline's one reader of the event stream: a pooled streaming processor (the app's default
 * type, batches of 100) whose handler only counts the events it is given. The app's five
 * projections read and deserialize every event too and then do their own work; this is the
 * framework's part of that alone.
 */
@Component
@ProcessingGroup("counted")
class EventCounter {
    private final AtomicLong seen = new AtomicLong();

    @EventHandler
    void on(Object event) {
        seen.incrementAndGet();
    }

    long seen() {
        return seen.get();
    }
}
