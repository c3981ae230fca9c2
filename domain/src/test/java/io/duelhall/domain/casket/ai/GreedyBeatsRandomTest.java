package io.duelhall.domain.casket.ai;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Seat;
import io.duelhall.domain.casket.CasketRuleset;
import io.duelhall.domain.casket.Catalog;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class GreedyBeatsRandomTest {
    static final CasketRuleset RULES = new CasketRuleset();
    static final int MATCHES = Integer.getInteger("casket.selfplay.matches", 1000);

    @Test
    @DisplayName(
            "greedy beats random in at least 80 % of the seat-swapped two-seat matches (1,000 by"
                    + " default)")
    void greedyBeatsRandom() {
        SelfPlay selfPlay = new SelfPlay(RULES);
        List<Catalog.Starter> caskets = RULES.catalog().starters();
        int wins = 0;
        int draws = 0;
        int n = MATCHES;
        long start = System.nanoTime();
        for (int seed = 0; seed < n; seed++) {
            boolean greedyIsA = seed % 2 == 0;
            Catalog.Starter a = caskets.get((seed / 2) % 4);
            Catalog.Starter b = caskets.get((seed / 8) % 4);
            Player greedy = new GreedyPlayer(RULES);
            Player random = new RandomPlayer(RULES, seed * 31L + 7);
            SelfPlay.Game g =
                    selfPlay.play(
                            seed,
                            greedyIsA ? List.of(greedy, random) : List.of(random, greedy),
                            List.of(a, b));
            assertThat(CasketRuleset.over(g.state())).as("match %d ends", seed).isTrue();
            Seat greedySeat = greedyIsA ? Seat.A : Seat.B;
            if (g.winner() == greedySeat) {
                wins++;
            } else if (g.winner() == null) {
                draws++;
            }
        }
        System.out.printf(
                "casket greedy vs random: %d wins, %d draws of %d in %d ms%n",
                wins, draws, n, (System.nanoTime() - start) / 1_000_000);
        assertThat(wins).isGreaterThanOrEqualTo(n * 8 / 10);
    }

    @Test
    @DisplayName("two greedy and two random players finish four-seat matches")
    void fourSeatMatchesFinish() {
        SelfPlay selfPlay = new SelfPlay(RULES);
        for (int seed = 0; seed < 20; seed++) {
            List<Player> players = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                players.add(
                        (i + seed) % 2 == 0
                                ? new GreedyPlayer(RULES)
                                : new RandomPlayer(RULES, seed * 7L + i));
            }
            SelfPlay.Game g = selfPlay.play(seed, players, RULES.catalog().starters());
            assertThat(CasketRuleset.over(g.state())).as("match %d ends", seed).isTrue();
        }
    }
}
