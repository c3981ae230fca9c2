package io.duelhall.domain.biome;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.EventNames;
import io.duelhall.domain.MatchEvent;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * biome's events are stored under {@code biome.<Type>} from its first release on
 * (docs/upgrading.md): the names in {@code released-biome-event-names.txt} are pinned (append
 * only), each must stay readable, and a new event type must be appended there before it ships.
 */
class BiomeEventNamesTest {
    private static final BiomeRuleset RULES = new BiomeRuleset();
    private static final EventNames NAMES = new EventNames(List.of(RULES));

    @Test
    void everyReleasedBiomeNameStaysReadableAndEveryEventIsPinned() throws IOException {
        List<String> released;
        try (InputStream in =
                BiomeEventNamesTest.class.getResourceAsStream("/released-biome-event-names.txt")) {
            assertThat(in).isNotNull();
            released =
                    new String(in.readAllBytes(), StandardCharsets.UTF_8)
                            .lines()
                            .map(String::strip)
                            .filter(l -> !l.isEmpty() && !l.startsWith("#"))
                            .toList();
        }
        for (String name : released) {
            assertThat(NAMES.classOf(name))
                    .as("released event name %s must stay readable", name)
                    .isPresent();
        }
        for (Class<? extends MatchEvent> c : RULES.eventTypes()) {
            assertThat(NAMES.nameOf(c)).as(c.getName()).contains("biome." + c.getSimpleName());
            assertThat(released)
                    .as("append %s to released-biome-event-names.txt", "biome." + c.getSimpleName())
                    .contains("biome." + c.getSimpleName());
        }
        assertThat(NAMES.legacy())
                .as("biome never stored class names")
                .allSatisfy((k, v) -> assertThat(v).startsWith("core."));
    }
}
