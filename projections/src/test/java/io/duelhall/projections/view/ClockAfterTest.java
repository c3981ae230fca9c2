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

    /**
     * ClockMarks (issue 47) answers what Views.clockAfter answers for every prefix of a growing
     * list, asked in any order, over lists of random clocks, clears, ends and other events.
     */
    @Test
    void clockMarksAgreeWithClockAfterOnEveryPrefix() {
        java.util.Random r = new java.util.Random(47);
        for (int run = 0; run < 200; run++) {
            List<RecordedEvent> events = new java.util.ArrayList<>();
            ClockMarks marks = new ClockMarks();
            int n = 1 + r.nextInt(150);
            for (int i = 0; i < n; i++) {
                int k = r.nextInt(10);
                MatchEvent p =
                        k == 0
                                ? ENDED
                                : k == 1
                                        ? new ClockSet(null, null, 0, null, 0)
                                        : k < 4
                                                ? new ClockSet(
                                                        r.nextBoolean() ? Seat.A : Seat.B,
                                                        ClockNeed.Kind.TURN,
                                                        i,
                                                        T.plusSeconds(i),
                                                        0)
                                                : new TurnStarted(Seat.A, i);
                events.add(at(i, p));
                // ask for this prefix and, sometimes, an earlier one again
                for (int upTo : new int[] {i, r.nextInt(i + 1)}) {
                    assertThat(marks.after(events, upTo))
                            .as("run %d, after %d of %d", run, upTo, i)
                            .isEqualTo(Views.clockAfter(events.subList(0, upTo + 1)));
                }
            }
        }
        assertThat(new ClockMarks().after(List.of(), -1)).isNull();
    }
}
