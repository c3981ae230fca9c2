package io.duelhall.domain.voidexa;

import static io.duelhall.domain.Refusal.Category.RULES;
import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static io.duelhall.domain.voidexa.Refusals.refused;
import static io.duelhall.domain.voidexa.Scenario.all;
import static io.duelhall.domain.voidexa.Scenario.one;
import static io.duelhall.domain.voidexa.cards.Subsystem.ENGINES;
import static io.duelhall.domain.voidexa.cards.Subsystem.HULL;
import static io.duelhall.domain.voidexa.cards.Subsystem.LIFE_SUPPORT;
import static io.duelhall.domain.voidexa.cards.Subsystem.REACTOR;
import static io.duelhall.domain.voidexa.cards.Subsystem.SHIELD;
import static io.duelhall.domain.voidexa.cards.Subsystem.WEAPONS;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Decision;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.voidexa.VoidexaEvent.*;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** How damage and healing land on ships and drones. */
class DamageRulesTest {

    private static List<MatchEvent> damage(List<MatchEvent> events) {
        return events.stream()
                .filter(
                        e ->
                                e instanceof DamageRouted
                                        || e instanceof DroneDamaged
                                        || e instanceof DroneDestroyed)
                .toList();
    }

    // ---- V-DMG-1 ----

    @Test
    @DisplayName(
            "V-DMG-1 10 damage to 7 Shield + 60 Hull: Shield absorbs 7, Hull takes 3 (the seed's section 5 example)")
    void shieldFirstThenHull() {
        // A Gunner's Laser Volley: 9 printed + 1 from the pilot = 10.
        Fixtures.Game g =
                Scenario.live()
                        .a(x -> x.pilot("gunner").hand("laser-volley").energy(5))
                        .b(x -> x.set(SHIELD, 7))
                        .game();
        assertThat(damage(g.act(VoidexaIntents.play(A, "a1")).events()))
                .containsExactly(
                        new DamageRouted(
                                B,
                                A,
                                "CARD",
                                10,
                                false,
                                7,
                                Map.of(HULL, 3),
                                Map.of(SHIELD, 0, HULL, 57)));
        assertThat(g.ship(B).value(SHIELD)).isZero();
        assertThat(g.ship(B).value(HULL)).isEqualTo(57);
    }

    @Test
    @DisplayName("V-DMG-1 damage the Shield can hold never reaches the Hull")
    void shieldHoldsAll() {
        Fixtures.Game g =
                Scenario.live()
                        .a(x -> x.hand("ion-torpedo").energy(5))
                        .b(x -> x.set(SHIELD, 12))
                        .game();
        assertThat(damage(g.act(VoidexaIntents.play(A, "a1")).events()))
                .containsExactly(
                        new DamageRouted(B, A, "CARD", 12, false, 12, Map.of(), Map.of(SHIELD, 0)));
        assertThat(g.ship(B).value(HULL)).isEqualTo(60);
    }

    // ---- V-DMG-2 ----

    @Test
    @DisplayName("V-DMG-2 Pierce skips the Shield and goes to the Hull")
    void pierceSkipsShield() {
        Fixtures.Game g = Scenario.live().a(x -> x.hand("piercing-round").energy(5)).game();
        assertThat(damage(g.act(VoidexaIntents.play(A, "a1")).events()))
                .containsExactly(
                        new DamageRouted(
                                B, A, "CARD", 5, true, 0, Map.of(HULL, 5), Map.of(HULL, 55)));
        assertThat(g.ship(B).value(SHIELD)).isEqualTo(40);
    }

    @Test
    @DisplayName("V-DMG-2 Reactor Strike: 5 damage to the enemy Reactor, Shield untouched")
    void namedSubsystemSkipsShield() {
        Fixtures.Game g = Scenario.live().a(x -> x.hand("reactor-strike").energy(5)).game();
        assertThat(damage(g.act(VoidexaIntents.play(A, "a1")).events()))
                .containsExactly(
                        new DamageRouted(
                                B, A, "CARD", 5, true, 0, Map.of(REACTOR, 5), Map.of(REACTOR, 25)));
        Ship b = g.ship(B);
        assertThat(b.value(SHIELD)).isEqualTo(40);
        assertThat(b.value(HULL)).isEqualTo(60);
        assertThat(b.value(REACTOR)).isEqualTo(25);
    }

