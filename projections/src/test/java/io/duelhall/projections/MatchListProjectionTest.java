package io.duelhall.projections;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.Seat;
import io.duelhall.projections.list.MatchListProjection;
import io.duelhall.projections.list.MatchListProjection.MatchSummary;
import io.duelhall.projections.list.MatchListProjection.Player;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class MatchListProjectionTest {
    final MatchListProjection p = new MatchListProjection(TestDb.fresh());
    final Instant t0 = Instant.parse("2026-11-21T10:00:00Z");

    void feed(String matchId, MatchEvent... events) {
        for (int i = 0; i < events.length; i++) {
            p.apply(matchId, i, t0.plusSeconds(i), events[i]);
        }
    }

    @Test
    void aMatchGoesFromWaitingToLiveToEndedWithItsPlayersTurnAndWinner() {
        p.apply("m", 0, t0, Events.created("m"));
        assertThat(p.find("WAITING", 10)).extracting(MatchSummary::matchId).containsExactly("m");
        p.apply("m", 1, t0, Events.joined(Seat.A, "Ada"));
        p.apply("m", 2, t0, Events.joined(Seat.B, "Bo"));
        p.apply("m", 3, t0, Events.started());
        p.apply("m", 4, t0, Events.turn(Seat.A, 1));
        p.apply("m", 5, t0, Events.turn(Seat.B, 2));
        MatchSummary live = p.find("LIVE", 10).get(0);
        assertThat(live.players())
                .containsExactly(new Player(Seat.A, "Ada"), new Player(Seat.B, "Bo"));
        assertThat(live.turn()).isEqualTo(2);
        assertThat(p.find("WAITING", 10)).isEmpty();
        p.apply("m", 6, t0.plusSeconds(60), Events.won(Seat.B, "CONCEDED"));
        MatchSummary ended = p.find("ENDED", 10).get(0);
        assertThat(ended.winner()).isEqualTo(Seat.B);
        assertThat(ended.winnerName()).isEqualTo("Bo");
        assertThat(ended.reason()).isEqualTo("CONCEDED");
        assertThat(ended.updatedAt()).isEqualTo(t0.plusSeconds(60));
        assertThat(ended.createdAt()).isEqualTo(t0);
    }

    @Test
    void aMatchBothLostHasNoWinner() {
        feed(
                "m",
                Events.created("m"),
                Events.joined(Seat.A, "Ada"),
                Events.joined(Seat.B, "Bo"),
                Events.started(),
                Events.bothLost());
        MatchSummary s = p.find("ENDED", 10).get(0);
        assertThat(s.winner()).isNull();
        assertThat(s.reason()).isEqualTo("BOTH_LOST");
    }

    @Test
    void replayedOrRedeliveredEventsChangeNothing() {
        MatchEvent[] events = {
            Events.created("m"),
            Events.joined(Seat.A, "Ada"),
            Events.joined(Seat.B, "Bo"),
            Events.started(),
            Events.turn(Seat.A, 1),
            Events.won(Seat.A, "HULL_DESTROYED")
        };
        feed("m", events);
        List<MatchSummary> once = p.all();
        feed("m", events);
        p.apply("m", 4, t0, Events.turn(Seat.A, 1)); // an old event again, after the end
        assertThat(p.all()).isEqualTo(once);
    }

    @Test
    void mostRecentlyActiveFirstAndLimited() {
        feed("old", Events.created("old"));
        p.apply("new", 0, t0.plusSeconds(100), Events.created("new"));
        assertThat(p.find(null, 10))
                .extracting(MatchSummary::matchId)
                .containsExactly("new", "old");
        assertThat(p.find(null, 1)).hasSize(1);
        p.reset();
        assertThat(p.all()).isEmpty();
    }
}
