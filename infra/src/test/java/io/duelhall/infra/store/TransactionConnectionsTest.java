package io.duelhall.infra.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.axonframework.common.jdbc.ConnectionProvider;
import org.axonframework.common.jdbc.UnitOfWorkAwareConnectionProviderWrapper;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.spring.jdbc.SpringDataSourceConnectionProvider;
import org.axonframework.spring.messaging.unitofwork.SpringTransactionManager;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.support.JdbcTransactionManager;

/**
 * The connection provider of the event store and the token store (docs/reliability.md: the pooled
 * connection that two threads used at once). A unit of work whose Spring transaction has given its
 * connection back to the pool must not close it again: by then the pool may have lent the same
 * physical connection to someone else, and HikariCP's second close wipes that borrower's list of
 * open statements.
 */
class TransactionConnectionsTest {

    @Test
    void aUnitOfWorkLeavesTheNextBorrowerOfItsConnectionAlone() throws Exception {
        assertThat(nextBorrowersStatementClosedWithItsConnection(TransactionConnections::new))
                .as("the next borrower's statement is closed with its connection")
                .isTrue();
    }

    /**
     * Axon's own provider, as the app had it: the same run loses the next borrower's statement (so
     * the test above can fail).
     */
    @Test
    void axonsSpringProviderClosedItTwice() throws Exception {
        assertThat(
                        nextBorrowersStatementClosedWithItsConnection(
                                SpringDataSourceConnectionProvider::new))
                .isFalse();
    }

    /**
     * A connection no transaction gave back is still given back once: a unit of work without a
     * Spring transaction, and one that rolls back. With one pooled connection, a borrow that was
     * never given back leaves the next borrower waiting until its time-out.
     */
    @Test
    void aConnectionStillOpenIsGivenBack() throws Exception {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl("jdbc:h2:mem:tc-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
        config.setUsername("sa");
        config.setMaximumPoolSize(1);
        config.setConnectionTimeout(1_000);
        try (HikariDataSource pool = new HikariDataSource(config)) {
            ConnectionProvider connections =
                    new UnitOfWorkAwareConnectionProviderWrapper(new TransactionConnections(pool));
            SpringTransactionManager transactions =
                    new SpringTransactionManager(new JdbcTransactionManager(pool));
            // no transaction
            DefaultUnitOfWork.startAndGet(null).execute(() -> readOnce(connections));
            try (Connection c = pool.getConnection()) {
                assertThat(c.isValid(1)).as("given back after a unit of work without one").isTrue();
            }
            // a transaction that rolls back
            DefaultUnitOfWork<?> failing = DefaultUnitOfWork.startAndGet(null);
            failing.attachTransaction(transactions);
            try {
                failing.execute(
                        () -> {
                            readOnce(connections);
                            throw new IllegalStateException("rolled back on purpose");
                        });
            } catch (IllegalStateException expected) {
                // the unit of work rolled back
            }
            try (Connection c = pool.getConnection()) {
                assertThat(c.isValid(1)).as("given back after a rollback").isTrue();
            }
            // outside any unit of work
            readOnce(connections);
            try (Connection c = pool.getConnection()) {
                assertThat(c.isValid(1)).as("given back outside a unit of work").isTrue();
            }
        }
    }

    private static void readOnce(ConnectionProvider connections) {
        try {
            Connection c = connections.getConnection();
            try (PreparedStatement s = c.prepareStatement("SELECT 1")) {
                s.executeQuery().close();
            }
            c.close();
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * One pooled connection; a unit of work in a Spring transaction reads through the provider;
     * between its commit (which gives the connection back) and its clean-up, someone else borrows
     * the pool's connection and opens a statement. Returns whether closing that borrow still closed
     * that statement, as HikariCP does for every statement it knows of.
     */
    private static boolean nextBorrowersStatementClosedWithItsConnection(
            java.util.function.Function<javax.sql.DataSource, ConnectionProvider> provider)
            throws Exception {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl("jdbc:h2:mem:tc-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
        config.setUsername("sa");
        config.setMaximumPoolSize(1);
        try (HikariDataSource pool = new HikariDataSource(config)) {
            ConnectionProvider connections =
                    new UnitOfWorkAwareConnectionProviderWrapper(provider.apply(pool));
            SpringTransactionManager transactions =
                    new SpringTransactionManager(new JdbcTransactionManager(pool));
            AtomicReference<Connection> next = new AtomicReference<>();
            AtomicReference<PreparedStatement> nextStatement = new AtomicReference<>();
            DefaultUnitOfWork<?> uow = DefaultUnitOfWork.startAndGet(null);
            uow.attachTransaction(transactions);
            uow.execute(
                    () -> {
                        try {
                            Connection c = connections.getConnection();
                            try (PreparedStatement s = c.prepareStatement("SELECT 1")) {
                                s.executeQuery().close();
                            }
                            c.close();
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                        // after the commit, before the clean-up: the pool has its one connection
                        // back
                        CurrentUnitOfWorkHook.afterCommit(
                                () -> {
                                    Connection c = pool.getConnection();
                                    next.set(c);
                                    nextStatement.set(c.prepareStatement("SELECT 2"));
                                });
                    });
            Statement raw = nextStatement.get().unwrap(Statement.class);
            next.get().close();
            return raw.isClosed();
        }
    }

    /** Registers an after-commit handler on the current unit of work. */
    private static final class CurrentUnitOfWorkHook {
        interface Step {
            void run() throws Exception;
        }

        static void afterCommit(Step step) {
            org.axonframework.messaging.unitofwork.CurrentUnitOfWork.get()
                    .afterCommit(
                            u -> {
                                try {
                                    step.run();
                                } catch (Exception e) {
                                    throw new IllegalStateException(e);
                                }
                            });
        }
    }
}
