package io.duelhall.domain.voidexa;

import static io.duelhall.domain.Refusal.Category.CONFLICT;
import static io.duelhall.domain.Refusal.Category.FORBIDDEN;
import static io.duelhall.domain.Refusal.Category.MALFORMED;
import static io.duelhall.domain.Refusal.Category.RULES;
import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static io.duelhall.domain.Seat.C;
import static io.duelhall.domain.voidexa.Refusals.refused;
import static io.duelhall.domain.voidexa.Scenario.one;
import static io.duelhall.domain.voidexa.cards.Subsystem.ENGINES;
import static io.duelhall.domain.voidexa.cards.Subsystem.SHIELD;
import static io.duelhall.domain.voidexa.cards.Subsystem.WEAPONS;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Decision;
import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.Viewer;
import io.duelhall.domain.voidexa.VoidexaEvent.AbilityActivated;
import io.duelhall.domain.voidexa.VoidexaEvent.CardDiscarded;
import io.duelhall.domain.voidexa.VoidexaEvent.CardPlayed;
import io.duelhall.domain.voidexa.VoidexaEvent.DamageRouted;
import io.duelhall.domain.voidexa.VoidexaEvent.DroneDeployed;
import io.duelhall.domain.voidexa.VoidexaEvent.EnergySpent;
import io.duelhall.domain.voidexa.VoidexaEvent.FieldActivated;
import io.duelhall.domain.voidexa.VoidexaEvent.FieldDestroyed;
import io.duelhall.domain.voidexa.VoidexaEvent.HeatPending;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Playing a card: the check order, the cost, subsystems, what success does, drone and field zones.
 */
class PlayRulesTest {

    // ---- V-PLAY-1: the order of the checks; the first failure is the answer ----

    @Test
    @DisplayName(
            "V-PLAY-1 phase beats everything: the seat not in its main phase is refused NOT_YOUR_TURN")
    void phaseIsCheckedFirst() {
        // B is not active, holds nothing, has no energy and names a bad target: only the phase is
        // reported.
        VoidexaState s = Scenario.live().b(x -> x.set(WEAPONS, 0)).build();
        refused(
                s,
                VoidexaIntents.play(B, "no-such-card", VoidexaIntents.ship(B)),
                FORBIDDEN,
                "NOT_YOUR_TURN",
                "V-PLAY-1");
    }

    @Test
    @DisplayName(
            "V-PLAY-1 card not in hand beats energy: another seat's card is CARD_NOT_IN_HAND even with 0 energy")
    void handBeatsEnergy() {
        VoidexaState s =
                Scenario.live()
                        .a(x -> x.hand("pulse-tap").energy(0))
                        .b(x -> x.hand("pulse-tap"))
                        .build();
        refused(
                s,
                VoidexaIntents.play(A, "b1", VoidexaIntents.ship(A)),
                RULES,
                "CARD_NOT_IN_HAND",
                "V-PLAY-1");
    }

    @Test
    @DisplayName("V-PLAY-1 an unaffordable card with a bad target reports NOT_ENOUGH_ENERGY")
    void energyBeatsTargets() {
        VoidexaState s = Scenario.live().a(x -> x.hand("pulse-tap").energy(0)).build();
        refused(
                s,
                VoidexaIntents.play(A, "a1", VoidexaIntents.ship(A)),
                RULES,
                "NOT_ENOUGH_ENERGY",
                "V-PLAY-2");
    }

    @Test
    @DisplayName(
            "V-PLAY-1 energy beats the subsystem check: Weapons 0 and no energy reports NOT_ENOUGH_ENERGY")
    void energyBeatsSubsystem() {
        VoidexaState s =
                Scenario.live().a(x -> x.hand("pulse-tap").energy(0).set(WEAPONS, 0)).build();
        refused(s, VoidexaIntents.play(A, "a1"), RULES, "NOT_ENOUGH_ENERGY", "V-PLAY-2");
    }

