package io.duelhall.domain.voidexa;

import static io.duelhall.domain.Refusal.Category.CONFLICT;
import static io.duelhall.domain.Refusal.Category.FORBIDDEN;
import static io.duelhall.domain.Refusal.Category.RULES;
import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static io.duelhall.domain.voidexa.Refusals.refused;
import static io.duelhall.domain.voidexa.Scenario.all;
import static io.duelhall.domain.voidexa.cards.Subsystem.SHIELD;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Decision;
import io.duelhall.domain.Viewer;
import io.duelhall.domain.voidexa.VoidexaEvent.*;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Response windows. V-REACT-2 also says a window closes after the turn clock's response timeout:
 * that half is tested with the clocks, in {@code ClockRulesTest} (D-CLOCK-2) and on the aggregate
 * in {@code MatchClockTest}; the "no playable Reactive card, no window" half is here.
 */
class ReactiveRulesTest {
    private static final CardRef VOLLEY = new CardRef("a1", "laser-volley");
    private static final CardRef SHUNT = new CardRef("b1", "emergency-shunt");

    /**
     * A plays Laser Volley (9) at B, who holds Emergency Shunt (Reactive, +8 Shield), 1 energy and
     * Shield 20.
     */
    private static Fixtures.Game windowOpen() {
        Fixtures.Game g =
                Scenario.live()
                        .a(x -> x.hand("laser-volley", "pulse-tap", "emergency-shunt").energy(5))
                        .b(
                                x ->
                                        x.hand("emergency-shunt", "hull-patch", "counter-battery")
                                                .energy(1)
                                                .set(SHIELD, 20))
                        .game();
        g.act(VoidexaIntents.play(A, "a1"));
        return g;
    }

    @Test
    @DisplayName(
            "V-REACT-1 a card played by the active player opens a response window for the opponent before it resolves")
    void windowOpens() {
        Fixtures.Game g =
                Scenario.live()
                        .a(x -> x.hand("laser-volley").energy(5))
                        .b(x -> x.hand("emergency-shunt").energy(1).set(SHIELD, 20))
                        .game();
        Decision d = g.act(VoidexaIntents.play(A, "a1"));
        assertThat(d.events())
                .containsExactly(
                        new CardPlayed(
                                A,
                                VOLLEY,
                                "WEAPON",
                                List.of(VoidexaIntents.ship(B)),
                                2,
                                2,
                                1,
                                false),
                        new EnergySpent(A, 2, 3),
                        new HeatPending(A, 1, 1),
                        new ResponseWindowOpened(B, A, VOLLEY));
        VoidexaState s = g.state;
        assertThat(s.phase()).isEqualTo(Phase.RESPONSE);
        assertThat(s.responder()).isEqualTo(B);
        assertThat(s.active()).isEqualTo(A);
        assertThat(s.pending())
                .isEqualTo(new PendingPlay(A, VOLLEY, List.of(VoidexaIntents.ship(B))));
        assertThat(VoidexaMoves.toAct(s)).isEqualTo(B);
        assertThat(g.ship(B).value(SHIELD)).as("not resolved yet").isEqualTo(20);
        VoidexaView view = Fixtures.RULES.view(s, Viewer.SPECTATOR, 1);
        assertThat(view.responseWindow())
                .isEqualTo(
                        new VoidexaView.ResponseWindow(
                                B, A, VOLLEY, List.of(VoidexaIntents.ship(B))));
        assertThat(view.pendingDecision())
                .isEqualTo(new VoidexaView.PendingDecision("RESPONSE", B, null));
    }

    @Test
    @DisplayName("V-REACT-1 the answer resolves first (last in, first out), then the original card")
    void answerResolvesFirst() {
        Fixtures.Game g = windowOpen();
        Decision d = g.act(VoidexaIntents.play(B, "b1"));
        assertThat(d.events())
                .containsExactly(
                        new CardPlayed(B, SHUNT, "DEFENSE", List.of(), 1, 1, 0, true),
                        new EnergySpent(B, 1, 0),
                        new ShieldRaised(B, 8, 28),
                        new CardDiscarded(B, SHUNT, "PLAY"),
                        new ResponseWindowClosed(B, true),
                        new DamageRouted(B, A, "CARD", 9, false, 9, Map.of(), Map.of(SHIELD, 19)),
                        new CardDiscarded(A, VOLLEY, "PLAY"));
        assertThat(g.ship(B).value(SHIELD)).isEqualTo(19);
        assertThat(g.state.phase()).isEqualTo(Phase.MAIN);
        assertThat(g.state.pending()).isNull();
        assertThat(g.state.responder()).isNull();
    }

    @Test
    @DisplayName(
            "V-REACT-1 the responder may PASS: the window closes and the original card resolves")
    void pass() {
        Fixtures.Game g = windowOpen();
        assertThat(g.act(VoidexaIntents.pass(B)).events())
                .containsExactly(
                        new ResponseWindowClosed(B, false),
                        new DamageRouted(B, A, "CARD", 9, false, 9, Map.of(), Map.of(SHIELD, 11)),
                        new CardDiscarded(A, VOLLEY, "PLAY"));
        assertThat(g.state.phase()).isEqualTo(Phase.MAIN);
        assertThat(g.ship(B).hand()).extracting(CardRef::id).contains("b1");
    }

