package io.duelhall.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.duelhall.domain.search.Oracle;
import org.junit.jupiter.api.Test;

/** {@code arena --oracle}: which sight each spelling asks for, and a clear refusal of others. */
class ArenaOracleArgsTest {
    private static Oracle.Sight sight(String... args) {
        return ArenaBench.sight(new Args(args, 0));
    }

    @Test
    void eachSpellingNamesItsSight() {
        assertThat(sight("--n", "4")).as("no --oracle: the fair search").isNull();
        assertThat(sight("--oracle")).isEqualTo(Oracle.Sight.TRUTH);
        assertThat(sight("--oracle", "--n", "4")).isEqualTo(Oracle.Sight.TRUTH);
        assertThat(sight("--oracle", "truth")).isEqualTo(Oracle.Sight.TRUTH);
        assertThat(sight("--oracle=every-event")).isEqualTo(Oracle.Sight.EVERY_EVENT);
        assertThatThrownBy(() -> sight("--oracle", "cards"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("truth or every-event");
    }
}
