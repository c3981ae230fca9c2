package io.duelhall.domain.voidexa;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Lifecycle;
import io.duelhall.domain.Lifecycle.Outcome;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.ai.GreedyPlayer;
import io.duelhall.domain.voidexa.ai.RandomPlayer;
import io.duelhall.domain.voidexa.ai.SelfPlay;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 14: voidexa tells the read side about a match only through the neutral {@link Lifecycle}
 * moments, and says them as the read side needs them: one opening first, a seat taken per seat, a
 * start, numbered turns, one end last, with an outcome for every seat.
 */
class VoidexaLifecycleTest {
    @Test
    void everyLifecycleMomentHasAVoidexaEvent() {
        List<Class<? extends MatchEvent>> types = Fixtures.RULES.eventTypes();
        for (Class<?> moment :
                List.of(
                        MatchOpening.class,
                        Lifecycle.SeatTaken.class,
                        Lifecycle.Started.class,
                        Lifecycle.TurnBegan.class,
                        Lifecycle.Ended.class)) {
            assertThat(types.stream().filter(moment::isAssignableFrom).count())
                    .as(moment.getSimpleName())
                    .isEqualTo(1);
        }
    }

    @Test
    void aWholeMatchSaysItsMomentsInOrderAndEndsWithAnOutcomeForEverySeat() {
        for (long seed = 1; seed <= 6; seed++) {
            SelfPlay.Game g =
                    new SelfPlay(Fixtures.RULES)
                            .play(
                                    seed,
                                    new GreedyPlayer(Fixtures.RULES),
                                    new RandomPlayer(Fixtures.CATALOG, seed),
                                    Fixtures.CATALOG.starterDecks().get(0),
                                    Fixtures.CATALOG.starterDecks().get(1));
            List<MatchEvent> events = g.events();
            assertThat(events.get(0)).isInstanceOf(MatchOpening.class);
            assertThat(events.get(events.size() - 1)).isInstanceOf(Lifecycle.Ended.class);
            assertThat(events.stream().filter(Lifecycle.Ended.class::isInstance)).hasSize(1);
            assertThat(events.stream().filter(Lifecycle.Started.class::isInstance)).hasSize(1);
            assertThat(
                            events.stream()
                                    .filter(Lifecycle.SeatTaken.class::isInstance)
                                    .map(e -> ((Lifecycle.SeatTaken) e).seat()))
                    .containsExactly(Seat.A, Seat.B);
            List<Integer> turns =
                    events.stream()
                            .filter(Lifecycle.TurnBegan.class::isInstance)
                            .map(e -> ((Lifecycle.TurnBegan) e).turn())
                            .toList();
            assertThat(turns).isSorted().doesNotHaveDuplicates().isNotEmpty();
            Lifecycle.Ended end = (Lifecycle.Ended) events.get(events.size() - 1);
            assertThat(end.winner()).isEqualTo(g.winner());
            for (Seat s : List.of(Seat.A, Seat.B)) {
                // voidexa has no draw: every seat won or lost (V-WIN-4's "both lost" is two losses)
                assertThat(end.outcome(s)).isIn(Outcome.WON, Outcome.LOST);
            }
            assertThat(end.outcome(Seat.A) == Outcome.WON && end.outcome(Seat.B) == Outcome.WON)
                    .isFalse();
        }
    }

    @Test
    void outcomesOfTheThreeKindsOfEnd() {
        var won = new VoidexaEvent.MatchEnded(Seat.B, "CONCEDED", List.of(Seat.A), Seat.A, "s");
        assertThat(List.of(won.outcome(Seat.A), won.outcome(Seat.B)))
                .containsExactly(Outcome.LOST, Outcome.WON);
        var both =
                new VoidexaEvent.MatchEnded(null, "BOTH_LOST", List.of(Seat.A, Seat.B), null, "s");
        assertThat(List.of(both.outcome(Seat.A), both.outcome(Seat.B)))
                .containsExactly(Outcome.LOST, Outcome.LOST);
    }
}
