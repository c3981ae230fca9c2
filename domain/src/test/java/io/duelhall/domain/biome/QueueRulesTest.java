package io.duelhall.domain.biome;

import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static io.duelhall.domain.biome.Scenario.pass;
import static io.duelhall.domain.biome.Scenario.play;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Refusal;
import io.duelhall.domain.biome.BiomeEvent.*;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The queue (seed 002): answering in turns, last in first out, targets checked again on execution.
 */
class QueueRulesTest {

    @Test
    @DisplayName(
            "B-QUEUE-1 scenario: a queue three deep, answered by both seats, executes last in first out")
    void threeDeepBothAnswering() {
        Scenario sc = Scenario.at(A, Steps.FIRST_PRIMARY);
        String b1 = sc.agent(B, "ridge-runner", null);
        String bolt = sc.hand(A, "ion-bolt");
        String barrier = sc.hand(B, "barrier-field");
        String snare = sc.hand(A, "stasis-snare");
        sc.ok(play(A, bolt, TargetRef.agent(B, b1)));
        assertThat(sc.state.priority()).as("the opponent may answer").isEqualTo(B);
        sc.ok(play(B, barrier, TargetRef.agent(B, b1)));
        assertThat(sc.state.priority()).isEqualTo(A);
        sc.ok(play(A, snare, TargetRef.agent(B, b1)));
        assertThat(sc.state.queue()).hasSize(3);
        assertThat(sc.state.queue().stream().map(QueueEntry::seat).toList())
                .containsExactly(A, B, A);
        sc.bothPass();
        sc.bothPass();
        sc.bothPass();
        assertThat(sc.of(ActionExecuted.class).stream().map(ActionExecuted::entry).toList())
                .as("last in, first out")
                .containsExactly(3, 2, 1);
        Agent after = sc.agentOf(b1);
        assertThat(after.locked()).as("the snare executed").isTrue();
        assertThat(after.totalDefense()).as("the barrier executed before the bolt").isEqualTo(5);
        assertThat(after.damage()).isEqualTo(3);
        assertThat(sc.state.queue()).isEmpty();
        assertThat(sc.state.step())
                .as("the queue emptied; the step goes on")
                .isEqualTo(Steps.FIRST_PRIMARY);
        assertThat(sc.state.side(A).cache())
                .extracting(CardRef::card)
                .containsExactlyInAnyOrder("ion-bolt", "stasis-snare");
    }

    @Test
    @DisplayName(
            "B-QUEUE-1 a seat may answer its own action when the opponent did not; a pass after a pass executes")
    void answerOwnAction() {
        Scenario sc = Scenario.at(A, Steps.FIRST_PRIMARY);
        String a1 = sc.agent(A, "ridge-runner", null);
        String b1 = sc.agent(B, "ridge-runner", null);
        String bolt = sc.hand(A, "ion-bolt");
        String over = sc.hand(A, "overclock");
        sc.ok(play(A, bolt, TargetRef.agent(B, b1)));
        assertThat(sc.no(play(A, over, TargetRef.agent(A, a1))).code())
                .as("players answer in turns")
                .isEqualTo("NOT_YOUR_PRIORITY");
        sc.ok(pass(B));
        sc.ok(play(A, over, TargetRef.agent(A, a1)));
        assertThat(sc.state.queue()).hasSize(2);
        sc.ok(pass(B));
        List<?> events = sc.ok(pass(A));
        assertThat(events).hasAtLeastOneElementOfType(ActionExecuted.class);
        assertThat(sc.state.queue()).hasSize(1);
        assertThat(sc.state.priority())
                .as("after an execution the active seat acts first (B-D-PRIO-1)")
                .isEqualTo(A);
    }

    @Test
    @DisplayName(
            "B-QUEUE-2 scenario: a target that became invalid is not affected; the other target is")
    void invalidTargetNotAffected() {
        Scenario sc = Scenario.at(A, Steps.FIRST_PRIMARY);
        String b1 = sc.agent(B, "ridge-runner", null);
        String b2 = sc.agent(B, "bulwark-sentinel", null);
        String chain = sc.hand(A, "chain-lightning");
        String bolt = sc.hand(A, "ion-bolt");
        sc.ok(play(A, chain, TargetRef.agent(B, b1), TargetRef.agent(B, b2)));
        sc.ok(pass(B));
        sc.ok(play(A, bolt, TargetRef.agent(B, b1)));
        sc.bothPass();
        assertThat(sc.of(AgentTerminated.class))
                .extracting(t -> t.agent().id())
                .containsExactly(b1);
        sc.bothPass();
        ActionExecuted chainDone = sc.of(ActionExecuted.class).get(1);
        assertThat(chainDone.entry()).isEqualTo(1);
        assertThat(chainDone.unaffected()).containsExactly(TargetRef.agent(B, b1));
        assertThat(sc.agentOf(b2).damage()).isEqualTo(2);
    }

