package io.duelhall.domain.voidexa;

import static io.duelhall.domain.Refusal.Category.CONFLICT;
import static io.duelhall.domain.Refusal.Category.FORBIDDEN;
import static io.duelhall.domain.Refusal.Category.RULES;
import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static io.duelhall.domain.voidexa.Refusals.refused;
import static io.duelhall.domain.voidexa.Scenario.all;
import static io.duelhall.domain.voidexa.Scenario.one;
import static io.duelhall.domain.voidexa.Scenario.types;
import static io.duelhall.domain.voidexa.cards.Subsystem.HULL;
import static io.duelhall.domain.voidexa.cards.Subsystem.LIFE_SUPPORT;
import static io.duelhall.domain.voidexa.cards.Subsystem.REACTOR;
import static io.duelhall.domain.voidexa.cards.Subsystem.SHIELD;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Decision;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.voidexa.VoidexaEvent.*;
import io.duelhall.domain.voidexa.cards.Subsystem;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Start of turn, drone attacks, Heat, end of turn. */
class TurnRulesTest {

    private static final CardRef B_TOP = new CardRef("b1", Scenario.FILLER);

    // ---- V-START-1 ----

    @Test
    @DisplayName(
            "V-START-1 start of turn in order: Heat −1, Shield +2, Energy set by the Reactor tier, draw 1")
    void startOfTurnInOrder() {
        Fixtures.Game g = Scenario.live().b(x -> x.heat(3).set(SHIELD, 35).energy(2)).game();
        Decision d = g.act(VoidexaIntents.endTurn(A));
        assertThat(d.events())
                .containsExactly(
                        new EndOfTurnBegan(A, 1),
                        new TurnEnded(A, 1),
                        new TurnStarted(B, 2),
                        new HeatDecreased(B, 1, 2, "START_OF_TURN"),
                        new ShieldRegenerated(B, 2, 37),
                        new EnergyRefilled(B, 5, 5),
                        new CardDrawn(B, B_TOP, 1, 9),
                        new MainPhaseStarted(B));
        Ship b = g.ship(B);
        assertThat(b.energy()).as("set, not added: the 2 unspent do not carry over").isEqualTo(5);
        assertThat(b.heat()).isEqualTo(2);
        assertThat(b.value(SHIELD)).isEqualTo(37);
        assertThat(b.hand()).containsExactly(B_TOP);
        assertThat(g.state.active()).isEqualTo(B);
        assertThat(g.state.phase()).isEqualTo(Phase.MAIN);
        assertThat(g.state.turn()).isEqualTo(2);
    }

    @ParameterizedTest(name = "Reactor {0}, ramp {1} → energy {2}")
    @CsvSource({"30,0,5", "21,0,5", "20,0,4", "11,0,4", "10,0,3", "1,0,3", "15,1,5", "30,2,7"})
    @DisplayName("V-START-1 energy is set to the Reactor tier plus permanent ramp")
    void energyByReactorTier(int reactor, int ramp, int energy) {
        Fixtures.Game g =
                Scenario.live().b(x -> x.set(REACTOR, reactor).ramp(ramp).energy(9)).game();
        assertThat(one(g.act(VoidexaIntents.endTurn(A)).events(), EnergyRefilled.class))
                .isEqualTo(new EnergyRefilled(B, energy, energy));
        assertThat(g.ship(B).energy()).isEqualTo(energy);
    }

    @Test
    @DisplayName("V-START-1 Shield regeneration is capped at its max and Heat floors at 0")
    void capsAndFloors() {
        Fixtures.Game g = Scenario.live().b(x -> x.set(SHIELD, 39).heat(0)).game();
        Decision d = g.act(VoidexaIntents.endTurn(A));
        assertThat(one(d.events(), ShieldRegenerated.class))
                .isEqualTo(new ShieldRegenerated(B, 1, 40));
        assertThat(all(d.events(), HeatDecreased.class)).isEmpty();
        assertThat(g.ship(B).heat()).isZero();

        Decision full = Scenario.live().game().act(VoidexaIntents.endTurn(A));
        assertThat(all(full.events(), ShieldRegenerated.class))
                .as("nothing to regenerate at 40/40")
                .isEmpty();
    }

