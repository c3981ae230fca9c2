package io.duelhall.domain.casket;

import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static io.duelhall.domain.Seat.C;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.casket.CasketEvent.*;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** One test per ruling, named for it (RULINGS.md C-*, docs/rulings.md C-D-*). */
class RulingsTest {

    /** Two seats on the foundry, A at 0,-6 facing south, B at 0,2 facing north, hands empty. */
    private static Scenario duel() {
        return duel(CasketRuleset.ENGINE_VERSION);
    }

    private static Scenario duel(String engine) {
        Scenario s = Scenario.started(2, engine).map("foundry");
        s.at(A, "0,-6", 3).at(B, "0,2", 0).hand(A).hand(B);
        return s;
    }

    @Test
    @DisplayName(
            "C-SEATS-1 initiative each round: highest first, ties re-roll among the tied, then clockwise")
    void initiative() {
        Scenario s = Scenario.started(3);
        s.hand(A).hand(B).hand(C);
        s.ok(Scenario.of(A, CasketIntents.PASS));
        s.hand(A).ok(Scenario.of(B, CasketIntents.PASS));
        s.hand(B).faces(2, 5, 5, 3, 4);
        s.ok(Scenario.of(C, CasketIntents.PASS));
        List<DiceRolled> rolls = s.events(DiceRolled.class);
        assertThat(rolls).hasSize(5).allMatch(d -> d.purpose().equals("INITIATIVE"));
        assertThat(rolls.stream().map(DiceRolled::seat)).containsExactly(A, B, C, B, C);
        assertThat(s.event(RoundStarted.class).order()).containsExactly(C, A, B);
        assertThat(s.state.active()).isEqualTo(C);
        assertThat(s.state.round()).isEqualTo(2);
    }

    @Test
    @DisplayName(
            "C-SP-1 SP maxima by type and modifiers; up to ⌊1.5 × max⌋, each SP beyond paid with a card")
    void spMaxAndOverspend() {
        Catalog cat = Catalog.standard();
        Scenario s = duel().deck(A, 10, "resupply");
        assertThat(s.p(A).maxSp(cat)).isEqualTo(6);
        assertThat(s.p(B).maxSp(cat)).isEqualTo(5);
        assertThat(Scenario.started(4).p(io.duelhall.domain.Seat.D).maxSp(cat)).isEqualTo(3);
        s.pilot(A, p -> p.damage().put(Component.CHASSIS, 3));
        assertThat(s.p(A).maxSp(cat)).isEqualTo(5);
        s.pilot(A, p -> p.flipped().add("cracked-ribs"));
        assertThat(s.p(A).maxSp(cat)).isEqualTo(4);
        s.pilot(A, p -> p.damage().clear()).pilot(A, p -> p.flipped().clear());
        s.pilot(A, p -> p.sp = 1).hand(A, "resupply", "deflect");
        CardRef pay = s.handCard(A, "deflect");
        Intent twoHexes =
                new Intent(
                        A,
                        CasketIntents.MOVE,
                        null,
                        null,
                        Scenario.move(A, "0,-5", "0,-4").targets(),
                        List.of(pay.id()));
        s.ok(twoHexes);
        assertThat(s.p(A).sp()).isZero();
        assertThat(s.p(A).overspent()).isEqualTo(1);
        assertThat(s.event(CardsDiscarded.class).cards()).containsExactly(pay);
        assertThat(s.p(A).deck()).hasSize(10);
        assertThat(s.p(A).heat()).isZero();
    }

    @Test
    @DisplayName("C-SP-2 Heat from overspending: none for the first SP beyond, +1 for each after")
    void overspendHeat() {
        Scenario s = duel().deck(A, 10, "resupply").pilot(A, p -> p.sp = 0);
        s.ok(Scenario.move(A, "1,-6"));
        assertThat(s.p(A).heat()).isZero();
        s.ok(Scenario.move(A, "1,-5"));
        assertThat(s.p(A).heat()).isEqualTo(1);
        s.ok(Scenario.move(A, "1,-4"));
        assertThat(s.p(A).heat()).isEqualTo(2);
        assertThat(s.p(A).overspent()).isEqualTo(3);
        assertThat(s.p(A).deck()).hasSize(7);
        assertThat(s.refused(Scenario.move(A, "1,-3"))).isEqualTo("NOT_ENOUGH_SP");
    }

    @Test
    @DisplayName("C-D-SP-3 overspending or burning from the deck must leave a card in it")
    void deckKeepsACard() {
        Scenario s = duel().deck(A, 1, "resupply").pilot(A, p -> p.sp = 0);
        assertThat(s.refused(Scenario.move(A, "1,-6"))).isEqualTo("NOT_ENOUGH_CARDS");
        s.pilot(A, p -> p.sp = 6).hand(A, "blood-offering").deck(A, 2, "resupply");
        assertThat(s.refused(Scenario.play(A, s.handCard(A, "blood-offering"))))
                .isEqualTo("NOT_ENOUGH_CARDS");
    }

