package io.duelhall.domain.casket;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.CoreEvents;
import io.duelhall.domain.EventNames;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.biome.BiomeEvent;
import io.duelhall.domain.voidexa.VoidexaEvent;
import io.duelhall.domain.voidlit.VoidlitEvent;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * casket's events are stored under {@code casket.<Type>} (docs/upgrading.md): the names in {@code
 * released-casket-event-names.txt} are pinned (append only); every event type has an evolver
 * handler; simple names are unique across the project's rulesets.
 */
class CasketEventNamesTest {
    private static final CasketRuleset RULES = new CasketRuleset();
    private static final EventNames NAMES = new EventNames(List.of(RULES));

    @Test
    void everyReleasedNameStaysReadableAndEveryEventIsPinned() throws IOException {
        List<String> released;
        try (InputStream in =
                CasketEventNamesTest.class.getResourceAsStream("released-casket-event-names.txt")) {
            assertThat(in).isNotNull();
            released =
                    new String(in.readAllBytes(), StandardCharsets.UTF_8)
                            .lines()
                            .map(String::strip)
                            .filter(l -> !l.isEmpty() && !l.startsWith("#"))
                            .toList();
        }
        for (String name : released) {
            assertThat(NAMES.classOf(name)).as("released %s stays readable", name).isPresent();
        }
        for (Class<? extends MatchEvent> c : RULES.eventTypes()) {
            assertThat(NAMES.nameOf(c)).contains("casket." + c.getSimpleName());
            assertThat(released)
                    .as("append casket.%s to released-casket-event-names.txt", c.getSimpleName())
                    .contains("casket." + c.getSimpleName());
        }
    }

    @Test
    void everyPermittedEventTypeHasAHandlerAndIsARecord() {
        Set<String> events = new TreeSet<>();
        Deque<Class<?>> todo = new ArrayDeque<>(Set.of(CasketEvent.class));
        while (!todo.isEmpty()) {
            Class<?> c = todo.pop();
            if (c.isSealed()) {
                todo.addAll(Set.of(c.getPermittedSubclasses()));
            } else {
                assertThat(c.isRecord()).as(c.getSimpleName()).isTrue();
                events.add(c.getSimpleName());
            }
        }
        Set<String> handled = new TreeSet<>();
        Evolver.handledTypes().forEach(c -> handled.add(c.getSimpleName()));
        assertThat(events).hasSizeGreaterThan(30).contains("DiceRolled", "CasketMatchEnded");
        assertThat(handled).isEqualTo(events);
    }

    @Test
    void simpleNamesAreUniqueAcrossRulesets() {
        Set<String> others = new HashSet<>();
        for (Class<?> sealed : List.of(VoidexaEvent.class, VoidlitEvent.class, BiomeEvent.class)) {
            for (Class<?> c : sealed.getPermittedSubclasses()) {
                others.add(c.getSimpleName());
            }
        }
        CoreEvents.IN_MATCH_STREAM.forEach(c -> others.add(c.getSimpleName()));
        for (Class<? extends MatchEvent> c : RULES.eventTypes()) {
            assertThat(others).as(c.getSimpleName()).doesNotContain(c.getSimpleName());
        }
    }
}
