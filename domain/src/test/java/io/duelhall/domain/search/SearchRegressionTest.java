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
     * The first of the fixed deals (seeds 300 + i). Each deal is played twice, the search on either
     * seat, both seats with seat A's deck (the arena's {@code --mirror}): a player that makes
     * greedy's moves wins exactly one of the two whichever the deal (the seat decides between
     * equals), so it scores exactly half; the search must score more than half.
     */
    static final int FIRST = Integer.getInteger("regression.first", 0);

    static final int DEALS = Integer.getInteger("regression.deals", 4);
    static final int ITERATIONS = Integer.getInteger("regression.iterations", 60);

    @Test
    @DisplayName("ismcts at 60 iterations beats greedy in voidlit, each deal on either seat")
    void searchBeatsGreedy() {
        double score =
                score(
                        Games.of(System.getProperty("regression.game", "voidlit")),
                        FIRST,
                        DEALS,
                        ITERATIONS);
        assertThat(score)
                .as("ismcts's score of " + 2 * DEALS + " (greedy's own moves score exactly half)")
                .isGreaterThanOrEqualTo(DEALS + 1.5);
    }

    /** The search's score in {@code deals} mirrored deals from seed 300 + first, on both seats. */
    private static double score(Games g, int first, int deals, int iterations) {
        Arena arena = new Arena(g.rules(), g.roster(), true);
        double score = 0;
        StringBuilder games = new StringBuilder();
        for (int i = first; i < first + deals; i++) {
            for (Seat me : new Seat[] {Seat.A, Seat.B}) {
                Map<Seat, AiPlayer> players = new EnumMap<>(Seat.class);
                players.put(me, g.search(iterations, -1, 300 + i));
                players.put(me.opponent(), g.greedy());
                Arena.Game game = arena.play(300 + i, players);
                assertThat(game.finished()).isTrue();
                score += game.score(me);
                games.append(' ').append(300 + i).append(me).append('=').append(game.score(me));
            }
        }
        System.out.println(
                "regression, "
                        + g.id()
                        + ": ismcts scored "
                        + score
                        + " of "
                        + 2 * deals
                        + ":"
                        + games);
        return score;
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