    @Test
    @DisplayName(
            "C-D-SP-3 an empty deck stops only what would be paid from it, not a cost within SP")
    void anEmptyDeckStopsNoCostWithinSp() {
        Scenario s = duel().deck(A, 0, "resupply").pilot(A, p -> p.sp = 6);
        assertThat(s.p(A).deck()).isEmpty();
        s.ok(Scenario.move(A, "1,-6"));
        s.pilot(A, p -> p.sp = 0);
        assertThat(s.refused(Scenario.move(A, "1,-5"))).isEqualTo("NOT_ENOUGH_CARDS");
    }

    @Test
    @DisplayName("C-DRAW-1 draw by cards played: 4 played draw 3")
    void drawTable() {
        Scenario s = duel().hand(A, "damage", "damage", "damage", "damage");
        for (int i = 0; i < 4; i++) {
            s.ok(Scenario.play(A, s.p(A).hand().get(0)));
        }
        s.ok(Scenario.of(A, CasketIntents.PASS));
        assertThat(s.events(HpCardDrawn.class)).hasSize(3);
    }

    @Test
    @DisplayName(
            "C-DRAW-2 an empty deck reshuffles the discard with one Damage card; both empty: defeated")
    void reshuffleAndDeckOut() {
        Scenario s = duel().pilot(A, p -> p.deck().clear());
        s.pilot(
                A,
                p ->
                        p.discard =
                                new java.util.ArrayList<>(
                                        s.refs("resupply", "resupply", "deflect")));
        s.ok(Scenario.of(A, CasketIntents.PASS));
        DiscardReshuffled r = s.event(DiscardReshuffled.class);
        assertThat(r.size()).isEqualTo(4);
        assertThat(r.order()).contains(CasketDraws.damageCard(A, 1));
        assertThat(s.p(A).damageCards()).isEqualTo(1);
        assertThat(s.p(A).deck().size() + s.p(A).hand().size()).isEqualTo(4);

        Scenario t = duel().pilot(A, p -> p.deck().clear()).pilot(A, p -> p.discard().clear());
        t.ok(Scenario.of(A, CasketIntents.PASS));
        assertThat(t.event(CasketDefeated.class).reason()).isEqualTo("DECKED_OUT");
        assertThat(t.state.status()).isEqualTo(MatchStatus.ENDED);
        assertThat(t.state.winner()).isEqualTo(B);
    }

    @Test
    @DisplayName(
            "C-HEAT-1 C-D-STRAIN-1 Strain at 5-9 Heat (1d6 + Heat), the 12+ row unrolled at 10+; discards from the deck")
    void strain() {
        Scenario s = duel().deck(B, 10, "resupply").pilot(B, p -> p.heat = 5);
        s.faces(1);
        s.ok(Scenario.of(A, CasketIntents.PASS));
        StrainApplied st = s.event(StrainApplied.class);
        assertThat(st.total()).isEqualTo(6);
        assertThat(st.row()).isEqualTo(Tables.Strain.SP_DRAIN);
        assertThat(s.p(B).sp()).isEqualTo(4);
        assertThat(s.p(B).deck()).hasSize(9);

        Scenario t = duel().deck(B, 10, "resupply").pilot(B, p -> p.heat = 10);
        t.faces(6);
        t.ok(Scenario.of(A, CasketIntents.PASS));
        assertThat(t.event(StrainApplied.class).row()).isEqualTo(Tables.Strain.CRITICAL_FAILURE);
        assertThat(t.event(StrainApplied.class).total()).isZero();
        assertThat(t.events(DiceRolled.class)).hasSize(1);
        assertThat(t.event(DiceRolled.class).purpose()).isEqualTo("COMPONENT");
        assertThat(t.p(B).deck()).hasSize(6);
        assertThat(t.p(B).damageOf(Component.CHASSIS)).isEqualTo(1);
    }

    /** A at 0,-1 attacks B at 0,2 (range 3, B faces north: front arc) with a Faithful Thrust. */
    private static Scenario attackReady() {
        Scenario s = duel().at(A, "0,-2", 3).at(B, "0,1", 2);
        s.hand(A, "faithful-thrust", "faithful-thrust", "deflect").deck(B, 20, "resupply");
        return s;
    }

