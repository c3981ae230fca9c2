package io.duelhall.domain.casket;

import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Intent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.casket.CasketEvent.*;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Issue 44, "tests the read found missing": named tests for behaviour the engine had without a test
 * of its own (the left arm destroyed, the System Damage strain row, a defeated seat skipped in the
 * turn order, the Heat zones, a component roll of 3).
 */
class ReadGapsTest {

    /** Two seats on the foundry, A at 0,-6 facing south, B at 0,2 facing north, hands empty. */
    private static Scenario duel() {
        Scenario s = Scenario.started(2).map("foundry");
        s.at(A, "0,-6", 3).at(B, "0,2", 0).hand(A).hand(B);
        return s;
    }

    /** A at 0,-2 attacks B at 0,1 (B faces south-east) with a Faithful Thrust. */
    private static Scenario attackReady() {
        Scenario s = duel().at(A, "0,-2", 3).at(B, "0,1", 2);
        s.hand(A, "faithful-thrust", "faithful-thrust", "deflect").deck(B, 20, "resupply");
        return s;
    }

    @Test
    @DisplayName(
            "C-D-COMP-1 a destroyed left arm discards the Secondary (equipment) cards of the hand and forbids them")
    void leftArm() {
        Scenario s = attackReady().hand(B, "missile-pod", "targeting-lock", "resupply");
        s.pilot(B, p -> p.damage().put(Component.LEFT_ARM, 2));
        s.attackDice("MISS", "DEATH_BLOW").defenceDice("CRITICAL", "SHIELD", "SHIELD", "SHIELD");
        s.ok(Scenario.attack(A, s.handCard(A, "faithful-thrust"), B, Component.LEFT_ARM));
        assertThat(s.p(B).destroyed(Component.LEFT_ARM)).isTrue();
        assertThat(s.p(B).destroyed(Component.RIGHT_ARM)).isFalse();
        assertThat(s.p(B).hand()).extracting(CardRef::card).containsExactly("resupply");
        assertThat(s.events(CardsDiscarded.class))
                .anyMatch(
                        d ->
                                d.reason().equals("LEFT_ARM_DESTROYED")
                                        && d.cards().stream()
                                                .map(CardRef::card)
                                                .toList()
                                                .containsAll(
                                                        List.of("missile-pod", "targeting-lock")));
        ComponentDamaged hit = s.event(ComponentDamaged.class);
        assertThat(hit.component()).isEqualTo(Component.LEFT_ARM);
        assertThat(hit.destroyed()).isTrue();
    }

    @Test
    @DisplayName(
            "C-D-STRAIN-1 the System Damage row (1d6 + Heat of 9 to 11): three cards from the deck as damage, then 1 SP")
    void systemDamageRow() {
        Scenario s = duel().deck(B, 10, "resupply").pilot(B, p -> p.heat = 5);
        s.faces(5); // 5 + 5 Heat = 10
        s.ok(Scenario.of(A, CasketIntents.PASS));
        StrainApplied st = s.event(StrainApplied.class);
        assertThat(st.total()).isEqualTo(10);
        assertThat(st.row()).isEqualTo(Tables.Strain.SYSTEM_DAMAGE);
        assertThat(s.p(B).deck()).hasSize(7);
        SpRestored restored = s.event(SpRestored.class);
        assertThat(s.p(B).sp()).isEqualTo(restored.max() - 1);
        assertThat(s.events(CardsDiscarded.class))
                .anyMatch(d -> d.reason().equals("STRAIN") && d.cards().size() == 3);
    }

    @Test
    @DisplayName(
            "C-SEATS-1 C-D-END-2 a defeated seat is skipped in the turn order: the turn passes to the next seat standing")
    void defeatedSeatSkipped() {
        Scenario s = Scenario.started(3);
        s.hand(A);
        List<Seat> order = s.state.order();
        assertThat(order).hasSize(3).startsWith(A);
        Seat next = order.get(1);
        Seat after = order.get(2);
        s.ok(Intent.concede(next));
        assertThat(s.p(next).defeated()).isTrue();
        s.ok(Scenario.of(A, CasketIntents.PASS));
        assertThat(s.state.active()).isEqualTo(after);
        assertThat(s.events(CasketTurnStarted.class))
                .extracting(CasketTurnStarted::seat)
                .containsExactly(after);
    }

    @Test
    @DisplayName(
            "C-HEAT-1 the Heat zones: safe below 5, danger at 5 to 9, critical from 10 — in the tables and the view")
    void heatZones() {
        assertThat(Tables.heatZone(0)).isEqualTo("SAFE");
        assertThat(Tables.heatZone(4)).isEqualTo("SAFE");
        assertThat(Tables.heatZone(5)).isEqualTo("DANGER");
        assertThat(Tables.heatZone(9)).isEqualTo("DANGER");
        assertThat(Tables.heatZone(10)).isEqualTo("CRITICAL");
        assertThat(Tables.heatZone(14)).isEqualTo("CRITICAL");
        for (int heat : new int[] {4, 5, 9, 10}) {
            Scenario s = duel().pilot(B, p -> p.heat = heat);
            assertThat(s.view(B).seats().get(B).heatZone())
                    .as("the view at %s Heat", heat)
                    .isEqualTo(Tables.heatZone(heat));
        }
        // below 5 no Strain is rolled at the start of the turn; at 5 it is
        Scenario safe = duel().deck(B, 10, "resupply").pilot(B, p -> p.heat = 4);
        safe.ok(Scenario.of(A, CasketIntents.PASS));
        assertThat(safe.events(StrainApplied.class)).isEmpty();
        Scenario danger = duel().deck(B, 10, "resupply").pilot(B, p -> p.heat = 5);
        danger.faces(1);
        danger.ok(Scenario.of(A, CasketIntents.PASS));
        assertThat(danger.events(StrainApplied.class)).hasSize(1);
    }

    @Test
    @DisplayName("C-D-COMP-1 the component roll (1d6): 3, as 4, hits the legs")
    void componentRollOfThree() {
        assertThat(Component.ofRoll(3)).isEqualTo(Component.LEGS);
        Scenario t = duel().deck(B, 10, "resupply").pilot(B, p -> p.heat = 10);
        t.faces(3);
        t.ok(Scenario.of(A, CasketIntents.PASS));
        DiceRolled roll = t.event(DiceRolled.class);
        assertThat(roll.purpose()).isEqualTo("COMPONENT");
        assertThat(roll.values()).containsExactly(3);
        assertThat(t.p(B).damageOf(Component.LEGS)).isEqualTo(1);
        assertThat(t.p(B).damageOf(Component.CHASSIS)).isZero();
    }
}
