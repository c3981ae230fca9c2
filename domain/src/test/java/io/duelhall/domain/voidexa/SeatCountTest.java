package io.duelhall.domain.voidexa;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Decision;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.MatchOptions;
import org.junit.jupiter.api.Test;

/**
 * Issue 14: a match's seat count is an option the core checks against the ruleset's range before
 * the rules create.
 */
class SeatCountTest {
    static MatchOptions seats(Integer n) {
        return new MatchOptions(0, null, null, null, null, n);
    }

    @Test
    void voidexaOpensWithTwoSeatsOrNoneNamedAndRefusesAnyOtherCount() {
        byte[] seed = new byte[32];
        for (Integer ok : new Integer[] {null, 2}) {
            Decision d = Fixtures.RULES.open("m", seats(ok), seed);
            assertThat(d.accepted()).as("seats " + ok).isTrue();
            assertThat(((MatchOpening) d.events().get(0)).options().seatCount(Fixtures.RULES))
                    .isEqualTo(2);
        }
        for (int bad : new int[] {0, 1, 3, 6}) {
            Decision d = Fixtures.RULES.open("m", seats(bad), seed);
            assertThat(d.accepted()).as("seats " + bad).isFalse();
            assertThat(d.refusal().code()).isEqualTo("OUT_OF_RANGE");
        }
    }
}
