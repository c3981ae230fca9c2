package io.duelhall.projections;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.duelhall.projections.ratings.Glicko2;
import io.duelhall.projections.ratings.Glicko2.Game;
import io.duelhall.projections.ratings.Glicko2.Rating;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class Glicko2Test {
    @Test
    @DisplayName(
            "the worked example of Glickman's Glicko-2 paper: 1500/200/0.06 vs 1400/30 (win), 1550/100, 1700/300 (losses)")
    void paperExample() {
        Rating player = new Rating(1500, 200, 0.06);
        Rating after =
                Glicko2.rate(
                        player,
                        List.of(
                                new Game(new Rating(1400, 30, 0.06), 1),
                                new Game(new Rating(1550, 100, 0.06), 0),
                                new Game(new Rating(1700, 300, 0.06), 0)),
                        0.5);
        assertThat(after.rating()).isCloseTo(1464.06, within(0.01));
        assertThat(after.rd()).isCloseTo(151.52, within(0.01));
        assertThat(after.volatility()).isCloseTo(0.05999, within(0.00001));
    }

    @Test
    void aWinRaisesTheRatingALossLowersItAndBothNarrowTheDeviation() {
        Rating a = Rating.NEW;
        Rating b = new Rating(1600, 80, 0.06);
        Rating won = Glicko2.rate(a, List.of(new Game(b, 1)), 0.5);
        Rating lost = Glicko2.rate(a, List.of(new Game(b, 0)), 0.5);
        assertThat(won.rating()).isGreaterThan(a.rating());
        assertThat(lost.rating()).isLessThan(a.rating());
        assertThat(won.rd()).isLessThan(a.rd());
        assertThat(lost.rd()).isLessThan(a.rd());
    }

    @Test
    void anIdlePeriodOnlyWidensTheDeviation() {
        Rating r = new Rating(1700, 50, 0.06);
        Rating after = Glicko2.rate(r, List.of(), 0.5);
        assertThat(after.rating()).isEqualTo(1700);
        assertThat(after.rd())
                .isCloseTo(
                        Math.sqrt(50 * 50 / (173.7178 * 173.7178) + 0.0036) * 173.7178,
                        within(1e-9));
    }
}