    @Test
    @DisplayName(
            "C-REACT-1 the defender owes one reactive card before damage, paid from the SP it saved")
    void reactive() {
        Scenario s =
                attackReady()
                        .hand(B, "countermeasures", "brace-for-impact")
                        .pilot(B, p -> p.sp = 1)
                        .pilot(A, p -> p.buff = 2);
        assertThat(s.refused(Scenario.play(A, s.handCard(A, "deflect"))))
                .isEqualTo("REACTIVE_ONLY");
        s.attackDice("STRIKE", "STRIKE");
        s.ok(Scenario.attack(A, s.handCard(A, "faithful-thrust"), B, Component.LEGS));
        assertThat(s.state.attack().stage()).isEqualTo(Attack.REACT);
        assertThat(s.rules.toAct(s.state)).isEqualTo(B);
        assertThat(s.view(B).decision()).isEqualTo("REACT");
        assertThat(s.refused(Scenario.of(A, CasketIntents.PASS))).isEqualTo("NOT_YOUR_DECISION");
        // "not your turn" is one kind of refusal in every game: 403 (issue 45, finding 7)
        assertThat(s.act(Scenario.of(A, CasketIntents.PASS)).refusal().category())
                .isEqualTo(io.duelhall.domain.Refusal.Category.FORBIDDEN);
        s.defenceDice("BLOOD", "BLOOD");
        s.ok(
                new Intent(
                        B,
                        CasketIntents.REACT,
                        s.handCard(B, "countermeasures").id(),
                        null,
                        List.of(),
                        List.of()));
        assertThat(s.event(ReactivePlayed.class).reduce()).isEqualTo(4);
        assertThat(s.p(B).sp()).isZero();
        // 4 + 2 (buff) = 6 damage (3 + 3 = 6 is a HIT) − 4 = 2 defence dice
        assertThat(s.event(DiceRolled.class).rolls()).hasSize(2);
        assertThat(s.event(DefenceResolved.class).finalDamage()).isEqualTo(2);
    }

    @Test
    @DisplayName(
            "C-D-REACT-2 without a reactive card it can pay for, the defender's window closes by itself")
    void noReactive() {
        Scenario s = attackReady().hand(B, "countermeasures").pilot(B, p -> p.sp = 0);
        s.attackDice("STRIKE", "STRIKE").defenceDice("BLOOD", "BLOOD", "BLOOD", "BLOOD");
        s.ok(Scenario.attack(A, s.handCard(A, "faithful-thrust"), B, Component.LEGS));
        assertThat(s.events(ReactiveDeclined.class)).hasSize(1);
        assertThat(s.state.attack().stage()).isEqualTo(Attack.PAY);
    }

    @Test
    @DisplayName(
            "C-DMG-1 the defender pays from hand and deck as it chooses; Primary Weapon cards mark Component Damage")
    void payDamage() {
        Scenario s = attackReady().hand(B, "faithful-thrust", "autocannon", "resupply");
        s.attackDice("STRIKE", "STRIKE").defenceDice("BLOOD", "BLOOD", "BLOOD", "BLOOD");
        s.ok(Scenario.attack(A, s.handCard(A, "faithful-thrust"), B, Component.LEFT_ARM));
        assertThat(s.state.attack().finalDamage()).isEqualTo(4);
        assertThat(s.refused(Scenario.pay(B, s.p(B).hand().subList(0, 1)).by(A)))
                .isEqualTo("NOT_YOUR_DECISION");
        s.ok(
                Scenario.pay(
                        B, List.of(s.handCard(B, "faithful-thrust"), s.handCard(B, "autocannon"))));
        assertThat(s.p(B).hand()).hasSize(1);
        assertThat(s.p(B).deck()).hasSize(18);
        assertThat(s.p(B).damageOf(Component.LEFT_ARM)).isEqualTo(2);
        assertThat(s.state.attack()).isNull();
        assertThat(s.state.active()).isEqualTo(A);
    }

    @Test
    @DisplayName(
            "C-D-HIT-1 to-hit modifiers: front arc, cover, elevation, aim; C-D-HIT-3 an EXECUTION adds 3 damage and 1 Component Damage")
    void toHitAndExecution() {
        Scenario s = attackReady().at(B, "1,-1", 0).at(A, "1,-3", 3);
        // B faces north (A in its front arc +1), stands in difficult terrain (+1): need 7
        assertThat(s.rules.toHitNeed(s.state, A, "faithful-thrust", B)).isEqualTo(7);
        s.at(A, "2,-3", 3);
        // from elevation 1, shooting down: −1
        assertThat(s.rules.toHitNeed(s.state, A, "faithful-thrust", B)).isEqualTo(6);
        s.at(B, "0,1", 3).at(A, "0,-2", 3);
        // A in B's rear arc: −1
        assertThat(s.rules.toHitNeed(s.state, A, "faithful-thrust", B)).isEqualTo(4);
        s.attackDice("DEATH_BLOW", "DEATH_BLOW")
                .defenceDice("BLOOD", "BLOOD", "BLOOD", "BLOOD", "BLOOD", "BLOOD", "BLOOD");
        s.ok(Scenario.attack(A, s.handCard(A, "faithful-thrust"), B, Component.HEAD));
        assertThat(s.event(AttackHit.class).result()).isEqualTo(Tables.Result.EXECUTION);
        assertThat(s.event(AttackHit.class).damage()).isEqualTo(7);
        assertThat(s.p(B).damageOf(Component.HEAD)).isEqualTo(1);
    }

