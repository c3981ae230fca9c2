package io.duelhall.domain.biome;

import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Decision;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.Seat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every step's Speed window as seed 004 lists it (B-SPEED-1), through decide. */
class SpeedWindowsTest {

    /**
     * step | who holds priority (ACTIVE seat or the OPPONENT) | queue EMPTY or not | Speeds
     * allowed. Start: "Players may answer your actions with Speed 3 actions. Opponents may take
     * Speed 3 actions if you took no action." Primary: "You may take Speed 1, Speed 2, or Speed 3
     * actions. Your opponent may take Speed 2, and Speed 3 actions". Advance, attack, defend: Speed
     * 2 or 3 for both. Damage: nobody acts. End: Speed 3 for both.
     */
    @ParameterizedTest(name = "{0}, {1}, queue {2}: Speed {3}")
    @DisplayName("B-SPEED-1 table: who may act at which Speed in every step of seed 004")
    @CsvSource(
            delimiter = '|',
            value = {
                "MAINTENANCE    | ACTIVE   | EMPTY | 3",
                "MAINTENANCE    | ACTIVE   | FULL  | 3",
                "MAINTENANCE    | OPPONENT | EMPTY | 3",
                "MAINTENANCE    | OPPONENT | FULL  | 3",
                "FIRST_PRIMARY  | ACTIVE   | EMPTY | 1 2 3",
                "FIRST_PRIMARY  | ACTIVE   | FULL  | 2 3",
                "FIRST_PRIMARY  | OPPONENT | EMPTY | 2 3",
                "FIRST_PRIMARY  | OPPONENT | FULL  | 2 3",
                "ADVANCE        | ACTIVE   | EMPTY | 2 3",
                "ADVANCE        | ACTIVE   | FULL  | 2 3",
                "ADVANCE        | OPPONENT | EMPTY | 2 3",
                "ADVANCE        | OPPONENT | FULL  | 2 3",
                "ATTACK         | ACTIVE   | EMPTY | 2 3",
                "ATTACK         | ACTIVE   | FULL  | 2 3", // issue 44: the rows the read found
                // missing
                "ATTACK         | OPPONENT | EMPTY | 2 3",
                "ATTACK         | OPPONENT | FULL  | 2 3",
                "DEFEND         | ACTIVE   | EMPTY | 2 3",
                "DEFEND         | ACTIVE   | FULL  | 2 3",
                "DEFEND         | OPPONENT | EMPTY | 2 3",
                "DEFEND         | OPPONENT | FULL  | 2 3",
                "SECOND_PRIMARY | ACTIVE   | EMPTY | 1 2 3",
                "SECOND_PRIMARY | ACTIVE   | FULL  | 2 3",
                "SECOND_PRIMARY | OPPONENT | EMPTY | 2 3",
                "SECOND_PRIMARY | OPPONENT | FULL  | 2 3",
                "END            | ACTIVE   | EMPTY | 3",
                "END            | ACTIVE   | FULL  | 3",
                "END            | OPPONENT | EMPTY | 3",
                "END            | OPPONENT | FULL  | 3",
                "REFRESH        | ACTIVE   | EMPTY | -",
                "DRAW           | ACTIVE   | EMPTY | -",
                "DAMAGE         | ACTIVE   | EMPTY | -",
                "DAMAGE         | OPPONENT | EMPTY | -",
                "RESET          | ACTIVE   | EMPTY | -"
            })
    void window(String step, String who, String queue, String speeds) {
        List<Integer> expected =
                speeds.equals("-")
                        ? List.of()
                        : Arrays.stream(speeds.split(" ")).map(Integer::valueOf).toList();
        boolean active = who.equals("ACTIVE");
        boolean empty = queue.equals("EMPTY");
        assertThat(Steps.speeds(step, active, empty)).isEqualTo(expected);
        if (!Steps.WINDOWS.contains(step)) {
            return;
        }
        Seat seat = active ? A : B;
        for (int speed = 1; speed <= 3; speed++) {
            Scenario sc = Scenario.at(A, step);
            sc.deck(A, 3).deck(B, 3);
            if (!empty) {
                CardRef queued = sc.ref(A, "recon-ping");
                sc.state(
                        b ->
                                b.queue =
                                        List.of(
                                                new QueueEntry(
                                                        1,
                                                        A,
                                                        QueueEntry.CARD,
                                                        queued,
                                                        null,
                                                        List.of(TargetRef.player(A)),
                                                        Map.of(),
                                                        List.of())));
            }
            sc.state(b -> b.priority = seat);
            BiomeMove move =
                    switch (speed) {
                        case 1 -> Scenario.play(seat, sc.hand(seat, "scout-drone"));
                        case 2 ->
                                new BiomeMove.Play(
                                        seat, sc.hand(seat, "field-orders"), List.of(), null, 0);
                        default ->
                                Scenario.play(
                                        seat, sc.hand(seat, "recon-ping"), TargetRef.player(seat));
                    };
            Decision d = Scenario.RULES.decide(sc.state, move);
            assertThat(d.accepted())
                    .as(
                            "Speed %d in %s for the %s, queue %s: %s",
                            speed, step, who, queue, d.refusal())
                    .isEqualTo(expected.contains(speed));
            if (!d.accepted()) {
                assertThat(d.refusal().rule()).isEqualTo("B-SPEED-1");
            }
        }
    }

