package io.duelhall.infra.store;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.axonframework.common.jdbc.ConnectionProvider;
import org.axonframework.common.jdbc.ConnectionWrapperFactory;
import org.springframework.jdbc.datasource.DataSourceUtils;

/**
 * The connection of the Spring transaction in progress, as Axon's {@code
 * SpringDataSourceConnectionProvider} gives it, but closed at most once.
 *
 * <p>Why: Axon's {@code UnitOfWorkAwareConnectionProviderWrapper} (which keeps one connection per
 * unit of work) closes the connection it got from here when the unit of work is cleaned up. By then
 * the unit of work's Spring transaction has committed or rolled back and has already given the
 * connection back to the pool, so Axon's own provider closed the pool's proxy a second time, in
 * every command and every processor batch. A second close is harmless by JDBC's contract, but not
 * in HikariCP: its {@code ProxyConnection.close()} clears the list of open statements before it
 * checks whether it is already closed, and that list belongs to the physical connection, which the
 * pool may have lent to another thread in between: that borrower's statements drop out of the list
 * (and are not closed with its connection), and a clear that lands inside one of its statement
 * closes leaves the list's size at -1, so the next statement anyone opens on that physical
 * connection fails ({@code ArrayIndexOutOfBoundsException: Index -1} in {@code FastList}): the "one
 * connection used by two threads" seen three times in CI (docs/reliability.md).
 *
 * <p>So a close here releases the connection only while it is still open; everything else is as
 * Axon's provider does it (a commit is left to the transaction that holds the connection).
 */
final class TransactionConnections implements ConnectionProvider {
    private final DataSource dataSource;
    private final ConnectionWrapperFactory.ConnectionCloseHandler onClose;

    TransactionConnections(DataSource dataSource) {
        this.dataSource = dataSource;
        this.onClose =
                new ConnectionWrapperFactory.ConnectionCloseHandler() {
                    @Override
                    public void close(Connection delegate) {
                        boolean closed;
                        try {
                            closed = delegate.isClosed();
                        } catch (SQLException e) {
                            closed = false; // released as before: better a second close than a leak
                        }
                        if (!closed) { // else given back already, by the transaction that held it
                            DataSourceUtils.releaseConnection(delegate, dataSource);
                        }
                    }

                    @Override
                    public void commit(Connection delegate) throws SQLException {
                        if (!DataSourceUtils.isConnectionTransactional(delegate, dataSource)) {
                            delegate.commit();
                        }
                    }
                };
    }

    @Override
    public Connection getConnection() throws SQLException {
        return ConnectionWrapperFactory.wrap(DataSourceUtils.doGetConnection(dataSource), onClose);
    }
}
