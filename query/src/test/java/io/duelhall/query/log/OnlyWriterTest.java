package io.duelhall.query.log;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Who writes the store: the one rule the match logs and the aggregate cache's store check share
 * (duelhall.cache.match.check-store).
 */
class OnlyWriterTest {
    @Test
    void autoMeansOnlyWriterForAnEmbeddedH2StoreAndNotForPostgres() {
        assertThat(MatchLogs.onlyWriter("auto", "jdbc:h2:file:./data/duelhall")).isTrue();
        assertThat(MatchLogs.onlyWriter("auto", "jdbc:h2:mem:test")).isTrue();
        assertThat(MatchLogs.onlyWriter("auto", "jdbc:postgresql://db/duelhall")).isFalse();
        assertThat(MatchLogs.onlyWriter(" AUTO ", "jdbc:h2:tcp://host/db")).isFalse();
    }

    @Test
    void theSettingOverridesTheStore() {
        assertThat(MatchLogs.onlyWriter("true", "jdbc:h2:file:./data/duelhall")).isFalse();
        assertThat(MatchLogs.onlyWriter("always", "jdbc:h2:file:./data/duelhall")).isFalse();
        assertThat(MatchLogs.onlyWriter("false", "jdbc:postgresql://db/duelhall")).isTrue();
        assertThat(MatchLogs.onlyWriter("never", "jdbc:postgresql://db/duelhall")).isTrue();
    }
}