    @Test
    @DisplayName(
            "C-D-DICE-2 defence faces: SHIELD and ABSORB block, CRITICAL marks, HEAT heats, PIERCE undoes a reactive reduction")
    void defenceFaces() {
        Scenario s = attackReady().hand(B, "deflect").pilot(A, p -> p.buff = 2);
        s.attackDice("STRIKE", "STRIKE")
                .defenceDice("SHIELD", "ABSORB", "CRITICAL", "HEAT", "PIERCE");
        s.ok(Scenario.attack(A, s.handCard(A, "faithful-thrust"), B, Component.CHASSIS));
        s.ok(
                new Intent(
                        B,
                        CasketIntents.REACT,
                        s.handCard(B, "deflect").id(),
                        null,
                        List.of(),
                        List.of()));
        DefenceResolved d = s.event(DefenceResolved.class);
        // 6 − 1 (Deflect) = 5 dice; 2 blocks; PIERCE undoes the 1 of Deflect: 5 − 2 + 1 = 4
        assertThat(d.blocks()).isEqualTo(2);
        assertThat(d.finalDamage()).isEqualTo(4);
        assertThat(s.p(B).heat()).isEqualTo(1);
        assertThat(s.p(B).damageOf(Component.CHASSIS)).isEqualTo(1);
    }

    @Test
    @DisplayName(
            "C-D-LOS-2 casket-1.2.0: every hex of a turn's movement is in sight of where the turn began; 1.1.0 checked a MOVE's destination from its start")
    void movementSightFromTheTurnStart() {
        // 3,-4 is a wall between 3,-5 and 3,-3 (C-D-LOS-1): round it one hex at a time
        for (String engine : List.of("casket-1.2.0", "casket-1.1.0")) {
            Scenario s = duel(engine).at(A, "3,-5", 3).at(B, "0,2", 0);
            s.pilot(A, p -> p.sp = 6);
            boolean pathSight = engine.equals("casket-1.2.0");
            s.ok(Scenario.move(A, "4,-5"));
            if (pathSight) {
                // 4,-4 is next to 4,-5 (in its sight) but behind the wall from 3,-5
                assertThat(s.refused(Scenario.move(A, "4,-4"))).isEqualTo("NO_LINE_OF_SIGHT");
                assertThat(s.view(A).reach())
                        .extracting(r -> r.hex())
                        .doesNotContain("4,-4", "3,-3");
                assertThat(s.p(A).at()).isEqualTo(Hex.parse("4,-5"));
            } else {
                s.ok(Scenario.move(A, "4,-4"));
                s.ok(Scenario.move(A, "3,-3"));
                assertThat(s.p(A).at()).isEqualTo(Hex.parse("3,-3"));
            }
            // one MOVE whose path goes round the wall: refused under both (1.1.0: the destination)
            Scenario t = duel(engine).at(A, "3,-5", 3).at(B, "0,2", 0);
            t.pilot(A, p -> p.sp = 6);
            assertThat(t.refused(Scenario.move(A, "4,-5", "4,-4", "3,-3")))
                    .isEqualTo("NO_LINE_OF_SIGHT");
        }
    }

    @Test
    @DisplayName(
            "C-MAP-1 C-D-MOVE-1 movement: adjacent hexes, no walls or caskets, difficult +1, line of sight to the destination")
    void movement() {
        Scenario s = duel().at(A, "3,-5", 3).at(B, "1,-5", 0);
        assertThat(s.refused(Scenario.move(A, "3,-4"))).isEqualTo("BLOCKED");
        assertThat(s.refused(Scenario.move(A, "3,-3"))).isEqualTo("NOT_ADJACENT");
        assertThat(s.refused(Scenario.move(A, "2,-5", "1,-5"))).isEqualTo("OCCUPIED");
        assertThat(s.refused(Scenario.move(A, "4,-5", "4,-4", "3,-3")))
                .isEqualTo("NO_LINE_OF_SIGHT");
        s.at(A, "0,-4", 3);
        s.ok(Scenario.move(A, "0,-3"));
        assertThat(s.event(CasketMoved.class).cost()).isEqualTo(2);
        s.pilot(A, p -> p.damage().put(Component.LEGS, 3));
        s.ok(Scenario.move(A, "-1,-2"));
        assertThat(s.event(CasketMoved.class).cost()).isEqualTo(2);
    }