    @Test
    @DisplayName("V-DMG-2 a chosen subsystem floors at 0: Rail Lance's 8 on Weapons 3 deals 3")
    void subsystemFloorsAtZero() {
        Fixtures.Game g =
                Scenario.live()
                        .a(x -> x.hand("rail-lance").energy(5))
                        .b(x -> x.set(WEAPONS, 3))
                        .game();
        Decision d = g.act(VoidexaIntents.play(A, "a1", VoidexaIntents.subsystem(B, "weapons")));
        assertThat(one(d.events(), CardPlayed.class).targets())
                .containsExactly(VoidexaIntents.subsystem(B, "WEAPONS"));
        assertThat(damage(d.events()))
                .containsExactly(
                        new DamageRouted(
                                B, A, "CARD", 8, true, 0, Map.of(WEAPONS, 3), Map.of(WEAPONS, 0)));
        assertThat(g.ship(B).value(WEAPONS)).isZero();
    }

    @Test
    @DisplayName("V-DMG-2 the Shield cannot be named as a subsystem target")
    void shieldIsNotASubsystemTarget() {
        VoidexaState s = Scenario.live().a(x -> x.hand("rail-lance").energy(5)).build();
        refused(
                s,
                VoidexaIntents.play(A, "a1", VoidexaIntents.subsystem(B, "SHIELD")),
                RULES,
                "INVALID_TARGET",
                "V-PLAY-1");
        refused(
                s,
                VoidexaIntents.play(A, "a1", VoidexaIntents.subsystem(A, "HULL")),
                RULES,
                "INVALID_TARGET",
                "V-PLAY-1");
    }

    // ---- V-DMG-3 ----

    @Test
    @DisplayName("V-DMG-3 Splash is routed once per target, in the order the player names them")
    void splashInNamedOrder() {
        Fixtures.Game g =
                Scenario.live()
                        .a(x -> x.hand("scatter-shot").energy(5))
                        .b(x -> x.drones("guardian-drone", "guardian-drone"))
                        .game();
        Decision d =
                g.act(
                        VoidexaIntents.play(
                                A,
                                "a1",
                                VoidexaIntents.drone(B, "b2"),
                                VoidexaIntents.ship(B),
                                VoidexaIntents.drone(B, "b1")));
        assertThat(damage(d.events()))
                .containsExactly(
                        new DroneDamaged(B, "b2", A, 4, 2, 2, 0, 3),
                        new DamageRouted(B, A, "CARD", 4, false, 4, Map.of(), Map.of(SHIELD, 36)),
                        new DroneDamaged(B, "b1", A, 4, 2, 2, 0, 3));
    }

    @Test
    @DisplayName(
            "V-DMG-3 Cascade routes each block once, in card order: ship, then Weapons, then Engines")
    void cascadeInCardOrder() {
        Fixtures.Game g = Scenario.live().a(x -> x.hand("cascade-missiles").energy(5)).game();
        assertThat(damage(g.act(VoidexaIntents.play(A, "a1")).events()))
                .containsExactly(
                        new DamageRouted(B, A, "CARD", 5, false, 5, Map.of(), Map.of(SHIELD, 35)),
                        new DamageRouted(
                                B, A, "CARD", 3, true, 0, Map.of(WEAPONS, 3), Map.of(WEAPONS, 27)),
                        new DamageRouted(
                                B, A, "CARD", 3, true, 0, Map.of(ENGINES, 3), Map.of(ENGINES, 32)));
    }

