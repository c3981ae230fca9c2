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
}
