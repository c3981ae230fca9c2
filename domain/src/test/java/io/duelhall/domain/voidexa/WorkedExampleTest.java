package io.duelhall.domain.voidexa;

import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static io.duelhall.domain.voidexa.cards.Subsystem.ENGINES;
import static io.duelhall.domain.voidexa.cards.Subsystem.HULL;
import static io.duelhall.domain.voidexa.cards.Subsystem.SHIELD;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Decision;
import io.duelhall.domain.voidexa.VoidexaEvent.*;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The seed's section 11, "the complete turn", number for number. The player is seat A, the opponent
 * seat B; the engine counts every seat's turn (D-SETUP-4), so the player's "turn 3" follows the
 * opponent's turn 2.
 *
 * <p>Choices the example leaves open: the player is an Engineer with Vanguard Core (neither acts at
 * Heat 3 and Hull 55) with Tactical AI installed; the other cards in hand cost 2 or more, so with 1
 * energy left nothing else is affordable. The opponent's "Weapon dealing 8 damage" is a Gunner's
 * Pulse Tap with Targeting Computer installed: 6 + 1 + 1.
 *
 * <p>Where the seed's own numbers disagree with its rules, the rules win:
 *
 * <ul>
 *   <li>Hand check: the seed says 8 cards. Drawing to 8, playing 3 and drawing 1 with Strafe Burn
 *       leaves 6 (D-DOC-1).
 *   <li>"Opponent Hull 44 (took 6 from Pulse Tap)": the seed itself routes Pulse Tap into the
 *       Shield (30 → 24), so the opponent's Hull stays 50 (V-DMG-1).
 *   <li>"Opponent Shield 24" entering the next turn: the opponent's own start of turn regenerates 2
 *       Shield (V-START-1), so it is 26 once the opponent acts.
 * </ul>
 */
class WorkedExampleTest {

