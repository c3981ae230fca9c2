package io.duelhall.domain.voidlit.ai;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Seat;
import io.duelhall.domain.voidlit.Catalog;
import io.duelhall.domain.voidlit.VoidlitRuleset;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class GreedyBeatsRandomTest {
    static final VoidlitRuleset RULES = new VoidlitRuleset();

    @Test
    @DisplayName("greedy beats random in at least 80 % of 1,000 matches, seats and decks swapped")
    void greedyBeatsRandom() {
        SelfPlay selfPlay = new SelfPlay(RULES);
        List<Catalog.StarterDeck> decks = RULES.catalog().starterDecks();
        int wins = 0;
        int draws = 0;
        int n = 1000;
        long start = System.nanoTime();
        for (int seed = 0; seed < n; seed++) {
            boolean greedyIsA = seed % 2 == 0;
            Catalog.StarterDeck a = decks.get((seed / 2) % 2);
            Catalog.StarterDeck b = decks.get((seed / 4) % 2);
            Player greedy = new GreedyPlayer(RULES);
            Player random = new RandomPlayer(RULES, seed * 31L + 7);
            SelfPlay.Game g =
                    selfPlay.play(
                            seed, greedyIsA ? greedy : random, greedyIsA ? random : greedy, a, b);
            assertThat(VoidlitRuleset.over(g.state())).as("match %d ends", seed).isTrue();
            Seat greedySeat = greedyIsA ? Seat.A : Seat.B;
            if (g.winner() == greedySeat) {
                wins++;
            } else if (g.winner() == null) {
                draws++;
            }
        }
        System.out.printf(
                "voidlit greedy vs random: %d wins, %d draws of %d in %d ms%n",
                wins, draws, n, (System.nanoTime() - start) / 1_000_000);
        assertThat(wins).isGreaterThanOrEqualTo(n * 8 / 10);
    }
}
