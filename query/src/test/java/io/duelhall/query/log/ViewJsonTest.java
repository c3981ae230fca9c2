package io.duelhall.query.log;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Viewer;
import io.duelhall.projections.Matches;
import io.duelhall.projections.view.Views;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * The view and replay JSON (issue 18) is byte for byte what the mapper writes for {@link
 * Views#render}, at every step of a whole match and for every viewer, though the events' JSON is
 * written once and kept: asked in random order (a kept event text is reused by views of other
 * steps), through the end (when every event is shown whole: the kept texts are per viewer), and
 * from a cache too small to keep them all.
 */
class ViewJsonTest {
    static final JsonMapper JSON = JsonMapper.builder().build();
    static final List<Viewer> VIEWERS =
            List.of(Viewer.seat(Seat.A), Viewer.seat(Seat.B), Viewer.SPECTATOR, Viewer.EVERYONE);

    @Test
    void everyStepForEveryViewerIsTheMappersRender() {
        List<RecordedEvent> events = Matches.play("vj", 11, 5000);
        MatchLog log = new MatchLog("vj", Matches.RULES, events);
        assertThat(log.state().status())
                .as("a whole match, through its end")
                .isEqualTo(MatchStatus.ENDED);
        for (long cacheMib : List.of(32L, 0L)) {
            ViewJson viewJson = new ViewJson(JSON, cacheMib);
            List<Integer> steps = new ArrayList<>();
            for (int n = 0; n < events.size(); n++) {
                steps.add(n);
            }
            Collections.shuffle(steps, new Random(cacheMib));
            int hidden = 0;
            for (int n : steps) {
                MatchLog upTo = log.upTo(n);
                for (Viewer v : VIEWERS) {
                    String expected =
                            JSON.writeValueAsString(
                                    Views.render(
                                            upTo.ruleset(),
                                            upTo.state(),
                                            v,
                                            n,
                                            upTo.events(),
                                            upTo.runningClock()));
                    assertThat(viewJson.render(upTo, v, n))
                            .as("step %d, %s, cache %d MiB", n, v, cacheMib)
                            .isEqualTo(expected);
                    if (v.equals(Viewer.SPECTATOR)
                            && !expected.equals(viewJson.render(upTo, Viewer.EVERYONE, n))) {
                        hidden++;
                    }
                }
            }
            assertThat(hidden).as("steps where the spectator's view hides something").isPositive();
            assertThat(viewJson.view(log, Viewer.SPECTATOR))
                    .isEqualTo(
                            JSON.writeValueAsString(
                                    Views.render(
                                            log.ruleset(),
                                            log.state(),
                                            Viewer.SPECTATOR,
                                            log.version(),
                                            log.events(),
                                            log.runningClock())));
        }
    }
}
