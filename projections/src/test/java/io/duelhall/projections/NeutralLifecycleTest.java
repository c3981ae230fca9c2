package io.duelhall.projections;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.duelhall.domain.Lifecycle;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.Seat;
import io.duelhall.projections.history.PlayerHistoryProjection;
import io.duelhall.projections.history.PlayerHistoryProjection.PlayerMatch;
import io.duelhall.projections.list.MatchListProjection;
import io.duelhall.projections.list.MatchListProjection.MatchSummary;
import io.duelhall.projections.list.MatchListProjection.Player;
import io.duelhall.projections.ratings.PlacingRatings.PlacingRating;
import io.duelhall.projections.ratings.RatingProjection;
import io.duelhall.projections.ratings.RatingProjection.PlayerRating;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Issue 14: the read side knows a match only through {@link Lifecycle}. These events belong to no
 * ruleset the server has (a made-up "tabletop" game of up to six seats with draws): if the match
 * list, player history or ratings needed a voidexa event, or assumed seats A and B, these tests
 * would fail.
 */
class NeutralLifecycleTest {
    record Opened(
            String matchId,
            String ruleset,
            String engineVersion,
            String catalogVersion,
            String seedCommitment,
            MatchOptions options)
            implements MatchOpening {
        @Override
        public String serverSeed() {
            return null; // the read models never read seeds
        }
    }

    record Sat(Seat seat, String name, String accountId) implements Lifecycle.SeatTaken {
        @Override
        public List<String> deck() {
            return List.of();
        }

        @Override
        public String clientSeed() {
            return null;
        }
    }

    record Began() implements Lifecycle.Started {}

    record Round(Seat seat, int turn) implements Lifecycle.TurnBegan {}

    record Over(Seat winner, List<Seat> losers, String reason) implements Lifecycle.Ended {
        @Override
        public String serverSeed() {
            return null;
        }
    }

    /** An end that ranks every seat, as casket's does (C-D-END-2). */
    record Placed(Seat winner, List<Seat> losers, String reason, List<List<Seat>> placings)
            implements Lifecycle.Ended {
        @Override
        public String serverSeed() {
            return null;
        }
    }

    /** A non-lifecycle event of the made-up game: the read models must ignore it. */
    record DiceRolled(Seat seat, int pips) implements MatchEvent {}

    final JdbcTemplate db = TestDb.fresh();
    final MatchListProjection list = new MatchListProjection(db);
    final PlayerHistoryProjection history = new PlayerHistoryProjection(db);
    final RatingProjection ratings = new RatingProjection(db);
    final Instant t0 = Instant.parse("2026-11-25T10:00:00Z");

    void feed(String matchId, long position, MatchEvent... events) {
        for (int i = 0; i < events.length; i++) {
            MatchEvent e = events[i];
            list.apply(matchId, i, t0.plusSeconds(i), e);
            history.apply(matchId, t0.plusSeconds(i), e);
            if (e instanceof Lifecycle.SeatTaken s) {
                ratings.seated(matchId, s.seat(), s.name(), s.accountId());
            } else if (e instanceof Lifecycle.Ended end) {
                ratings.ended(matchId, end, position);
            }
        }
    }

    static Opened opened(String id) {
        return new Opened(id, "tabletop", "tabletop-1", "t-1", "c", MatchOptions.defaults());
    }