    @Test
    @DisplayName("C-D-MOVE-2 one free rotation a turn")
    void rotation() {
        Scenario s = duel();
        s.ok(Scenario.rotate(A, 1));
        assertThat(s.p(A).facing()).isEqualTo(1);
        assertThat(s.p(A).sp()).isEqualTo(6);
        assertThat(s.refused(Scenario.rotate(A, 2))).isEqualTo("ALREADY_ROTATED");
    }

    @Test
    @DisplayName(
            "C-D-HEAT-1 water cools 2 at the end of the turn; C-D-HEAT-2 a turn without acting cools 1; C-D-HEAT-3 venting (casket-1.0.0): 2 SP, −3 Heat")
    void cooling() {
        Scenario s = duel().at(A, "0,0", 3).pilot(A, p -> p.heat = 4);
        s.ok(Scenario.of(A, CasketIntents.PASS));
        assertThat(s.p(A).heat()).isEqualTo(1); // water −2, idle −1
        Scenario t = duel("casket-1.0.0").pilot(A, p -> p.heat = 4);
        t.ok(Scenario.of(A, CasketIntents.VENT));
        assertThat(t.p(A).heat()).isEqualTo(1);
        assertThat(t.p(A).sp()).isEqualTo(4);
        t.ok(Scenario.of(A, CasketIntents.PASS));
        assertThat(t.p(A).heat()).isEqualTo(1);
    }

    @Test
    @DisplayName(
            "C-D-HEAT-4 (casket-1.1.0, issue 44) no VENT action: Heat is removed by cards, water and idle turns (seed 001); casket-1.0.0 keeps it")
    void noVentAction() {
        Scenario t = duel().pilot(A, p -> p.heat = 4);
        assertThat(t.rules.legalMoves(t.state, A))
                .extracting(Intent::type)
                .doesNotContain(CasketIntents.VENT)
                .contains(CasketIntents.PASS);
        assertThat(t.refused(Scenario.of(A, CasketIntents.VENT))).isEqualTo("NO_VENT_ACTION");
        assertThat(t.p(A).heat()).isEqualTo(4);
        assertThat(t.p(A).sp()).isEqualTo(6);
        // the Emergency Vent card still removes 3 Heat for its 2 SP
        t.hand(A, "emergency-vent");
        t.ok(Scenario.play(A, t.handCard(A, "emergency-vent")));
        assertThat(t.p(A).heat()).isEqualTo(1);
        assertThat(t.p(A).sp()).isEqualTo(4);

        // a match created under casket-1.0.0 keeps its rules: VENT listed and played
        Scenario old = duel("casket-1.0.0").pilot(A, p -> p.heat = 4);
        assertThat(old.rules.engineVersion()).isEqualTo("casket-1.0.0");
        assertThat(old.rules.legalMoves(old.state, A))
                .extracting(Intent::type)
                .contains(CasketIntents.VENT);
        old.ok(Scenario.of(A, CasketIntents.VENT));
        assertThat(old.p(A).heat()).isEqualTo(1);
    }

    @Test
    @DisplayName(
            "C-D-END-4 (casket-1.1.0, issue 44) a defeated Casket becomes inert and stays on its hex: no Casket enters it; casket-1.0.0 removed it")
    void inertWreck() {
        for (String engine : List.of("casket-1.1.0", "casket-1.0.0")) {
            Scenario s = Scenario.started(3, engine).map("foundry").hand(A).hand(B).hand(C);
            s.at(A, "0,-3", 3).at(B, "0,-2", 0).at(C, "3,3", 0);
            s.ok(Intent.concede(B));
            assertThat(s.p(B).defeated()).isTrue();
            boolean wreck = engine.equals("casket-1.1.0");
            assertThat(s.view(A).seats().get(B).inert()).as(engine).isEqualTo(wreck);
            assertThat(s.view(A).seats().get(B).hex()).isEqualTo("0,-2");
            assertThat(s.state.occupant(io.duelhall.domain.casket.Hex.parse("0,-2")))
                    .isEqualTo(wreck ? B : null);
            if (wreck) {
                assertThat(s.refused(Scenario.move(A, "0,-2"))).isEqualTo("OCCUPIED");
                assertThat(s.view(A).reach()).extracting(r -> r.hex()).doesNotContain("0,-2");
            } else {
                s.ok(Scenario.move(A, "0,-2"));
                assertThat(s.p(A).at()).isEqualTo(io.duelhall.domain.casket.Hex.parse("0,-2"));
            }
        }
    }