    // ---- V-START-2 / V-START-3 ----

    @Test
    @DisplayName(
            "V-START-2 drawing from an empty deck is fatigue: 3 damage, Shield first, and max hand size −1")
    void fatigue() {
        Fixtures.Game g = Scenario.live().b(x -> x.deck().set(SHIELD, 0)).game();
        Decision d = g.act(VoidexaIntents.endTurn(A));
        // Shield 0 regenerates to 2 before the draw; the fatigue's 3 damage then takes those 2 and
        // 1 Hull.
        assertThat(d.events())
                .containsSubsequence(
                        new ShieldRegenerated(B, 2, 2),
                        new EnergyRefilled(B, 5, 5),
                        new FatigueApplied(B, 1, 9),
                        new DamageRouted(
                                B,
                                B,
                                "FATIGUE",
                                3,
                                false,
                                2,
                                Map.of(HULL, 1),
                                Map.of(SHIELD, 0, HULL, 59)),
                        new MainPhaseStarted(B));
        assertThat(all(d.events(), CardDrawn.class)).isEmpty();
        Ship b = g.ship(B);
        assertThat(b.maxHand()).isEqualTo(9);
        assertThat(b.emptyDraws()).isEqualTo(1);
        assertThat(g.state.status()).isEqualTo(MatchStatus.LIVE);
    }

    @Test
    @DisplayName(
            "V-START-2 the lowered max hand size holds for the rest of the match: 10 cards with max 9 must discard 1")
    void fatigueLowersHandLimit() {
        Fixtures.Game g = Scenario.live().a(x -> x.maxHand(9).handOf(10, "hull-patch")).game();
        assertThat(g.act(VoidexaIntents.endTurn(A)).events()).endsWith(new DiscardRequired(A, 1));
    }

    @Test
    @DisplayName("V-START-3 the second draw from an empty deck is deck-out: that player loses")
    void deckOut() {
        Fixtures.Game g = Scenario.live().b(x -> x.deck().emptyDraws(1)).game();
        Decision d = g.act(VoidexaIntents.endTurn(A));
        assertThat(d.events())
                .endsWith(
                        new EnergyRefilled(B, 5, 5),
                        new MatchEnded(A, "DECK_OUT", List.of(B), B, g.state.serverSeed()));
        assertThat(all(d.events(), FatigueApplied.class)).isEmpty();
        assertThat(g.state.result()).isEqualTo(new Result(A, "DECK_OUT"));
    }

    @Test
    @DisplayName(
            "V-START-3 a card's draw from an empty deck counts too: Afterburner's second draw decks its player out")
    void deckOutFromAnEffect() {
        Fixtures.Game g = Scenario.live().a(x -> x.hand("afterburner").energy(5).deck()).game();
        Decision d = g.act(VoidexaIntents.play(A, "a1"));
        assertThat(types(d.events()))
                .containsSubsequence("FatigueApplied", "DamageRouted", "MatchEnded");
        assertThat(one(d.events(), MatchEnded.class))
                .isEqualTo(new MatchEnded(B, "DECK_OUT", List.of(A), A, g.state.serverSeed()));
    }

    // ---- V-START-4 ----