    @Test
    @DisplayName("B-SPEED-1 a refusal names the rule: \"Speed 1 needs an empty queue\"")
    void speedOneNeedsEmptyQueue() {
        Scenario sc = Scenario.at(A, Steps.FIRST_PRIMARY);
        String b1 = sc.agent(B, "ridge-runner", null);
        String bolt = sc.hand(A, "ion-bolt");
        String drone = sc.hand(A, "scout-drone");
        sc.ok(Scenario.play(A, bolt, TargetRef.agent(B, b1)));
        sc.ok(Scenario.pass(B));
        Refusal r = sc.no(Scenario.play(A, drone));
        assertThat(r.code()).isEqualTo("SPEED_NOT_ALLOWED");
        assertThat(r.rule()).isEqualTo("B-SPEED-1");
        assertThat(r.message()).isEqualTo("Speed 1 needs an empty queue.");
    }

    @Test
    @DisplayName(
            "B-PHASE-1 a turn runs refresh, draw, maintenance, first primary, advance, attack, defend, damage, second primary, end, reset")
    void phasesInOrder() {
        Scenario sc = Scenario.at(A, Steps.FIRST_PRIMARY);
        sc.deck(A, 10).deck(B, 10);
        String a1 = sc.agent(A, "vanguard-striker", null);
        List<String> steps = new ArrayList<>();
        steps.add(sc.state.step());
        sc.bothPass();
        steps.add(sc.state.step());
        sc.ok(new BiomeMove.Advance(A, a1, Scenario.biome(0), List.of()));
        sc.bothPass();
        sc.bothPass();
        steps.add(sc.state.step());
        sc.ok(new BiomeMove.Attack(A, List.of(a1)));
        sc.bothPass();
        sc.bothPass();
        steps.add(sc.state.step());
        sc.bothPass();
        steps.add(sc.state.step());
        assertThat(sc.of(BiomeEvent.SectorDamaged.class))
                .as("the damage step ran between defend and second primary")
                .hasSize(1);
        sc.bothPass();
        steps.add(sc.state.step());
        sc.bothPass();
        assertThat(sc.of(BiomeEvent.TurnReset.class)).hasSize(1);
        assertThat(sc.state.active()).isEqualTo(B);
        assertThat(sc.state.step()).isEqualTo(Steps.MAINTENANCE);
        assertThat(sc.of(BiomeEvent.CardDrawn.class)).as("draw 2 for the next turn").hasSize(2);
        assertThat(steps)
                .containsExactly(
                        Steps.FIRST_PRIMARY,
                        Steps.ADVANCE,
                        Steps.ATTACK,
                        Steps.DEFEND,
                        Steps.SECOND_PRIMARY,
                        Steps.END);
        assertThat(Steps.ALL.stream().map(Steps::phase).distinct().toList())
                .containsExactly("START", "FIRST_PRIMARY", "BATTLE", "SECOND_PRIMARY", "END");
    }
}