    @Test
    @DisplayName(
            "C-D-HP-1 C-D-END-1 a Casket whose HP deck is emptied by damage is destroyed; the last seat standing wins")
    void destroyed() {
        Scenario s = attackReady().deck(B, 3, "resupply");
        s.attackDice("STRIKE", "STRIKE").defenceDice("BLOOD", "BLOOD", "BLOOD", "BLOOD");
        s.ok(Scenario.attack(A, s.handCard(A, "faithful-thrust"), B, Component.CHASSIS));
        s.ok(Scenario.pay(B, List.of()));
        assertThat(s.event(CasketDefeated.class).reason()).isEqualTo("DESTROYED");
        CasketMatchEnded end = s.event(CasketMatchEnded.class);
        assertThat(end.winner()).isEqualTo(A);
        assertThat(end.losers()).containsExactly(B);
        assertThat(end.placings()).containsExactly(List.of(A), List.of(B));
        assertThat(end.serverSeed()).isNotNull();
    }

    @Test
    @DisplayName("C-D-COMP-1 a destroyed right arm discards and forbids Primary Weapon cards")
    void rightArm() {
        Scenario s = attackReady().hand(B, "faithful-thrust", "autocannon", "resupply");
        s.pilot(B, p -> p.damage().put(Component.RIGHT_ARM, 2));
        s.attackDice("MISS", "DEATH_BLOW").defenceDice("CRITICAL", "SHIELD", "SHIELD", "SHIELD");
        s.ok(Scenario.attack(A, s.handCard(A, "faithful-thrust"), B, Component.RIGHT_ARM));
        assertThat(s.p(B).destroyed(Component.RIGHT_ARM)).isTrue();
        assertThat(s.p(B).hand()).extracting(CardRef::card).containsExactly("resupply");
        assertThat(s.event(ComponentDamaged.class).destroyed()).isTrue();
    }

    @Test
    @DisplayName(
            "C-D-WOUND-1 neural feedback: a wound per Component Damage from the 5th on; the 10th wound kills the pilot")
    void wounds() {
        Scenario s = attackReady().pilot(B, p -> p.damage().put(Component.LEGS, 4));
        s.attackDice("STRIKE", "STRIKE")
                .defenceDice("CRITICAL", "CRITICAL", "SHIELD", "SHIELD", "SHIELD", "SHIELD");
        s.ok(Scenario.attack(A, s.handCard(A, "faithful-thrust"), B, Component.CHASSIS));
        assertThat(s.events(WoundFlipped.class)).hasSize(2);
        assertThat(s.p(B).flipped()).hasSize(2);
        assertThat(s.p(B).wounds()).hasSize(8);

        Scenario t = attackReady().pilot(B, p -> p.damage().put(Component.LEGS, 9));
        t.pilot(B, p -> p.wounds = new java.util.ArrayList<>(List.of("panic")));
        t.attackDice("STRIKE", "STRIKE")
                .defenceDice("CRITICAL", "SHIELD", "SHIELD", "SHIELD", "SHIELD", "SHIELD");
        t.ok(Scenario.attack(A, t.handCard(A, "faithful-thrust"), B, Component.CHASSIS));
        assertThat(t.event(CasketDefeated.class).reason()).isEqualTo("PILOT_DEAD");
        assertThat(t.state.winner()).isEqualTo(A);
    }

    @Test
    @DisplayName("C-D-TURN-1 discard down to 6 at the end of the turn: exactly the excess")
    void discardDown() {
        Scenario s =
                duel().hand(
                                A,
                                "resupply",
                                "resupply",
                                "resupply",
                                "resupply",
                                "resupply",
                                "deflect");
        s.ok(Scenario.of(A, CasketIntents.PASS));
        assertThat(s.event(HandLimitExceeded.class).discard()).isEqualTo(2);
        assertThat(s.view(A).decision()).isEqualTo("DISCARD");
        List<CardRef> hand = s.p(A).hand();
        assertThat(
                        s.refused(
                                new Intent(
                                        A,
                                        CasketIntents.DISCARD,
                                        null,
                                        null,
                                        List.of(),
                                        List.of(hand.get(0).id()))))
                .isEqualTo("WRONG_DISCARD");
        s.ok(
                new Intent(
                        A,
                        CasketIntents.DISCARD,
                        null,
                        null,
                        List.of(),
                        List.of(hand.get(0).id(), hand.get(1).id())));
        assertThat(s.p(A).hand()).hasSize(6);
        assertThat(s.state.active()).isEqualTo(B);
    }

    @Test
    @DisplayName(
            "C-D-END-2 placings in the order seats fall; a concession is a defeat at once, in any turn")
    void placings() {
        Scenario s = Scenario.started(3);
        s.ok(Intent.concede(C));
        assertThat(s.p(C).place()).isEqualTo(3);
        assertThat(s.state.active()).isEqualTo(A);
        s.ok(Intent.concede(A));
        CasketMatchEnded end = s.event(CasketMatchEnded.class);
        assertThat(end.winner()).isEqualTo(B);
        assertThat(end.losers()).containsExactly(A, C);
        assertThat(end.placings()).containsExactly(List.of(B), List.of(A), List.of(C));
        assertThat(end.reason()).isEqualTo("LAST_STANDING");
    }

