package io.duelhall.domain.voidexa;

import static io.duelhall.domain.voidexa.cards.Subsystem.HULL;
import static io.duelhall.domain.voidexa.cards.Subsystem.REACTOR;
import static io.duelhall.domain.voidexa.cards.Subsystem.SHIELD;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Intent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.ai.GreedyPlayer;
import org.junit.jupiter.api.Test;

/** The greedy AI's heuristics, one situation each, on states built with {@link Scenario}. */
class GreedyPlayerScenarioTest {
    final GreedyPlayer ai = new GreedyPlayer(Fixtures.RULES);

    @Test
    void takesTheLethalReactorShotOverABiggerHullHit() {
        // V-WIN-1: Reactor at 0 ends the match; 12 to the (shielded) Hull would not.
        VoidexaState s =
                Scenario.live()
                        .a(x -> x.hand("ion-torpedo", "reactor-strike").energy(4))
                        .b(x -> x.set(REACTOR, 5))
                        .build();
        Intent pick = ai.choose(s, Seat.A);
        assertThat(pick.type()).isEqualTo(VoidexaIntents.Type.PLAY_CARD.name());
        assertThat(s.ship(Seat.A).inHand(pick.card()).card()).isEqualTo("reactor-strike");
    }

    @Test
    void finishesAShipWithoutShieldThroughItsHull() {
        VoidexaState s =
                Scenario.live()
                        .a(x -> x.hand("quick-shield", "pulse-tap").energy(1))
                        .b(x -> x.set(SHIELD, 0).set(HULL, 5))
                        .build();
        Intent pick = ai.choose(s, Seat.A);
        assertThat(s.ship(Seat.A).inHand(pick.card()).card()).isEqualTo("pulse-tap");
        assertThat(Fixtures.RULES.decide(s, pick).events())
                .anyMatch(e -> e instanceof VoidexaEvent.MatchEnded m && m.winner() == Seat.A);
    }

    @Test
    void ventsBeforeOverheatingAndDoesNotFireIntoHeatNine() {
        // V-HEAT-1/2: pending Heat lands at the end of the turn; at 9 or more the Hull burns.
        Fixtures.Game g =
                Scenario.live()
                        .a(x -> x.hand("pulse-tap", "coolant-burst").energy(2).heat(8))
                        .game();
        Intent first = ai.choose(g.state, Seat.A);
        assertThat(g.ship(Seat.A).inHand(first.card()).card()).isEqualTo("coolant-burst");
        g.act(first);
        // down to Heat 5 a one-Heat shot would reach 6 and raise every cost: still not worth 6
        // damage into a full Shield
        Intent second = ai.choose(g.state, Seat.A);
        assertThat(second.type()).isEqualTo(VoidexaIntents.Type.END_TURN.name());
    }

    @Test
    void answersAHitWithAReactiveShieldWhenItSavesHull() {
        // V-REACT-1: the responder may play a Reactive card before the waiting card resolves.
        Fixtures.Game g =
                Scenario.live()
                        .turn(2, Seat.B, Phase.MAIN)
                        .a(x -> x.hand("emergency-shunt").energy(1).set(SHIELD, 0))
                        .b(x -> x.hand("laser-volley").energy(5))
                        .game();
        g.act(
                VoidexaIntents.play(
                        Seat.B, g.ship(Seat.B).hand().get(0).id(), VoidexaIntents.ship(Seat.A)));
        assertThat(g.state.phase()).isEqualTo(Phase.RESPONSE);
        Intent answer = ai.choose(g.state, Seat.A);
        assertThat(answer.type()).isEqualTo(VoidexaIntents.Type.PLAY_CARD.name());
        assertThat(g.ship(Seat.A).inHand(answer.card()).card()).isEqualTo("emergency-shunt");
    }

    @Test
    void passesWhenTheReactiveCardWouldBeWasted() {
        Fixtures.Game g =
                Scenario.live()
                        .turn(2, Seat.B, Phase.MAIN)
                        .a(x -> x.hand("emergency-shunt").energy(1))
                        .b(x -> x.hand("pulse-tap").energy(5))
                        .game();
        g.act(
                VoidexaIntents.play(
                        Seat.B, g.ship(Seat.B).hand().get(0).id(), VoidexaIntents.ship(Seat.A)));
        assertThat(g.state.phase()).isEqualTo(Phase.RESPONSE);
        // Shield 40 of 40: the shunt would raise nothing, and the Shield takes the 6 either way
        assertThat(ai.choose(g.state, Seat.A).type()).isEqualTo(VoidexaIntents.Type.PASS.name());
    }

    @Test
    void discardsTheCardItCannotPayFor() {
        // V-END-2: over the maximum hand size at the end of the turn, the surplus is discarded.
        Fixtures.Game g =
                Scenario.live()
                        .a(
                                x ->
                                        x.handOf(10, "coolant-burst")
                                                .hand("singularity-lance")
                                                .set(REACTOR, 5))
                        .game();
        g.act(VoidexaIntents.endTurn(Seat.A));
        assertThat(g.state.phase()).isEqualTo(Phase.DISCARD);
        Intent d = ai.choose(g.state, Seat.A);
        assertThat(d.type()).isEqualTo(VoidexaIntents.Type.DISCARD_DOWN.name());
        assertThat(d.cards()).hasSize(1);
        assertThat(g.ship(Seat.A).inHand(d.cards().get(0)).card()).isEqualTo("singularity-lance");
        assertThat(g.act(d).accepted()).isTrue();
    }

    @Test
    void owesNothingOutOfTurn() {
        VoidexaState s = Scenario.live().a(x -> x.hand("pulse-tap").energy(1)).build();
        assertThat(ai.choose(s, Seat.B)).isNull();
    }
}
