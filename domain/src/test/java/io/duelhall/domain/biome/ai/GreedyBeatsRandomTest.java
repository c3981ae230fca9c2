package io.duelhall.domain.biome.ai;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Seat;
import io.duelhall.domain.biome.BiomeRuleset;
import io.duelhall.domain.biome.Catalog;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class GreedyBeatsRandomTest {
    static final BiomeRuleset RULES = new BiomeRuleset();
    static final int MATCHES = Integer.getInteger("biome.selfplay.matches", 1000);

    @Test
    @DisplayName(
            "greedy beats random in at least 80 % of the seat-swapped matches (1,000 by default)")
    void greedyBeatsRandom() {
        SelfPlay selfPlay = new SelfPlay(RULES);
        List<Catalog.StarterDeck> decks = RULES.catalog().starterDecks();
        int wins = 0;
        int draws = 0;
        int n = MATCHES;
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
            assertThat(BiomeRuleset.over(g.state())).as("match %d ends", seed).isTrue();
            Seat greedySeat = greedyIsA ? Seat.A : Seat.B;
            if (g.winner() == greedySeat) {
                wins++;
            } else if (g.winner() == null) {
                draws++;
            }
        }
        System.out.printf(
                "biome greedy vs random: %d wins, %d draws of %d in %d ms%n",
                wins, draws, n, (System.nanoTime() - start) / 1_000_000);
        assertThat(wins).isGreaterThanOrEqualTo(n * 8 / 10);
    }
}