    @Test
    @DisplayName(
            "B-QUEUE-2 scenario: a card with no valid target left is cancelled to the cache; a cancelled skill has no effect")
    void cancelled() {
        Scenario sc = Scenario.at(A, Steps.FIRST_PRIMARY);
        String b1 = sc.agent(B, "ridge-runner", null);
        String sniper = sc.agent(A, "sniper-adept", null);
        String bolt1 = sc.hand(A, "ion-bolt");
        String bolt2 = sc.hand(A, "ion-bolt");
        sc.ok(play(A, bolt1, TargetRef.agent(B, b1)));
        sc.ok(pass(B));
        sc.ok(new BiomeMove.Activate(A, sniper, List.of(TargetRef.agent(B, b1))));
        sc.ok(pass(B));
        sc.ok(play(A, bolt2, TargetRef.agent(B, b1)));
        assertThat(sc.state.queue()).hasSize(3);
        sc.bothPass(); // bolt 2 terminates b1
        sc.bothPass(); // the skill: no valid target, no effect
        sc.bothPass(); // bolt 1: cancelled to the cache
        List<ActionCancelled> cancelled = sc.of(ActionCancelled.class);
        assertThat(cancelled).extracting(ActionCancelled::entry).containsExactly(2, 1);
        assertThat(cancelled.get(0).card()).as("a skill is no card").isNull();
        assertThat(cancelled.get(1).card().id()).isEqualTo(bolt1);
        assertThat(sc.state.side(A).cache()).extracting(CardRef::id).contains(bolt1, bolt2);
        assertThat(sc.of(AgentDamaged.class)).hasSize(1);
    }

    @Test
    @DisplayName(
            "B-D-PRIO-1 a queued action gives priority to the opponent; steps and executions start with the active seat")
    void priorityFlow() {
        Scenario sc = Scenario.at(B, Steps.ADVANCE);
        String a1 = sc.agent(A, "ridge-runner", null);
        String over = sc.hand(A, "overclock");
        assertThat(sc.no(pass(A)).code()).isEqualTo("NOT_YOUR_PRIORITY");
        sc.ok(pass(B));
        assertThat(sc.state.priority()).isEqualTo(A);
        sc.ok(play(A, over, TargetRef.agent(A, a1)));
        assertThat(sc.state.priority()).isEqualTo(B);
        sc.bothPass();
        assertThat(sc.state.priority()).isEqualTo(B);
        assertThat(sc.state.passes()).isZero();
        sc.bothPass();
        assertThat(sc.state.step()).isEqualTo(Steps.ATTACK);
        assertThat(sc.state.priority()).isEqualTo(B);
    }

    @Test
    @DisplayName(
            "B-D-TARGET-1 a targeted card needs 1 to n distinct valid targets; an untargeted card takes none")
    void targets() {
        Scenario sc = Scenario.at(A, Steps.FIRST_PRIMARY);
        String a1 = sc.agent(A, "ridge-runner", null);
        String b1 = sc.agent(B, "ridge-runner", null);
        String bolt = sc.hand(A, "ion-bolt");
        String chain = sc.hand(A, "chain-lightning");
        String drone = sc.hand(A, "scout-drone");
        assertThat(sc.no(play(A, bolt)).code()).isEqualTo("MISSING_TARGET");
        assertThat(sc.no(play(A, bolt, TargetRef.agent(A, a1))).code()).isEqualTo("INVALID_TARGET");
        Refusal many = sc.no(play(A, bolt, TargetRef.agent(B, b1), TargetRef.agent(B, a1)));
        assertThat(many.code()).isEqualTo("TOO_MANY_TARGETS");
        assertThat(many.rule()).isEqualTo("B-D-TARGET-1");
        assertThat(sc.no(play(A, chain, TargetRef.agent(B, b1), TargetRef.agent(B, b1))).code())
                .isEqualTo("INVALID_TARGET");
        assertThat(sc.no(play(A, drone, TargetRef.agent(B, b1))).code())
                .isEqualTo("INVALID_TARGET");
        sc.ok(play(A, bolt, TargetRef.agent(B, b1)));
    }

    @Test
    @DisplayName(
            "B-D-CHOICE-1 X of a void-energy cost and a \"pick one\" are chosen when the action is taken and recorded with it")
    void choicesRecorded() {
        Scenario sc = Scenario.at(A, Steps.FIRST_PRIMARY).energy(A, 5);
        String b1 = sc.agent(B, "titan-walker", null);
        String surge = sc.hand(A, "void-surge");
        String orders = sc.hand(A, "field-orders");
        sc.deck(A, 5);
        assertThat(sc.no(play(A, surge, TargetRef.agent(B, b1))).code())
                .isEqualTo("MISSING_CHOICE");
        assertThat(
                        sc.no(
                                        new BiomeMove.Play(
                                                A, surge, List.of(TargetRef.agent(B, b1)), 6, null))
                                .code())
                .isEqualTo("NOT_ENOUGH_ENERGY");
        sc.ok(new BiomeMove.Play(A, surge, List.of(TargetRef.agent(B, b1)), 4, null));
        assertThat(sc.state.side(A).energy()).as("X is paid with the cost").isEqualTo(1);
        assertThat(sc.state.top().choices()).containsEntry("x", "4");
        sc.ok(pass(B));
        assertThat(sc.no(new BiomeMove.Play(A, orders, List.of(), null, 2)).code())
                .isEqualTo("INVALID_CHOICE");
        sc.ok(new BiomeMove.Play(A, orders, List.of(), null, 0));
        assertThat(sc.state.top().choices()).containsEntry("mode", "0");
        sc.bothPass();
        assertThat(sc.of(CardDrawn.class)).as("mode 0: draw 1").hasSize(1);
        sc.bothPass();
        assertThat(sc.agentOf(b1).damage()).as("X = 4 damage").isEqualTo(4);
    }
}