    @Test
    @DisplayName(
            "V-START-4 start-of-turn abilities after the draw: Ship Core, pilot, cards in play by entry, own field, other field")
    void startOfTurnAbilityOrder() {
        Fixtures.Game g =
                Scenario.live()
                        .a(x -> x.field("asteroid-field")) // a1
                        .b(
                                x ->
                                        x.set(HULL, 25)
                                                .heat(8) // Vanguard Core draws, Engineer vents
                                                .inPlay(
                                                        "tactical-ai",
                                                        "field-medic-ai") // b1, b2: entered in this
                                                // order
                                                .field("asteroid-field")) // b3
                        .game();
        List<MatchEvent> ev = g.act(VoidexaIntents.endTurn(A)).events();
        assertThat(all(ev, AbilityTriggered.class))
                .extracting(AbilityTriggered::source, AbilityTriggered::card)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("core", "vanguard-core"),
                        org.assertj.core.groups.Tuple.tuple("pilot", "engineer"),
                        org.assertj.core.groups.Tuple.tuple("b1", "tactical-ai"),
                        org.assertj.core.groups.Tuple.tuple("b2", "field-medic-ai"),
                        org.assertj.core.groups.Tuple.tuple("b3", "asteroid-field"),
                        org.assertj.core.groups.Tuple.tuple("a1", "asteroid-field"));
        int draw = ev.indexOf(new CardDrawn(B, new CardRef("b4", Scenario.FILLER), 1, 9));
        int firstTrigger = ev.indexOf(all(ev, AbilityTriggered.class).get(0));
        assertThat(draw).isNotNegative().isLessThan(firstTrigger);
        // each ability's effect follows its announcement: the core's draw, the pilot's vent,
        // Tactical AI's draw
        assertThat(ev)
                .containsSubsequence(
                        new AbilityTriggered(B, "core", "vanguard-core", "START_OF_TURN"),
                        new CardDrawn(B, new CardRef("b5", Scenario.FILLER), 2, 8),
                        new AbilityTriggered(B, "pilot", "engineer", "START_OF_TURN"),
                        new HeatDecreased(B, 1, 6, "VENT"),
                        new AbilityTriggered(B, "b1", "tactical-ai", "START_OF_TURN"),
                        new CardDrawn(B, new CardRef("b6", Scenario.FILLER), 3, 7),
                        new MainPhaseStarted(B));
    }

    @Test
    @DisplayName(
            "D-START-3 modules and AI routines fire only in their owner's turn; fields fire at every seat's start of turn")
    void ownCardsOnlyInOwnTurnFieldsAlways() {
        Fixtures.Game g =
                Scenario.live()
                        .turn(2, B, Phase.MAIN)
                        .a(x -> x.set(LIFE_SUPPORT, 10))
                        .b(
                                x ->
                                        x.inPlay("field-medic-ai", "tactical-ai")
                                                .set(LIFE_SUPPORT, 10)
                                                .field("asteroid-field")
                                                .drones("scout-drone"))
                        .game();
        List<MatchEvent> ev = g.act(VoidexaIntents.endTurn(B)).events(); // A's turn 3 starts
        assertThat(all(ev, AbilityTriggered.class))
                .containsExactly(new AbilityTriggered(B, "b3", "asteroid-field", "START_OF_TURN"));
        assertThat(all(ev, SubsystemRepaired.class)).isEmpty();
        assertThat(g.ship(B).value(LIFE_SUPPORT)).isEqualTo(10);
        assertThat(g.ship(B).drone("b4").hull())
                .as("B's own field hits B's drone in A's turn")
                .isEqualTo(2);
    }

    @Test
    @DisplayName("D-START-4 fatigue lowers the maximum hand size by one, to no less than 0")
    void fatigueFloorsTheHandLimitAtZero() {
        Fixtures.Game g = Scenario.live().b(x -> x.deck().maxHand(0)).game();
        assertThat(one(g.act(VoidexaIntents.endTurn(A)).events(), FatigueApplied.class))
                .isEqualTo(new FatigueApplied(B, 1, 0));
        assertThat(g.ship(B).maxHand()).isZero();
    }

    @Test
    @DisplayName(
            "D-FIELD-1 an effect on every drone hits the active seat's drones first, then the other seat's")
    void everyDroneActiveSeatFirst() {
        // A's Asteroid Field at the start of B's turn: B is active, so B's drone is hit first,
        // though the field is A's.
        Fixtures.Game g =
                Scenario.live()
                        .a(x -> x.field("asteroid-field").drones("scout-drone")) // a1, a2
                        .b(x -> x.drones("guardian-drone")) // b1
                        .game();
        List<MatchEvent> ev = g.act(VoidexaIntents.endTurn(A)).events();
        assertThat(all(ev, DroneDamaged.class))
                .containsExactly(
                        new DroneDamaged(B, "b1", A, 1, 1, 0, 1, 5),
                        new DroneDamaged(A, "a2", A, 1, 0, 1, 0, 2));
    }

    @Test
    @DisplayName("D-DRONE-2 a drone with 0 damage does not attack")
    void zeroDamageDroneDoesNotAttack() {
        // No real drone has 0 damage: a test-only one, Hull 3 and Damage 0, next to a Scout Drone
        // (Damage 1).
        io.duelhall.domain.voidexa.cards.Card decoy =
                new io.duelhall.domain.voidexa.cards.Card(
                        "test-decoy-drone",
                        "Test Decoy Drone",
                        io.duelhall.domain.voidexa.cards.CardType.DRONE,
                        io.duelhall.domain.voidexa.cards.Rarity.COMMON,
                        1,
                        0,
                        List.of(),
                        "Drone: Hull 3, Damage 0.",
                        io.duelhall.domain.voidexa.cards.Targeting.NONE,
                        null,
                        List.of(
                                new io.duelhall.domain.voidexa.cards.Effect(
                                        io.duelhall.domain.voidexa.cards.EffectKind.SUMMON,
                                        0,
                                        null,
                                        null,
                                        false)),
                        null,
                        null,
                        null,
                        new io.duelhall.domain.voidexa.cards.DroneStats(3, 0, 0, false),
                        null,
                        "TEST",
                        "test only");
        Fixtures.Game g =
                Scenario.live(Fixtures.rulesWith(decoy))
                        .b(x -> x.drones("test-decoy-drone", "scout-drone"))
                        .game();
        List<MatchEvent> ev = g.act(VoidexaIntents.endTurn(A)).events();
        assertThat(all(ev, DroneAttacked.class))
                .containsExactly(new DroneAttacked(B, "b2", 1, false));
        assertThat(all(ev, DamageRouted.class)).hasSize(1);
    }

    // ---- V-MAIN-1 ----

    @Test
    @DisplayName(
            "V-MAIN-1 when the main phase begins each drone of the active player attacks once, in column order")
    void dronesAttackInColumnOrder() {
        Fixtures.Game g =
                Scenario.live()
                        .a(x -> x.drones("lancer-drone"))
                        .b(x -> x.drones("strike-drone", "scout-drone"))
                        .game();
        List<MatchEvent> ev = g.act(VoidexaIntents.endTurn(A)).events();
        int main = ev.indexOf(new MainPhaseStarted(B));
        assertThat(ev.subList(main, ev.size()))
                .containsExactly(
                        new MainPhaseStarted(B),
                        new DroneAttacked(B, "b1", 2, false),
                        new DamageRouted(A, B, "DRONE", 2, false, 2, Map.of(), Map.of(SHIELD, 38)),
                        new DroneAttacked(B, "b2", 1, false),
                        new DamageRouted(A, B, "DRONE", 1, false, 1, Map.of(), Map.of(SHIELD, 37)));
        assertThat(all(ev, DroneAttacked.class)).noneMatch(a -> a.seat() == A);
        assertThat(g.state.phase()).isEqualTo(Phase.MAIN);
        assertThat(g.ship(A).value(SHIELD)).isEqualTo(37);
    }

    // ---- V-HEAT-1..3 ----

    @Test
    @DisplayName(
            "V-HEAT-1 pending Heat is applied at once at end of turn (HeatApplied), and reset to 0")
    void pendingHeatApplied() {
        Fixtures.Game g = Scenario.live().a(x -> x.heat(2).pendingHeat(3)).game();
        assertThat(g.act(VoidexaIntents.endTurn(A)).events())
                .startsWith(
                        new EndOfTurnBegan(A, 1), new HeatApplied(A, 3, 5), new TurnEnded(A, 1));
        assertThat(g.ship(A).heat()).isEqualTo(5);
        assertThat(g.ship(A).pendingHeat()).isZero();
    }

    @Test
    @DisplayName("V-HEAT-1 applied Heat is capped at 10")
    void heatCappedAtTen() {
        Fixtures.Game g = Scenario.live().a(x -> x.heat(8).pendingHeat(5)).game();
        assertThat(one(g.act(VoidexaIntents.endTurn(A)).events(), HeatApplied.class))
                .isEqualTo(new HeatApplied(A, 5, 10));
        assertThat(g.ship(A).heat()).isEqualTo(10);
    }

    @Test
    @DisplayName(
            "V-HEAT-1 Heat from a card played this turn stays pending: the next card has no penalty at Heat 5 + 5 pending")
    void pendingHeatDoesNotRaiseCost() {
        Fixtures.Game g =
                Scenario.live()
                        .a(x -> x.hand("ion-torpedo", "pulse-tap").energy(5).heat(5).pendingHeat(3))
                        .game();
        g.act(VoidexaIntents.play(A, "a1"));
        assertThat(g.ship(A).heat()).isEqualTo(5);
        assertThat(g.ship(A).pendingHeat()).isEqualTo(5);
        CardPlayed second = one(g.act(VoidexaIntents.play(A, "a2")).events(), CardPlayed.class);
        assertThat(second.totalCost()).isEqualTo(1);
        assertThat(g.ship(A).energy()).isZero();
    }

    @Test
    @DisplayName("V-HEAT-2 Heat 9 after end of turn deals 2 self-damage at once, Shield first")
    void heatNineSelfDamage() {
        Fixtures.Game g = Scenario.live().a(x -> x.heat(7).pendingHeat(2).set(SHIELD, 1)).game();
        assertThat(g.act(VoidexaIntents.endTurn(A)).events())
                .startsWith(
                        new EndOfTurnBegan(A, 1),
                        new HeatApplied(A, 2, 9),
                        new DamageRouted(
                                A,
                                A,
                                "HEAT",
                                2,
                                false,
                                1,
                                Map.of(HULL, 1),
                                Map.of(SHIELD, 0, HULL, 59)),
                        new TurnEnded(A, 1));
        assertThat(g.ship(A).value(HULL)).isEqualTo(59);
    }

    @Test
    @DisplayName(
            "V-HEAT-2 Heat 8 after end of turn deals no self-damage; Heat 10 without pending Heat does")
    void heatThresholdBoundaries() {
        Decision eight =
                Scenario.live()
                        .a(x -> x.heat(6).pendingHeat(2))
                        .game()
                        .act(VoidexaIntents.endTurn(A));
        assertThat(all(eight.events(), DamageRouted.class)).isEmpty();
        Decision ten = Scenario.live().a(x -> x.heat(10)).game().act(VoidexaIntents.endTurn(A));
        assertThat(one(ten.events(), DamageRouted.class))
                .isEqualTo(
                        new DamageRouted(A, A, "HEAT", 2, false, 2, Map.of(), Map.of(SHIELD, 38)));
    }

    @Test
    @DisplayName(
            "V-HEAT-3 a vent lowers current Heat at once (pending untouched), so the next card is cheaper")
    void ventLowersHeatAtOnce() {
        Fixtures.Game g =
                Scenario.live()
                        .a(
                                x ->
                                        x.hand("coolant-burst", "pulse-tap")
                                                .energy(3)
                                                .heat(7)
                                                .pendingHeat(2))
                        .game();
        Decision vent = g.act(VoidexaIntents.play(A, "a1"));
        assertThat(vent.events())
                .containsExactly(
                        new CardPlayed(
                                A,
                                new CardRef("a1", "coolant-burst"),
                                "DEFENSE",
                                List.of(),
                                1,
                                2,
                                0,
                                false),
                        new EnergySpent(A, 2, 1),
                        new HeatDecreased(A, 3, 4, "VENT"),
                        new CardDiscarded(A, new CardRef("a1", "coolant-burst"), "PLAY"));
        assertThat(g.ship(A).pendingHeat()).isEqualTo(2);
        assertThat(one(g.act(VoidexaIntents.play(A, "a2")).events(), CardPlayed.class).totalCost())
                .isEqualTo(1);
    }

    @Test
    @DisplayName("V-HEAT-3 a vent floors Heat at 0")
    void ventFloorsAtZero() {
        Fixtures.Game g =
                Scenario.live()
                        .a(x -> x.hand("coolant-vent").energy(3).heat(1).set(Subsystem.ENGINES, 30))
                        .game();
        Decision d = g.act(VoidexaIntents.play(A, "a1"));
        assertThat(d.events())
                .contains(
                        new SubsystemRepaired(A, Subsystem.ENGINES, 3, 33),
                        new HeatDecreased(A, 1, 0, "VENT"));
        assertThat(g.ship(A).heat()).isZero();
    }

    // ---- V-END-1 / V-END-2 ----

    @Test
    @DisplayName(
            "V-END-1 end of turn in order: end-of-turn abilities, pending Heat, Heat self-damage, hand check")
    void endOfTurnInOrder() {
        Fixtures.Game g =
                Scenario.live()
                        .a(
                                x ->
                                        x.inPlay("heat-sink")
                                                .heat(8)
                                                .pendingHeat(2)
                                                .handOf(11, "hull-patch"))
                        .game();
        assertThat(g.act(VoidexaIntents.endTurn(A)).events())
                .containsExactly(
                        new EndOfTurnBegan(A, 1),
                        new AbilityTriggered(A, "a1", "heat-sink", "END_OF_TURN"),
                        new HeatDecreased(A, 1, 7, "VENT"),
                        new HeatApplied(A, 2, 9),
                        new DamageRouted(A, A, "HEAT", 2, false, 2, Map.of(), Map.of(SHIELD, 38)),
                        new DiscardRequired(A, 1));
        assertThat(g.state.phase()).isEqualTo(Phase.DISCARD);
        assertThat(g.state.active()).isEqualTo(A);
        assertThat(g.state.discardOwed()).isEqualTo(1);
    }

    @Test
    @DisplayName(
            "V-END-1 with nothing to do the turn passes: EndOfTurnBegan then TurnEnded, then the other seat starts")
    void endOfTurnPasses() {
        Fixtures.Game g = Scenario.live().a(x -> x.handOf(10, "hull-patch")).game();
        List<MatchEvent> ev = g.act(VoidexaIntents.endTurn(A)).events();
        assertThat(ev)
                .startsWith(new EndOfTurnBegan(A, 1), new TurnEnded(A, 1), new TurnStarted(B, 2));
        assertThat(all(ev, DiscardRequired.class)).as("10 cards is not over the limit").isEmpty();
    }

    @Test
    @DisplayName(
            "V-END-2 over the hand limit the turn waits for a DiscardDown naming exactly the surplus")
    void discardDown() {
        Fixtures.Game g = Scenario.live().a(x -> x.handOf(12, "hull-patch")).game();
        assertThat(g.act(VoidexaIntents.endTurn(A)).events()).endsWith(new DiscardRequired(A, 2));
        VoidexaState waiting = g.state;
        refused(waiting, VoidexaIntents.endTurn(A), CONFLICT, "DISCARD_REQUIRED", "V-END-2");
        refused(waiting, VoidexaIntents.play(A, "a1"), CONFLICT, "DISCARD_REQUIRED", "V-END-2");
        refused(
                waiting,
                VoidexaIntents.discardDown(A, List.of("a1")),
                RULES,
                "WRONG_DISCARD_COUNT",
                "V-END-2");
        refused(
                waiting,
                VoidexaIntents.discardDown(A, List.of("a1", "a2", "a3")),
                RULES,
                "WRONG_DISCARD_COUNT",
                "V-END-2");
        refused(
                waiting,
                VoidexaIntents.discardDown(A, List.of("a1", "a1")),
                RULES,
                "WRONG_DISCARD_COUNT",
                "V-END-2");
        refused(
                waiting,
                VoidexaIntents.discardDown(A, List.of("a1", "b1")),
                RULES,
                "CARD_NOT_IN_HAND",
                "V-END-2");
        refused(
                waiting,
                VoidexaIntents.discardDown(B, List.of("b1", "b2")),
                FORBIDDEN,
                "NOT_YOUR_TURN",
                "V-END-2");

        Decision d = g.act(VoidexaIntents.discardDown(A, List.of("a7", "a3")));
        assertThat(d.events())
                .startsWith(
                        new CardDiscarded(A, new CardRef("a7", "hull-patch"), "HAND"),
                        new CardDiscarded(A, new CardRef("a3", "hull-patch"), "HAND"),
                        new TurnEnded(A, 1),
                        new TurnStarted(B, 2));
        assertThat(g.ship(A).hand()).hasSize(10).extracting(CardRef::id).doesNotContain("a3", "a7");
        assertThat(g.ship(A).discard()).extracting(CardRef::id).containsExactly("a7", "a3");
        assertThat(g.state.discardOwed()).isZero();
    }

    @Test
    @DisplayName("V-END-2 DiscardDown when nothing is owed is refused NO_DISCARD_OWED")
    void noDiscardOwed() {
        VoidexaState s = Scenario.live().a(x -> x.hand("pulse-tap")).build();
        refused(
                s,
                VoidexaIntents.discardDown(A, List.of("a1")),
                CONFLICT,
                "NO_DISCARD_OWED",
                "V-END-2");
    }

    @Test
    @DisplayName("END_TURN by the seat that is not active is refused NOT_YOUR_TURN")
    void endTurnNotYours() {
        refused(
                Scenario.live().build(),
                VoidexaIntents.endTurn(B),
                FORBIDDEN,
                "NOT_YOUR_TURN",
                "V-PLAY-1");
    }

    @Test
    @DisplayName("V-START-4 Field Medic AI heals Life Support at the start of turn, after the draw")
    void lifeSupportHealAfterDraw() {
        Fixtures.Game g =
                Scenario.live().b(x -> x.inPlay("field-medic-ai").set(LIFE_SUPPORT, 10)).game();
        List<MatchEvent> ev = g.act(VoidexaIntents.endTurn(A)).events();
        assertThat(ev)
                .containsSubsequence(
                        new CardDrawn(B, new CardRef("b2", Scenario.FILLER), 1, 9),
                        new AbilityTriggered(B, "b1", "field-medic-ai", "START_OF_TURN"),
                        new SubsystemRepaired(B, LIFE_SUPPORT, 3, 13));
    }

    @Test
    @DisplayName(
            "D-DOC-2 the view counts the document's rounds beside every seat's turn: turns 1-2 are round 1, 3-4 round 2")
    void theViewCountsRounds() {
        Fixtures.Game g = new Fixtures.Game(5);
        List<int[]> seen = new java.util.ArrayList<>();
        for (int i = 0; i < 4; i++) {
            VoidexaView v = Fixtures.RULES.view(g.state, io.duelhall.domain.Viewer.SPECTATOR, i);
            seen.add(new int[] {v.turn(), v.round()});
            Decision d = g.act(VoidexaIntents.endTurn(g.state.active()));
            if (!d.accepted()) { // over the hand limit at the end of the turn: discard down first
                g.act(
                        VoidexaIntents.discardDown(
                                g.state.active(),
                                g.state.ship(g.state.active()).hand().stream()
                                        .limit(g.state.discardOwed())
                                        .map(CardRef::id)
                                        .toList()));
            }
        }
        assertThat(seen)
                .extracting(t -> t[0] + "/" + t[1])
                .containsExactly("1/1", "2/1", "3/2", "4/2");
    }
}
