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

/** Seed 004's battle: advance, attack, defend, damage, retreat. */
class BattleRulesTest {

    /** A's turn at the defend step: A's attackers and B's agents already in biome 0. */
    private static Scenario battle() {
        return Scenario.at(A, Steps.ADVANCE).deck(A, 5).deck(B, 5);
    }

    private static void toDefend(Scenario sc, List<String> attackers) {
        sc.bothPass(); // advance step ends
        sc.ok(new BiomeMove.Attack(A, attackers));
        sc.bothPass();
        sc.bothPass(); // attack step ends
        assertThat(sc.state.step()).isEqualTo(Steps.DEFEND);
    }

    @Test
    @DisplayName(
            "B-D-AGENT-1 an agent arrives fresh in the staging area: it cannot advance in the turn it arrived, but may defend in the next")
    void freshAgents() {
        Scenario sc = Scenario.at(B, Steps.SECOND_PRIMARY).deck(A, 5).deck(B, 5);
        String runner = sc.hand(B, "ridge-runner");
        sc.ok(Scenario.play(B, runner));
        sc.bothPass();
        assertThat(sc.agentOf(runner).fresh()).isTrue();
        sc.state(b -> b.step = Steps.ADVANCE);
        assertThat(sc.no(new BiomeMove.Advance(B, runner, biome(0), List.of())).code())
                .isEqualTo("AGENT_FRESH");
        sc.state(b -> b.step = Steps.END);
        sc.bothPass(); // B's turn ends, A's begins
        assertThat(sc.agentOf(runner).fresh()).as("a new turn began").isFalse();
        String att = sc.agent(A, "vanguard-striker", null);
        sc.bothPass(); // maintenance
        sc.bothPass(); // first primary
        sc.ok(new BiomeMove.Advance(A, att, biome(0), List.of()));
        sc.ok(new BiomeMove.Advance(B, runner, biome(0), List.of()));
        sc.bothPass();
        sc.bothPass();
        assertThat(sc.agentOf(runner).biome())
                .as("the defending seat advanced its agent")
                .isEqualTo(biome(0));
        sc.bothPass(); // advance step ends
        sc.ok(new BiomeMove.Attack(A, List.of(att)));
        sc.bothPass();
        sc.bothPass();
        sc.ok(pass(A));
        sc.ok(new BiomeMove.Defend(B, List.of(new Block(runner, att))));
    }

    @Test
    @DisplayName(
            "B-D-ADVANCE-1 agents advance with gear attached into a biome whose own sector stands, once in the queue")
    void advanceWithGear() {
        Scenario sc = battle();
        String a1 = sc.agent(A, "ridge-runner", null);
        String rifle = sc.gear(A, "plasma-rifle");
        sc.edit(
                A,
                b ->
                        b.sectors =
                                List.of(
                                        b.sectors.get(0),
                                        b.sectors.get(1).asLost(),
                                        b.sectors.get(2)));
        assertThat(sc.no(new BiomeMove.Advance(A, a1, biome(1), List.of())).code())
                .isEqualTo("INVALID_TARGET");
        sc.ok(new BiomeMove.Advance(A, a1, biome(0), List.of(rifle)));
        sc.ok(pass(B));
        assertThat(sc.no(new BiomeMove.Advance(A, a1, biome(2), List.of())).code())
                .isEqualTo("ALREADY_ADVANCING");
        sc.ok(pass(A));
        Agent moved = sc.agentOf(a1);
        assertThat(moved.biome()).isEqualTo(biome(0));
        assertThat(moved.gear()).extracting(CardRef::id).containsExactly(rifle);
        assertThat(moved.totalPower()).isEqualTo(4);
        assertThat(sc.state.side(A).gear()).isEmpty();
    }

    @Test
    @DisplayName(
            "B-D-BATTLE-1 attackers once a turn with an empty queue; without attackers defend and damage are skipped")
    void attackOnce() {
        Scenario sc = Scenario.at(A, Steps.ATTACK).deck(A, 5).deck(B, 5);
        String a1 = sc.agent(A, "ridge-runner", biome(0));
        String staged = sc.agent(A, "scout-drone", null);
        assertThat(sc.no(new BiomeMove.Attack(A, List.of(staged))).code())
                .isEqualTo("CANNOT_ATTACK");
        assertThat(sc.no(new BiomeMove.Attack(B, List.of(a1))).code())
                .isEqualTo("NOT_YOUR_PRIORITY");
        sc.ok(new BiomeMove.Attack(A, List.of(a1)));
        sc.bothPass();
        assertThat(sc.agentOf(a1).locked()).as("attacking locks").isTrue();
        assertThat(sc.no(new BiomeMove.Attack(A, List.of(a1))).code())
                .isEqualTo("ALREADY_ATTACKED");

        Scenario none = Scenario.at(A, Steps.ATTACK).deck(A, 5).deck(B, 5);
        String idle = none.agent(A, "ridge-runner", biome(0));
        none.bothPass();
        assertThat(none.state.step()).isEqualTo(Steps.SECOND_PRIMARY);
        assertThat(none.agentOf(idle).biome()).as("agents in a biome retreat").isNull();
    }