    @Test
    @DisplayName(
            "C-D-END-3 after 40 rounds the seats standing are placed by HP (deck size); equal HP"
                    + " draws")
    void roundLimit() {
        Scenario s = duel().edit(b -> b.round = Turns.MAX_ROUNDS).deck(A, 10, "resupply");
        s.deck(B, 10, "resupply");
        s.ok(Scenario.of(A, CasketIntents.PASS));
        s.hand(A).deck(A, 8, "resupply").ok(Scenario.of(B, CasketIntents.PASS));
        CasketMatchEnded end = s.event(CasketMatchEnded.class);
        assertThat(end.reason()).isEqualTo("TIME_LIMIT");
        assertThat(end.winner()).isNull();
        assertThat(end.losers()).isEmpty();
        assertThat(end.placings()).containsExactly(List.of(A, B));

        Scenario t = Scenario.started(3).edit(b -> b.round = Turns.MAX_ROUNDS);
        t.ok(Intent.concede(C));
        t.hand(A).deck(A, 12, "resupply").ok(Scenario.of(A, CasketIntents.PASS));
        t.hand(B).deck(B, 5, "resupply").ok(Scenario.of(B, CasketIntents.PASS));
        CasketMatchEnded three = t.event(CasketMatchEnded.class);
        assertThat(three.winner()).isEqualTo(A);
        assertThat(three.placings()).containsExactly(List.of(A), List.of(B), List.of(C));
        assertThat(three.losers()).containsExactly(B, C);
    }

    @Test
    @DisplayName("C-D-CLOCK-1 a turn timeout passes and counts; the match's timeoutLoss-th defeats")
    void timeouts() {
        Scenario s = duel();
        s.ok(Intent.timeout(A));
        assertThat(s.p(A).timeouts()).isEqualTo(1);
        assertThat(s.state.active()).isEqualTo(B);
        Scenario t =
                duel().edit(
                                b ->
                                        b.options =
                                                new io.duelhall.domain.MatchOptions(
                                                        0, 30, 10, null, 1, 2, null));
        t.ok(Intent.timeout(A));
        assertThat(t.event(CasketDefeated.class).reason()).isEqualTo("TIMEOUT");
        assertThat(t.state.winner()).isEqualTo(B);
    }

    @Test
    @DisplayName(
            "C-D-SETUP-1 six cards each, one optional mulligan per seat in seat order, then round 1")
    void mulligan() {
        Scenario s = new Scenario();
        Scenario started = Scenario.started(2);
        // the opening of a started match: 6 cards each, the mulligan decisions in seat order
        long draws = started.all.stream().filter(e -> e instanceof HpCardDrawn).count();
        assertThat(draws).isEqualTo(12);
        CasketState opening =
                (CasketState)
                        started.rules.replay(
                                started.all.subList(
                                        0,
                                        started.all.indexOf(
                                                started.all.stream()
                                                        .filter(e -> e instanceof MulliganDecided)
                                                        .findFirst()
                                                        .orElseThrow())));
        s.state = opening;
        assertThat(s.rules.toAct(opening)).isEqualTo(A);
        assertThat(s.refused(Intent.of(B, CasketIntents.KEEP))).isEqualTo("NOT_YOUR_DECISION");
        List<CardRef> before = opening.pilot(A).hand();
        s.ok(Intent.of(A, CasketIntents.MULLIGAN));
        assertThat(s.event(HandReturned.class).cards()).isEqualTo(before);
        assertThat(s.event(HpDeckShuffled.class).reason()).isEqualTo("MULLIGAN");
        assertThat(s.p(A).hand()).hasSize(6);
        assertThat(s.p(A).deck()).hasSize(24);
        assertThat(s.rules.toAct(s.state)).isEqualTo(B);
        s.ok(Intent.of(B, CasketIntents.KEEP));
        assertThat(s.state.round()).isEqualTo(1);
        assertThat(s.refused(Intent.of(s.state.active(), CasketIntents.MULLIGAN)))
                .isEqualTo("NOT_NOW");
    }

