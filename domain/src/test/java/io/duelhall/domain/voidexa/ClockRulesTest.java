package io.duelhall.domain.voidexa;

import static io.duelhall.domain.Refusal.Category.CONFLICT;
import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static io.duelhall.domain.voidexa.Refusals.refused;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.ClockNeed;
import io.duelhall.domain.Decision;
import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.voidexa.VoidexaEvent.*;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * What the server does for a seat whose clock ran out (D-CLOCK-1..3): recorded as events, replayed
 * like any intent.
 */
class ClockRulesTest {

    @Test
    @DisplayName(
            "D-CLOCK-1 a turn timeout is recorded, counted, and ends the turn as END_TURN would")
    void turnTimeoutEndsTheTurn() {
        Fixtures.Game g = Scenario.live().a(x -> x.hand("pulse-tap").energy(5)).game();
        Decision d = g.act(Intent.timeout(A));
        assertThat(d.events().get(0)).isEqualTo(new TurnTimedOut(A, "TURN", 1, 1));
        assertThat(d.events())
                .contains(new EndOfTurnBegan(A, 1), new TurnEnded(A, 1), new TurnStarted(B, 2));
        assertThat(g.ship(A).timeouts()).isEqualTo(1);
        assertThat(g.state.active()).isEqualTo(B);
    }

    @Test
    @DisplayName(
            "D-CLOCK-1 the third turn timeout of a seat loses the match with reason TIMEOUT (engine 1.1.0; from 1.2.0 in rated matches, D-CLOCK-5)")
    void thirdTurnTimeoutLoses() {
        Fixtures.Game g = Scenario.live(Fixtures.RULES_1_1).game();
        for (int i = 0; i < 2; i++) {
            g.act(Intent.timeout(A));
            g.act(VoidexaIntents.endTurn(B));
        }
        Decision d = g.act(Intent.timeout(A));
        assertThat(d.events())
                .containsExactly(
                        new TurnTimedOut(A, "TURN", 5, 3),
                        new MatchEnded(B, "TIMEOUT", List.of(A), A, g.state.serverSeed()));
        assertThat(g.state.status()).isEqualTo(MatchStatus.ENDED);
    }

    @Test
    @DisplayName(
            "D-CLOCK-2 a response timeout passes the window and the card resolves; it does not count as a turn timeout")
    void responseTimeoutPasses() {
        Fixtures.Game g =
                Scenario.live()
                        .a(x -> x.hand("laser-volley").energy(5))
                        .b(x -> x.hand("emergency-shunt").energy(1))
                        .game();
        g.act(VoidexaIntents.play(A, "a1"));
        assertThat(g.state.phase()).isEqualTo(Phase.RESPONSE);
        assertThat(Fixtures.RULES.clockNeed(g.state))
                .isEqualTo(new ClockNeed(B, ClockNeed.Kind.RESPONSE, 1));
        Decision d = g.act(Intent.timeout(B));
        assertThat(d.events().subList(0, 2))
                .containsExactly(
                        new TurnTimedOut(B, "RESPONSE", 1, 0), new ResponseWindowClosed(B, false));
        assertThat(d.events())
                .contains(new CardDiscarded(A, new CardRef("a1", "laser-volley"), "PLAY"));
        assertThat(g.ship(B).timeouts()).isZero();
        assertThat(g.state.phase()).isEqualTo(Phase.MAIN);
    }

    @Test
    @DisplayName(
            "D-CLOCK-3 a discard timeout discards the surplus from the end of the hand, newest first, then the turn passes")
    void discardTimeoutDiscardsNewestFirst() {
        Fixtures.Game g =
                Scenario.live()
                        .a(
                                x ->
                                        x.hand(
                                                "pulse-tap",
                                                "pulse-tap",
                                                "pulse-tap",
                                                "pulse-tap",
                                                "pulse-tap",
                                                "pulse-tap",
                                                "pulse-tap",
                                                "pulse-tap",
                                                "pulse-tap",
                                                "quick-shield",
                                                "coolant-burst",
                                                "hull-patch"))
                        .game();
        g.act(VoidexaIntents.endTurn(A));
        assertThat(g.state.phase()).isEqualTo(Phase.DISCARD);
        assertThat(Fixtures.RULES.clockNeed(g.state))
                .isEqualTo(new ClockNeed(A, ClockNeed.Kind.DISCARD, 1));
        Decision d = g.act(Intent.timeout(A));
        assertThat(d.events().subList(0, 3))
                .containsExactly(
                        new TurnTimedOut(A, "DISCARD", 1, 0),
                        new CardDiscarded(A, new CardRef("a12", "hull-patch"), "HAND"),
                        new CardDiscarded(A, new CardRef("a11", "coolant-burst"), "HAND"));
        assertThat(g.state.active()).isEqualTo(B);
    }

    @Test
    @DisplayName(
            "D-CLOCK-3 a turn timeout that leaves the hand over its limit discards by the same rule at once")
    void turnTimeoutDiscardsAtOnce() {
        Fixtures.Game g =
                Scenario.live()
                        .a(
                                x ->
                                        x.hand(
                                                "pulse-tap",
                                                "pulse-tap",
                                                "pulse-tap",
                                                "pulse-tap",
                                                "pulse-tap",
                                                "pulse-tap",
                                                "pulse-tap",
                                                "pulse-tap",
                                                "pulse-tap",
                                                "quick-shield",
                                                "coolant-burst"))
                        .game();
        Decision d = g.act(Intent.timeout(A));
        assertThat(d.events())
                .contains(
                        new DiscardRequired(A, 1),
                        new CardDiscarded(A, new CardRef("a11", "coolant-burst"), "HAND"));
        assertThat(g.state.active()).isEqualTo(B);
        assertThat(g.ship(A).hand()).hasSize(10);
    }

    @Test
    @DisplayName(
            "D-CLOCK-1 a clock of a seat that owes no decision is stale: a conflict that changes nothing")
    void staleClockIsRefused() {
        Fixtures.Game g = Scenario.live().game();
        refused(g.state, Intent.timeout(B), CONFLICT, "NO_CLOCK_RUNNING", "D-CLOCK-1");
        assertThat(Fixtures.RULES.clockNeed(g.state))
                .isEqualTo(new ClockNeed(A, ClockNeed.Kind.TURN, 1));
    }
}