    @Test
    @DisplayName(
            "B-D-LOCK-1 locked agents can't defend; a defender blocks an attacker in its own biome")
    void lockedCannotDefend() {
        Scenario sc = battle();
        String att = sc.agent(A, "ridge-runner", biome(0));
        String locked = sc.agent(B, "bulwark-sentinel", biome(0));
        String elsewhere = sc.agent(B, "bulwark-sentinel", biome(1));
        String free = sc.agent(B, "ridge-runner", biome(0));
        sc.edit(
                B,
                b ->
                        b.agents =
                                b.agents.stream()
                                        .map(x -> x.id().equals(locked) ? x.locked(true) : x)
                                        .toList());
        toDefend(sc, List.of(att));
        sc.ok(pass(A));
        assertThat(sc.no(new BiomeMove.Defend(B, List.of(new Block(locked, att)))).code())
                .isEqualTo("AGENT_LOCKED");
        assertThat(sc.no(new BiomeMove.Defend(B, List.of(new Block(elsewhere, att)))).code())
                .isEqualTo("CANNOT_DEFEND");
        sc.ok(new BiomeMove.Defend(B, List.of(new Block(free, att))));
        sc.bothPass();
        assertThat(sc.state.blocks()).containsExactly(new Block(free, att));
    }

    @Test
    @DisplayName(
            "B-D-ORDER-1 the attacking seat orders the defenders of an attacker blocked by several, before anyone acts again")
    void orderDefenders() {
        Scenario sc = battle();
        String titan = sc.agent(A, "titan-walker", biome(0));
        String d1 = sc.agent(B, "scout-drone", biome(0));
        String d2 = sc.agent(B, "ridge-runner", biome(0));
        toDefend(sc, List.of(titan));
        sc.ok(pass(A));
        sc.ok(new BiomeMove.Defend(B, List.of(new Block(d1, titan), new Block(d2, titan))));
        sc.bothPass();
        assertThat(sc.state.pending()).isEqualTo(BiomeState.ORDER_DEFENDERS);
        assertThat(BiomeMoves.toAct(sc.state)).isEqualTo(A);
        assertThat(sc.no(pass(A)).code()).isEqualTo("ORDER_PENDING");
        assertThat(sc.no(new BiomeMove.OrderDefenders(B, titan, List.of(d2, d1))).code())
                .isEqualTo("NOT_YOUR_DECISION");
        assertThat(sc.no(new BiomeMove.OrderDefenders(A, titan, List.of(d2))).code())
                .isEqualTo("INVALID_ORDER");
        sc.ok(new BiomeMove.OrderDefenders(A, titan, List.of(d2, d1)));
        assertThat(sc.state.pending()).isNull();
        assertThat(sc.state.blocks()).containsExactly(new Block(d2, titan), new Block(d1, titan));
    }