    @Test
    void threeSeatsAreListedWithEveryPlayerAndTheWinnerAndEachHistoryNamesTheOtherTwo() {
        feed(
                "m",
                1,
                opened("m"),
                new Sat(Seat.A, "Ada", "a"),
                new Sat(Seat.B, "Bo", "b"),
                new DiceRolled(Seat.A, 6),
                new Sat(Seat.C, "Cy", "c"),
                new Began(),
                new Round(Seat.C, 1),
                new Round(Seat.A, 2));
        MatchSummary live = list.find("LIVE", 10).get(0);
        assertThat(live.ruleset()).isEqualTo("tabletop");
        assertThat(live.players())
                .containsExactly(
                        new Player(Seat.A, "Ada"),
                        new Player(Seat.B, "Bo"),
                        new Player(Seat.C, "Cy"));
        assertThat(live.turn()).isEqualTo(2);

        list.apply(
                "m",
                8,
                t0.plusSeconds(8),
                new Over(Seat.C, List.of(Seat.A, Seat.B), "LAST_STANDING"));
        history.apply(
                "m", t0.plusSeconds(8), new Over(Seat.C, List.of(Seat.A, Seat.B), "LAST_STANDING"));
        MatchSummary ended = list.find("ENDED", 10).get(0);
        assertThat(ended.winner()).isEqualTo(Seat.C);
        assertThat(ended.winnerName()).isEqualTo("Cy");
        assertThat(history.find("Bo", 10))
                .singleElement()
                .satisfies(
                        m -> {
                            assertThat(m.opponent()).isEqualTo("Ada, Cy");
                            assertThat(m.outcome()).isEqualTo("LOST");
                            assertThat(m.reason()).isEqualTo("LAST_STANDING");
                        });
        assertThat(history.find("Cy", 10)).extracting(PlayerMatch::outcome).containsExactly("WON");
        assertThat(list.all()).isEqualTo(list.find(null, 10));
    }

    @Test
    @DisplayName(
            "a draw is DRAWN in the history, has no winner in the list, and rates both players at 0.5")
    void aDrawIsADrawEverywhere() {
        feed(
                "m",
                10,
                opened("m"),
                new Sat(Seat.A, "Ada", "a"),
                new Sat(Seat.B, "Bo", "b"),
                new Began(),
                new Over(null, List.of(), "BOTH_AT_ZERO"));
        MatchSummary s = list.find("ENDED", 10).get(0);
        assertThat(s.winner()).isNull();
        assertThat(s.winnerName()).isNull();
        assertThat(history.find("Ada", 10))
                .extracting(PlayerMatch::outcome)
                .containsExactly("DRAWN");
        assertThat(history.find("Bo", 10))
                .extracting(PlayerMatch::outcome)
                .containsExactly("DRAWN");
        // Glicko-2: between two equal ratings a draw moves neither (mu' = mu + phi'^2 g (0.5 -
        // 0.5)); RD shrinks
        for (String name : List.of("Ada", "Bo")) {
            PlayerRating r = ratings.find(name).orElseThrow();
            assertThat(r.rating()).isCloseTo(1500.0, within(1e-9));
            assertThat(r.rd()).isLessThan(350.0);
            assertThat(List.of(r.games(), r.wins(), r.losses(), r.draws()))
                    .containsExactly(1, 0, 0, 1);
        }
    }

    @Test
    @DisplayName(
            "issue 40: three registered seats are rated by placing (Plackett-Luce) and pairwise by"
                    + " Glicko-2 as before: the winner first, the two losers tied for second")
    void aThreeSeatMatchIsRatedByPlacing() {
        feed(
                "m",
                10,
                opened("m"),
                new Sat(Seat.A, "Ada", "a"),
                new Sat(Seat.B, "Bo", "b"),
                new Sat(Seat.C, "Cy", "c"),
                new Began(),
                new Over(Seat.C, List.of(Seat.A, Seat.B), "LAST_STANDING"));
        // and pairwise by Glicko-2, as before issue 40 (history keeps its leaderboard): the winner
        // beat two, the two losers tied for second
        PlayerRating gCy = ratings.find("Cy").orElseThrow();
        PlayerRating gAda = ratings.find("Ada").orElseThrow();
        assertThat(gCy.rating()).isGreaterThan(RatingProjectionTest.WIN_RATING + 1);
        assertThat(List.of(gCy.games(), gCy.wins(), gCy.losses(), gCy.draws()))
                .containsExactly(1, 1, 0, 0);
        assertThat(gAda.rating())
                .isCloseTo(ratings.find("Bo").orElseThrow().rating(), within(1e-9))
                .isBetween(RatingProjectionTest.LOSS_RATING + 1, 1500.0 - 1);
        PlacingRating ada = ratings.placing("a", 3).orElseThrow();
        PlacingRating bo = ratings.placing("b", 3).orElseThrow();
        PlacingRating cy = ratings.placing("c", 3).orElseThrow();
        assertThat(cy.mu()).isGreaterThan(1500 + 50);
        assertThat(ada.mu()).isCloseTo(bo.mu(), within(1e-9)).isLessThan(1500);
        assertThat(List.of(cy.games(), cy.firsts(), ada.games(), ada.firsts()))
                .containsExactly(1, 1, 1, 0);
        assertThat(cy.sigma()).isLessThan(350);
        assertThat(ratings.placingBoard(3, 10)).extracting(PlacingRating::name).startsWith("Cy");
        assertThat(ratings.placing("c", 4)).isEmpty();
        assertThat(db.queryForObject("select model from rm_rated_match", String.class))
                .isEqualTo("openskill-pl/1+glicko2/1");
    }

