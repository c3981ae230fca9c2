package io.duelhall.projections;

import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.VoidexaEvent.MatchEnded;
import io.duelhall.projections.ratings.Glicko2;
import io.duelhall.projections.ratings.Glicko2.Game;
import io.duelhall.projections.ratings.Glicko2.Rating;
import io.duelhall.projections.ratings.RatingProjection;
import io.duelhall.projections.ratings.RatingProjection.PlayerRating;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class RatingProjectionTest {
    final RatingProjection p = new RatingProjection(TestDb.fresh());

    void match(RatingProjection r, String id, String a, String b, MatchEnded end, long position) {
        r.seated(id, Seat.A, a);
        r.seated(id, Seat.B, b);
        r.ended(id, end, position);
    }

    @Test
    void aWinIsRatedByGlicko2AgainstTheOpponentsRatingBeforeTheMatch() {
        match(p, "m1", "Ada", "Bo", Events.won(Seat.A, "HULL_DESTROYED"), 10);
        Rating ada = Glicko2.rate(Rating.NEW, List.of(new Game(Rating.NEW, 1)), RatingProjection.TAU);
        Rating bo = Glicko2.rate(Rating.NEW, List.of(new Game(Rating.NEW, 0)), RatingProjection.TAU);
        assertThat(p.find("Ada").orElseThrow()).isEqualTo(new PlayerRating("Ada", ada.rating(), ada.rd(), ada.volatility(), 1, 1, 0));
        assertThat(p.find("Bo").orElseThrow()).isEqualTo(new PlayerRating("Bo", bo.rating(), bo.rd(), bo.volatility(), 1, 0, 1));
        assertThat(p.leaderboard(10)).extracting(PlayerRating::name).containsExactly("Ada", "Bo");

        match(p, "m2", "Bo", "Cy", Events.won(Seat.A, "REACTOR_DESTROYED"), 20);
        Rating bo2 = Glicko2.rate(bo, List.of(new Game(Rating.NEW, 1)), RatingProjection.TAU);
        assertThat(p.find("Bo").orElseThrow().rating()).isEqualTo(bo2.rating());
        assertThat(p.find("Bo").orElseThrow().games()).isEqualTo(2);
    }

    @Test
    @DisplayName("V-WIN-3 a concession is rated as a loss")
    void concessionIsALoss() {
        match(p, "m", "Ada", "Bo", Events.won(Seat.B, "CONCEDED"), 1);
        assertThat(p.find("Ada").orElseThrow().rating()).isLessThan(1500);
        assertThat(p.find("Ada").orElseThrow().losses()).isEqualTo(1);
        assertThat(p.find("Bo").orElseThrow().rating()).isGreaterThan(1500);
    }

    @Test
    @DisplayName("V-WIN-4 a match both lost is rated as a loss for both")
    void bothLostIsALossForBoth() {
        match(p, "m", "Ada", "Bo", Events.bothLost(), 1);
        Rating lost = Glicko2.rate(Rating.NEW, List.of(new Game(Rating.NEW, 0)), RatingProjection.TAU);
        assertThat(p.all()).extracting(PlayerRating::rating).containsExactly(lost.rating(), lost.rating());
        assertThat(p.all()).extracting(PlayerRating::losses).containsExactly(1, 1);
    }

    @Test
    void aMatchRatedOutOfOrderGivesWhatTheOrderedRebuildGives() {
        RatingProjection ordered = new RatingProjection(TestDb.fresh());
        match(ordered, "m1", "Ada", "Bo", Events.won(Seat.A, "HULL_DESTROYED"), 1);
        match(ordered, "m2", "Bo", "Ada", Events.won(Seat.A, "HULL_DESTROYED"), 2);
        match(ordered, "m3", "Ada", "Cy", Events.won(Seat.B, "DECK_OUT"), 3);

        match(p, "m1", "Ada", "Bo", Events.won(Seat.A, "HULL_DESTROYED"), 1);
        match(p, "m3", "Ada", "Cy", Events.won(Seat.B, "DECK_OUT"), 3);
        match(p, "m2", "Bo", "Ada", Events.won(Seat.A, "HULL_DESTROYED"), 2); // a late commit filled a gap
        assertThat(p.all()).isEqualTo(ordered.all());
    }

    @Test
    void replayedEndsAreRatedOnceAndSelfPlayIsNotRated() {
        match(p, "m", "Ada", "Bo", Events.won(Seat.A, "HULL_DESTROYED"), 1);
        List<PlayerRating> once = p.all();
        match(p, "m", "Ada", "Bo", Events.won(Seat.A, "HULL_DESTROYED"), 1);
        assertThat(p.all()).isEqualTo(once);
        match(p, "self", "Ada", "Ada", Events.won(Seat.A, "HULL_DESTROYED"), 2);
        assertThat(p.all()).isEqualTo(once);
        p.reset();
        assertThat(p.all()).isEmpty();
    }
}
