package io.duelhall.domain.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.AiPlayer;
import io.duelhall.domain.Intent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatKnowledge;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Issue 42's regression guard, quick on purpose: the search's gain over greedy must not silently
 * vanish. A few voidlit matches (seats swapped, fixed seeds) at a small budget in iterations, so
 * the result is the same on every machine; the arena (bench) measures the rest. And a budget in
 * iterations reproduces the same move from the same knowledge and seed.
 */
class SearchRegressionTest {
    /**
     * The first of the fixed seeds (300 + i). At this budget the search won 6 of the 8 matches of
     * seeds 300-307 when this test was written, these four all: losing two of them fails.
     */
    static final int FIRST = 4;

    static final int MATCHES = Integer.getInteger("regression.matches", 4);
    static final int ITERATIONS = Integer.getInteger("regression.iterations", 60);

    @Test
    @DisplayName("ismcts at 60 iterations beats greedy in voidlit, seats swapped")
    void searchBeatsGreedy() {
        Games g = Games.of(System.getProperty("regression.game", "voidlit"));
        Arena arena = new Arena(g.rules(), g.roster());
        double score = 0;
        for (int i = FIRST; i < FIRST + MATCHES; i++) {
            Seat me = i % 2 == 0 ? Seat.A : Seat.B;
            Map<Seat, AiPlayer> players = new EnumMap<>(Seat.class);
            players.put(me, g.search(ITERATIONS, -1, 300 + i));
            players.put(me.opponent(), g.greedy());
            Arena.Game game = arena.play(300 + i, players);
            assertThat(game.finished()).isTrue();
            score += game.score(me);
        }
        assertThat(score).as("ismcts's score of " + MATCHES).isGreaterThanOrEqualTo(3);
    }

    @Test
    @DisplayName("a budget in iterations reproduces the same move from the same knowledge and seed")
    void iterationsReproduce() {
        for (Games g : Games.ALL) {
            Arena.Position p = FairByConstructionTest.stopAt(g, 2, 25);
            Seat seat = g.rules().toAct(p.state());
            SeatKnowledge k =
                    SeatKnowledge.of(g.rules(), p.state(), p.events(), seat, p.events().size() - 1);
            Intent first = g.search(20, -1, 11).choose(k);
            assertThat(g.search(20, -1, 11).choose(k)).as(g.id()).isEqualTo(first);
            assertThat(g.rules().legalMoves(p.state(), seat)).as(g.id()).contains(first);
        }
    }
}