    @Test
    @DisplayName("V-DMG-3 a Splash card takes distinct targets, at most its maximum")
    void splashTargetLimits() {
        VoidexaState s =
                Scenario.live()
                        .a(x -> x.hand("scatter-shot").energy(5))
                        .b(x -> x.drones("scout-drone", "scout-drone", "scout-drone"))
                        .build();
        refused(
                s,
                VoidexaIntents.play(A, "a1", VoidexaIntents.ship(B), VoidexaIntents.ship(B)),
                RULES,
                "INVALID_TARGET",
                "V-PLAY-1");
        refused(
                s,
                VoidexaIntents.play(
                        A, "a1", VoidexaIntents.drone(B, "b1"), VoidexaIntents.drone(B, "b1")),
                RULES,
                "INVALID_TARGET",
                "V-PLAY-1");
        refused(
                s,
                VoidexaIntents.play(
                        A,
                        "a1",
                        VoidexaIntents.ship(B),
                        VoidexaIntents.drone(B, "b1"),
                        VoidexaIntents.drone(B, "b2"),
                        VoidexaIntents.drone(B, "b3")),
                RULES,
                "INVALID_TARGET",
                "V-PLAY-1");
    }

    // ---- V-DMG-4 ----

    @Test
    @DisplayName(
            "V-DMG-4 damage to a drone hits its shield first, then its hull; at hull 0 it goes to the owner's discard")
    void droneShieldThenHull() {
        Fixtures.Game g =
                Scenario.live()
                        .a(x -> x.hand("pulse-tap", "pulse-tap").energy(5))
                        .b(x -> x.drones("guardian-drone"))
                        .game();
        assertThat(
                        damage(
                                g.act(VoidexaIntents.play(A, "a1", VoidexaIntents.drone(B, "b1")))
                                        .events()))
                .containsExactly(new DroneDamaged(B, "b1", A, 6, 2, 4, 0, 1));
        assertThat(g.ship(B).drone("b1"))
                .isEqualTo(new Drone("b1", "guardian-drone", 1, 5, 0, 2, 2, false));
        assertThat(g.ship(B).value(SHIELD)).as("the ship's Shield is not involved").isEqualTo(40);

        assertThat(
                        damage(
                                g.act(VoidexaIntents.play(A, "a2", VoidexaIntents.drone(B, "b1")))
                                        .events()))
                .containsExactly(
                        new DroneDamaged(B, "b1", A, 6, 0, 1, 0, 0),
                        new DroneDestroyed(B, new CardRef("b1", "guardian-drone")));
        assertThat(g.ship(B).drones()).isEmpty();
        assertThat(g.ship(B).discard()).containsExactly(new CardRef("b1", "guardian-drone"));
    }

    @Test
    @DisplayName("V-DMG-4 Pierce skips a drone's shield")
    void pierceSkipsDroneShield() {
        Fixtures.Game g =
                Scenario.live()
                        .a(x -> x.hand("piercing-round").energy(5))
                        .b(x -> x.drones("guardian-drone"))
                        .game();
        assertThat(
                        damage(
                                g.act(VoidexaIntents.play(A, "a1", VoidexaIntents.drone(B, "b1")))
                                        .events()))
                .containsExactly(
                        new DroneDamaged(B, "b1", A, 5, 0, 5, 2, 0),
                        new DroneDestroyed(B, new CardRef("b1", "guardian-drone")));
    }

    // ---- V-HEAL-1 ----

    @Test
    @DisplayName(
            "V-HEAL-1 Hull Patch restores only the Hull: 50 → 56, a damaged Weapons Array stays as it was")
    void healsOnlyTheNamedSubsystem() {
        Fixtures.Game g =
                Scenario.live()
                        .a(
                                x ->
                                        x.hand("hull-patch")
                                                .energy(5)
                                                .set(HULL, 50)
                                                .set(WEAPONS, 20)
                                                .set(SHIELD, 10))
                        .game();
        Decision d = g.act(VoidexaIntents.play(A, "a1"));
        assertThat(one(d.events(), SubsystemRepaired.class))
                .isEqualTo(new SubsystemRepaired(A, HULL, 6, 56));
        Ship a = g.ship(A);
        assertThat(a.value(HULL)).isEqualTo(56);
        assertThat(a.value(WEAPONS)).isEqualTo(20);
        assertThat(a.value(SHIELD)).isEqualTo(10);
    }

