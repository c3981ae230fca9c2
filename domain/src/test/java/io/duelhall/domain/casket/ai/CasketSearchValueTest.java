package io.duelhall.domain.casket.ai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import io.duelhall.domain.casket.CasketRuleset;
import io.duelhall.domain.casket.CasketState;
import io.duelhall.domain.casket.Pilot;
import io.duelhall.domain.search.Arena;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * casket's search value is a placing (issue 42: each seat maximises its own place): at every state
 * of greedy matches of 2 to 6 seats, the values of all seats are expected placings — they add up to
 * what N placings add up to (N / 2, first 1 and last 0), a fallen seat's is its place, a standing
 * seat's is never below what the fallen leave it, and among standing seats the one worth more is
 * valued higher.
 */
class CasketSearchValueTest {
    static final CasketRuleset RULES = new CasketRuleset();

    @ParameterizedTest(name = "{0} seats")
    @ValueSource(ints = {2, 3, 4, 6})
    void valuesAreExpectedPlacings(int seats) {
        CasketSearch search = new CasketSearch(RULES);
        Player greedy = new GreedyPlayer(RULES);
        Arena arena = new Arena(RULES, Players.ROSTER);
        List<Seat> list = new ArrayList<>();
        for (int i = 0; i < seats; i++) {
            list.add(Seat.values()[i]);
        }
        int checked = 0;
        int fallen = 0;
        for (long seed = 1; seed <= 2; seed++) {
            Arena.Position p = arena.open(seed, list);
            while (p.state().status() == MatchStatus.LIVE) {
                CasketState s = (CasketState) p.state();
                double sum = 0;
                int standing = 0;
                for (Pilot pilot : s.pilots().values()) {
                    double v = search.value(s, pilot.seat());
                    sum += v;
                    if (pilot.defeated()) {
                        fallen++;
                        assertThat(v).isEqualTo((double) (seats - pilot.place()) / (seats - 1));
                    } else {
                        standing++;
                    }
                }
                assertThat(sum).as("values of all seats").isCloseTo(seats / 2.0, within(1e-9));
                for (Pilot a : s.pilots().values()) {
                    for (Pilot b : s.pilots().values()) {
                        if (!a.defeated()
                                && !b.defeated()
                                && CasketSearch.worth(a) > CasketSearch.worth(b) + 1e-9) {
                            assertThat(search.value(s, a.seat()))
                                    .isGreaterThan(search.value(s, b.seat()));
                        }
                    }
                    if (!a.defeated()) {
                        assertThat(search.value(s, a.seat()))
                                .isGreaterThanOrEqualTo((double) (seats - standing) / (seats - 1));
                    }
                }
                checked++;
                Seat t = RULES.toAct(s);
                p = arena.after(p, greedy.move(s, t));
            }
        }
        assertThat(checked).isGreaterThan(100);
        if (seats > 2) {
            assertThat(fallen).as("states with a fallen seat").isPositive();
        }
    }
}
