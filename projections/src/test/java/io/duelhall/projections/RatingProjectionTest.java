package io.duelhall.projections;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.VoidexaEvent.MatchEnded;
import io.duelhall.projections.ratings.RatingProjection;
import io.duelhall.projections.ratings.RatingProjection.PlayerRating;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class RatingProjectionTest {
    final RatingProjection p = new RatingProjection(TestDb.fresh());

    void match(RatingProjection r, String id, String a, String b, MatchEnded end, long position) {
        r.seated(id, Seat.A, a, "acct-" + a);
        r.seated(id, Seat.B, b, "acct-" + b);
        r.ended(id, end, position);
    }

    @Test
    @DisplayName(
            "issue 20.4: a guest playing under a registered player's name and losing moves no rating")
    void aGuestCannotMoveARegisteredPlayersRating() {
        match(p, "m1", "Ada", "Bo", Events.won(Seat.A, "HULL_DESTROYED"), 10);
        PlayerRating before = p.find("Ada").orElseThrow();
        // the griefer takes seat A as a guest named "Ada" and concedes to a registered accomplice
        p.seated("m2", Seat.A, "Ada", null);
        p.seated("m2", Seat.B, "Bo", "acct-Bo");
        p.ended("m2", Events.won(Seat.B, "CONCEDED"), 20);
        assertThat(p.find("Ada").orElseThrow()).isEqualTo(before);
        assertThat(p.find("Bo").orElseThrow().games()).isEqualTo(1);
        // two guests: unrated, nobody appears
        p.seated("m3", Seat.A, "Cy", null);
        p.seated("m3", Seat.B, "Di", null);
        p.ended("m3", Events.won(Seat.A, "CONCEDED"), 30);
        assertThat(p.all()).extracting(PlayerRating::name).containsExactlyInAnyOrder("Ada", "Bo");
        assertThat(before.accountId()).isEqualTo("acct-Ada");
    }

    /*
     * Expected ratings computed outside this code, with an independent Python transcription of Glickman's
     * "Example of the Glicko-2 system" (steps 1-8, tau 0.5, Illinois algorithm, epsilon 1e-6), which gives the
     * paper's own 1464.05 / 151.52 / 0.05999 for its worked example:
     *   new (1500/350/0.06) beats new:            1662.3109 / 290.3190 / 0.0599997
     *   new loses to new:                         1337.6891 / 290.3190 / 0.0599997
     *   that loser (1337.69/290.32) beats a new:  1502.5491 / 256.3452 / 0.0600002
     */
    static final double WIN_RATING = 1662.3109,
            LOSS_RATING = 1337.6891,
            FIRST_RD = 290.3190,
            FIRST_VOL = 0.0599997;

    @Test
    @DisplayName("issue 40: every ruleset has its own ratings, beside the board of every game")
    void eachRulesetRatesItsOwnMatches() {
        p.opened("x1", "voidexa");
        match(p, "x1", "Ada", "Bo", Events.won(Seat.A, "HULL_DESTROYED"), 10);
        p.opened("l1", "voidlit");
        match(p, "l1", "Ada", "Bo", Events.won(Seat.B, "CONCEDED"), 20);
        // a match rated before its ruleset was known (an older data directory, not rebuilt): on
        // the board of every game only
        match(p, "old", "Ada", "Cy", Events.won(Seat.A, "CONCEDED"), 30);

        var voidexa = p.rulesetBoard("voidexa", 2, java.util.Set.of());
        assertThat(voidexa).extracting(r -> r.name()).containsExactly("Ada", "Bo");
        // fresh against fresh, as if voidlit had never been played
        assertThat(voidexa.get(0).rating()).isCloseTo(WIN_RATING, within(1e-3));
        assertThat(voidexa.get(1).rating()).isCloseTo(LOSS_RATING, within(1e-3));
        assertThat(voidexa.get(0).model()).isEqualTo(RatingProjection.GLICKO_MODEL);
        var voidlit = p.rulesetBoard("voidlit", 2, java.util.Set.of());
        assertThat(voidlit).extracting(r -> r.name()).containsExactly("Bo", "Ada");
        assertThat(voidlit.get(0).rating()).isCloseTo(WIN_RATING, within(1e-3));
        assertThat(voidlit.get(0).games()).isEqualTo(1);
        assertThat(p.inRuleset("voidlit", 2, "acct-Ada").orElseThrow().losses()).isEqualTo(1);
        assertThat(p.inRuleset("voidlit", 2, "acct-Cy")).isEmpty();
        assertThat(p.rulesetBoard("biome", 2, java.util.Set.of())).isEmpty();
        // the board of every game rates all three, in order
        assertThat(p.find("Ada").orElseThrow().games()).isEqualTo(3);
        // an end not public yet counts not; the cache follows each new rated match
        assertThat(p.rulesetBoard("voidexa", 2, java.util.Set.of("x1"))).isEmpty();
        p.opened("x2", "voidexa");
        match(p, "x2", "Bo", "Cy", Events.won(Seat.A, "HULL_DESTROYED"), 40);
        assertThat(p.rulesetBoard("voidexa", 2, java.util.Set.of()))
                .extracting(r -> r.name())
                .containsExactlyInAnyOrder("Ada", "Bo", "Cy");
        // rebuilt from the same events, the same numbers
        RatingProjection again = new RatingProjection(TestDb.fresh());
        again.opened("x1", "voidexa");
        match(again, "x1", "Ada", "Bo", Events.won(Seat.A, "HULL_DESTROYED"), 10);
        again.opened("l1", "voidlit");
        match(again, "l1", "Ada", "Bo", Events.won(Seat.B, "CONCEDED"), 20);
        again.opened("x2", "voidexa");
        match(again, "x2", "Bo", "Cy", Events.won(Seat.A, "HULL_DESTROYED"), 40);
        assertThat(again.rulesetBoard("voidexa", 2, java.util.Set.of()))
                .isEqualTo(p.rulesetBoard("voidexa", 2, java.util.Set.of()));
    }

    @Test
    void aWinIsRatedByGlicko2AgainstTheOpponentsRatingBeforeTheMatch() {
        match(p, "m1", "Ada", "Bo", Events.won(Seat.A, "HULL_DESTROYED"), 10);
        PlayerRating ada = p.find("Ada").orElseThrow();
        PlayerRating bo = p.find("Bo").orElseThrow();
        assertThat(ada.rating()).isCloseTo(WIN_RATING, within(1e-3));
        assertThat(ada.rd()).isCloseTo(FIRST_RD, within(1e-3));
        assertThat(ada.volatility()).isCloseTo(FIRST_VOL, within(1e-6));
        assertThat(List.of(ada.games(), ada.wins(), ada.losses())).containsExactly(1, 1, 0);
        assertThat(bo.rating()).isCloseTo(LOSS_RATING, within(1e-3));
        assertThat(bo.rd()).isCloseTo(FIRST_RD, within(1e-3));
        assertThat(List.of(bo.games(), bo.wins(), bo.losses())).containsExactly(1, 0, 1);
        assertThat(p.leaderboard(10)).extracting(PlayerRating::name).containsExactly("Ada", "Bo");

        // Bo (now 1337.69/290.32) beats a new player: rated from Bo's rating after m1, against Cy's
        // before m2
        match(p, "m2", "Bo", "Cy", Events.won(Seat.A, "REACTOR_DESTROYED"), 20);
        PlayerRating bo2 = p.find("Bo").orElseThrow();
        assertThat(bo2.rating()).isCloseTo(1502.5491, within(1e-3));
        assertThat(bo2.rd()).isCloseTo(256.3452, within(1e-3));
        assertThat(List.of(bo2.games(), bo2.wins(), bo2.losses())).containsExactly(2, 1, 1);
    }

    @Test
    @DisplayName("V-WIN-3 a concession is rated as a loss")
    void concessionIsALoss() {
        match(p, "m", "Ada", "Bo", Events.won(Seat.B, "CONCEDED"), 1);
        assertThat(p.find("Ada").orElseThrow().rating()).isCloseTo(LOSS_RATING, within(1e-3));
        assertThat(p.find("Ada").orElseThrow().losses()).isEqualTo(1);
        assertThat(p.find("Bo").orElseThrow().rating()).isCloseTo(WIN_RATING, within(1e-3));
        assertThat(p.find("Bo").orElseThrow().wins()).isEqualTo(1);
    }

    @Test
    @DisplayName("V-WIN-4 a match both lost is rated as a loss for both")
    void bothLostIsALossForBoth() {
        match(p, "m", "Ada", "Bo", Events.bothLost(), 1);
        assertThat(p.all()).extracting(PlayerRating::name).containsExactlyInAnyOrder("Ada", "Bo");
        assertThat(p.all())
                .allSatisfy(
                        r -> {
                            assertThat(r.rating()).isCloseTo(LOSS_RATING, within(1e-3));
                            assertThat(r.rd()).isCloseTo(FIRST_RD, within(1e-3));
                            assertThat(List.of(r.games(), r.wins(), r.losses()))
                                    .containsExactly(1, 0, 1);
                        });
    }

    @Test
    void aMatchRatedOutOfOrderGivesWhatTheOrderedRebuildGives() {
        RatingProjection ordered = new RatingProjection(TestDb.fresh());
        match(ordered, "m1", "Ada", "Bo", Events.won(Seat.A, "HULL_DESTROYED"), 1);
        match(ordered, "m2", "Bo", "Ada", Events.won(Seat.A, "HULL_DESTROYED"), 2);
        match(ordered, "m3", "Ada", "Cy", Events.won(Seat.B, "DECK_OUT"), 3);

        match(p, "m1", "Ada", "Bo", Events.won(Seat.A, "HULL_DESTROYED"), 1);
        match(p, "m3", "Ada", "Cy", Events.won(Seat.B, "DECK_OUT"), 3);
        match(
                p,
                "m2",
                "Bo",
                "Ada",
                Events.won(Seat.A, "HULL_DESTROYED"),
                2); // a late commit filled a gap
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