    @Test
    @DisplayName("section 11: turn 3 of the seed's worked example, number for number")
    void turnThree() {
        List<String> deck = new ArrayList<>(List.of("deflector-surge", "rail-lance"));
        deck.addAll(Collections.nCopies(47, "hull-patch"));
        Fixtures.Game g =
                Scenario.live()
                        .turn(2, B, Phase.MAIN)
                        .a(
                                x ->
                                        x.pilot("engineer")
                                                .core("vanguard-core")
                                                .set(HULL, 55)
                                                .set(SHIELD, 38)
                                                .heat(4)
                                                .energy(0)
                                                .inPlay("tactical-ai") // a1
                                                .hand(
                                                        "pulse-tap",
                                                        "quick-shield",
                                                        "strafe-burn",
                                                        "laser-volley",
                                                        "ion-torpedo",
                                                        "hull-patch") // a2..a7
                                                .deck(deck.toArray(String[]::new))) // a8..a56
                        .b(
                                x ->
                                        x.pilot("gunner")
                                                .core("vanguard-core")
                                                .set(HULL, 50)
                                                .set(SHIELD, 30)
                                                .inPlay("targeting-computer") // b1
                                                .hand("pulse-tap")) // b2
                        .game();
        assertThat(g.ship(A).hand()).hasSize(6);
        assertThat(g.ship(A).deck()).hasSize(49);

        // The opponent ends turn 2. Phase 1 (start of turn) and phase 2 (effects) of the player's
        // turn 3.
        Decision start = g.act(VoidexaIntents.endTurn(B));
        assertThat(start.events())
                .containsExactly(
                        new EndOfTurnBegan(B, 2),
                        new TurnEnded(B, 2),
                        new TurnStarted(A, 3),
                        new HeatDecreased(A, 1, 3, "START_OF_TURN"), // Heat 4 → 3
                        new ShieldRegenerated(A, 2, 40), // Shield 38 → 40
                        new EnergyRefilled(A, 5, 5), // Energy 0 → 5
                        new CardDrawn(A, new CardRef("a8", "deflector-surge"), 7, 48), // hand 7
                        new AbilityTriggered(A, "a1", "tactical-ai", "START_OF_TURN"),
                        new CardDrawn(
                                A,
                                new CardRef("a9", "rail-lance"),
                                8,
                                47), // hand 7 < 8: draw, hand 8
                        new MainPhaseStarted(A));

        // Phase 3, play 1: Pulse Tap, 6 damage, opponent Shield 30 → 24.
        CardRef tap = new CardRef("a2", "pulse-tap");
        assertThat(g.act(VoidexaIntents.play(A, "a2", VoidexaIntents.ship(B))).events())
                .containsExactly(
                        new CardPlayed(
                                A, tap, "WEAPON", List.of(VoidexaIntents.ship(B)), 1, 1, 1, false),
                        new EnergySpent(A, 1, 4),
                        new HeatPending(A, 1, 1),
                        new DamageRouted(B, A, "CARD", 6, false, 6, Map.of(), Map.of(SHIELD, 24)),
                        new CardDiscarded(A, tap, "PLAY"));

        // Play 2: Quick Shield at a full Shield: paid for, no effect.
        CardRef quick = new CardRef("a3", "quick-shield");
        assertThat(g.act(VoidexaIntents.play(A, "a3")).events())
                .containsExactly(
                        new CardPlayed(A, quick, "DEFENSE", List.of(), 1, 1, 0, false),
                        new EnergySpent(A, 1, 3),
                        new CardDiscarded(A, quick, "PLAY"));
        assertThat(g.ship(A).value(SHIELD)).isEqualTo(40);

        // Play 3: Strafe Burn, enemy Engines 35 → 31, draw 1.
        CardRef strafe = new CardRef("a4", "strafe-burn");
        assertThat(g.act(VoidexaIntents.play(A, "a4")).events())
                .containsExactly(
                        new CardPlayed(A, strafe, "MANEUVER", List.of(), 2, 2, 0, false),
                        new EnergySpent(A, 2, 1),
                        new DamageRouted(
                                B, A, "CARD", 4, true, 0, Map.of(ENGINES, 4), Map.of(ENGINES, 31)),
                        new CardDrawn(A, new CardRef("a10", "hull-patch"), 6, 46),
                        new CardDiscarded(A, strafe, "PLAY"));

        // Energy 5 − 1 − 1 − 2 = 1: more cards in hand, none affordable; only ending the turn is
        // left.
        assertThat(g.ship(A).energy()).isEqualTo(1);
        assertThat(new VoidexaMoves(Fixtures.CATALOG).legal(g.state, A))
                .containsExactly(VoidexaIntents.endTurn(A));

        // Phase 4: Heat 3 + 1 = 4, no penalty, hand check passes (6 cards, not the seed's 8), pass.
        Decision end = g.act(VoidexaIntents.endTurn(A));
        assertThat(end.events())
                .startsWith(
                        new EndOfTurnBegan(A, 3),
                        new HeatApplied(A, 1, 4),
                        new TurnEnded(A, 3),
                        new TurnStarted(B, 4));
        assertThat(Scenario.all(end.events(), DamageRouted.class)).isEmpty();
        assertThat(g.ship(A).heat()).isEqualTo(4);
        assertThat(g.ship(A).hand()).hasSize(6);

        // Phase 5: the opponent's weapon deals 8; the player's Shield 40 → 32, Hull unchanged.
        assertThat(
                        Scenario.one(
                                g.act(VoidexaIntents.play(B, "b2", VoidexaIntents.ship(A)))
                                        .events(),
                                DamageRouted.class))
                .isEqualTo(
                        new DamageRouted(A, B, "CARD", 8, false, 8, Map.of(), Map.of(SHIELD, 32)));
        assertThat(g.ship(A).value(HULL)).isEqualTo(55);
        assertThat(g.ship(A).value(SHIELD)).isEqualTo(32);
        Ship opponent = g.ship(B);
        assertThat(opponent.value(HULL)).isEqualTo(50);
        assertThat(opponent.value(SHIELD)).isEqualTo(26);
        assertThat(opponent.value(ENGINES)).isEqualTo(31);
    }
}
