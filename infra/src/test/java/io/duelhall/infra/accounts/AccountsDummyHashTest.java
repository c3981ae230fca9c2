package io.duelhall.infra.accounts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;

/**
 * The hash an unknown name's log-in is checked against (written into the code instead of made at
 * start-up, issue 46) costs what a stored account's check costs: a well-formed BCrypt hash of the
 * same cost as the hashes {@link Accounts} stores, which a wrong password does not match.
 */
class AccountsDummyHashTest {

    @Test
    void theDummyHashIsAWellFormedBcryptHashOfTheStoredCost() {
        BCryptPasswordEncoder encoder = new BCryptPasswordEncoder(10);
        String stored = encoder.encode("a long passphrase");
        assertThat(Accounts.DUMMY_HASH).hasSize(60).startsWith(stored.substring(0, 7));
        assertThat(encoder.upgradeEncoding(Accounts.DUMMY_HASH)).isFalse();
        assertThat(encoder.matches("duelhall-no-such-account", Accounts.DUMMY_HASH)).isTrue();
        assertThat(encoder.matches("a long passphrase", Accounts.DUMMY_HASH)).isFalse();
    }

    /**
     * Another cost (duelhall.accounts.password-cost; the shared test app runs 4) makes its own
     * dummy hash of that cost: an unknown name's log-in still costs what a stored account's does.
     */
    @Test
    void anotherCostMakesItsOwnDummyHashAndACostOutOfRangeIsRefused() {
        Accounts cheap = new Accounts(null, java.time.Clock.systemUTC(), 4);
        String dummy = cheap.dummyHash();
        assertThat(dummy).hasSize(60).startsWith("$2a$04$");
        BCryptPasswordEncoder encoder = new BCryptPasswordEncoder(4);
        assertThat(encoder.matches("duelhall-no-such-account", dummy)).isTrue();
        assertThat(new Accounts(null, java.time.Clock.systemUTC(), 10).dummyHash())
                .as("the shipped cost takes the hash written in the code")
                .isEqualTo(Accounts.DUMMY_HASH);
        for (int cost : new int[] {3, 32, -1}) {
            org.assertj.core.api.Assertions.assertThatThrownBy(
                            () -> new Accounts(null, java.time.Clock.systemUTC(), cost))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("duelhall.accounts.password-cost must be 4 to 31");
        }
    }
}
