package io.duelhall.domain.voidexa;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.EventNames;
import io.duelhall.domain.IntentAccepted;
import io.duelhall.domain.MatchEvent;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 25, part 1: the names events are stored under are logical, complete, and never lost. */
class EventNamesTest {
    static final EventNames NAMES = new EventNames(List.of(Fixtures.RULES));

    static List<String> lines(String resource) throws IOException {
        try (InputStream in = EventNamesTest.class.getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.startsWith("#"))
                    .toList();
        }
    }

    @Test
    void everyEventTypeOfTheRulesetAndTheCoreHasALogicalName() {
        for (Class<? extends MatchEvent> c : Fixtures.RULES.eventTypes()) {
            assertThat(NAMES.nameOf(c)).as(c.getName()).contains("voidexa." + c.getSimpleName());
        }
        assertThat(NAMES.nameOf(IntentAccepted.class)).contains("core.IntentAccepted");
        assertThat(NAMES.nameOf(String.class)).as("not an event").isEmpty();
        assertThat(NAMES.classOf("voidexa.CardDrawn")).contains(VoidexaEvent.CardDrawn.class);
    }

    @Test
    void everyNameEverReleasedIsStillKnown() throws IOException {
        List<String> released = lines("/released-event-names.txt");
        assertThat(released).hasSizeGreaterThan(40);
        for (String name : released) {
            assertThat(NAMES.classOf(name))
                    .as("released event name %s must stay readable", name)
                    .isPresent();
        }
    }

    /**
     * The class names release 5bd33da stored (read from its golden data directory's rows), each
     * mapped.
     */
    @Test
    void theClassNamesOfEarlierReleasesMapToLogicalNames() {
        assertThat(NAMES.fromLegacy("io.duelhall.domain.voidexa.VoidexaEvent$CardDrawn"))
                .contains("voidexa.CardDrawn");
        assertThat(NAMES.fromLegacy("io.duelhall.domain.IntentAccepted"))
                .contains("core.IntentAccepted");
        assertThat(NAMES.fromLegacy("io.duelhall.domain.IntentRefused"))
                .contains("core.IntentRefused");
        assertThat(NAMES.fromLegacy("voidexa.CardDrawn"))
                .as("a logical name is no legacy name")
                .isEmpty();
        // every type release 5bd33da stored has its old name; types added later (WeaponCharged, …)
        // have none
        assertThat(NAMES.legacy()).hasSize(48);
        assertThat(NAMES.all().keySet()).containsAll(NAMES.legacy().values());
    }
}
