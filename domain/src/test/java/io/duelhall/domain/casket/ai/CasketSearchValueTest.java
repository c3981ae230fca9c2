package io.duelhall.domain.casket.ai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import io.duelhall.domain.casket.CasketEvent;
import io.duelhall.domain.casket.CasketMoves;
import io.duelhall.domain.casket.CasketRuleset;
import io.duelhall.domain.casket.CasketState;
import io.duelhall.domain.casket.Pilot;
import io.duelhall.domain.search.Arena;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
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

    /**
     * C-D-END-3: a pod that reaches the time limit places the seats standing by their deck; the
     * value of every seat at that end is its placing (seats sharing a place share its average).
     */
    @Test
    void atTheTimeLimitValuesArePlacings() {
        CasketSearch search = new CasketSearch(RULES);
        Player greedy = new GreedyPlayer(RULES);
        Arena arena = new Arena(RULES, Players.ROSTER);
        List<Seat> seats = List.of(Seat.A, Seat.B, Seat.C, Seat.D);
        int checked = 0;
        for (long seed = 1; seed <= 12 && checked < 2; seed++) {
            Arena.Position p = arena.open(seed, seats);
            while (p.state().status() == MatchStatus.LIVE) {
                CasketState s = (CasketState) p.state();
                p = arena.after(p, greedy.move(s, RULES.toAct(s)));
            }
            CasketEvent.CasketMatchEnded end = null;
            for (MatchEvent e : p.events()) {
                if (e instanceof CasketEvent.CasketMatchEnded x) {
                    end = x;
                }
            }
            if (!end.reason().equals("TIME_LIMIT")) {
                continue;
            }
            checked++;
            CasketState s = (CasketState) p.state();
            int place = 1;
            double sum = 0;
            for (List<Seat> tied : end.placings()) {
                double shared = place + (tied.size() - 1) / 2.0;
                for (Seat t : tied) {
                    double v = search.value(s, t);
                    assertThat(v).as("%s at place %s", t, shared).isEqualTo((4 - shared) / 3);
                    sum += v;
                }
                place += tied.size();
            }
            assertThat(sum).isCloseTo(2.0, within(1e-9));
        }
        assertThat(checked).as("pods that reached the time limit").isEqualTo(2);
    }

    /**
     * casket's rules list one way to pay (all from the deck, or the first cards of the hand) and
     * one to discard; the search also weighs greedy's own choices, each one the rules accept, and
     * nothing else changes.
     */
    @Test
    void theSearchWeighsGreedysPaymentsAndDiscards() {
        CasketSearch search = new CasketSearch(RULES);
        Player greedy = new GreedyPlayer(RULES);
        Arena arena = new Arena(RULES, Players.ROSTER);
        int added = 0;
        for (long seed = 1; seed <= 2; seed++) {
            Arena.Position p = arena.open(seed, List.of(Seat.A, Seat.B, Seat.C, Seat.D));
            while (p.state().status() == MatchStatus.LIVE) {
                CasketState s = (CasketState) p.state();
                Seat t = RULES.toAct(s);
                List<Intent> legal = RULES.legalMoves(s, t);
                List<Intent> moves = search.moves(s, t, legal);
                String owed = CasketMoves.owed(s);
                if (owed.equals(CasketMoves.PAY) || owed.equals(CasketMoves.DISCARD)) {
                    assertThat(moves).containsAll(legal).contains(greedy.move(s, t));
                    assertThat(moves).doesNotHaveDuplicates();
                    for (Intent m : moves) {
                        assertThat(RULES.decide(s, m).accepted()).as("%s", m).isTrue();
                    }
                    added += moves.size() - legal.size();
                } else {
                    assertThat(moves).isEqualTo(legal);
                }
                p = arena.after(p, greedy.move(s, t));
            }
        }
        assertThat(added).as("moves the search adds").isPositive();
    }
}
