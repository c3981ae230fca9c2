package io.duelhall.domain.voidexa;

import static io.duelhall.domain.Refusal.Category.CONFLICT;
import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static io.duelhall.domain.voidexa.Refusals.refused;
import static io.duelhall.domain.voidexa.Scenario.all;
import static io.duelhall.domain.voidexa.Scenario.types;
import static io.duelhall.domain.voidexa.cards.Subsystem.ENGINES;
import static io.duelhall.domain.voidexa.cards.Subsystem.HULL;
import static io.duelhall.domain.voidexa.cards.Subsystem.LIFE_SUPPORT;
import static io.duelhall.domain.voidexa.cards.Subsystem.REACTOR;
import static io.duelhall.domain.voidexa.cards.Subsystem.SHIELD;
import static io.duelhall.domain.voidexa.cards.Subsystem.WEAPONS;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Decision;
import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Viewer;
import io.duelhall.domain.voidexa.VoidexaEvent.*;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** How a match ends. */
class WinRulesTest {

    private static MatchEnded ended(
            Seat winner, String reason, List<Seat> losers, Seat by, Fixtures.Game g) {
        return new MatchEnded(winner, reason, losers, by, g.state.serverSeed());
    }

    private static void assertOver(Fixtures.Game g, Seat winner, String reason) {
        assertThat(g.state.status()).isEqualTo(MatchStatus.ENDED);
        assertThat(g.state.phase()).isEqualTo(Phase.OVER);
        assertThat(g.state.result()).isEqualTo(new Result(winner, reason));
        assertThat(VoidexaMoves.toAct(g.state)).isNull();
    }

    // ---- V-WIN-1 ----

    @Test
    @DisplayName(
            "V-WIN-1 Hull 0 ends the match at once; the other player wins and the server seed is revealed")
    void hullZero() {
        Fixtures.Game g =
                Scenario.live()
                        .a(x -> x.hand("pulse-tap").energy(5))
                        .b(x -> x.set(HULL, 5).set(SHIELD, 0))
                        .game();
        assertThat(g.act(VoidexaIntents.play(A, "a1")).events())
                .endsWith(
                        new DamageRouted(
                                B,
                                A,
                                "CARD",
                                6,
                                false,
                                0,
                                Map.of(HULL, 5),
                                Map.of(SHIELD, 0, HULL, 0)),
                        ended(A, "HULL_DESTROYED", List.of(B), A, g));
        assertThat(g.state.serverSeed())
                .isEqualTo(io.duelhall.domain.rng.Sha256.hex(Fixtures.seed(99)));
        assertOver(g, A, "HULL_DESTROYED");
    }

    @Test
    @DisplayName("V-WIN-1 Reactor 0 ends the match at once (Reactor Death)")
    void reactorZero() {
        Fixtures.Game g =
                Scenario.live()
                        .a(x -> x.hand("reactor-strike").energy(5))
                        .b(x -> x.set(REACTOR, 5))
                        .game();
        assertThat(g.act(VoidexaIntents.play(A, "a1")).events())
                .endsWith(
                        new DamageRouted(
                                B, A, "CARD", 5, true, 0, Map.of(REACTOR, 5), Map.of(REACTOR, 0)),
                        ended(A, "REACTOR_DESTROYED", List.of(B), A, g));
        assertOver(g, A, "REACTOR_DESTROYED");
    }

    @Test
    @DisplayName("V-WIN-1 a player whose own Heat damage takes its Hull to 0 loses")
    void selfDestruction() {
        Fixtures.Game g = Scenario.live().a(x -> x.set(HULL, 1).set(SHIELD, 0).heat(9)).game();
        assertThat(g.act(VoidexaIntents.endTurn(A)).events())
                .containsExactly(
                        new EndOfTurnBegan(A, 1),
                        new DamageRouted(
                                A,
                                A,
                                "HEAT",
                                2,
                                false,
                                0,
                                Map.of(HULL, 1),
                                Map.of(SHIELD, 0, HULL, 0)),
                        ended(B, "HULL_DESTROYED", List.of(A), A, g));
        assertOver(g, B, "HULL_DESTROYED");
    }

