package io.duelhall.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.command.rules.CatalogReader;
import io.duelhall.domain.Intent;
import io.duelhall.domain.IntentAccepted;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
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
        PublicMatch match = new PublicMatch("m-1", rejecting(poison));

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
        PublicMatch match = new PublicMatch("m-2", rejecting(poison));
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
        PublicMatch match = new PublicMatch("m-3", rejecting(null));
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

    /**
     * Voidexa, whose public fold rejects one given event (by identity): every other method of the
     * ruleset is voidexa's own.
     */
    private static Ruleset rejecting(MatchEvent poison) {
        VoidexaRuleset voidexa = new VoidexaRuleset(CatalogReader.voidexa());
        return (Ruleset)
                Proxy.newProxyInstance(
                        Ruleset.class.getClassLoader(),
                        new Class<?>[] {Ruleset.class},
                        (proxy, method, args) -> {
                            if (method.getName().equals("evolvePublic") && args[1] == poison) {
                                throw new IllegalArgumentException("no public fold for this event");
                            }
                            try {
                                return method.invoke(voidexa, args);
                            } catch (InvocationTargetException e) {
                                throw e.getCause();
                            }
                        });
    }
}
