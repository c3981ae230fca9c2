package io.duelhall.domain.casket;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Viewer;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * What hosting needs from the engine's types: every event survives a JSON round trip (the event
 * store keeps JSON), and views serialize with the board, the seats and the reach.
 */
class JsonShapeTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    @DisplayName(
            "every casket event type round-trips through JSON; views serialize with their board")
    void roundTrips() throws Exception {
        PlayPropertiesTest.Game g = PlayPropertiesTest.play(42, 4, 42, (s, r) -> {});
        Set<Class<?>> seen = new HashSet<>();
        for (MatchEvent e : g.events()) {
            String json = JSON.writeValueAsString(e);
            assertThat(JSON.readValue(json, e.getClass())).as(json).isEqualTo(e);
            seen.add(e.getClass());
        }
        assertThat(seen).hasSizeGreaterThan(25);
        CasketState mid =
                PlayPropertiesTest.RULES.replay(g.events().subList(0, 400)) instanceof CasketState c
                        ? c
                        : null;
        for (Viewer v : new Viewer[] {Viewer.SPECTATOR, Viewer.seat(Seat.A)}) {
            JsonNode view =
                    JSON.readTree(
                            JSON.writeValueAsString(PlayPropertiesTest.RULES.view(mid, v, 400)));
            assertThat(view.get("board").get("hexes").size()).isEqualTo(127);
            assertThat(view.get("seats").size()).isEqualTo(4);
            assertThat(view.has("reach")).isTrue();
            assertThat(view.get("ruleset").asText()).isEqualTo("casket");
        }
    }
}
