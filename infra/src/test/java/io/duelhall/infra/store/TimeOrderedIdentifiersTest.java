package io.duelhall.infra.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.axonframework.common.IdentifierFactory;
import org.junit.jupiter.api.Test;

/**
 * Issue 27: Axon's identifiers (event identifiers among them) are time-ordered version 7 UUIDs,
 * found by Axon itself.
 */
class TimeOrderedIdentifiersTest {
    @Test
    void axonMakesTimeOrderedVersion7Identifiers() {
        IdentifierFactory factory = IdentifierFactory.getInstance();
        assertThat(factory).isInstanceOf(TimeOrderedIdentifiers.class);
        Set<String> seen = new HashSet<>();
        String previous = "";
        for (int i = 0; i < 20_000; i++) {
            String id = factory.generateIdentifier();
            UUID u = UUID.fromString(id);
            assertThat(u.version()).isEqualTo(7);
            assertThat(u.variant()).isEqualTo(2);
            assertThat(id)
                    .as("each id sorts after the one before: the unique index appends")
                    .isGreaterThan(previous);
            assertThat(seen.add(id)).isTrue();
            previous = id;
        }
        long millis = UUID.fromString(previous).getMostSignificantBits() >>> 16;
        assertThat(Math.abs(millis - System.currentTimeMillis()))
                .as("the first 48 bits are the time")
                .isLessThan(60_000);
    }
}