    // ---- V-WIN-2 ----

    @Test
    @DisplayName("V-WIN-2 Life Support 0 at the start of a third consecutive own turn loses")
    void lifeSupportThirdTurn() {
        Fixtures.Game g =
                Scenario.live().b(x -> x.set(LIFE_SUPPORT, 0).lifeSupportZeroTurns(2)).game();
        assertThat(g.act(VoidexaIntents.endTurn(A)).events())
                .endsWith(
                        new TurnStarted(B, 2),
                        new LifeSupportCounted(B, 3),
                        ended(A, "LIFE_SUPPORT_FAILED", List.of(B), B, g));
        assertOver(g, A, "LIFE_SUPPORT_FAILED");
    }

    @Test
    @DisplayName("V-WIN-2 the counter counts own turn starts only, and the view shows it")
    void lifeSupportCounterShown() {
        Fixtures.Game g =
                Scenario.live()
                        .a(x -> x.set(LIFE_SUPPORT, 0))
                        .b(x -> x.set(LIFE_SUPPORT, 0))
                        .game();
        List<MatchEvent> ev = g.act(VoidexaIntents.endTurn(A)).events();
        assertThat(all(ev, LifeSupportCounted.class)).containsExactly(new LifeSupportCounted(B, 1));
        assertThat(g.state.status()).isEqualTo(MatchStatus.LIVE);
        VoidexaView view = Fixtures.RULES.view(g.state, Viewer.SPECTATOR, 1);
        assertThat(view.seats().get(B).lifeSupportZeroTurns()).isEqualTo(1);
        assertThat(view.seats().get(A).lifeSupportZeroTurns()).isZero();
    }

    @Test
    @DisplayName("V-WIN-2 the count restarts when an own turn starts with Life Support above 0")
    void lifeSupportCounterResets() {
        Fixtures.Game g =
                Scenario.live().b(x -> x.set(LIFE_SUPPORT, 5).lifeSupportZeroTurns(2)).game();
        assertThat(all(g.act(VoidexaIntents.endTurn(A)).events(), LifeSupportCounted.class))
                .containsExactly(new LifeSupportCounted(B, 0));
        assertThat(g.ship(B).lifeSupportZeroTurns()).isZero();
    }

    // ---- V-WIN-3 ----

    @Test
    @DisplayName("V-WIN-3 a player may concede in its own turn: a loss")
    void concedeOwnTurn() {
        Fixtures.Game g = Scenario.live().game();
        assertThat(g.act(Intent.concede(A)).events())
                .containsExactly(ended(B, "CONCEDED", List.of(A), A, g));
        assertOver(g, B, "CONCEDED");
    }

    @Test
    @DisplayName(
            "V-WIN-3 a player may concede in the opponent's turn, even during a response window or a discard")
    void concedeAnyTime() {
        Fixtures.Game main = Scenario.live().game();
        assertThat(main.act(Intent.concede(B)).events())
                .containsExactly(ended(A, "CONCEDED", List.of(B), B, main));

        Fixtures.Game window =
                Scenario.live()
                        .a(x -> x.hand("pulse-tap").energy(5))
                        .b(x -> x.hand("emergency-shunt").energy(1))
                        .game();
        window.act(VoidexaIntents.play(A, "a1"));
        assertThat(window.state.phase()).isEqualTo(Phase.RESPONSE);
        assertThat(window.act(Intent.concede(A)).events())
                .containsExactly(ended(B, "CONCEDED", List.of(A), A, window));

        Fixtures.Game discard = Scenario.live().a(x -> x.handOf(11, "hull-patch")).game();
        discard.act(VoidexaIntents.endTurn(A));
        assertThat(discard.state.phase()).isEqualTo(Phase.DISCARD);
        assertThat(discard.act(Intent.concede(B)).events())
                .containsExactly(ended(A, "CONCEDED", List.of(B), B, discard));
    }