    @Test
    @DisplayName(
            "V-PLAY-1 the subsystem check beats targets: Weapons 0 and a bad target reports SUBSYSTEM_OFFLINE")
    void subsystemBeatsTargets() {
        VoidexaState s =
                Scenario.live().a(x -> x.hand("pulse-tap").energy(5).set(WEAPONS, 0)).build();
        refused(
                s,
                VoidexaIntents.play(A, "a1", VoidexaIntents.ship(A)),
                RULES,
                "SUBSYSTEM_OFFLINE",
                "V-PLAY-3");
    }

    @Test
    @DisplayName(
            "V-PLAY-1 targets beat zone limits: a sixth drone with a target reports INVALID_TARGET, not ZONE_FULL")
    void targetsBeatZoneLimits() {
        VoidexaState s =
                Scenario.live()
                        .a(
                                x ->
                                        x.hand("scout-drone")
                                                .energy(5)
                                                .drones(
                                                        "scout-drone",
                                                        "scout-drone",
                                                        "scout-drone",
                                                        "scout-drone",
                                                        "scout-drone"))
                        .build();
        refused(
                s,
                VoidexaIntents.play(A, "a1", VoidexaIntents.ship(B)),
                RULES,
                "INVALID_TARGET",
                "V-PLAY-1");
    }

    @Test
    @DisplayName(
            "V-PLAY-1 nothing is changed by a refused play: no events, an equal state, and the same play still works after")
    void refusalChangesNothing() {
        Scenario scenario = Scenario.live().a(x -> x.hand("pulse-tap").energy(1).heat(2));
        VoidexaState s = scenario.build();
        Decision bad =
                Fixtures.RULES.decide(s, VoidexaIntents.play(A, "a1", VoidexaIntents.ship(A)));
        assertThat(bad.accepted()).isFalse();
        assertThat(bad.events()).isEmpty();
        assertThat(s).isEqualTo(scenario.build());
        assertThat(Fixtures.RULES.decide(s, VoidexaIntents.play(A, "a1")).events())
                .isEqualTo(
                        Fixtures.RULES
                                .decide(scenario.build(), VoidexaIntents.play(A, "a1"))
                                .events())
                .isNotEmpty();
    }

    @Test
    @DisplayName("V-PLAY-1 a target of the wrong seat or a drone not in play is INVALID_TARGET")
    void invalidTargets() {
        VoidexaState s =
                Scenario.live()
                        .a(x -> x.hand("pulse-tap", "rail-lance", "sabotage-run").energy(5))
                        .build();
        refused(
                s,
                VoidexaIntents.play(A, "a1", VoidexaIntents.drone(B, "b99")),
                RULES,
                "INVALID_TARGET",
                "V-PLAY-1");
        refused(
                s,
                VoidexaIntents.play(A, "a2"),
                RULES,
                "INVALID_TARGET",
                "V-PLAY-1"); // Rail Lance needs a subsystem
        refused(
                s,
                VoidexaIntents.play(A, "a2", VoidexaIntents.subsystem(B, "WARP_DRIVE")),
                RULES,
                "INVALID_TARGET",
                "V-PLAY-1");
        refused(
                s,
                VoidexaIntents.play(A, "a3", VoidexaIntents.card(B, "b1")),
                RULES,
                "INVALID_TARGET",
                "V-PLAY-1"); // B has nothing in play
    }

    @Test
    @DisplayName(
            "V-PLAY-1 a Reactive card cannot be played in its owner's main phase (REACTIVE_ONLY)")
    void reactiveNotInOwnMainPhase() {
        VoidexaState s = Scenario.live().a(x -> x.hand("emergency-shunt").energy(5)).build();
        refused(s, VoidexaIntents.play(A, "a1"), RULES, "REACTIVE_ONLY", "V-REACT-1");
    }

    // ---- V-PLAY-2: total cost ----

    @Test
    @DisplayName("V-PLAY-2 at Heat 6 a card costs its printed cost + 1")
    void heatPenaltyAtSix() {
        Fixtures.Game g = Scenario.live().a(x -> x.hand("pulse-tap").energy(5).heat(6)).game();
        Decision d = g.act(VoidexaIntents.play(A, "a1"));
        CardPlayed p = one(d.events(), CardPlayed.class);
        assertThat(p.printedCost()).isEqualTo(1);
        assertThat(p.totalCost()).isEqualTo(2);
        assertThat(one(d.events(), EnergySpent.class)).isEqualTo(new EnergySpent(A, 2, 3));
        assertThat(g.ship(A).energy()).isEqualTo(3);
    }