    @Test
    @DisplayName(
            "V-REACT-1 while the window is open the active player waits (RESPONSE_PENDING) and cannot PASS")
    void activePlayerWaits() {
        VoidexaState s = windowOpen().state;
        refused(s, VoidexaIntents.play(A, "a2"), CONFLICT, "RESPONSE_PENDING", "V-REACT-1");
        refused(s, VoidexaIntents.endTurn(A), CONFLICT, "RESPONSE_PENDING", "V-REACT-1");
        refused(s, VoidexaIntents.activate(A, "a2", 0), CONFLICT, "RESPONSE_PENDING", "V-REACT-1");
        refused(s, VoidexaIntents.pass(A), CONFLICT, "NO_RESPONSE_WINDOW", "V-REACT-1");
        refused(s, VoidexaIntents.play(A, "a3"), CONFLICT, "RESPONSE_PENDING", "V-REACT-1");
    }

    @Test
    @DisplayName(
            "V-REACT-1 the responder may answer only with one Reactive card it can pay for, and may not end the turn")
    void responderLimits() {
        VoidexaState s = windowOpen().state;
        refused(s, VoidexaIntents.play(B, "b2"), RULES, "NOT_REACTIVE", "V-REACT-1");
        refused(
                s,
                VoidexaIntents.play(B, "b3"),
                RULES,
                "NOT_ENOUGH_ENERGY",
                "V-PLAY-2"); // Counter-Battery costs 2
        refused(s, VoidexaIntents.endTurn(B), FORBIDDEN, "NOT_YOUR_TURN", "V-PLAY-1");
        refused(
                s,
                VoidexaIntents.discardDown(B, List.of("b2")),
                CONFLICT,
                "NO_DISCARD_OWED",
                "V-END-2");
    }

    @Test
    @DisplayName("V-REACT-1 the answer gets no window of its own: one window per played card")
    void noWindowForTheAnswer() {
        // A holds Emergency Shunt and 3 unspent energy, but B's answer is not answered.
        Decision d = windowOpen().act(VoidexaIntents.play(B, "b1"));
        assertThat(all(d.events(), ResponseWindowOpened.class)).isEmpty();
    }

    @Test
    @DisplayName("V-REACT-1 PASS with no open window is refused NO_RESPONSE_WINDOW")
    void passWithoutWindow() {
        refused(
                Scenario.live().build(),
                VoidexaIntents.pass(B),
                CONFLICT,
                "NO_RESPONSE_WINDOW",
                "V-REACT-1");
        refused(
                Scenario.live().build(),
                VoidexaIntents.pass(A),
                CONFLICT,
                "NO_RESPONSE_WINDOW",
                "V-REACT-1");
    }

    @Test
    @DisplayName(
            "V-REACT-1 targets are checked again: a card whose drone target died in the response is cancelled to the discard")
    void cancelledWhenTargetGone() {
        // No real Reactive card can remove the responder's own drone; see TestCards.
        Fixtures.Game g =
                Scenario.live(TestCards.RULES)
                        .a(x -> x.hand("pulse-tap").energy(5))
                        .b(x -> x.drones("scout-drone").hand("test-scuttle").energy(1))
                        .game();
        CardRef tap = new CardRef("a1", "pulse-tap");
        assertThat(g.act(VoidexaIntents.play(A, "a1", VoidexaIntents.drone(B, "b1"))).events())
                .endsWith(new ResponseWindowOpened(B, A, tap));
        Decision d = g.act(VoidexaIntents.play(B, "b2"));
        assertThat(d.events())
                .containsExactly(
                        new CardPlayed(
                                B,
                                new CardRef("b2", "test-scuttle"),
                                "DEFENSE",
                                List.of(),
                                1,
                                1,
                                0,
                                true),
                        new EnergySpent(B, 1, 0),
                        new DroneDamaged(B, "b1", B, 10, 0, 3, 0, 0),
                        new DroneDestroyed(B, new CardRef("b1", "scout-drone")),
                        new CardDiscarded(B, new CardRef("b2", "test-scuttle"), "PLAY"),
                        new ResponseWindowClosed(B, true),
                        new CardCancelled(A, tap, "its targets are gone"),
                        new CardDiscarded(A, tap, "PLAY"));
        Ship a = g.ship(A);
        assertThat(a.discard()).containsExactly(tap);
        assertThat(a.energy()).as("a cancelled card stays paid for").isEqualTo(4);
        assertThat(a.pendingHeat()).isEqualTo(1);
        assertThat(g.ship(B).value(SHIELD)).as("no effect").isEqualTo(40);
        assertThat(g.state.pending()).isNull();
        assertThat(g.state.phase()).isEqualTo(Phase.MAIN);
    }

