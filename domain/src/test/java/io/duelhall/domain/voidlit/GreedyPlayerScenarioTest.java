package io.duelhall.domain.voidlit;

import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static io.duelhall.domain.voidlit.Scenario.RULES;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.voidlit.ai.GreedyPlayer;
import io.duelhall.domain.voidlit.ai.Players;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class GreedyPlayerScenarioTest {
    private final GreedyPlayer greedy = new GreedyPlayer(RULES);

    @Test
    @DisplayName("greedy takes a lethal attack on the player")
    void takesLethal() {
        Scenario sc =
                Scenario.turnOf(A)
                        .unit(A, "magma-brute")
                        .health(B, 4)
                        .bank(A, 7)
                        .edit(A, b -> b.banked = true);
        assertThat(greedy.move(sc.state, A))
                .isEqualTo(new VoidlitMove.Attack(A, sc.unitId(A, 0), TargetRef.player(B)));
    }

    @Test
    @DisplayName(
            "greedy banks first while its Bank is small, mulligans away dear cards, and ends a turn with nothing to do")
    void banksMulligansEnds() {
        Scenario sc = Scenario.turnOf(A).hand(A, "spark-bolt", "magma-brute");
        assertThat(greedy.move(sc.state, A)).isEqualTo(new VoidlitMove.Bank(A, sc.handId(A, 1)));
        sc.apply(new VoidlitMove.Bank(A, sc.handId(A, 1)));
        assertThat(greedy.move(sc.state, A)).isInstanceOf(VoidlitMove.Play.class);
        sc.apply(greedy.move(sc.state, A));
        assertThat(greedy.move(sc.state, A)).isEqualTo(new VoidlitMove.EndTurn(A));
        assertThat(greedy.move(sc.state, B)).isNull();

        Scenario.Opening o = Scenario.open(7);
        VoidlitState s = o.state();
        VoidlitMove.Mulligan m = (VoidlitMove.Mulligan) greedy.move(s, s.firstSeat());
        for (String id : m.cards()) {
            assertThat(Scenario.CATALOG.card(s.side(s.firstSeat()).inHand(id).card()).cost())
                    .isGreaterThanOrEqualTo(5);
        }
        io.duelhall.domain.SeatKnowledge k =
                io.duelhall.domain.SeatKnowledge.of(
                        RULES, s, o.events(), s.firstSeat(), o.events().size() - 1);
        assertThat(Players.ROSTER.anyLegalMove(RULES, 1).choose(k)).isNotNull();
    }
}