    @Test
    @DisplayName("V-HEAL-1 healing stops at the subsystem's max, and does nothing at max")
    void healCappedAtMax() {
        Fixtures.Game g =
                Scenario.live()
                        .a(x -> x.hand("hull-patch", "hull-patch").energy(5).set(HULL, 58))
                        .game();
        assertThat(one(g.act(VoidexaIntents.play(A, "a1")).events(), SubsystemRepaired.class))
                .isEqualTo(new SubsystemRepaired(A, HULL, 2, 60));
        Decision atMax = g.act(VoidexaIntents.play(A, "a2"));
        assertThat(atMax.accepted()).isTrue();
        assertThat(all(atMax.events(), SubsystemRepaired.class)).isEmpty();
        assertThat(g.ship(A).value(HULL)).isEqualTo(60);
    }

    @Test
    @DisplayName("V-HEAL-1 Reactor Shielding restores the Reactor and nothing else")
    void reactorHeal() {
        Fixtures.Game g =
                Scenario.live()
                        .a(
                                x ->
                                        x.hand("reactor-shielding")
                                                .energy(5)
                                                .set(REACTOR, 10)
                                                .set(HULL, 40)
                                                .set(LIFE_SUPPORT, 5))
                        .game();
        assertThat(one(g.act(VoidexaIntents.play(A, "a1")).events(), SubsystemRepaired.class))
                .isEqualTo(new SubsystemRepaired(A, REACTOR, 5, 15));
        assertThat(g.ship(A).value(HULL)).isEqualTo(40);
        assertThat(g.ship(A).value(LIFE_SUPPORT)).isEqualTo(5);
    }

    // ---- V-DRONE-2 ----

    @Test
    @DisplayName("V-DRONE-2 a drone attack is damage to the enemy ship, Shield first")
    void droneAttackShieldFirst() {
        Fixtures.Game g =
                Scenario.live().a(x -> x.set(SHIELD, 1)).b(x -> x.drones("strike-drone")).game();
        List<MatchEvent> ev = g.act(VoidexaIntents.endTurn(A)).events();
        assertThat(ev)
                .endsWith(
                        new DroneAttacked(B, "b1", 2, false),
                        new DamageRouted(
                                A,
                                B,
                                "DRONE",
                                2,
                                false,
                                1,
                                Map.of(HULL, 1),
                                Map.of(SHIELD, 0, HULL, 59)));
    }

    @Test
    @DisplayName("V-DRONE-2 a drone with Pierce hits the Hull directly")
    void piercingDrone() {
        Fixtures.Game g = Scenario.live().b(x -> x.drones("lancer-drone")).game();
        assertThat(g.act(VoidexaIntents.endTurn(A)).events())
                .endsWith(
                        new DroneAttacked(B, "b1", 3, true),
                        new DamageRouted(
                                A, B, "DRONE", 3, true, 0, Map.of(HULL, 3), Map.of(HULL, 57)));
        assertThat(g.ship(A).value(SHIELD)).isEqualTo(40);
    }

    @Test
    @DisplayName(
            "V-DRONE-2 Targeting AI gives the drones Pierce at the start of the turn, before they attack (engine 1.1.0, catalog 2026.11.2)")
    void targetingAiGrantsPierce() {
        Fixtures.Game g =
                Scenario.live(Fixtures.RULES_1_1)
                        .b(x -> x.inPlay("targeting-ai").drones("scout-drone"))
                        .game();
        List<MatchEvent> ev = g.act(VoidexaIntents.endTurn(A)).events();
        assertThat(ev)
                .containsSubsequence(
                        new AbilityTriggered(B, "b1", "targeting-ai", "START_OF_TURN"),
                        new DronesBoosted(
                                B, 0, true,
                                2), // "your drones gain Pierce for that turn": turn 2 only
                        // (D-DRONE-1)
                        new MainPhaseStarted(B),
                        new DroneAttacked(B, "b2", 1, true),
                        new DamageRouted(
                                A, B, "DRONE", 1, true, 0, Map.of(HULL, 1), Map.of(HULL, 59)));
    }

    // ---- D-DRONE-1 ----

    /** The attacks of B's drones when B's main phase begins, after ending the turns up to it. */
    private static List<DroneAttacked> attacksAtBsNextTurn(Fixtures.Game g) {
        g.act(VoidexaIntents.endTurn(B));
        return all(g.act(VoidexaIntents.endTurn(A)).events(), DroneAttacked.class);
    }