    @Test
    @DisplayName("V-REACT-1 a Splash card whose drone target died still hits its remaining targets")
    void remainingTargetsStillHit() {
        Fixtures.Game g =
                Scenario.live(TestCards.RULES)
                        .a(x -> x.hand("scatter-shot").energy(5))
                        .b(x -> x.drones("scout-drone").hand("test-scuttle").energy(1))
                        .game();
        g.act(VoidexaIntents.play(A, "a1", VoidexaIntents.drone(B, "b1"), VoidexaIntents.ship(B)));
        Decision d = g.act(VoidexaIntents.play(B, "b2"));
        assertThat(all(d.events(), CardCancelled.class)).isEmpty();
        assertThat(d.events())
                .endsWith(
                        new ResponseWindowClosed(B, true),
                        new DamageRouted(B, A, "CARD", 4, false, 4, Map.of(), Map.of(SHIELD, 36)),
                        new CardDiscarded(A, new CardRef("a1", "scatter-shot"), "PLAY"));
    }

    @Test
    @DisplayName(
            "D-REACT-2 a Reactive card's Heat is the responder's pending Heat, applied at the end of the responder's own next turn")
    void reactiveHeatIsTheRespondersPendingHeat() {
        // Counter-Battery: Reactive Weapon, cost 2, Heat +1.
        Fixtures.Game g =
                Scenario.live()
                        .a(x -> x.hand("laser-volley").energy(5))
                        .b(x -> x.hand("counter-battery").energy(2).heat(3))
                        .game();
        g.act(VoidexaIntents.play(A, "a1"));
        assertThat(g.act(VoidexaIntents.play(B, "b1")).events()).contains(new HeatPending(B, 1, 1));
        assertThat(g.ship(A).pendingHeat()).as("the active seat's own card only").isEqualTo(1);
        List<io.duelhall.domain.MatchEvent> endA = g.act(VoidexaIntents.endTurn(A)).events();
        assertThat(all(endA, HeatApplied.class)).containsExactly(new HeatApplied(A, 1, 1));
        assertThat(g.ship(B).pendingHeat()).isEqualTo(1);
        assertThat(g.ship(B).heat()).as("B's start of turn: 3 − 1").isEqualTo(2);
        assertThat(all(g.act(VoidexaIntents.endTurn(B)).events(), HeatApplied.class))
                .containsExactly(new HeatApplied(B, 1, 3));
        assertThat(g.ship(B).pendingHeat()).isZero();
    }

    // ---- V-REACT-2 ----

    @Test
    @DisplayName(
            "V-REACT-2 no window when the responder holds no Reactive card: the card resolves at once")
    void noReactiveNoWindow() {
        Fixtures.Game g =
                Scenario.live()
                        .a(x -> x.hand("laser-volley").energy(5))
                        .b(x -> x.hand("hull-patch", "deflector-surge").energy(5))
                        .game();
        Decision d = g.act(VoidexaIntents.play(A, "a1"));
        assertThat(all(d.events(), ResponseWindowOpened.class)).isEmpty();
        assertThat(d.events())
                .endsWith(
                        new DamageRouted(B, A, "CARD", 9, false, 9, Map.of(), Map.of(SHIELD, 31)),
                        new CardDiscarded(A, VOLLEY, "PLAY"));
        assertThat(g.state.phase()).isEqualTo(Phase.MAIN);
    }

    @Test
    @DisplayName(
            "V-REACT-2 no window when the responder cannot pay for its Reactive card from unspent energy")
    void unaffordableReactiveNoWindow() {
        Decision broke =
                Scenario.live()
                        .a(x -> x.hand("laser-volley").energy(5))
                        .b(x -> x.hand("emergency-shunt").energy(0))
                        .game()
                        .act(VoidexaIntents.play(A, "a1"));
        assertThat(all(broke.events(), ResponseWindowOpened.class)).isEmpty();
        // At Heat 6 the Shunt costs 2; 1 energy is not enough.
        Decision hot =
                Scenario.live()
                        .a(x -> x.hand("laser-volley").energy(5))
                        .b(x -> x.hand("emergency-shunt").energy(1).heat(6))
                        .game()
                        .act(VoidexaIntents.play(A, "a1"));
        assertThat(all(hot.events(), ResponseWindowOpened.class)).isEmpty();
    }

    @Test
    @DisplayName(
            "V-REACT-2 no window when the responder's Reactive card has no valid target (Point Defense, no enemy drone)")
    void reactiveWithoutTargetNoWindow() {
        Decision none =
                Scenario.live()
                        .a(x -> x.hand("laser-volley").energy(5))
                        .b(x -> x.hand("point-defense").energy(1))
                        .game()
                        .act(VoidexaIntents.play(A, "a1"));
        assertThat(all(none.events(), ResponseWindowOpened.class)).isEmpty();
        Decision withDrone =
                Scenario.live()
                        .a(x -> x.hand("laser-volley").energy(5).drones("scout-drone"))
                        .b(x -> x.hand("point-defense").energy(1))
                        .game()
                        .act(VoidexaIntents.play(A, "a1"));
        assertThat(withDrone.events()).endsWith(new ResponseWindowOpened(B, A, VOLLEY));
    }
}
