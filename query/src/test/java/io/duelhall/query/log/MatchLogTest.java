package io.duelhall.query.log;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.GameState;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Viewer;
import io.duelhall.projections.Matches;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The read side's log of one match (what replay, views and the stream fold from): every shortcut it
 * takes (kept states every {@value io.duelhall.domain.Timeline#CHECKPOINT_EVERY} events, states
 * carried through {@link MatchLog#append}) must give exactly the state the engine folds from the
 * first event.
 */
class MatchLogTest {
    final List<RecordedEvent> events = Matches.play("m1", 7, 5000);

    GameState foldFromStart(int count) {
        GameState s = Matches.RULES.initial();
        for (RecordedEvent e : events.subList(0, count)) {
            s = Matches.RULES.evolve(s, e.payload());
        }
        return s;
    }

    @Test
    void replayAtEveryStepIsTheFoldFromTheFirstEvent() {
        assertThat(events.size())
                .as("a match long enough to cross many kept states")
                .isGreaterThan(10 * io.duelhall.domain.Timeline.CHECKPOINT_EVERY);
        MatchLog log = new MatchLog("m1", Matches.RULES, events);
        for (int n = 0; n < events.size(); n++) {
            MatchLog at = log.upTo(n);
            assertThat(at.version()).isEqualTo(n);
            assertThat(at.events()).hasSize(n + 1);
            assertThat(at.state()).as("state at step %d", n).isEqualTo(foldFromStart(n + 1));
        }
        assertThat(log.state()).isEqualTo(foldFromStart(events.size()));
    }

    @Test
    void aLogGrownByAppendsFoldsOnAndReplaysLikeOneReadWhole() {
        // live play: the read cache starts with a few events and is appended to, in uneven steps,
        // while replays of the
        // shorter logs have already kept their states (the longer logs inherit those and must
        // extend them correctly)
        MatchLog grown = new MatchLog("m1", Matches.RULES, events.subList(0, 5));
        grown.upTo(2);
        int at = 5;
        int step = 1;
        while (at < events.size()) {
            int to = Math.min(events.size(), at + step);
            grown = grown.append(events.subList(at, to));
            assertThat(grown.state()).as("state after %d events", to).isEqualTo(foldFromStart(to));
            if (step % 3 == 0) {
                int n = to / 2;
                assertThat(grown.upTo(n).state())
                        .as("replay at %d of a log of %d", n, to)
                        .isEqualTo(foldFromStart(n + 1));
            }
            at = to;
            step = step % 70 + 7;
        }
        for (int n = 0; n < events.size(); n += 11) {
            assertThat(grown.upTo(n).state())
                    .as("replay at %d of the grown log", n)
                    .isEqualTo(foldFromStart(n + 1));
        }
    }

    @Test
    void aDelayedSpectatorSeesOnlyEventsStoredBeforeTheCutoffButAlwaysTheOpening() {
        MatchLog log = new MatchLog("m1", Matches.RULES, events);
        Instant first = events.get(0).at();
        Instant hundredth = events.get(99).at();

        MatchLog delayed = log.until(hundredth);
        assertThat(delayed.events()).hasSize(100);
        assertThat(delayed.state()).isEqualTo(foldFromStart(100));

        assertThat(log.until(first.minusSeconds(60)).events())
                .as("before the match began: the opening alone")
                .hasSize(1);
        assertThat(log.until(events.get(events.size() - 1).at().plusSeconds(1))).isSameAs(log);
    }

    @Test
    void redactedEventsArePagedFromTheirSequenceNumberAsTheRulesetRedactsThem() {
        MatchLog log = new MatchLog("m1", Matches.RULES, events);
        List<RecordedEvent> page = log.redacted(Viewer.SPECTATOR, 40, 25);
        assertThat(page).hasSize(25);
        for (int i = 0; i < page.size(); i++) {
            RecordedEvent original = events.get(40 + i);
            assertThat(page.get(i).seq()).isEqualTo(original.seq());
            assertThat(page.get(i).at()).isEqualTo(original.at());
            assertThat(page.get(i).payload())
                    .isEqualTo(Matches.RULES.redact(original.payload(), Viewer.SPECTATOR));
        }
        assertThat(log.redacted(Viewer.SPECTATOR, events.size() - 3, 25)).hasSize(3);

        List<RecordedEvent> all = log.redacted(Viewer.SPECTATOR, 0, Integer.MAX_VALUE);
        long hidden =
                java.util.stream.IntStream.range(0, events.size())
                        .filter(i -> !all.get(i).payload().equals(events.get(i).payload()))
                        .count();
        assertThat(hidden)
                .as("events a spectator sees with something hidden (draws, the seed, hands)")
                .isPositive();
    }
}
