package io.duelhall.domain.voidexa;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The evolver has one handler per event class (Java 17 has no pattern switch to make the compiler
 * check it): a new {@link VoidexaEvent} type without a handler fails here, not silently in a
 * replay.
 */
class EvolverCoverageTest {

    @Test
    void everyPermittedEventTypeHasAHandler() {
        Set<String> events = new TreeSet<>();
        Deque<Class<?>> todo = new ArrayDeque<>(Set.of(VoidexaEvent.class));
        while (!todo.isEmpty()) {
            Class<?> c = todo.pop();
            if (c.isSealed()) {
                todo.addAll(Set.of(c.getPermittedSubclasses()));
            } else {
                events.add(c.getSimpleName());
            }
        }
        Set<String> handled = new TreeSet<>();
        Evolver.handledTypes().forEach(c -> handled.add(c.getSimpleName()));

        assertThat(events)
                .as("the concrete event types")
                .hasSizeGreaterThan(40)
                .contains("CardPlayed", "MatchEnded");
        assertThat(handled).as("the event types the evolver handles").isEqualTo(events);
    }

    @Test
    void everyEventTypeIsARecordSoTheLookupByClassIsExact() {
        for (Class<?> c : VoidexaEvent.class.getPermittedSubclasses()) {
            assertThat(c.isRecord()).as(c.getSimpleName()).isTrue();
        }
    }
}
