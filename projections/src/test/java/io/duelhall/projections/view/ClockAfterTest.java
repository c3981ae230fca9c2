package io.duelhall.projections.view;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.ClockNeed;
import io.duelhall.domain.ClockSet;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.VoidexaEvent.MatchEnded;
import io.duelhall.domain.voidexa.VoidexaEvent.TurnStarted;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * D-CLOCK-6: under clock policy 2 no ClockSet follows MatchEnded, so the views take the end itself
 * as the clock's stop (a view of an ended match shows no clock); under clock policy 1 the cleared
 * ClockSet after the end stops it.
 */
class ClockAfterTest {
    static final Instant T = Instant.parse("2026-11-21T12:00:00Z");
    static final ClockSet RUNNING =
            new ClockSet(Seat.A, ClockNeed.Kind.TURN, 3, T.plusSeconds(60), 0);
    static final MatchEnded ENDED =
            new MatchEnded(Seat.B, "CONCEDED", List.of(Seat.A), Seat.A, "00".repeat(32));

    static RecordedEvent at(long seq, MatchEvent payload) {
        return new RecordedEvent(seq, payload.type(), T, payload);
    }

    @Test
    void aRunningClockIsShownUntilTheEnd() {
        assertThat(Views.clockAfter(List.of(at(0, RUNNING), at(1, new TurnStarted(Seat.A, 3)))))
                .isEqualTo(new Views.ClockView(Seat.A, "TURN", T.plusSeconds(60)));
    }

    @Test
    void underClockPolicy2TheEndStopsTheClock() {
        assertThat(Views.clockAfter(List.of(at(0, RUNNING), at(1, ENDED)))).isNull();
    }

    @Test
    void underClockPolicy1TheClearedClockSetAfterTheEndStopsIt() {
        assertThat(
                        Views.clockAfter(
                                List.of(
                                        at(0, RUNNING),
                                        at(1, ENDED),
                                        at(2, new ClockSet(null, null, 0, null, 0)))))
                .isNull();
    }
}
