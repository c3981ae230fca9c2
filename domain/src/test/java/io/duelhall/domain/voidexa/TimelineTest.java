package io.duelhall.domain.voidexa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.duelhall.domain.GameState;
import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Timeline;
import io.duelhall.domain.Viewer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The read side's one fold (issue 18): a timeline's state after every step of random whole matches
 * is the ruleset's own {@code replay} of that prefix, asked in any order, however the timeline was
 * grown (all at once, one event at a time, from a prefix, from two branches of one prefix).
 */
class TimelineTest {
    private static final VoidexaRuleset RULES = Fixtures.RULES;
    private static final VoidexaMoves MOVES = new VoidexaMoves(Fixtures.CATALOG);

    private static List<RecordedEvent> match(int seed, Instant at) {
        Fixtures.Game g =
                new Fixtures.Game(seed, Fixtures.deck(seed % 2), Fixtures.deck((seed / 2) % 2));
        Random r = new Random(seed * 31L);
        for (int step = 0; step < 3000 && g.state.status() == MatchStatus.LIVE; step++) {
            List<Intent> legal = MOVES.legal(g.state, VoidexaMoves.toAct(g.state));
            g.act(legal.get(r.nextInt(legal.size())));
        }
        assertThat(g.state.status()).isEqualTo(MatchStatus.ENDED);
        List<RecordedEvent> out = new ArrayList<>();
        for (MatchEvent e : g.events) {
            out.add(new RecordedEvent(out.size(), e.type(), at.plusMillis(out.size()), e));
        }
        return out;
    }

    private static List<MatchEvent> payloads(List<RecordedEvent> events) {
        return events.stream().map(RecordedEvent::payload).toList();
    }

    @Test
    @DisplayName(
            "the state after every step, asked in random order, is the ruleset's replay of that prefix")
    void everyStepIsTheFold() {
        for (int seed = 0; seed < 6; seed++) {
            List<RecordedEvent> events = match(seed, Instant.EPOCH);
            assertThat(events.size()).isGreaterThan(3 * Timeline.CHECKPOINT_EVERY);
            Timeline t = Timeline.of(RULES, Timeline.Fold.WHOLE, events);
            assertThat(t.size()).isEqualTo(events.size());
            assertThat(t.events()).isEqualTo(events);
            assertThat(t.state()).isEqualTo(RULES.replay(payloads(events)));
            List<Integer> steps = new ArrayList<>();
            for (int n = 0; n <= events.size(); n++) {
                steps.add(n);
            }
            Collections.shuffle(steps, new Random(seed));
            for (int n : steps) {
                GameState expected = RULES.replay(payloads(events.subList(0, n)));
                assertThat(t.stateAfter(n))
                        .as("seed %d, after %d events", seed, n)
                        .isEqualTo(expected);
                Timeline p = t.prefix(n);
                assertThat(p.size()).isEqualTo(n);
                assertThat(p.state()).as("prefix %d", n).isEqualTo(expected);
                assertThat(p.events()).isEqualTo(events.subList(0, n));
            }
        }
    }

    @Test
    @DisplayName(
            "grown one event at a time, or from a prefix, a timeline equals the one made at once")
    void growingEqualsMakingAtOnce() {
        List<RecordedEvent> events = match(7, Instant.EPOCH);
        Timeline whole = Timeline.of(RULES, Timeline.Fold.WHOLE, events);
        Timeline grown = Timeline.empty(RULES, Timeline.Fold.WHOLE);
        for (RecordedEvent e : events) {
            grown = grown.append(e);
        }
        assertThat(grown.events()).isEqualTo(events);
        assertThat(grown.state()).isEqualTo(whole.state());
        for (int n = 0; n <= events.size(); n += 5) {
            assertThat(grown.stateAfter(n)).isEqualTo(whole.stateAfter(n));
            Timeline again = whole.prefix(n).append(events.subList(n, events.size()));
            assertThat(again.events()).isEqualTo(events);
            assertThat(again.state()).as("from prefix %d", n).isEqualTo(whole.state());
        }
    }

    @Test
    @DisplayName(
            "two timelines grown from one prefix keep their own events (the second copies, it does not overwrite)")
    void branchesDoNotShareWhatTheyAppend() {
        List<RecordedEvent> first = match(3, Instant.EPOCH);
        List<RecordedEvent> second = match(3, Instant.EPOCH.plusSeconds(3600)); // same play, later
        int k = 40;
        Timeline base = Timeline.empty(RULES, Timeline.Fold.WHOLE);
        for (RecordedEvent e : first.subList(0, k)) {
            base = base.append(e); // room to spare: the arrays double
        }
        Timeline a = base.append(first.subList(k, k + 10)); // in place
        Timeline b = base.append(second.subList(k, k + 10)); // must copy
        assertThat(a.events()).isEqualTo(first.subList(0, k + 10));
        assertThat(b.events().subList(0, k)).isEqualTo(first.subList(0, k));
        assertThat(b.events().subList(k, k + 10)).isEqualTo(second.subList(k, k + 10));
        assertThat(base.size()).isEqualTo(k);
        assertThat(base.events()).isEqualTo(first.subList(0, k));
        assertThat(a.event(k).at()).isNotEqualTo(b.event(k).at());
        // each branch grows on to the end on its own
        Timeline a2 = a.append(first.subList(k + 10, first.size()));
        Timeline b2 = b.append(second.subList(k + 10, second.size()));
        assertThat(a2.events()).isEqualTo(first);
        assertThat(b2.events().subList(k, b2.size())).isEqualTo(second.subList(k, second.size()));
        assertThat(a2.state()).isEqualTo(b2.state()); // same play, same state
        assertThat(a.stateAfter(k + 3)).isEqualTo(b.stateAfter(k + 3));
    }

    @Test
    @DisplayName(
            "the public fold: spectator-redacted events fold through evolvePublic at every step")
    void publicFold() {
        List<RecordedEvent> events = match(11, Instant.EPOCH);
        List<RecordedEvent> published = new ArrayList<>();
        for (RecordedEvent e : events) {
            published.add(
                    new RecordedEvent(
                            e.seq(),
                            e.type(),
                            e.at(),
                            RULES.redact(e.payload(), Viewer.SPECTATOR)));
        }
        Timeline t = Timeline.of(RULES, Timeline.Fold.PUBLIC, published);
        GameState s = RULES.initial();
        for (int n = 0; n < published.size(); n++) {
            assertThat(t.stateAfter(n)).as("after %d", n).isEqualTo(s);
            s = RULES.evolvePublic(s, published.get(n).payload());
        }
        assertThat(t.state()).isEqualTo(s);
        assertThat(t.as(Timeline.Fold.PUBLIC)).isSameAs(t);
    }

    @Test
    @DisplayName("a step outside the timeline is refused, not folded")
    void outOfRange() {
        Timeline t = Timeline.of(RULES, Timeline.Fold.WHOLE, match(1, Instant.EPOCH));
        assertThatThrownBy(() -> t.stateAfter(t.size() + 1))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> t.stateAfter(-1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> t.event(t.size())).isInstanceOf(IndexOutOfBoundsException.class);
    }
}
