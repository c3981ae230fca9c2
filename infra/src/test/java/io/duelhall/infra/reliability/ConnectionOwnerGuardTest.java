package io.duelhall.infra.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The guard of the app tests' pool sees what it is there to see (docs/reliability.md, the pooled
 * connection used by two threads): a second close, a physical connection handed out twice, a
 * statement used from a second thread, a connection used after its close; and a pool used as it
 * should be gives it nothing to say.
 */
class ConnectionOwnerGuardTest {
    /** What the guard had recorded before each test (an app of another class may run beside). */
    private List<String> before;

    @org.junit.jupiter.api.BeforeEach
    void remember() {
        before = List.copyOf(ConnectionOwnerGuard.VIOLATIONS);
    }

    /** Forgets what this test made the guard record, and only that. */
    @AfterEach
    void forget() {
        ConnectionOwnerGuard.VIOLATIONS.removeAll(seen());
    }

    /** What the guard recorded during this test. */
    private List<String> seen() {
        List<String> now = new java.util.ArrayList<>(ConnectionOwnerGuard.VIOLATIONS);
        now.removeAll(before);
        return now;
    }

    @Test
    void aSecondCloseIsSeen() throws Exception {
        try (HikariDataSource pool = pool()) {
            DataSource guarded = new ConnectionOwnerGuard.Guarded(pool);
            Connection c = guarded.getConnection();
            c.close();
            c.close(); // allowed by JDBC, but Hikari clears the physical connection's statements
        }
        assertThat(seen()).anySatisfy(v -> assertThat(v).contains("close after close"));
    }

    @Test
    void aPoolUsedAsItShouldBeIsQuiet() throws Exception {
        try (HikariDataSource pool = pool()) {
            DataSource guarded = new ConnectionOwnerGuard.Guarded(pool);
            for (int i = 0; i < 20; i++) {
                try (Connection c = guarded.getConnection();
                        PreparedStatement s = c.prepareStatement("SELECT 1")) {
                    s.executeQuery().close();
                }
            }
            // the same physical connections again, from other threads, one borrow at a time
            for (int i = 0; i < 5; i++) {
                CompletableFuture.runAsync(
                                () -> {
                                    try (Connection c = guarded.getConnection()) {
                                        c.prepareStatement("SELECT 1").close();
                                    } catch (SQLException e) {
                                        throw new IllegalStateException(e);
                                    }
                                })
                        .get();
            }
        }
        assertThat(seen()).isEmpty();
    }

    @Test
    void aPhysicalConnectionHandedOutWhileHeldIsSeen() throws Exception {
        Connection one = DriverManager.getConnection(url(), "sa", "");
        DataSource twice = new Fixed(one); // a pool that hands out one connection to everyone
        DataSource guarded = new ConnectionOwnerGuard.Guarded(twice);
        Connection first = guarded.getConnection();
        Connection second = guarded.getConnection();
        assertThat(seen()).anySatisfy(v -> assertThat(v).contains("handed out again"));
        second.close();
        first.close();
        one.close();
    }

    @Test
    void aStatementUsedFromAnotherThreadIsSeen() throws Exception {
        try (HikariDataSource pool = pool()) {
            DataSource guarded = new ConnectionOwnerGuard.Guarded(pool);
            try (Connection c = guarded.getConnection()) {
                PreparedStatement s = c.prepareStatement("SELECT 1");
                CompletableFuture.runAsync(
                                () -> {
                                    try {
                                        s.close();
                                    } catch (SQLException e) {
                                        throw new IllegalStateException(e);
                                    }
                                })
                        .get();
            }
        }
        assertThat(seen())
                .anySatisfy(v -> assertThat(v).contains("statement close across threads"));
    }

    @Test
    void aConnectionUsedAfterItsCloseIsSeen() throws Exception {
        try (HikariDataSource pool = pool()) {
            DataSource guarded = new ConnectionOwnerGuard.Guarded(pool);
            Connection c = guarded.getConnection();
            c.close();
            try {
                c.prepareStatement("SELECT 1");
            } catch (SQLException expected) {
                // Hikari's closed proxy refuses it too
            }
        }
        assertThat(seen()).anySatisfy(v -> assertThat(v).contains("after close"));
    }

    private static String url() {
        return "jdbc:h2:mem:guard-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
    }

    private static HikariDataSource pool() {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url());
        config.setUsername("sa");
        config.setMaximumPoolSize(2);
        return new HikariDataSource(config);
    }

    /** Hands out the one connection it has, as a broken pool would. */
    private record Fixed(Connection connection) implements DataSource {
        @Override
        public Connection getConnection() {
            return connection;
        }

        @Override
        public Connection getConnection(String username, String password) {
            return connection;
        }

        @Override
        public PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(PrintWriter out) {}

        @Override
        public void setLoginTimeout(int seconds) {}

        @Override
        public int getLoginTimeout() {
            return 0;
        }

        @Override
        public Logger getParentLogger() {
            return Logger.getGlobal();
        }

        @Override
        public <T> T unwrap(Class<T> iface) throws SQLException {
            throw new SQLException("not a wrapper");
        }

        @Override
        public boolean isWrapperFor(Class<?> iface) {
            return false;
        }
    }
}
