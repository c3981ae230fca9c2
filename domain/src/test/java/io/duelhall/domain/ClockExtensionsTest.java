package io.duelhall.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class ClockExtensionsTest {
    private static final Instant T = Instant.parse("2026-11-29T05:00:00Z");
    private static final ClockSet TURN = new ClockSet(Seat.B, ClockNeed.Kind.TURN, 4, T, 0);

    @Test
    void anExtensionMovesOnlyTheDeadline() {
        ClockSet response = new ClockSet(Seat.A, ClockNeed.Kind.RESPONSE, 4, T, 12_000);
        assertThat(ClockExtensions.extended(TURN, 300))
                .isEqualTo(new ClockSet(Seat.B, ClockNeed.Kind.TURN, 4, T.plusSeconds(300), 0));
        assertThat(ClockExtensions.extended(response, 10))
                .isEqualTo(
                        new ClockSet(
                                Seat.A, ClockNeed.Kind.RESPONSE, 4, T.plusSeconds(10), 12_000));
    }

    @Test
    void theExtendedClockIsStillThePolicysClock() {
        // after the extension the policy wants the same clock: it runs on to its later deadline
        MatchOptions options = new MatchOptions(0, 30, null, null, null, null, ClockPolicy.CURRENT);
        ClockSet later = ClockExtensions.extended(TURN, 60);
        assertThat(
                        ClockPolicy.next(
                                options,
                                new ClockNeed(Seat.B, ClockNeed.Kind.TURN, 4),
                                later,
                                T.minusSeconds(5),
                                false))
                .isNull();
    }

    @Test
    void refusals() {
        Instant before = T.minusSeconds(1);
        assertThat(ClockExtensions.problem(MatchStatus.LIVE, TURN, 60, before)).isNull();
        assertThat(ClockExtensions.problem(MatchStatus.ENDED, TURN, 60, before).code())
                .isEqualTo("TABLE_ENDED");
        assertThat(ClockExtensions.problem(MatchStatus.WAITING, TURN, 60, before).code())
                .isEqualTo("NO_CLOCK_RUNNING");
        assertThat(
                        ClockExtensions.problem(
                                        MatchStatus.LIVE,
                                        new ClockSet(null, null, 4, null, 0),
                                        60,
                                        before)
                                .code())
                .isEqualTo("NO_CLOCK_RUNNING");
        assertThat(ClockExtensions.problem(MatchStatus.LIVE, null, 60, before).code())
                .isEqualTo("NO_CLOCK_RUNNING");
        assertThat(ClockExtensions.problem(MatchStatus.LIVE, TURN, 9, before).code())
                .isEqualTo("OUT_OF_RANGE");
        assertThat(ClockExtensions.problem(MatchStatus.LIVE, TURN, 3601, before).code())
                .isEqualTo("OUT_OF_RANGE");
        assertThat(ClockExtensions.problem(MatchStatus.LIVE, TURN, 60, T).code())
                .isEqualTo("CLOCK_RAN_OUT");
    }
}
