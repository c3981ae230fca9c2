package io.duelhall.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The seat request's own checks, one function for every ruleset and the HTTP layer (issue 22: they
 * were written four times).
 */
class JoinRequestTest {
    static JoinRequest request(String name, String clientSeed) {
        return new JoinRequest(name, null, null, List.of("c1"), clientSeed, null);
    }

    @Test
    void aNameIsOneToFortyCharactersNotAllBlank() {
        assertThat(JoinRequest.nameProblem("a")).isNull();
        assertThat(JoinRequest.nameProblem("n".repeat(40))).isNull();
        for (String bad : new String[] {null, "", "   ", "n".repeat(41)}) {
            Refusal r = JoinRequest.nameProblem(bad);
            assertThat(r).as(String.valueOf(bad)).isNotNull();
            assertThat(r.code()).isEqualTo("INVALID_FIELD");
            assertThat(r.category()).isEqualTo(Refusal.Category.MALFORMED);
        }
    }

    @Test
    void aClientSeedIsOneToSixtyFourBytesOfUtf8() {
        assertThat(JoinRequest.clientSeedProblem("s")).isNull();
        assertThat(JoinRequest.clientSeedProblem("s".repeat(64))).isNull();
        // 22 three-byte characters are 66 bytes: too long though only 22 characters
        assertThat(JoinRequest.clientSeedProblem("€".repeat(21))).isNull();
        for (String bad : new String[] {null, "", "s".repeat(65), "€".repeat(22)}) {
            Refusal r = JoinRequest.clientSeedProblem(bad);
            assertThat(r).as(String.valueOf(bad)).isNotNull();
            assertThat(r.code()).isEqualTo("OUT_OF_RANGE");
        }
    }

    @Test
    void theNameIsCheckedBeforeTheSeed() {
        assertThat(request("", "").problem().code()).isEqualTo("INVALID_FIELD");
        assertThat(request("Ann", "").problem().code()).isEqualTo("OUT_OF_RANGE");
        assertThat(request("Ann", "seed").problem()).isNull();
    }
}