    @Test
    @DisplayName("V-PLAY-2 at Heat 5 there is no penalty, and at Heat 10 the penalty is still +1")
    void heatPenaltyBoundaries() {
        for (int[] heatAndCost : new int[][] {{0, 1}, {5, 1}, {6, 2}, {9, 2}, {10, 2}}) {
            VoidexaState s =
                    Scenario.live()
                            .a(x -> x.hand("pulse-tap").energy(5).heat(heatAndCost[0]))
                            .build();
            CardPlayed p =
                    one(
                            Fixtures.RULES.decide(s, VoidexaIntents.play(A, "a1")).events(),
                            CardPlayed.class);
            assertThat(p.totalCost())
                    .as("cost at Heat %d", heatAndCost[0])
                    .isEqualTo(heatAndCost[1]);
        }
    }

    @Test
    @DisplayName(
            "V-PLAY-2 the Heat penalty reads current Heat, not pending Heat (Heat 5 + 5 pending costs printed)")
    void penaltyReadsCurrentHeat() {
        Fixtures.Game g =
                Scenario.live().a(x -> x.hand("pulse-tap").energy(1).heat(5).pendingHeat(5)).game();
        CardPlayed p = one(g.act(VoidexaIntents.play(A, "a1")).events(), CardPlayed.class);
        assertThat(p.totalCost()).isEqualTo(1);
        assertThat(g.ship(A).energy()).isZero();
    }

    @Test
    @DisplayName(
            "V-PLAY-2 Plasma Storm's +1 stacks with the Heat penalty (printed 1 → total 3), whoever owns the storm")
    void plasmaStormStacks() {
        VoidexaState s =
                Scenario.live()
                        .a(x -> x.hand("pulse-tap").energy(2).heat(6))
                        .b(x -> x.field("plasma-storm"))
                        .build();
        refused(s, VoidexaIntents.play(A, "a1"), RULES, "NOT_ENOUGH_ENERGY", "V-PLAY-2");
        Fixtures.Game g =
                new Fixtures.Game(
                        Scenario.live()
                                .a(x -> x.hand("pulse-tap").energy(3).heat(6))
                                .b(x -> x.field("plasma-storm"))
                                .build());
        CardPlayed p = one(g.act(VoidexaIntents.play(A, "a1")).events(), CardPlayed.class);
        assertThat(p.totalCost()).isEqualTo(3);
        assertThat(g.ship(A).energy()).isZero();
    }