    @Test
    @DisplayName(
            "B-D-DAMAGE-1 damage goes to the defenders in order, terminal damage to each before the next, the rest to the last")
    void damageInOrder() {
        Scenario sc = battle();
        String titan = sc.agent(A, "titan-walker", biome(0)); // 5/5
        String d1 = sc.agent(B, "ridge-runner", biome(0)); // 2/2
        String d2 = sc.agent(B, "bulwark-sentinel", biome(0)); // 1/4
        toDefend(sc, List.of(titan));
        sc.ok(pass(A));
        sc.ok(new BiomeMove.Defend(B, List.of(new Block(d1, titan), new Block(d2, titan))));
        sc.bothPass();
        sc.ok(new BiomeMove.OrderDefenders(A, titan, List.of(d1, d2)));
        sc.bothPass(); // damage
        assertThat(sc.of(AgentDamaged.class))
                .extracting(AgentDamaged::agent, AgentDamaged::amount)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple(d1, 2),
                        org.assertj.core.groups.Tuple.tuple(d2, 3),
                        org.assertj.core.groups.Tuple.tuple(titan, 3));
        assertThat(sc.of(AgentTerminated.class))
                .extracting(t -> t.agent().id())
                .containsExactly(d1);
        assertThat(sc.of(SectorDamaged.class))
                .as("a blocked attacker deals nothing to the sector")
                .isEmpty();
        assertThat(sc.agentOf(titan).biome()).as("retreated").isNull();
        assertThat(sc.agentOf(d2).biome()).isNull();
        assertThat(sc.state.step()).isEqualTo(Steps.SECOND_PRIMARY);
    }

    @Test
    @DisplayName(
            "B-D-DAMAGE-2 an attacker whose defenders are all gone before damage stays blocked: no sector damage")
    void blockedStaysBlocked() {
        Scenario sc = battle();
        String att = sc.agent(A, "vanguard-striker", biome(0));
        String d1 = sc.agent(B, "scout-drone", biome(0));
        String bolt = sc.hand(A, "ion-bolt");
        toDefend(sc, List.of(att));
        sc.ok(pass(A));
        sc.ok(new BiomeMove.Defend(B, List.of(new Block(d1, att))));
        sc.bothPass();
        sc.ok(Scenario.play(A, bolt, TargetRef.agent(B, d1)));
        sc.bothPass();
        assertThat(sc.agentOf(d1)).isNull();
        sc.bothPass();
        assertThat(sc.of(SectorDamaged.class)).isEmpty();
    }

    @Test
    @DisplayName(
            "B-D-SECTOR-1 unblocked damage lowers the sector's durability; damage equal to it loses the biome")
    void sectorDurability() {
        Scenario sc = battle();
        String a1 = sc.agent(A, "titan-walker", biome(0)); // 5 into durability 6
        String a2 = sc.agent(A, "scout-drone", biome(0)); // +1 = 6: lost
        String a3 = sc.agent(A, "ridge-runner", biome(1)); // 2 into durability 8
        toDefend(sc, List.of(a1, a2, a3));
        sc.bothPass();
        assertThat(sc.of(SectorDamaged.class))
                .extracting(SectorDamaged::biome, SectorDamaged::durability)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(biome(0), 0),
                        org.assertj.core.groups.Tuple.tuple(biome(1), 6));
        assertThat(sc.of(BiomeLost.class))
                .extracting(BiomeLost::seat, BiomeLost::biome)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(B, biome(0)));
        assertThat(sc.state.side(B).sector(biome(0)).lost()).isTrue();
        assertThat(Checks.valid(sc.state, A, "ENEMY_SECTOR", TargetRef.sector(B, biome(0))))
                .as("a lost sector is no target")
                .isFalse();
    }

    @Test
    @DisplayName(
            "B-D-SKILL-1 activating an agent's skill locks it and puts the skill in the queue at its Speed")
    void activateLocks() {
        Scenario sc = Scenario.at(A, Steps.ATTACK).deck(A, 5).deck(B, 5);
        String medic = sc.agent(A, "field-medic", null);
        String runner = sc.agent(A, "ridge-runner", null);
        sc.edit(
                A,
                b ->
                        b.sectors =
                                List.of(
                                        b.sectors.get(0).withDurability(3),
                                        b.sectors.get(1),
                                        b.sectors.get(2)));
        sc.ok(new BiomeMove.Activate(A, medic, List.of(TargetRef.sector(A, biome(0)))));
        assertThat(sc.agentOf(medic).locked()).isTrue();
        assertThat(sc.state.side(A).energy()).isEqualTo(9);
        assertThat(sc.state.top().kind()).isEqualTo(QueueEntry.SKILL);
        assertThat(sc.no(new BiomeMove.Activate(B, runner, List.of())).code())
                .isEqualTo("AGENT_NOT_FOUND");
        sc.bothPass();
        assertThat(sc.state.side(A).sector(biome(0)).durability()).isEqualTo(4);
        sc.ok(new BiomeMove.Pass(A));
        assertThat(sc.no(new BiomeMove.Activate(B, runner, List.of())).code())
                .isEqualTo("AGENT_NOT_FOUND");
        assertThat(
                        sc.no(
                                        new BiomeMove.Activate(
                                                A, medic, List.of(TargetRef.sector(A, biome(0)))))
                                .code())
                .isEqualTo("NOT_YOUR_PRIORITY");
    }
}
