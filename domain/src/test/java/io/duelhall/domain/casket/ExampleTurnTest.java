package io.duelhall.domain.casket;

import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.casket.CasketEvent.*;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The rules document's "Example Turn Sequence", number for number where the document agrees with
 * itself (C-D-EXAMPLE-1 records where it does not: the engine counts the last move as the 6th SP,
 * not a 7th, so no card is discarded and no SP is left; the deck also pays for the two cards
 * drawn).
 */
class ExampleTurnTest {

    @Test
    @DisplayName("C-D-EXAMPLE-1 the Church Confessor's example turn")
    void exampleTurn() {
        Scenario s = Scenario.started(2).map("foundry");
        s.at(A, "1,-6", 0).at(B, "1,2", 2);
        s.hand(
                A,
                "blood-offering",
                "faithful-thrust",
                "coolant-flush",
                "resupply",
                "emergency-vent",
                "sensor-sweep");
        s.deck(A, 24, "coolant-flush");
        s.pilot(A, p -> p.heat = 2);
        s.hand(
                B,
                "resupply",
                "resupply",
                "coolant-flush",
                "coolant-flush",
                "sensor-sweep",
                "emergency-vent");
        s.deck(B, 20, "resupply");
        // Starting state: 24 in deck, 6 in hand, 2 Heat, facing north, 6 SP (a Scout).
        assertThat(s.p(A).type()).isEqualTo(CasketType.SCOUT);
        assertThat(s.p(A).sp()).isEqualTo(6);

        // Rotate (free) to face the enemy.
        s.ok(Scenario.rotate(A, 3));
        assertThat(s.p(A).sp()).isEqualTo(6);
        // Move 3 hexes (3 SP).
        s.ok(Scenario.move(A, "1,-5", "1,-4", "1,-3"));
        assertThat(s.p(A).sp()).isEqualTo(3);
        // Blood Offering (0 SP): 2 cards from the deck, +3 damage.
        s.ok(Scenario.play(A, s.handCard(A, "blood-offering")));
        assertThat(s.p(A).deck()).hasSize(22);
        assertThat(s.p(A).buff()).isEqualTo(3);
        // Faithful Thrust (2 SP): need 7+ (base 5, moved 3 +1, medium range 5 hexes +1).
        s.attackDice("STRIKE", "DEATH_BLOW");
        s.defenceDice("SHIELD", "SHIELD", "BLOOD", "BLOOD", "BLOOD", "CRITICAL", "HEAT", "PIERCE");
        s.ok(Scenario.attack(A, s.handCard(A, "faithful-thrust"), B, Component.CHASSIS));
        AttackDeclared declared = s.event(AttackDeclared.class);
        assertThat(declared.need()).isEqualTo(7);
        assertThat(declared.modifiers()).containsExactly("base 5", "range 5 +1", "moved 3 +1");
        AttackHit hit = s.event(AttackHit.class);
        assertThat(hit.total()).isEqualTo(8);
        assertThat(hit.result()).isEqualTo(Tables.Result.STRONG_HIT);
        assertThat(hit.damage()).isEqualTo(8);
        // Enemy: 8 defence dice, 2 blocks → 6 damage; a critical → 1 Component Damage; +1 Heat.
        DefenceResolved d = s.event(DefenceResolved.class);
        assertThat(d.blocks()).isEqualTo(2);
        assertThat(d.finalDamage()).isEqualTo(6);
        assertThat(s.p(B).damageOf(Component.CHASSIS)).isEqualTo(1);
        assertThat(s.p(B).heat()).isEqualTo(1);
        // The enemy discards 6: 4 from the hand, 2 from the deck.
        s.ok(Scenario.pay(B, s.p(B).hand().subList(0, 4)));
        assertThat(s.p(B).hand()).hasSize(2);
        assertThat(s.p(B).deck()).hasSize(18);
        assertThat(s.p(A).sp()).isEqualTo(1);
        // Move 1 more hex: the 6th SP (C-D-EXAMPLE-1), no card, no Heat.
        s.ok(Scenario.move(A, "1,-2"));
        assertThat(s.p(A).sp()).isZero();
        assertThat(s.p(A).overspent()).isZero();
        assertThat(s.p(A).hand()).hasSize(4);
        // Draw: 2 cards played → draw 2; the hand is 6 again.
        s.ok(Scenario.of(A, CasketIntents.PASS));
        assertThat(s.events(HpCardDrawn.class)).hasSize(2);
        assertThat(s.p(A).hand()).hasSize(6);
        assertThat(s.p(A).deck()).hasSize(20);
        assertThat(s.p(A).heat()).isEqualTo(2);
        assertThat(s.state.active()).isEqualTo(B);
    }
}
