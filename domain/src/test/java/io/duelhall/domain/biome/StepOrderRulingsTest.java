package io.duelhall.domain.biome;

import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static io.duelhall.domain.biome.Scenario.biome;
import static io.duelhall.domain.biome.Scenario.pass;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.biome.BiomeEvent.*;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Issue 44's biome rulings (docs/rulings.md): the attack step's order of play (B-D-STEP-1), the end
 * phase's one window (B-D-STEP-2) and what a card or skill may target (B-D-TARGET-2), pinned as the
 * engine plays them.
 */
class StepOrderRulingsTest {

    @Test
    @DisplayName(
            "B-D-STEP-1 the attack step: the opponent's window before attackers is its answer to ATTACK; after it executes the active seat has priority, then the opponent")
    void attackStepOrder() {
        Scenario sc = Scenario.at(A, Steps.ATTACK).deck(A, 5).deck(B, 5);
        String a1 = sc.agent(A, "ridge-runner", biome(0));
        assertThat(sc.state.priority()).as("starting with you").isEqualTo(A);
        sc.ok(new BiomeMove.Attack(A, List.of(a1)));
        assertThat(sc.state.queue()).hasSize(1);
        assertThat(sc.state.priority())
                .as("the opponent may act before the attackers are committed")
                .isEqualTo(B);
        sc.ok(pass(B));
        sc.ok(pass(A)); // two passes: ATTACK executes
        assertThat(sc.state.queue()).isEmpty();
        assertThat(sc.agentOf(a1).locked()).isTrue();
        assertThat(sc.state.priority()).as("after an execution, the active seat").isEqualTo(A);
        sc.ok(pass(A));
        assertThat(sc.state.priority()).as("then the opponent's window").isEqualTo(B);
        assertThat(sc.state.step()).isEqualTo(Steps.ATTACK);
        sc.ok(pass(B));
        assertThat(sc.state.step()).isEqualTo(Steps.DEFEND);

        // the active seat that passes first and meets a pass has ended the step: no attack
        Scenario first = Scenario.at(A, Steps.ATTACK).deck(A, 5).deck(B, 5);
        first.agent(A, "ridge-runner", biome(0));
        first.ok(pass(A));
        first.ok(pass(B));
        assertThat(first.state.step()).isEqualTo(Steps.SECOND_PRIMARY);
        assertThat(first.of(AttackersDeclared.class)).isEmpty();
    }

    @Test
    @DisplayName(
            "B-D-STEP-2 the end phase's Speed 3 window and its Step 1 are one window: two passes reset and end the turn")
    void endPhaseIsOneWindow() {
        Scenario sc = Scenario.at(A, Steps.SECOND_PRIMARY).deck(A, 5).deck(B, 5);
        sc.bothPass();
        assertThat(sc.state.step()).isEqualTo(Steps.END);
        assertThat(sc.state.priority()).isEqualTo(A);
        sc.bothPass();
        assertThat(sc.of(TurnReset.class)).extracting(TurnReset::seat).containsExactly(A);
        assertThat(sc.state.active()).isEqualTo(B);
    }

    @Test
    @DisplayName(
            "B-D-TARGET-2 no card or skill of the catalog targets a biome; a BIOME target meets no targeting")
    void noBiomeTargets() {
        List<String> specs = new ArrayList<>();
        for (BiomeCard c : Scenario.CATALOG.cards()) {
            specs.add(c.target());
            if (c.skill() != null) {
                specs.add(c.skill().target());
            }
        }
        assertThat(specs)
                .isNotEmpty()
                .allMatch(
                        t ->
                                t == null
                                        || List.of(
                                                        "NONE",
                                                        "OWN_AGENT",
                                                        "ENEMY_AGENT",
                                                        "ANY_AGENT",
                                                        "OWN_SECTOR",
                                                        "ENEMY_SECTOR",
                                                        "PLAYER")
                                                .contains(t));
        Scenario sc = Scenario.at(A, Steps.FIRST_PRIMARY).deck(A, 5).deck(B, 5);
        TargetRef biome = TargetRef.biome(B, biome(0));
        for (String spec : List.of("ENEMY_SECTOR", "OWN_SECTOR", "ANY_AGENT", "PLAYER")) {
            assertThat(Checks.valid(sc.state, A, spec, biome)).as(spec).isFalse();
        }
    }
}