    @Test
    @DisplayName(
            "D-DRONE-1 Drone Boost lasts until the end of its owner's next turn: +1 at turn 4, gone at turn 6")
    void droneBoostLastsOneOwnTurn() {
        // B plays Drone Boost in turn 2; the Scout Drone (Damage 1) attacks at the start of B's
        // turns 4 and 6.
        Fixtures.Game g =
                Scenario.live()
                        .turn(2, B, Phase.MAIN)
                        .b(x -> x.drones("scout-drone").hand("drone-boost").energy(5))
                        .game();
        g.act(VoidexaIntents.play(B, "b2"));
        assertThat(attacksAtBsNextTurn(g)).containsExactly(new DroneAttacked(B, "b1", 2, false));
        assertThat(attacksAtBsNextTurn(g)).containsExactly(new DroneAttacked(B, "b1", 1, false));
    }

    @Test
    @DisplayName(
            "D-DRONE-1 Targeting AI's Pierce does not lengthen a Drone Boost: +1 at turn 4 only, Pierce every own turn (engine 1.1.0, catalog 2026.11.2)")
    void targetingAiDoesNotLengthenDroneBoost() {
        Fixtures.Game g =
                Scenario.live(Fixtures.RULES_1_1)
                        .turn(2, B, Phase.MAIN)
                        .b(
                                x ->
                                        x.inPlay("targeting-ai")
                                                .drones("scout-drone")
                                                .hand("drone-boost")
                                                .energy(5))
                        .game();
        g.act(VoidexaIntents.play(B, "b3"));
        assertThat(attacksAtBsNextTurn(g)).containsExactly(new DroneAttacked(B, "b2", 2, true));
        assertThat(attacksAtBsNextTurn(g)).containsExactly(new DroneAttacked(B, "b2", 1, true));
        assertThat(attacksAtBsNextTurn(g)).containsExactly(new DroneAttacked(B, "b2", 1, true));
    }

    @Test
    @DisplayName(
            "D-DRONE-1 Targeting AI grants Pierce for that turn: once it is destroyed, the drones attack through the Shield again (engine 1.1.0, catalog 2026.11.2)")
    void targetingAiPierceIsForThatTurn() {
        // B's turn 2: Targeting AI gives Pierce for the attack. In A's turn 3, Sabotage Run
        // destroys it.
        Fixtures.Game g =
                Scenario.live(Fixtures.RULES_1_1)
                        .turn(1, A, Phase.MAIN)
                        .a(x -> x.hand("sabotage-run").deckOf(10, Scenario.FILLER))
                        .b(x -> x.inPlay("targeting-ai").drones("scout-drone"))
                        .game();
        assertThat(all(g.act(VoidexaIntents.endTurn(A)).events(), DroneAttacked.class))
                .containsExactly(new DroneAttacked(B, "b2", 1, true));
        g.act(VoidexaIntents.endTurn(B));
        assertThat(g.act(VoidexaIntents.play(A, "a1", VoidexaIntents.card(B, "b1"))).accepted())
                .isTrue();
        assertThat(g.ship(B).inPlay()).isEmpty();
        List<MatchEvent> ev = g.act(VoidexaIntents.endTurn(A)).events();
        assertThat(ev)
                .endsWith(
                        new DroneAttacked(B, "b2", 1, false),
                        new DamageRouted(A, B, "DRONE", 1, false, 1, Map.of(), Map.of(SHIELD, 39)));
    }

    @Test
    @DisplayName(
            "V-DRONE-2 drone damage modifiers add up: Commander pilot + Hive Core make a Scout Drone hit for 3")
    void droneDamageModifiers() {
        Fixtures.Game g =
                Scenario.live()
                        .b(x -> x.pilot("commander").core("hive-core").drones("scout-drone"))
                        .game();
        assertThat(g.act(VoidexaIntents.endTurn(A)).events())
                .endsWith(
                        new DroneAttacked(B, "b1", 3, false),
                        new DamageRouted(A, B, "DRONE", 3, false, 3, Map.of(), Map.of(SHIELD, 37)));
    }
}