    @Test
    @DisplayName("V-PLAY-2 the view shows the total cost of every card in the player's hand")
    void viewShowsTotalCost() {
        VoidexaState s =
                Scenario.live()
                        .a(
                                x ->
                                        x.hand("pulse-tap", "ion-torpedo", "reactor-boost")
                                                .energy(5)
                                                .heat(7))
                        .b(x -> x.field("plasma-storm"))
                        .build();
        List<VoidexaView.HandCard> hand =
                Fixtures.RULES.view(s, Viewer.seat(A), 1).seats().get(A).hand();
        assertThat(hand)
                .extracting(VoidexaView.HandCard::id, VoidexaView.HandCard::cost)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("a1", new VoidexaView.Cost(1, 3)),
                        org.assertj.core.groups.Tuple.tuple("a2", new VoidexaView.Cost(4, 6)),
                        org.assertj.core.groups.Tuple.tuple("a3", new VoidexaView.Cost(1, 3)));
        assertThat(hand)
                .extracting(VoidexaView.HandCard::playable)
                .containsExactly(true, false, true);
    }

    // ---- V-PLAY-3: subsystems ----

    @Test
    @DisplayName("V-PLAY-3 a Weapon cannot be played with Weapons Array 0 (SUBSYSTEM_OFFLINE)")
    void weaponNeedsWeapons() {
        VoidexaState s =
                Scenario.live().a(x -> x.hand("pulse-tap").energy(5).set(WEAPONS, 0)).build();
        refused(s, VoidexaIntents.play(A, "a1"), RULES, "SUBSYSTEM_OFFLINE", "V-PLAY-3");
        VoidexaState one =
                Scenario.live().a(x -> x.hand("pulse-tap").energy(5).set(WEAPONS, 1)).build();
        assertThat(Fixtures.RULES.decide(one, VoidexaIntents.play(A, "a1")).accepted()).isTrue();
    }

    @Test
    @DisplayName("V-PLAY-3 a Maneuver cannot be played with Engines 0 (SUBSYSTEM_OFFLINE)")
    void maneuverNeedsEngines() {
        VoidexaState s =
                Scenario.live().a(x -> x.hand("strafe-burn").energy(5).set(ENGINES, 0)).build();
        refused(s, VoidexaIntents.play(A, "a1"), RULES, "SUBSYSTEM_OFFLINE", "V-PLAY-3");
    }

    @Test
    @DisplayName("V-PLAY-3 other types ignore Weapons and Engines: a Defense plays with both at 0")
    void defenseIgnoresSubsystems() {
        Fixtures.Game g =
                Scenario.live()
                        .a(
                                x ->
                                        x.hand("deflector-surge")
                                                .energy(5)
                                                .set(WEAPONS, 0)
                                                .set(ENGINES, 0)
                                                .set(SHIELD, 10))
                        .game();
        assertThat(g.act(VoidexaIntents.play(A, "a1")).accepted()).isTrue();
        assertThat(g.ship(A).value(SHIELD)).isEqualTo(20);
    }

    // ---- V-PLAY-4: what a successful play does ----

    @Test
    @DisplayName(
            "V-PLAY-4 success: energy paid, Heat added to pending, the effect, then the discard — in that order")
    void successfulPlay() {
        Fixtures.Game g = Scenario.live().a(x -> x.hand("pulse-tap").energy(5).heat(2)).game();
        Decision d = g.act(VoidexaIntents.play(A, "a1"));
        CardRef card = new CardRef("a1", "pulse-tap");
        assertThat(d.events())
                .containsExactly(
                        new CardPlayed(
                                A, card, "WEAPON", List.of(VoidexaIntents.ship(B)), 1, 1, 1, false),
                        new EnergySpent(A, 1, 4),
                        new HeatPending(A, 1, 1),
                        new DamageRouted(B, A, "CARD", 6, false, 6, Map.of(), Map.of(SHIELD, 34)),
                        new CardDiscarded(A, card, "PLAY"));
        Ship a = g.ship(A);
        assertThat(a.heat()).as("Heat stays pending until end of turn").isEqualTo(2);
        assertThat(a.pendingHeat()).isEqualTo(1);
        assertThat(a.hand()).isEmpty();
        assertThat(a.discard()).containsExactly(card);
        assertThat(g.ship(B).value(SHIELD)).isEqualTo(34);
    }

    @ParameterizedTest(name = "{0} goes to {1}")
    @CsvSource({
        "pulse-tap, DISCARD", "quick-shield, DISCARD", "strafe-burn, DISCARD",
                "singularity-lance, EXILE",
        "tactical-ai, IN_PLAY", "heat-sink, IN_PLAY", "field-medic-ai, IN_PLAY",
                "scout-drone, DRONES",
        "asteroid-field, FIELD"
    })
    @DisplayName("V-PLAY-4 the card moves to its destination: discard, exile, or stays in play")
    void destination(String card, String zone) {
        Fixtures.Game g = Scenario.live().a(x -> x.hand(card).energy(10)).game();
        assertThat(g.act(VoidexaIntents.play(A, "a1")).accepted()).isTrue();
        Ship a = g.ship(A);
        List<String> where = new ArrayList<>();
        if (a.hand().stream().anyMatch(c -> c.id().equals("a1"))) {
            where.add("HAND");
        }
        if (a.discard().stream().anyMatch(c -> c.id().equals("a1"))) {
            where.add("DISCARD");
        }
        if (a.exile().stream().anyMatch(c -> c.id().equals("a1"))) {
            where.add("EXILE");
        }
        if (a.inPlay().stream().anyMatch(c -> c.id().equals("a1"))) {
            where.add("IN_PLAY");
        }
        if (a.drone("a1") != null) {
            where.add("DRONES");
        }
        if (a.field() != null && a.field().id().equals("a1")) {
            where.add("FIELD");
        }
        assertThat(where).containsExactly(zone);
        assertThat(g.state.pending()).as("nothing left waiting to resolve").isNull();
    }

    // ---- D-PLAY-5: energy above the maximum, ramp from the next refill ----

    @Test
    @DisplayName(
            "D-PLAY-5 Reactor Boost's +2 energy may go above the maximum: 5 - 1 + 2 = 6 this turn, refilled to 5 next turn")
    void reactorBoostAboveTheMaximum() {
        Fixtures.Game g = Scenario.live().a(x -> x.hand("reactor-boost").energy(5)).game();
        assertThat(g.act(VoidexaIntents.play(A, "a1")).events())
                .contains(new VoidexaEvent.EnergyGained(A, 2, 6));
        assertThat(g.ship(A).energy()).isEqualTo(6);
        assertThat(g.ship(A).maxEnergy())
                .as("the maximum shown stays Reactor tier + ramp")
                .isEqualTo(5);
        g.act(VoidexaIntents.endTurn(A));
        assertThat(
                        one(
                                g.act(VoidexaIntents.endTurn(B)).events(),
                                VoidexaEvent.EnergyRefilled.class))
                .isEqualTo(new VoidexaEvent.EnergyRefilled(A, 5, 5));
    }

    @Test
    @DisplayName(
            "D-PLAY-5 Auxiliary Power Cell raises the maximum from the next refill on, not the energy in hand")
    void auxiliaryPowerCellFromTheNextRefill() {
        Fixtures.Game g = Scenario.live().a(x -> x.hand("auxiliary-power-cell").energy(5)).game();
        g.act(VoidexaIntents.play(A, "a1"));
        assertThat(g.ship(A).energy()).as("5 − 2 paid, nothing gained now").isEqualTo(3);
        assertThat(g.ship(A).maxEnergy()).isEqualTo(6);
        g.act(VoidexaIntents.endTurn(A));
        assertThat(
                        one(
                                g.act(VoidexaIntents.endTurn(B)).events(),
                                VoidexaEvent.EnergyRefilled.class))
                .isEqualTo(new VoidexaEvent.EnergyRefilled(A, 6, 6));
    }

    @Test
    @DisplayName(
            "D-PLAY-5 Reactor damage lowers the next refill, never the energy in hand: B keeps 5 with a maximum of 4")
    void reactorDamageLowersTheRefillNotTheEnergyInHand() {
        Fixtures.Game g =
                Scenario.live()
                        .a(x -> x.hand("reactor-strike").energy(5))
                        .b(
                                x ->
                                        x.set(
                                                        io.duelhall.domain.voidexa.cards.Subsystem
                                                                .REACTOR,
                                                        22)
                                                .energy(5))
                        .game();
        g.act(VoidexaIntents.play(A, "a1"));
        assertThat(g.ship(B).value(io.duelhall.domain.voidexa.cards.Subsystem.REACTOR))
                .as("Reactor Strike: 5 (and any bonus) to the Reactor")
                .isBetween(11, 17);
        assertThat(g.ship(B).energy()).as("the energy in hand is kept").isEqualTo(5);
        assertThat(g.ship(B).maxEnergy())
                .as("the maximum shown is the next refill: tier 4 at Reactor 11-20")
                .isEqualTo(4);
        VoidexaView.SeatView seen = Fixtures.RULES.view(g.state, Viewer.EVERYONE, 0).seats().get(B);
        assertThat(seen.energy())
                .as("the view says so: value above max")
                .isEqualTo(new VoidexaView.Meter(5, 4));
        g.act(VoidexaIntents.endTurn(A));
        assertThat(g.ship(B).energy()).as("refilled to the Reactor's tier").isEqualTo(4);
    }

    // ---- D-DMG-1: weapon damage bonuses ----

    @Test
    @DisplayName(
            "D-DMG-1 the hand shows a Weapon's bonus before it is played: Reactor Strike of a Gunner, +1, hits the Reactor for 6")
    void theHandShowsTheWeaponBonus() {
        Fixtures.Game g =
                Scenario.live()
                        .a(x -> x.pilot("gunner").hand("reactor-strike", "repair-module").energy(5))
                        .game();
        List<VoidexaView.HandCard> hand =
                Fixtures.RULES.view(g.state, Viewer.seat(A), 0).seats().get(A).hand();
        assertThat(hand)
                .extracting(VoidexaView.HandCard::card, VoidexaView.HandCard::damageBonus)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("reactor-strike", 1),
                        org.assertj.core.groups.Tuple.tuple("repair-module", 0));
        int before = g.ship(B).value(io.duelhall.domain.voidexa.cards.Subsystem.REACTOR);
        g.act(VoidexaIntents.play(A, "a1"));
        assertThat(before - g.ship(B).value(io.duelhall.domain.voidexa.cards.Subsystem.REACTOR))
                .as("the printed 5 and the bonus the hand showed")
                .isEqualTo(5 + 1);
    }

    @Test
    @DisplayName(
            "D-DMG-1 Gunner and Targeting Computer add to every target of a Weapon: Scatter Shot's 4 hits each of two targets for 6")
    void weaponBonusOncePerTarget() {
        Fixtures.Game g =
                Scenario.live()
                        .a(
                                x ->
                                        x.pilot("gunner")
                                                .inPlay("targeting-computer")
                                                .hand("scatter-shot")
                                                .energy(5))
                        .b(x -> x.drones("guardian-drone"))
                        .game();
        Decision d =
                g.act(
                        VoidexaIntents.play(
                                A, "a2", VoidexaIntents.ship(B), VoidexaIntents.drone(B, "b1")));
        assertThat(Scenario.all(d.events(), DamageRouted.class))
                .containsExactly(
                        new DamageRouted(B, A, "CARD", 6, false, 6, Map.of(), Map.of(SHIELD, 34)));
        assertThat(Scenario.all(d.events(), VoidexaEvent.DroneDamaged.class))
                .containsExactly(new VoidexaEvent.DroneDamaged(B, "b1", A, 6, 2, 4, 0, 1));
    }

    @Test
    @DisplayName(
            "D-DMG-1 weapon bonuses do not apply to abilities or drones: a Gunner's Overcharge deals 3 (catalog 2026.11.1), its Scout Drone 1")
    void weaponBonusNotForAbilitiesOrDrones() {
        Fixtures.Game g =
                Scenario.live(RulesVersionsTest.OLD)
                        .a(
                                x ->
                                        x.pilot("gunner")
                                                .inPlay("overcharge-coupling", "targeting-computer")
                                                .energy(5))
                        .game();
        assertThat(one(g.act(VoidexaIntents.activate(A, "a1", 0)).events(), DamageRouted.class))
                .isEqualTo(
                        new DamageRouted(B, A, "CARD", 3, false, 3, Map.of(), Map.of(SHIELD, 37)));
        Fixtures.Game drones =
                Scenario.live()
                        .b(
                                x ->
                                        x.pilot("gunner")
                                                .inPlay("targeting-computer")
                                                .drones("scout-drone"))
                        .game();
        assertThat(drones.act(VoidexaIntents.endTurn(A)).events())
                .endsWith(
                        new VoidexaEvent.DroneAttacked(B, "b2", 1, false),
                        new DamageRouted(A, B, "DRONE", 1, false, 1, Map.of(), Map.of(SHIELD, 39)));
    }

    // ---- V-DRONE-1 ----

    @Test
    @DisplayName("V-DRONE-1 the fifth drone enters the column; a sixth is refused ZONE_FULL")
    void fiveDronesAtMost() {
        Fixtures.Game g =
                Scenario.live()
                        .a(
                                x ->
                                        x.drones(
                                                        "scout-drone",
                                                        "scout-drone",
                                                        "scout-drone",
                                                        "scout-drone")
                                                .hand("strike-drone", "scout-drone")
                                                .energy(5))
                        .game();
        Decision fifth = g.act(VoidexaIntents.play(A, "a5"));
        assertThat(one(fifth.events(), DroneDeployed.class).drone())
                .isEqualTo(new Drone("a5", "strike-drone", 4, 4, 0, 0, 2, false));
        assertThat(g.ship(A).drones()).hasSize(5);
        refused(g.state, VoidexaIntents.play(A, "a6"), RULES, "ZONE_FULL", "V-DRONE-1");
    }

    // ---- V-FIELD-1 ----

    @Test
    @DisplayName(
            "V-FIELD-1 a new field destroys the same player's previous field; the other side's field stays")
    void newFieldReplacesOwnField() {
        Fixtures.Game g =
                Scenario.live()
                        .a(x -> x.field("asteroid-field").hand("plasma-storm").energy(5))
                        .b(x -> x.field("gravity-well"))
                        .game();
        Decision d = g.act(VoidexaIntents.play(A, "a2"));
        assertThat(Scenario.types(d.events()))
                .containsExactly("CardPlayed", "EnergySpent", "FieldDestroyed", "FieldActivated");
        assertThat(one(d.events(), FieldDestroyed.class))
                .isEqualTo(new FieldDestroyed(A, new CardRef("a1", "asteroid-field")));
        assertThat(one(d.events(), FieldActivated.class))
                .isEqualTo(new FieldActivated(A, new CardRef("a2", "plasma-storm")));
        assertThat(g.ship(A).field()).isEqualTo(new CardRef("a2", "plasma-storm"));
        assertThat(g.ship(A).discard()).containsExactly(new CardRef("a1", "asteroid-field"));
        assertThat(g.ship(B).field()).isEqualTo(new CardRef("b1", "gravity-well"));
    }

    @Test
    @DisplayName("V-FIELD-1 a field affects both players: A's Plasma Storm raises B's costs too")
    void fieldAffectsBothPlayers() {
        Fixtures.Game g =
                Scenario.live()
                        .turn(2, B, Phase.MAIN)
                        .a(x -> x.field("plasma-storm"))
                        .b(x -> x.hand("pulse-tap").energy(5))
                        .game();
        assertThat(one(g.act(VoidexaIntents.play(B, "b1")).events(), CardPlayed.class).totalCost())
                .isEqualTo(2);
        assertThat(g.ship(B).energy()).isEqualTo(3);
    }

    @Test
    @DisplayName(
            "V-FIELD-1 Gravity Well forbids Maneuvers to both players, its owner included (FORBIDDEN_BY_FIELD)")
    void gravityWellForbidsManeuversToBoth() {
        VoidexaState enemyWell =
                Scenario.live()
                        .a(x -> x.hand("strafe-burn").energy(5))
                        .b(x -> x.field("gravity-well"))
                        .build();
        refused(enemyWell, VoidexaIntents.play(A, "a1"), RULES, "FORBIDDEN_BY_FIELD", "V-FIELD-1");
        VoidexaState ownWell =
                Scenario.live()
                        .a(x -> x.field("gravity-well").hand("strafe-burn").energy(5))
                        .build();
        refused(ownWell, VoidexaIntents.play(A, "a2"), RULES, "FORBIDDEN_BY_FIELD", "V-FIELD-1");
    }

    // ---- activated abilities and malformed intents: codes and categories ----

    @Test
    @DisplayName(
            "activated ability: pays energy and pending Heat, resolves, and is refused a second time this turn")
    void activatedAbility() {
        Fixtures.Game g = Scenario.live().a(x -> x.inPlay("overcharge-coupling").energy(5)).game();
        Decision d = g.act(VoidexaIntents.activate(A, "a1", 0));
        List<MatchEvent> ev = d.events();
        assertThat(ev)
                .containsExactly(
                        new AbilityActivated(
                                A,
                                new CardRef("a1", "overcharge-coupling"),
                                0,
                                "Overcharge",
                                List.of()),
                        new EnergySpent(A, 1, 4),
                        new HeatPending(A, 2, 2),
                        new VoidexaEvent.WeaponCharged(A, 3, 3));
        refused(
                g.state,
                VoidexaIntents.activate(A, "a1", 0),
                RULES,
                "ABILITY_ALREADY_USED",
                "D-ACT-1");
        refused(g.state, VoidexaIntents.activate(A, "a1", 1), RULES, "NO_SUCH_ABILITY", null);
        refused(
                g.state,
                VoidexaIntents.activate(A, "a99", 0),
                RULES,
                "CARD_NOT_IN_PLAY",
                "V-PLAY-1");
        refused(
                g.state,
                VoidexaIntents.activate(B, "a1", 0),
                FORBIDDEN,
                "NOT_YOUR_TURN",
                "V-PLAY-1");
    }

    @Test
    @DisplayName(
            "activated ability with a target (catalog 2026.11.1, still served): Overcharge deals 3 to the enemy ship")
    void activatedAbilityWithATargetUnderTheReleasedCatalog() {
        Fixtures.Game g =
                Scenario.live(RulesVersionsTest.OLD)
                        .a(x -> x.inPlay("overcharge-coupling").energy(5))
                        .game();
        assertThat(g.act(VoidexaIntents.activate(A, "a1", 0)).events())
                .containsExactly(
                        new AbilityActivated(
                                A,
                                new CardRef("a1", "overcharge-coupling"),
                                0,
                                "Overcharge",
                                List.of(VoidexaIntents.ship(B))),
                        new EnergySpent(A, 1, 4),
                        new HeatPending(A, 2, 2),
                        new DamageRouted(B, A, "CARD", 3, false, 3, Map.of(), Map.of(SHIELD, 37)));
        refused(
                g.state,
                VoidexaIntents.activate(A, "a1", 0),
                RULES,
                "ABILITY_ALREADY_USED",
                "D-ACT-1");
    }

    @Test
    @DisplayName("malformed intents are MALFORMED; a seat not in the match is FORBIDDEN NOT_SEATED")
    void malformedAndUnseated() {
        VoidexaState s = Scenario.live().a(x -> x.hand("pulse-tap").energy(5)).build();
        refused(
                s,
                new Intent(A, null, "a1", null, null, null),
                MALFORMED,
                "MALFORMED_INTENT",
                null);
        refused(
                s,
                new Intent(null, VoidexaIntents.Type.END_TURN.name(), null, null, null, null),
                MALFORMED,
                "MALFORMED_INTENT",
                null);
        refused(
                s,
                new Intent(A, VoidexaIntents.Type.PLAY_CARD.name(), null, null, null, null),
                MALFORMED,
                "MISSING_FIELD",
                null);
        refused(
                s,
                new Intent(A, VoidexaIntents.Type.PLAY_CARD.name(), " ", null, null, null),
                MALFORMED,
                "MISSING_FIELD",
                null);
        refused(s, VoidexaIntents.play(C, "a1"), FORBIDDEN, "NOT_SEATED", null);
        refused(s, Intent.concede(C), FORBIDDEN, "NOT_SEATED", null);
    }

    @Test
    @DisplayName(
            "intents before the match starts: NEW is NOT_FOUND, WAITING is CONFLICT MATCH_NOT_STARTED")
    void notStarted() {
        refused(
                Fixtures.RULES.initial(),
                VoidexaIntents.endTurn(A),
                io.duelhall.domain.Refusal.Category.NOT_FOUND,
                "MATCH_NOT_FOUND",
                null);
        VoidexaState waiting =
                Fixtures.RULES.evolve(
                        Fixtures.RULES.initial(),
                        Fixtures.RULES.create("m", null, Fixtures.seed(1)).events().get(0));
        refused(waiting, VoidexaIntents.endTurn(A), CONFLICT, "MATCH_NOT_STARTED", null);
    }
}
