package io.duelhall.query.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.duelhall.command.limits.StreamCaps;
import io.duelhall.domain.GameState;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.RefusedException;
import io.duelhall.domain.Viewer;
import io.duelhall.projections.Matches;
import io.duelhall.query.log.MatchLog;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The parts of the live stream that need no connection: the resume point a client sends, the caps
 * on open streams, and a watched match's states (live for seats, at the horizon for spectators) as
 * the dispatcher folds them. The whole stream over HTTP is covered by infra's StreamHttpTest and
 * PublicStreamTest.
 */
class MatchStreamsTest {
    static final List<RecordedEvent> EVENTS = Matches.play("s1", 11, 5000);

    static GameState fold(int count) {
        GameState s = Matches.RULES.initial();
        for (RecordedEvent e : EVENTS.subList(0, count)) {
            s = Matches.RULES.evolve(s, e.payload());
        }
        return s;
    }

    @Test
    void lastEventIdIsASequenceNumberOrNone() {
        assertThat(MatchStreams.lastEventId(null)).isEqualTo(MatchStreams.NONE);
        assertThat(MatchStreams.lastEventId("  ")).isEqualTo(MatchStreams.NONE);
        assertThat(MatchStreams.lastEventId("-1")).isEqualTo(-1);
        assertThat(MatchStreams.lastEventId(" 42 ")).isEqualTo(42);
        for (String bad : List.of("-2", "abc", "1.5")) {
            assertThatThrownBy(() -> MatchStreams.lastEventId(bad))
                    .as(bad)
                    .isInstanceOf(RefusedException.class)
                    .satisfies(
                            e ->
                                    assertThat(((RefusedException) e).refusal().code())
                                            .isEqualTo("INVALID_PARAMETER"));
        }
    }

    @Test
    void anAddressGetsItsCapOfStreamsAndAClosedOneGivesItsPlaceBack() {
        StreamCaps caps = new StreamCaps(2, 0);
        Runnable first = caps.take("10.0.0.1");
        caps.take("10.0.0.1");
        assertThatThrownBy(() -> caps.take("10.0.0.1"))
                .isInstanceOf(RefusedException.class)
                .satisfies(
                        e ->
                                assertThat(((RefusedException) e).refusal().code())
                                        .isEqualTo("TOO_MANY_STREAMS"));
        caps.take("10.0.0.2"); // another address is not held back
        assertThat(caps.open()).isEqualTo(3);
        first.run();
        first.run(); // given back once only
        assertThat(caps.open()).isEqualTo(2);
        caps.take("10.0.0.1");
    }

    @Test
    void aNodeGetsItsCapOfStreams() {
        StreamCaps caps = new StreamCaps(0, 2);
        caps.take("a");
        Runnable b = caps.take("b");
        assertThatThrownBy(() -> caps.take("c")).isInstanceOf(RefusedException.class);
        b.run();
        caps.take("c");
        assertThat(caps.open()).isEqualTo(2);
    }

    @Test
    void aWatchedMatchFoldsTheStoredEventsAsTheEngineDoes() {
        int loaded = EVENTS.size() / 2;
        WatchedMatch m =
                new WatchedMatch(
                        new MatchLog("s1", Matches.RULES, EVENTS.subList(0, loaded)),
                        EventForm.STORED);
        assertThat(m.last()).isEqualTo(loaded - 1);
        assertThat(m.live()).isEqualTo(fold(loaded));

        assertThat(m.append(EVENTS.get(loaded - 1))).as("a repeat is dropped").isTrue();
        assertThat(m.append(EVENTS.get(loaded + 1))).as("a gap asks for a reload").isFalse();
        for (RecordedEvent e : EVENTS.subList(loaded, EVENTS.size())) {
            assertThat(m.append(e)).isTrue();
        }
        assertThat(m.last()).isEqualTo(EVENTS.size() - 1);
        assertThat(m.live()).isEqualTo(fold(EVENTS.size()));
        assertThat(m.ended()).isTrue();
        assertThat(m.stateAt(9)).isEqualTo(fold(10));
    }

    @Test
    void withoutADelaySpectatorsSeeUpToTheLastEvent() {
        WatchedMatch m =
                new WatchedMatch(
                        new MatchLog("s1", Matches.RULES, EVENTS.subList(0, 20)), EventForm.STORED);
        assertThat(m.delaySeconds).isZero();
        assertThat(m.horizon(Viewer.SPECTATOR)).isEqualTo(-1);
        m.advanceSpectators(Instant.now());
        assertThat(m.horizon(Viewer.SPECTATOR)).isEqualTo(19);
        assertThat(m.stateAt(19)).isEqualTo(fold(20));
    }
}