    @Test
    @DisplayName(
            "C-D-MAP-2 the arena comes from the match seed; seats deploy on its hexes in seat order")
    void mapFromSeed() {
        Scenario s = Scenario.started(6);
        ArenaMap map =
                s.rules.catalog().maps().get(CasketDraws.map(CasketDraws.matchSeed(s.state), 2));
        assertThat(
                        s.all.stream()
                                .filter(e -> e instanceof ArenaMatchStarted)
                                .findFirst()
                                .orElseThrow())
                .extracting(e -> ((ArenaMatchStarted) e).map())
                .isEqualTo(map.id());
        for (io.duelhall.domain.Seat seat : s.state.seats()) {
            assertThat(
                            s.all.stream()
                                    .filter(e -> e instanceof ArenaMatchStarted)
                                    .map(e -> (ArenaMatchStarted) e)
                                    .findFirst()
                                    .orElseThrow()
                                    .deployments())
                    .contains(
                            new Deployed(
                                    seat,
                                    map.deployments().get(seat).hex(),
                                    map.deployments().get(seat).facing()));
        }
    }

    @Test
    @DisplayName(
            "C-D-WOUND-2 wound effects: bleeding, burned hands, rage, panic, aim, SP and movement")
    void woundEffects() {
        Scenario s = duel().deck(B, 10, "resupply");
        s.pilot(
                B,
                p ->
                        p.flipped()
                                .addAll(
                                        List.of(
                                                "internal-bleeding",
                                                "burned-hands",
                                                "cracked-ribs")));
        s.ok(Scenario.of(A, CasketIntents.PASS));
        assertThat(s.p(B).deck()).hasSize(9);
        assertThat(s.p(B).heat()).isEqualTo(1);
        assertThat(s.p(B).sp()).isEqualTo(4);

        Scenario t = attackReady().hand(B, "brace-for-impact");
        t.pilot(B, p -> p.flipped().add("panic"));
        t.pilot(
                A,
                p -> p.flipped().addAll(List.of("berserker-rage", "concussion", "spinal-damage")));
        assertThat(t.rules.toHitNeed(t.state, A, "faithful-thrust", B)).isEqualTo(6);
        t.attackDice("DEATH_BLOW", "GLANCE")
                .defenceDice("BLOOD", "BLOOD", "BLOOD", "BLOOD", "BLOOD", "BLOOD");
        t.ok(Scenario.attack(A, t.handCard(A, "faithful-thrust"), B, Component.HEAD));
        assertThat(t.events(ReactiveDeclined.class)).hasSize(1);
        assertThat(t.event(AttackHit.class).damage()).isEqualTo(6); // 4 + strong hit 1 + rage 1
        t.ok(Scenario.pay(B, List.of()));
        t.ok(Scenario.move(A, "0,-3"));
        assertThat(t.event(CasketMoved.class).cost()).isEqualTo(3); // difficult 2 + spinal damage 1
        t.hand(A).ok(Scenario.of(A, CasketIntents.PASS));
        assertThat(t.p(A).heat()).isEqualTo(1); // rage at the end of the turn
    }

    @Test
    @DisplayName(
            "C-D-COMP-1 destroyed head: no Sensor Sweep, +1 to hit beyond 1 hex; destroyed chassis: −1 SP max")
    void headAndChassis() {
        Scenario s = attackReady().hand(A, "sensor-sweep", "faithful-thrust");
        int need = s.rules.toHitNeed(s.state, A, "faithful-thrust", B);
        s.pilot(A, p -> p.damage().put(Component.HEAD, 3));
        assertThat(s.rules.toHitNeed(s.state, A, "faithful-thrust", B)).isEqualTo(need + 1);
        assertThat(s.refused(Scenario.play(A, s.handCard(A, "sensor-sweep"))))
                .isEqualTo("HEAD_DESTROYED");
        s.pilot(A, p -> p.damage().put(Component.CHASSIS, 3)).hand(A);
        s.ok(Scenario.of(A, CasketIntents.PASS));
        s.hand(B).ok(Scenario.of(B, CasketIntents.PASS));
        assertThat(s.state.active()).isNotNull();
        assertThat(s.p(A).maxSp(Catalog.standard())).isEqualTo(5);
    }

    @Test
    @DisplayName(
            "C-MAP-1 the view's reach: every hex the active casket can move to within its SP, each path accepted")
    void reach() {
        Scenario s = duel().at(A, "0,-4", 3).pilot(A, p -> p.sp = 2);
        List<Reach.Step> reach = s.view(B).reach();
        assertThat(reach)
                .extracting(Reach.Step::hex)
                .contains("0,-3", "0,-5", "-1,-3")
                .doesNotContain("0,-2", "2,-4");
        assertThat(reach)
                .filteredOn(r -> r.hex().equals("0,-3"))
                .first()
                .extracting(Reach.Step::cost)
                .isEqualTo(2);
        for (Reach.Step step : reach) {
            Scenario t = duel().at(A, "0,-4", 3).pilot(A, p -> p.sp = 2);
            t.ok(Scenario.move(A, step.path().toArray(String[]::new)));
            assertThat(t.p(A).sp()).isEqualTo(2 - step.cost());
        }
    }
}