    @Test
    @DisplayName("issue 40: a 4-seat placing moves all four ratings in the order of their places")
    void fourSeatsMoveByPlace() {
        feed(
                "m",
                10,
                opened("m"),
                new Sat(Seat.A, "Ada", "a"),
                new Sat(Seat.B, "Bo", "b"),
                new Sat(Seat.C, "Cy", "c"),
                new Sat(Seat.D, "Di", "d"),
                new Began(),
                new Placed(
                        Seat.B,
                        List.of(Seat.A, Seat.C, Seat.D),
                        "LAST_STANDING",
                        List.of(
                                List.of(Seat.B),
                                List.of(Seat.D),
                                List.of(Seat.A),
                                List.of(Seat.C))));
        double b = ratings.placing("b", 4).orElseThrow().mu();
        double d = ratings.placing("d", 4).orElseThrow().mu();
        double a = ratings.placing("a", 4).orElseThrow().mu();
        double c = ratings.placing("c", 4).orElseThrow().mu();
        assertThat(b).isGreaterThan(d);
        assertThat(d).isGreaterThan(a);
        assertThat(a).isGreaterThan(c);
        assertThat(b).isGreaterThan(1500);
        assertThat(c).isLessThan(1500);
        // a rebuild (reset, then the same events) gives the same numbers
        ratings.reset();
        list.reset();
        history.reset();
        feed(
                "m",
                10,
                opened("m"),
                new Sat(Seat.A, "Ada", "a"),
                new Sat(Seat.B, "Bo", "b"),
                new Sat(Seat.C, "Cy", "c"),
                new Sat(Seat.D, "Di", "d"),
                new Began(),
                new Placed(
                        Seat.B,
                        List.of(Seat.A, Seat.C, Seat.D),
                        "LAST_STANDING",
                        List.of(
                                List.of(Seat.B),
                                List.of(Seat.D),
                                List.of(Seat.A),
                                List.of(Seat.C))));
        assertThat(ratings.placing("b", 4).orElseThrow().mu()).isEqualTo(b);
        assertThat(ratings.placing("c", 4).orElseThrow().mu()).isEqualTo(c);
    }

    @Test
    void aGuestOnAnyOfSixSeatsLeavesTheMatchUnrated() {
        MatchEvent[] seats = {
            new Sat(Seat.A, "Ada", "a"),
            new Sat(Seat.B, "Bo", "b"),
            new Sat(Seat.C, "Cy", "c"),
            new Sat(Seat.D, "Di", "d"),
            new Sat(Seat.E, "Ed", null),
            new Sat(Seat.F, "Fi", "f")
        };
        MatchEvent[] all = new MatchEvent[seats.length + 3];
        all[0] = opened("m");
        System.arraycopy(seats, 0, all, 1, seats.length);
        all[seats.length + 1] = new Began();
        all[seats.length + 2] =
                new Over(Seat.F, List.of(Seat.A, Seat.B, Seat.C, Seat.D, Seat.E), "LAST_STANDING");
        feed("m", 1, all);
        assertThat(ratings.all()).isEmpty();
        assertThat(list.find("ENDED", 10).get(0).players()).hasSize(6);
        assertThat(history.find("Ed", 10))
                .extracting(PlayerMatch::opponent)
                .containsExactly("Ada, Bo, Cy, Di, Fi");
    }
}
