package io.duelhall.domain.voidlit;

import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Decision;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.voidlit.VoidlitEvent.*;
import io.duelhall.domain.voidlit.VoidlitMove.*;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class CombatRulesTest {

    @Test
    @DisplayName(
            "L-FATIGUE-1: a Unit cannot attack in the turn it was played; it can in its owner's next turn")
    void fatigue() {
        Scenario sc =
                Scenario.turnOf(A)
                        .hand(A, "ash-legionnaire")
                        .energy(A, 3)
                        .bank(A, 3)
                        .deckOf(A, 5, "scrap-golem")
                        .deckOf(B, 5, "scrap-golem");
        sc.apply(new Play(A, sc.handId(A, 0), null));
        Unit u = sc.side(A).units().get(0);
        assertThat(u.fatigued()).isTrue();
        assertThat(sc.decide(new Attack(A, u.id(), TargetRef.player(B))).refusal().code())
                .isEqualTo("UNIT_FATIGUED");
        sc.apply(new EndTurn(A));
        sc.apply(new EndTurn(B));
        sc.apply(new Attack(A, u.id(), TargetRef.player(B)));
        assertThat(sc.side(B).health()).isEqualTo(27);
    }

    @Test
    @DisplayName("L-D-SWIFT-1: a Swift Unit has no Fatigue")
    void swift() {
        Scenario sc = Scenario.turnOf(A).hand(A, "cinder-runner").energy(A, 2);
        sc.apply(new Play(A, sc.handId(A, 0), null));
        sc.apply(new Attack(A, sc.unitId(A, 0), TargetRef.player(B)));
        assertThat(sc.side(B).health()).isEqualTo(28);
    }

    @Test
    @DisplayName(
            "L-FATIGUE-1: Unit combat is simultaneous: both deal their attack, both lethal means both destroyed")
    void simultaneousCombat() {
        Scenario sc = Scenario.turnOf(A).unit(A, "ash-legionnaire").unit(B, "coral-knight");
        String atk = sc.unitId(A, 0);
        String def = sc.unitId(B, 0);
        List<MatchEvent> ev = sc.apply(new Attack(A, atk, TargetRef.unit(B, def)));
        assertThat(ev)
                .containsExactly(
                        new UnitAttacked(A, atk, B, def),
                        new UnitDamaged(B, def, 3, 1),
                        new UnitDamaged(A, atk, 3, 0),
                        new UnitDestroyed(A, new CardRef(atk, "ash-legionnaire"), List.of()));
        assertThat(sc.side(B).units().get(0).health()).isEqualTo(1);
        assertThat(sc.side(A).waste()).extracting(CardRef::card).containsExactly("ash-legionnaire");

        Scenario both = Scenario.turnOf(A).unit(A, "magma-brute").unit(B, "magma-brute");
        both.apply(new Attack(A, both.unitId(A, 0), TargetRef.unit(B, both.unitId(B, 0))));
        assertThat(both.side(A).units()).isEmpty();
        assertThat(both.side(B).units()).isEmpty();
        assertThat(both.side(A).waste()).hasSize(1);
        assertThat(both.side(B).waste()).hasSize(1);
    }

    @Test
    @DisplayName("L-D-ATTACK-1: a Unit attacks once a turn, and not with 0 attack")
    void onceATurn() {
        Scenario sc = Scenario.turnOf(A).unit(A, "scrap-golem").unit(A, "reef-sentry");
        sc.apply(new Attack(A, sc.unitId(A, 0), TargetRef.player(B)));
        assertThat(sc.decide(new Attack(A, sc.unitId(A, 0), TargetRef.player(B))).refusal().code())
                .isEqualTo("ALREADY_ATTACKED");
        assertThat(sc.decide(new Attack(A, sc.unitId(A, 1), TargetRef.player(B))).refusal().code())
                .isEqualTo("NO_ATTACK");
        assertThat(sc.decide(new Attack(A, "nope", TargetRef.player(B))).refusal().code())
                .isEqualTo("UNIT_NOT_FOUND");
        assertThat(sc.decide(new Attack(B, sc.unitId(A, 0), TargetRef.player(A))).refusal().code())
                .isEqualTo("NOT_YOUR_TURN");
    }

    @Test
    @DisplayName(
            "L-D-GUARD-1: while the enemy has a Guard Unit, attacks must go to a Guard Unit; effects may aim anywhere")
    void guard() {
        Scenario sc =
                Scenario.turnOf(A)
                        .unit(A, "magma-brute")
                        .unit(B, "scrap-golem")
                        .unit(B, "reef-sentry")
                        .hand(A, "spark-bolt")
                        .energy(A, 1);
        String brute = sc.unitId(A, 0);
        assertThat(sc.decide(new Attack(A, brute, TargetRef.player(B))).refusal().code())
                .isEqualTo("GUARDED");
        assertThat(
                        sc.decide(new Attack(A, brute, TargetRef.unit(B, sc.unitId(B, 0))))
                                .refusal()
                                .code())
                .isEqualTo("GUARDED");
        assertThat(sc.decide(new Attack(A, brute, TargetRef.unit(B, sc.unitId(B, 1)))).accepted())
                .isTrue();
        assertThat(sc.decide(new Play(A, sc.handId(A, 0), TargetRef.player(B))).accepted())
                .isTrue();
    }

    @Test
    @DisplayName("L-D-FIELD-1: at most six Units and three Relics per seat")
    void fieldLimit() {
        Scenario sc = Scenario.turnOf(A).hand(A, "ember-whelp").energy(A, 5);
        for (int i = 0; i < 6; i++) {
            sc.unit(A, "scrap-golem");
        }
        assertThat(sc.decide(new Play(A, sc.handId(A, 0), null)).refusal().code())
                .isEqualTo("FIELD_FULL");
    }

    @Test
    @DisplayName("L-D-UPGRADE-1: an Upgrade adds to its Unit and goes to the Waste with it")
    void upgrade() {
        Scenario sc =
                Scenario.turnOf(A)
                        .unit(A, "scrap-golem")
                        .unit(B, "infernal-drake")
                        .hand(A, "barnacle-shell")
                        .energy(A, 1);
        String golem = sc.unitId(A, 0);
        assertThat(sc.decide(new Play(A, sc.handId(A, 0), null)).refusal().code())
                .isEqualTo("MISSING_TARGET");
        assertThat(
                        sc.decide(new Play(A, sc.handId(A, 0), TargetRef.unit(B, sc.unitId(B, 0))))
                                .refusal()
                                .code())
                .isEqualTo("INVALID_TARGET");
        sc.apply(new Play(A, sc.handId(A, 0), TargetRef.unit(A, golem)));
        Unit u = sc.side(A).unit(golem);
        assertThat(u.attack()).isEqualTo(2);
        assertThat(u.health()).isEqualTo(6);
        assertThat(u.has("GUARD")).isTrue();
        sc.apply(new EndTurn(A));
        sc.apply(new Attack(B, sc.unitId(B, 0), TargetRef.unit(A, golem)));
        assertThat(sc.side(A).waste())
                .extracting(CardRef::card)
                .containsExactly("scrap-golem", "barnacle-shell");
    }

    @Test
    @DisplayName(
            "V-PLAY-like order: a play needs the card in hand, enough Energy, then a valid target")
    void playChecks() {
        Scenario sc = Scenario.turnOf(A).hand(A, "fireburst", "surge").energy(A, 2);
        assertThat(sc.decide(new Play(A, "nope", null)).refusal().code())
                .isEqualTo("CARD_NOT_IN_HAND");
        assertThat(sc.decide(new Play(A, sc.handId(A, 0), TargetRef.player(B))).refusal().code())
                .isEqualTo("NOT_ENOUGH_ENERGY");
        assertThat(sc.decide(new Play(A, sc.handId(A, 1), TargetRef.player(B))).refusal().code())
                .isEqualTo("INVALID_TARGET");
        sc.apply(new Play(A, sc.handId(A, 1), null));
        assertThat(sc.side(A).energy()).isEqualTo(4);
        sc.apply(new Play(A, sc.handId(A, 0), TargetRef.player(B)));
        assertThat(sc.side(B).health()).isEqualTo(26);
        assertThat(sc.side(A).waste())
                .extracting(CardRef::card)
                .containsExactly("surge", "fireburst");
    }

    @Test
    @DisplayName("L-D-HEAL-1: healing never raises Health above 30")
    void healCap() {
        Scenario sc =
                Scenario.turnOf(B)
                        .hand(B, "soothing-current", "soothing-current")
                        .energy(B, 4)
                        .health(B, 28)
                        .deckOf(B, 3, "scrap-golem");
        List<MatchEvent> ev = sc.apply(new Play(B, sc.handId(B, 0), null));
        assertThat(Scenario.ofType(ev, HealthRestored.class))
                .containsExactly(new HealthRestored(B, 2, 30));
        ev = sc.apply(new Play(B, sc.handId(B, 0), null));
        assertThat(Scenario.ofType(ev, HealthRestored.class)).isEmpty();
    }

    @Test
    @DisplayName(
            "L-D-CARD-1: a Unit's own effects resolve as it enters; BUFF OWN_UNITS includes it")
    void onPlayEffects() {
        Scenario sc =
                Scenario.turnOf(A)
                        .unit(A, "ember-whelp")
                        .hand(A, "blaze-captain", "pyre-bomber")
                        .energy(A, 7)
                        .unit(B, "ember-whelp");
        sc.apply(new Play(A, sc.handId(A, 0), null));
        assertThat(sc.side(A).units()).extracting(Unit::attack).containsExactly(3, 5);
        sc.apply(new Play(A, sc.handId(A, 0), TargetRef.unit(B, sc.unitId(B, 0))));
        assertThat(sc.side(B).units()).isEmpty();
    }

    @Test
    @DisplayName(
            "L-D-FIELD-1 (issue 44): a fourth Relic is refused (FIELD_FULL); the third is placed")
    void threeRelicLimit() {
        Scenario sc = Scenario.turnOf(A).hand(A, "battle-standard").energy(A, 10);
        List<CardRef> two = sc.refs(A, "battle-standard", "battle-standard");
        sc.edit(A, b -> b.relics = two);
        Decision third = sc.decide(new Play(A, sc.handId(A, 0), null));
        assertThat(third.accepted()).as("a third Relic: %s", third.refusal()).isTrue();
        assertThat(third.events()).anyMatch(e -> e instanceof RelicPlaced);

        Scenario full = Scenario.turnOf(A).hand(A, "battle-standard").energy(A, 10);
        List<CardRef> three = full.refs(A, "battle-standard", "battle-standard", "tide-shrine");
        full.edit(A, b -> b.relics = three);
        Decision fourth = full.decide(new Play(A, full.handId(A, 0), null));
        assertThat(fourth.refusal().code()).isEqualTo("FIELD_FULL");
        assertThat(fourth.refusal().rule()).isEqualTo("L-D-FIELD-1");
        assertThat(full.state.side(A).relics()).hasSize(3);
    }
}
