package io.duelhall.projections;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.Seat;
import io.duelhall.projections.history.PlayerHistoryProjection;
import io.duelhall.projections.history.PlayerHistoryProjection.PlayerMatch;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class PlayerHistoryProjectionTest {
    final PlayerHistoryProjection p = new PlayerHistoryProjection(TestDb.fresh());
    final Instant t0 = Instant.parse("2026-11-21T10:00:00Z");

    void feed(String matchId, int minutes, MatchEvent... events) {
        for (MatchEvent e : events) {
            p.apply(matchId, t0.plusSeconds(60L * minutes), e);
        }
    }

    @Test
    void eachPlayerSeesTheirMatchesWithOpponentAndOutcome() {
        feed(
                "m1",
                0,
                Events.created("m1"),
                Events.joined(Seat.A, "Ada"),
                Events.joined(Seat.B, "Bo"),
                Events.started());
        assertThat(p.find("Ada", 10))
                .singleElement()
                .satisfies(
                        m -> {
                            assertThat(m.opponent()).isEqualTo("Bo");
                            assertThat(m.status()).isEqualTo("LIVE");
                            assertThat(m.outcome()).isNull();
                        });
        feed("m1", 5, Events.won(Seat.A, "HULL_DESTROYED"));
        assertThat(p.find("Ada", 10).get(0).outcome()).isEqualTo("WON");
        assertThat(p.find("Bo", 10).get(0))
                .satisfies(
                        m -> {
                            assertThat(m.outcome()).isEqualTo("LOST");
                            assertThat(m.opponent()).isEqualTo("Ada");
                            assertThat(m.reason()).isEqualTo("HULL_DESTROYED");
                            assertThat(m.endedAt()).isEqualTo(t0.plusSeconds(300));
                        });
    }

    @Test
    @DisplayName("V-WIN-3 a concession is a loss; V-WIN-4 a match both lost is a loss for both")
    void concessionAndBothLost() {
        feed(
                "c",
                0,
                Events.created("c"),
                Events.joined(Seat.A, "Ada"),
                Events.joined(Seat.B, "Bo"),
                Events.started(),
                Events.won(Seat.B, "CONCEDED"));
        feed(
                "d",
                1,
                Events.created("d"),
                Events.joined(Seat.A, "Ada"),
                Events.joined(Seat.B, "Bo"),
                Events.started(),
                Events.bothLost());
        List<PlayerMatch> ada = p.find("Ada", 10);
        assertThat(ada)
                .extracting(PlayerMatch::matchId, PlayerMatch::outcome)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("d", "LOST"),
                        org.assertj.core.groups.Tuple.tuple("c", "LOST"));
        assertThat(p.find("Bo", 10))
                .extracting(PlayerMatch::outcome)
                .containsExactly("LOST", "WON");
    }

    @Test
    void replayingChangesNothingAndResetEmpties() {
        MatchEvent[] events = {
            Events.created("m"),
            Events.joined(Seat.A, "Ada"),
            Events.joined(Seat.B, "Bo"),
            Events.started(),
            Events.won(Seat.B, "REACTOR_DESTROYED")
        };
        feed("m", 0, events);
        List<PlayerMatch> once = p.all();
        feed("m", 0, events);
        assertThat(p.all()).isEqualTo(once).hasSize(2);
        p.reset();
        assertThat(p.all()).isEmpty();
    }

    /**
     * Issue 45, finding 5: a guest who took a seat under a registered player's name showed in that
     * player's history as a loss. Under a name an account has played as, only the account's seats
     * are listed; under another name the guests' seats, each marked.
     */
    @Test
    void aGuestUnderARegisteredNameIsNotThatPlayer() {
        feed(
                "r",
                0,
                Events.created("r"),
                new io.duelhall.domain.voidexa.VoidexaEvent.PlayerJoined(
                        Seat.A, "Ada", "gunner", "vanguard-core", List.of(), "client", "acct-ada"),
                Events.joined(Seat.B, "Bo"),
                Events.started(),
                Events.won(Seat.A, "CONCEDED"));
        feed(
                "g",
                1,
                Events.created("g"),
                Events.joined(Seat.A, "Ada"), // a guest under Ada's name
                Events.joined(Seat.B, "Bo"),
                Events.started(),
                Events.won(Seat.B, "CONCEDED"));
        assertThat(p.find("Ada", 10))
                .extracting(PlayerMatch::matchId, PlayerMatch::outcome, PlayerMatch::guest)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("r", "WON", false));
        assertThat(p.find("Bo", 10))
                .extracting(PlayerMatch::matchId, PlayerMatch::guest)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("g", true),
                        org.assertj.core.groups.Tuple.tuple("r", true));
    }
}