    // ---- V-WIN-4 ----

    @Test
    @DisplayName(
            "V-WIN-4 both ships down in one resolution: the player who triggered the lethal effect loses")
    void triggererLoses() {
        // Only a test card damages both ships in one resolution without being Unbound; see
        // TestCards.
        Fixtures.Game g =
                Scenario.live(TestCards.RULES)
                        .a(x -> x.hand("test-mutual-strike").energy(5).set(HULL, 5))
                        .b(x -> x.set(HULL, 5))
                        .game();
        assertThat(g.act(VoidexaIntents.play(A, "a1")).events())
                .endsWith(
                        new DamageRouted(
                                A, A, "CARD", 5, true, 0, Map.of(HULL, 5), Map.of(HULL, 0)),
                        new DamageRouted(
                                B, A, "CARD", 5, true, 0, Map.of(HULL, 5), Map.of(HULL, 0)),
                        ended(B, "HULL_DESTROYED", List.of(A), A, g));
        assertThat(g.ship(A).value(HULL)).isZero();
        assertThat(g.ship(B).value(HULL)).as("both were hit before the check").isZero();
        assertOver(g, B, "HULL_DESTROYED");
    }

    @Test
    @DisplayName(
            "V-WIN-4 Event Horizon (Unbound mythic field) downs both ships: both lose, winner null, BOTH_LOST")
    void eventHorizonBothLose() {
        Fixtures.Game g =
                Scenario.live()
                        .turn(2, B, Phase.MAIN)
                        .a(x -> x.field("event-horizon").set(HULL, 3))
                        .b(x -> x.set(HULL, 3))
                        .game();
        List<MatchEvent> ev = g.act(VoidexaIntents.endTurn(B)).events();
        assertThat(ev)
                .endsWith(
                        new AbilityTriggered(A, "a1", "event-horizon", "START_OF_TURN"),
                        new DamageRouted(
                                A, null, "CARD", 3, true, 0, Map.of(HULL, 3), Map.of(HULL, 0)),
                        new DamageRouted(
                                B, null, "CARD", 3, true, 0, Map.of(HULL, 3), Map.of(HULL, 0)),
                        ended(null, "BOTH_LOST", List.of(A, B), null, g));
        assertOver(g, null, "BOTH_LOST");
        assertThat(Fixtures.RULES.view(g.state, Viewer.SPECTATOR, 1).result())
                .isEqualTo(new VoidexaView.ResultView(null, "BOTH_LOST"));
    }

    @Test
    @DisplayName("V-WIN-4 Event Horizon downing one ship: the other wins, with no one to blame")
    void eventHorizonOneDown() {
        Fixtures.Game g =
                Scenario.live()
                        .turn(2, B, Phase.MAIN)
                        .a(x -> x.set(HULL, 20))
                        .b(x -> x.field("event-horizon").set(HULL, 3))
                        .game();
        assertThat(g.act(VoidexaIntents.endTurn(B)).events())
                .endsWith(
                        new DamageRouted(
                                A, null, "CARD", 3, true, 0, Map.of(HULL, 3), Map.of(HULL, 17)),
                        new DamageRouted(
                                B, null, "CARD", 3, true, 0, Map.of(HULL, 3), Map.of(HULL, 0)),
                        ended(A, "HULL_DESTROYED", List.of(B), null, g));
    }

    // ---- V-WIN-5 ----

