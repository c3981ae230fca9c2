package io.duelhall.infra.accounts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.duelhall.domain.RefusedException;
import io.duelhall.infra.AppTest;
import io.duelhall.infra.topology.TestPostgres;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * The account store on each database the app runs on, schema by the app's own migrations (V14): the
 * unique name key (a duplicate is NAME_TAKEN, not a database error), log-in, tokens by hash, expiry
 * by the injected clock, revocation.
 */
@Tag("postgres")
class AccountsOnBothDatabasesTest {

    static JdbcTemplate migrated(String database) {
        DriverManagerDataSource ds;
        if (database.equals("postgresql")) {
            TestPostgres.Database db = TestPostgres.freshDatabase("accounts");
            ds = new DriverManagerDataSource(db.url(), db.user(), db.password());
        } else {
            ds =
                    new DriverManagerDataSource(
                            "jdbc:h2:mem:accounts-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1",
                            "sa",
                            "");
        }
        Flyway.configure()
                .dataSource(ds)
                .locations("classpath:db/migration", "classpath:db/vendor/" + database)
                .load()
                .migrate();
        return new JdbcTemplate(ds);
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void registerLogInExpireAndRevoke(String database) {
        JdbcTemplate jdbc = migrated(database);
        Instant now = Instant.parse("2026-11-25T08:00:00Z");
        Accounts accounts =
                new Accounts(jdbc, Clock.fixed(now, ZoneOffset.UTC), AppTest.PASSWORD_COST);

        Accounts.Account ada = accounts.register("  Ada ", "a long passphrase");
        assertThat(ada.name()).isEqualTo("Ada");
        assertThatThrownBy(() -> accounts.register("ＡＤＡ", "another passphrase"))
                .isInstanceOfSatisfying(
                        RefusedException.class,
                        e -> assertThat(e.refusal().code()).isEqualTo("NAME_TAKEN"));
        assertThat(jdbc.queryForObject("select count(*) from player_account", Integer.class))
                .isEqualTo(1);

        assertThatThrownBy(() -> accounts.login("ada", "wrong passphrase"))
                .isInstanceOfSatisfying(
                        RefusedException.class,
                        e -> assertThat(e.refusal().code()).isEqualTo("WRONG_CREDENTIALS"));
        Accounts.Session s = accounts.login("ada", "a long passphrase");
        assertThat(s.accountId()).isEqualTo(ada.accountId());
        assertThat(s.expiresAt()).isEqualTo(now.plus(Accounts.SESSION_TTL));
        assertThat(accounts.byToken(s.token())).contains(ada);
        assertThat(accounts.byToken(s.token() + "x")).isEmpty();

        // a minute before expiry it is live; at expiry it is not (the same rows, a later clock)
        Accounts later =
                new Accounts(
                        jdbc,
                        Clock.fixed(s.expiresAt().minusSeconds(60), ZoneOffset.UTC),
                        AppTest.PASSWORD_COST);
        assertThat(later.byToken(s.token())).contains(ada);
        Accounts expired =
                new Accounts(
                        jdbc, Clock.fixed(s.expiresAt(), ZoneOffset.UTC), AppTest.PASSWORD_COST);
        assertThat(expired.byToken(s.token())).isEmpty();

        Accounts.Session other = accounts.login("Ada", "a long passphrase");
        assertThat(accounts.revoke(other.token())).isTrue();
        assertThat(accounts.revoke(other.token())).as("once").isFalse();
        assertThat(accounts.byToken(other.token())).isEmpty();
        assertThat(accounts.byToken(s.token())).as("the other session lives on").contains(ada);

        // a log-in clears the account's dead sessions (expired or revoked), and only those
        assertThat(jdbc.queryForObject("select count(*) from player_session", Integer.class))
                .isEqualTo(2);
        Accounts.Session third = expired.login("Ada", "a long passphrase");
        assertThat(jdbc.queryForList("select token_hash from player_session", String.class))
                .containsExactly(io.duelhall.domain.SeatTokens.hash(third.token()));
        Accounts.Session live = accounts.login("Ada", "a long passphrase");
        assertThat(jdbc.queryForObject("select count(*) from player_session", Integer.class))
                .isEqualTo(2);
        assertThat(accounts.byToken(live.token())).contains(ada);
    }

    /**
     * Two identical block requests at once (issue 40's {@code PUT /api/blocks/{name}}): both pass
     * the "already blocked?" read, one insert meets the primary key. Neither may fail: one stores
     * the block, the other answers "already blocked", and one row is left. Raced 300 times from a
     * barrier, on each database.
     */
    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void theSameBlockTwiceAtOnceStoresOneRowAndFailsNeither(String database) throws Exception {
        JdbcTemplate jdbc = migrated(database);
        Accounts accounts = new Accounts(jdbc, Clock.systemUTC(), AppTest.PASSWORD_COST);
        String ada = accounts.register("Ada", "a long passphrase").accountId();
        String bo = accounts.register("Bo", "a long passphrase").accountId();
        PlayerBlocks blocks = new PlayerBlocks(jdbc, Clock.systemUTC());
        java.util.concurrent.ExecutorService two =
                java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 300; round++) {
                java.util.concurrent.CyclicBarrier together =
                        new java.util.concurrent.CyclicBarrier(2);
                java.util.concurrent.Callable<Boolean> block =
                        () -> {
                            together.await();
                            return blocks.block(ada, bo);
                        };
                var first = two.submit(block);
                var second = two.submit(block);
                assertThat(java.util.List.of(first.get(), second.get()))
                        .as("round %d: exactly one of the two stored it", round)
                        .containsExactlyInAnyOrder(true, false);
                assertThat(blocks.count(ada)).isEqualTo(1);
                blocks.unblock(ada, bo);
            }
        } finally {
            two.shutdownNow();
        }
        assertThat(blocks.blockedBy(ada)).isEmpty();
    }
}
