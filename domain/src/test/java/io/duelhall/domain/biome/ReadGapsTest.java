package io.duelhall.domain.biome;

import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static io.duelhall.domain.biome.Scenario.biome;
import static io.duelhall.domain.biome.Scenario.pass;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.biome.BiomeEvent.*;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Issue 44, "tests the read found missing": named tests for biome behaviour the engine had without
 * a test of its own (damage removed at the reset step, the END reactive trigger, one defender
 * blocking two attackers, ALREADY_DEFENDED).
 */
class ReadGapsTest {

    /** The defend step of A's turn, {@code attackers} of A declared (as BattleRulesTest's). */
    private static void toDefend(Scenario sc, List<String> attackers) {
        sc.bothPass(); // advance step ends
        sc.ok(new BiomeMove.Attack(A, attackers));
        sc.bothPass();
        sc.bothPass(); // attack step ends
        assertThat(sc.state.step()).isEqualTo(Steps.DEFEND);
    }

    @Test
    @DisplayName(
            "B-PHASE-1 end, reset: damage and temporary boosts leave every agent of both seats when the turn ends")
    void damageRemovedAtReset() {
        Scenario sc = Scenario.at(A, Steps.SECOND_PRIMARY).deck(A, 5).deck(B, 5);
        String mine = sc.agent(A, "bulwark-sentinel", null);
        String theirs = sc.agent(B, "titan-walker", null);
        for (var seat : List.of(A, B)) {
            sc.edit(
                    seat,
                    b ->
                            b.agents =
                                    b.agents.stream()
                                            .map(a -> a.damaged(2).boosted(1, 2))
                                            .toList());
        }
        assertThat(sc.agentOf(mine).damage()).isEqualTo(2);
        sc.bothPass(); // second primary ends: the end step
        assertThat(sc.state.step()).isEqualTo(Steps.END);
        assertThat(sc.agentOf(theirs).damage()).as("not before the reset").isEqualTo(2);
        sc.bothPass(); // the end step ends: reset, B's turn
        assertThat(sc.of(TurnReset.class)).extracting(TurnReset::seat).containsExactly(A);
        for (String id : List.of(mine, theirs)) {
            Agent a = sc.agentOf(id);
            assertThat(a.damage()).as("%s's damage", id).isZero();
            assertThat(a.boostPower()).isZero();
            assertThat(a.boostDefense()).isZero();
        }
        assertThat(sc.state.active()).isEqualTo(B);
    }

    @Test
    @DisplayName(
            "B-D-REACT-1 a reactive card with the END trigger reacts as its owner's end step begins (not at the start)")
    void endReactiveTrigger() {
        Scenario sc = Scenario.at(A, Steps.SECOND_PRIMARY).deck(A, 5).deck(B, 5);
        CardRef bay = sc.ref(A, "repair-bay");
        String where = biome(0);
        sc.edit(
                A,
                b -> {
                    b.reactives = List.of(bay);
                    b.sectors =
                            b.sectors.stream()
                                    .map(
                                            x ->
                                                    x.biome().equals(where)
                                                            ? x.withDurability(x.durability() - 2)
                                                            : x)
                                    .toList();
                });
        int before = sc.state.side(A).sectors().get(0).durability();
        sc.bothPass(); // the end step begins: Repair Bay reacts
        ActionQueued queued = sc.of(ActionQueued.class).get(0);
        assertThat(queued.entry().kind()).isEqualTo(QueueEntry.REACTIVE);
        assertThat(queued.entry().card()).isEqualTo(bay);
        assertThat(sc.state.step()).isEqualTo(Steps.END);
        sc.bothPass(); // it executes: REPAIR 1 OWN_SECTORS
        SectorRepaired repaired =
                sc.of(SectorRepaired.class).stream()
                        .filter(r -> r.biome().equals(where))
                        .findFirst()
                        .orElseThrow();
        assertThat(repaired.durability()).isEqualTo(before + 1);

        // a START reactive does not react at the end step
        Scenario start = Scenario.at(A, Steps.SECOND_PRIMARY).deck(A, 5).deck(B, 5);
        CardRef cache = start.ref(A, "supply-cache");
        start.edit(A, b -> b.reactives = List.of(cache));
        start.bothPass();
        assertThat(start.state.step()).isEqualTo(Steps.END);
        assertThat(start.of(ActionQueued.class)).isEmpty();
    }

    @Test
    @DisplayName(
            "B-D-BATTLE-1 one defender cannot block two attackers: each defender blocks one (INVALID_TARGET)")
    void oneDefenderTwoAttackers() {
        Scenario sc = Scenario.at(A, Steps.ADVANCE).deck(A, 5).deck(B, 5);
        String a1 = sc.agent(A, "vanguard-striker", biome(0));
        String a2 = sc.agent(A, "ridge-runner", biome(0));
        String d = sc.agent(B, "bulwark-sentinel", biome(0));
        toDefend(sc, List.of(a1, a2));
        sc.ok(pass(A));
        var refusal = sc.no(new BiomeMove.Defend(B, List.of(new Block(d, a1), new Block(d, a2))));
        assertThat(refusal.code()).isEqualTo("INVALID_TARGET");
        assertThat(refusal.rule()).isEqualTo("B-D-BATTLE-1");
        assertThat(sc.state.blocks()).isEmpty();
        sc.ok(new BiomeMove.Defend(B, List.of(new Block(d, a2))));
    }

    @Test
    @DisplayName("B-D-BATTLE-1 defenders are declared once a turn (ALREADY_DEFENDED)")
    void alreadyDefended() {
        Scenario sc = Scenario.at(A, Steps.ADVANCE).deck(A, 5).deck(B, 5);
        String a1 = sc.agent(A, "vanguard-striker", biome(0));
        String a2 = sc.agent(A, "ridge-runner", biome(0));
        String d1 = sc.agent(B, "bulwark-sentinel", biome(0));
        String d2 = sc.agent(B, "scout-drone", biome(0));
        toDefend(sc, List.of(a1, a2));
        sc.ok(pass(A));
        sc.ok(new BiomeMove.Defend(B, List.of(new Block(d1, a1))));
        sc.bothPass(); // the defence executes
        assertThat(sc.state.blocks()).containsExactly(new Block(d1, a1));
        sc.state(b -> b.priority = B);
        assertThat(sc.state.step()).isEqualTo(Steps.DEFEND);
        var refusal = sc.no(new BiomeMove.Defend(B, List.of(new Block(d2, a2))));
        assertThat(refusal.code()).isEqualTo("ALREADY_DEFENDED");
        assertThat(refusal.rule()).isEqualTo("B-D-BATTLE-1");
    }
}