    @Test
    @DisplayName(
            "V-WIN-5 the match ends at the first lethal event: Cascade's later blocks are not applied, the card stays unresolved")
    void nothingAfterTheEnd() {
        Fixtures.Game g =
                Scenario.live()
                        .a(x -> x.hand("cascade-missiles").energy(5))
                        .b(x -> x.set(HULL, 5).set(SHIELD, 0))
                        .game();
        Decision d = g.act(VoidexaIntents.play(A, "a1"));
        assertThat(types(d.events()))
                .containsExactly(
                        "CardPlayed", "EnergySpent", "HeatPending", "DamageRouted", "MatchEnded");
        Ship b = g.ship(B);
        assertThat(b.value(WEAPONS)).isEqualTo(30);
        assertThat(b.value(ENGINES)).isEqualTo(35);
        assertThat(g.ship(A).discard()).as("the card never reached the discard").isEmpty();
        assertThat(g.state.pending())
                .as("the unresolved card stays on the table, not lost")
                .isEqualTo(
                        new PendingPlay(
                                A,
                                new CardRef("a1", "cascade-missiles"),
                                List.of(VoidexaIntents.ship(B))));
    }

    @Test
    @DisplayName(
            "V-WIN-5 a Splash card that kills with its first target does not touch the next one")
    void splashStopsAtTheKill() {
        Fixtures.Game g =
                Scenario.live()
                        .a(x -> x.hand("scatter-shot").energy(5))
                        .b(x -> x.set(HULL, 4).set(SHIELD, 0).drones("scout-drone"))
                        .game();
        Decision d =
                g.act(
                        VoidexaIntents.play(
                                A, "a1", VoidexaIntents.ship(B), VoidexaIntents.drone(B, "b1")));
        assertThat(all(d.events(), DroneDamaged.class)).isEmpty();
        assertThat(g.ship(B).drone("b1").hull()).isEqualTo(3);
        assertThat(d.events().get(d.events().size() - 1)).isInstanceOf(MatchEnded.class);
    }

    @Test
    @DisplayName(
            "V-WIN-5 death by fatigue at the start of turn: no abilities, no main phase, no drone attacks follow")
    void fatigueDeathStopsTheTurn() {
        Fixtures.Game g =
                Scenario.live()
                        .b(
                                x ->
                                        x.deck()
                                                .set(HULL, 1)
                                                .set(SHIELD, 0)
                                                .drones("strike-drone")
                                                .inPlay("field-medic-ai"))
                        .game();
        List<MatchEvent> ev = g.act(VoidexaIntents.endTurn(A)).events();
        assertThat(ev)
                .endsWith(
                        new FatigueApplied(B, 1, 9),
                        new DamageRouted(
                                B,
                                B,
                                "FATIGUE",
                                3,
                                false,
                                2,
                                Map.of(HULL, 1),
                                Map.of(SHIELD, 0, HULL, 0)),
                        ended(A, "HULL_DESTROYED", List.of(B), B, g));
        assertThat(types(ev))
                .doesNotContain("AbilityTriggered", "MainPhaseStarted", "DroneAttacked");
    }

    @Test
    @DisplayName("V-WIN-5 after the end every intent is refused MATCH_OVER, and no seat can join")
    void everythingRefusedAfterTheEnd() {
        Fixtures.Game g = Scenario.live().a(x -> x.hand("pulse-tap").energy(5)).game();
        g.act(Intent.concede(B));
        VoidexaState over = g.state;
        for (Intent i :
                List.of(
                        VoidexaIntents.endTurn(A),
                        VoidexaIntents.play(A, "a1"),
                        Intent.concede(A),
                        Intent.concede(B),
                        VoidexaIntents.pass(B),
                        VoidexaIntents.discardDown(A, List.of("a1")),
                        VoidexaIntents.activate(A, "a1", 0))) {
            refused(over, i, CONFLICT, "MATCH_OVER", "V-WIN-5");
        }
        Decision join = Fixtures.RULES.join(over, Fixtures.join("Cy", Fixtures.deck(0), "c"));
        assertThat(join.refusal().code()).isEqualTo("MATCH_OVER");
        assertThat(join.refusal().category()).isEqualTo(CONFLICT);
    }
}
