package io.duelhall.domain.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Decision;
import io.duelhall.domain.GameState;
import io.duelhall.domain.HiddenState;
import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatKnowledge;
import io.duelhall.domain.casket.CasketEvent;
import io.duelhall.domain.casket.CasketState;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every state a ruleset's hidden-state sampler draws is one its engine can play on (issue 42): the
 * search plays the engine's own {@code decide}/{@code evolve} on samples and catches nothing, so a
 * sample the engine cannot play on must show here. Matches between random and greedy players are
 * stopped at many decisions; for every seat (the one to act and the others: in the search every
 * seat is a searching observer at some point) many samples are drawn from its knowledge, and on
 * each every legal move of the seat to act in the sample is decided and folded, then a few random
 * moves more are played on, without an exception and without a refusal of a listed legal move.
 */
class PlayableSamplesTest {
    static final int SAMPLES = 4;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"voidexa", "voidlit", "biome", "casket"})
    void everySampleIsPlayable(String id) {
        Games g = Games.of(id);
        int checked = 0;
        for (int seats : id.equals("casket") ? new int[] {2, 4} : new int[] {2}) {
            for (long seed = 1; seed <= 2; seed++) {
                checked += playAndCheck(g, seats, seed, 6);
            }
        }
        assertThat(checked).as(id + ": samples checked").isGreaterThan(200);
    }

    /**
     * casket's attacks in flight, where the old sampler failed: every decision that declares an
     * attack, cut after each of its events from the declaration on (the AI driver may be asked
     * between two events of one decision: after the declaration, before the roll), and every
     * decision owed by a defender (REACT or PAY); each seat's knowledge sampled many times and
     * every legal move played on every sample.
     */
    @Test
    void casketMidAttack() {
        Games g = Games.of("casket");
        int cuts = 0;
        for (int seats : new int[] {2, 3, 4}) {
            for (long seed = 10; seed < 12; seed++) {
                Arena arena = new Arena(g.rules(), g.roster());
                Arena.Position p = arena.open(seed, seatList(seats));
                SplittableRandom random = new SplittableRandom(seed);
                int made = 0;
                while (p.state().status() == MatchStatus.LIVE && made++ < 3000) {
                    Arena.Position before = p;
                    p = arena.after(p, move(g, p, made, random));
                    GameState s = before.state();
                    boolean attacking = ((CasketState) s).attack() != null;
                    for (int i = before.events().size(); i < p.events().size(); i++) {
                        MatchEvent e = p.events().get(i);
                        s = g.rules().evolve(s, e);
                        attacking |= e instanceof CasketEvent.AttackDeclared;
                        if (!attacking || s.status() != MatchStatus.LIVE) {
                            continue;
                        }
                        cuts++;
                        Arena.Position cut =
                                new Arena.Position(s, List.copyOf(p.events().subList(0, i + 1)));
                        for (Seat seat : s.seats()) {
                            checkSamples(g, cut, seat, 6, i == p.events().size() - 1, random);
                        }
                    }
                }
            }
        }
        assertThat(cuts).as("casket positions mid-attack").isGreaterThan(50);
    }

    private static int playAndCheck(Games g, int seats, long seed, int every) {
        Arena arena = new Arena(g.rules(), g.roster());
        Arena.Position p = arena.open(seed, seatList(seats));
        SplittableRandom random = new SplittableRandom(seed * 31 + seats);
        int checked = 0;
        int made = 0;
        while (p.state().status() == MatchStatus.LIVE && made < 1500) {
            Arena.Position before = p;
            p = arena.after(p, move(g, p, made, random));
            if (made % every == 0) {
                // the knowledge after every event of the decision, its last and those within it
                // (the server's AI driver may be asked between two events of one decision)
                GameState s = before.state();
                for (int i = before.events().size(); i < p.events().size(); i++) {
                    s = g.rules().evolve(s, p.events().get(i));
                    Arena.Position cut =
                            new Arena.Position(s, List.copyOf(p.events().subList(0, i + 1)));
                    if (s.status() != MatchStatus.LIVE) {
                        continue;
                    }
                    for (Seat seat : s.seats()) {
                        checked +=
                                checkSamples(
                                        g, cut, seat, SAMPLES, i == p.events().size() - 1, random);
                    }
                }
            }
            made++;
        }
        return checked;
    }

    /** Random and greedy moves by turns, so the matches reach every phase. */
    private static Intent move(Games g, Arena.Position p, int made, SplittableRandom random) {
        Seat seat = g.rules().toAct(p.state());
        List<Intent> legal = g.rules().legalMoves(p.state(), seat);
        if (made % 3 == 0 || legal.size() == 1) {
            return legal.get(random.nextInt(legal.size()));
        }
        SeatKnowledge k =
                SeatKnowledge.of(g.rules(), p.state(), p.events(), seat, p.events().size() - 1);
        return g.greedy().choose(k).by(seat);
    }

    /**
     * {@code boundary}: the position is one between two decisions, where every listed legal move
     * must also be accepted; within a decision (not a decision point: the truth there may list
     * moves its own decide refuses) none may throw.
     */
    private static int checkSamples(
            Games g,
            Arena.Position p,
            Seat observer,
            int samples,
            boolean boundary,
            SplittableRandom random) {
        SeatKnowledge k =
                SeatKnowledge.of(g.rules(), p.state(), p.events(), observer, p.events().size() - 1);
        HiddenState hidden = g.rules().hiddenState(k);
        for (int i = 0; i < samples; i++) {
            GameState sample = hidden.sample(random);
            assertThat(sample.status()).isEqualTo(p.state().status());
            Seat actor = g.rules().toAct(sample);
            assertThat(actor)
                    .as(g.id() + ": the sample owes the truth's decision")
                    .isEqualTo(g.rules().toAct(p.state()));
            for (Intent m : g.rules().legalMoves(sample, actor)) {
                GameState after = apply(g, sample, m, observer, boundary);
                // and play on a little, on the sample's own chance
                for (int d = 0; d < 3 && after.status() == MatchStatus.LIVE; d++) {
                    Seat next = g.rules().toAct(after);
                    List<Intent> more =
                            next == null ? List.of() : g.rules().legalMoves(after, next);
                    if (more.isEmpty()) {
                        break;
                    }
                    after =
                            apply(
                                    g,
                                    after,
                                    more.get(random.nextInt(more.size())),
                                    observer,
                                    boundary);
                }
            }
        }
        return samples;
    }

    private static GameState apply(
            Games g, GameState s, Intent m, Seat observer, boolean boundary) {
        Decision d;
        try {
            d = g.rules().decide(s, m);
        } catch (RuntimeException e) {
            throw new AssertionError(
                    g.id()
                            + ": the engine failed on a sample of "
                            + observer
                            + "'s knowledge: "
                            + m,
                    e);
        }
        if (!boundary && !d.accepted()) {
            return s;
        }
        assertThat(d.accepted())
                .as(
                        g.id()
                                + ": a listed legal move is refused on a sample: "
                                + m
                                + " "
                                + d.refusal())
                .isTrue();
        for (MatchEvent e : d.events()) {
            s = g.rules().evolve(s, e);
        }
        return s;
    }

    private static List<Seat> seatList(int n) {
        List<Seat> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(Seat.values()[i]);
        }
        return out;
    }
}
