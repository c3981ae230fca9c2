package io.duelhall.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.command.rules.CatalogReader;
import io.duelhall.domain.ClockNeed;
import io.duelhall.domain.Decision;
import io.duelhall.domain.DrawCheck;
import io.duelhall.domain.GameState;
import io.duelhall.domain.Intent;
import io.duelhall.domain.IntentAccepted;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchSetup;
import io.duelhall.domain.MatchView;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Viewer;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The edge's match when the public fold rejects one of its events (an event of a newer rules
 * version than the edge's build, or a broken stream): the events before it stay and are shown; it
 * and every later event are dropped, and none is kept waiting for a gap that will never fill (it
 * used to leave the rejected events out of both the timeline and the waiting ones, and keep every
 * later event waiting for them, forever).
 */
class PublicMatchTest {
    private static final Instant AT = Instant.parse("2026-11-27T00:00:00Z");

    @Test
    void aRejectedEventBreaksTheMatchThereAndNothingWaitsForever() {
        List<RecordedEvent> events = events(8);
        MatchEvent poison = events.get(5).payload();
        PublicMatch match = new PublicMatch("m-1", new Rejecting(poison));

        for (int i = 0; i < 5; i++) {
            assertThat(match.add(events.get(i))).containsExactly(events.get(i));
        }
        assertThat(match.broken()).isNull();

        assertThat(match.add(events.get(5))).as("the rejected event is not put in order").isEmpty();
        assertThat(match.broken()).startsWith("event 5 (" + events.get(5).type() + "): ");
        assertThat(match.size()).isEqualTo(5);

        assertThat(match.add(events.get(7))).isEmpty();
        assertThat(match.add(events.get(6))).isEmpty();
        assertThat(match.waiting()).as("nothing waits after the break").isZero();
        assertThat(match.add(events.get(2))).as("a repeat is still a repeat").isNull();
        assertThat(match.size()).isEqualTo(5);
        assertThat(match.sight(AT.plusSeconds(60)).log().events()).hasSize(5);
    }

    @Test
    void aRejectedEventThatCameEarlyBreaksTheMatchWhenTheGapFills() {
        List<RecordedEvent> events = events(8);
        MatchEvent poison = events.get(4).payload();
        PublicMatch match = new PublicMatch("m-2", new Rejecting(poison));
        for (int i = 0; i < 3; i++) {
            match.add(events.get(i));
        }
        assertThat(match.add(events.get(5))).isEmpty();
        assertThat(match.add(events.get(4))).isEmpty();
        assertThat(match.waiting()).isEqualTo(2);

        assertThat(match.add(events.get(3)))
                .as("the gap's event goes in order, the rejected one after it does not")
                .containsExactly(events.get(3));
        assertThat(match.broken()).startsWith("event 4 (" + events.get(4).type() + "): ");
        assertThat(match.size()).isEqualTo(4);
        assertThat(match.waiting()).isZero();
    }

    @Test
    void withoutARejectedEventEveryEventGoesInOrder() {
        List<RecordedEvent> events = events(8);
        PublicMatch match = new PublicMatch("m-3", new Rejecting(null));
        assertThat(match.add(events.get(7))).isEmpty();
        List<RecordedEvent> put = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            put.addAll(match.add(events.get(i)));
        }
        assertThat(put).containsExactlyElementsOf(events);
        assertThat(match.broken()).isNull();
        assertThat(match.waiting()).isZero();
    }

    /**
     * The opening of a real voidexa match, then {@code IntentAccepted} envelopes up to {@code n}.
     */
    private static List<RecordedEvent> events(int n) {
        VoidexaRuleset voidexa = new VoidexaRuleset(CatalogReader.voidexa());
        List<RecordedEvent> out = new ArrayList<>();
        for (MatchEvent e : voidexa.create("m", MatchOptions.defaults(), new byte[32]).events()) {
            out.add(new RecordedEvent(out.size(), e.type(), AT, e));
        }
        while (out.size() < n) {
            IntentAccepted a =
                    new IntentAccepted(
                            "i-" + out.size(),
                            Seat.A,
                            "f",
                            Intent.concede(Seat.A),
                            AT.plusSeconds(1));
            out.add(new RecordedEvent(out.size(), a.type(), AT.plusSeconds(1), a));
        }
        return out.subList(0, n);
    }

    /** Voidexa, whose public fold rejects one given event (by identity). */
    private record Rejecting(MatchEvent poison) implements Ruleset {
        static final VoidexaRuleset V = new VoidexaRuleset(CatalogReader.voidexa());

        @Override
        public GameState evolvePublic(GameState publicState, MatchEvent publicEvent) {
            if (publicEvent == poison) {
                throw new IllegalArgumentException("no public fold for this event");
            }
            return V.evolvePublic(publicState, publicEvent);
        }

        @Override
        public String id() {
            return V.id();
        }

        @Override
        public String engineVersion() {
            return V.engineVersion();
        }

        @Override
        public String catalogVersion() {
            return V.catalogVersion();
        }

        @Override
        public GameState initial() {
            return V.initial();
        }

        @Override
        public Decision create(String matchId, MatchOptions options, byte[] serverSeed) {
            return V.create(matchId, options, serverSeed);
        }

        @Override
        public Decision join(GameState state, JoinRequest request) {
            return V.join(state, request);
        }

        @Override
        public Decision decide(GameState state, Intent intent) {
            return V.decide(state, intent);
        }

        @Override
        public GameState evolve(GameState state, MatchEvent event) {
            return V.evolve(state, event);
        }

        @Override
        public ClockNeed clockNeed(GameState state) {
            return V.clockNeed(state);
        }

        @Override
        public MatchView view(GameState state, Viewer viewer, long version) {
            return V.view(state, viewer, version);
        }

        @Override
        public MatchEvent redact(MatchEvent event, Viewer viewer) {
            return V.redact(event, viewer);
        }

        @Override
        public MatchView publicView(GameState publicState, long version) {
            return V.publicView(publicState, version);
        }

        @Override
        public List<Class<? extends MatchEvent>> eventTypes() {
            return V.eventTypes();
        }

        @Override
        public MatchSetup setup(List<? extends MatchEvent> events) {
            return V.setup(events);
        }

        @Override
        public List<DrawCheck> reproduceDraws(List<? extends MatchEvent> events) {
            return V.reproduceDraws(events);
        }
    }
}
