package io.duelhall.infra.reliability;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.jdbc.datasource.DelegatingDataSource;

/**
 * A watch on the app's pooled connections in tests ({@code duelhall.test.connection-guard=true}, on
 * for every {@code AppTest}): each connection remembers the thread that borrowed it, and a call on
 * it from another thread, or on it or one of its statements after it was closed, is printed with
 * the stack where it was borrowed (or closed) and kept in {@link #VIOLATIONS}.
 *
 * <p>It also watches the physical connection under each borrow: a physical connection handed out
 * again while an earlier borrow of it is still open (two pool proxies over one connection: what
 * Hikari's statement list, kept per physical connection, cannot survive) is printed with both
 * borrows' stacks; and a statement used from another thread than its connection's borrower.
 *
 * <p>Why: three times, under CI load, a request answered 500 from Hikari's statement list of one
 * physical connection changed by two threads at once (docs/reliability.md, "Found and fixed"). The
 * first version of this guard (thread per borrow, use after close, a second close let through as
 * JDBC allows) saw nothing in the run of the third sighting: the cause was that second close, which
 * HikariCP does not survive (infra store/TransactionConnections); it is recorded now, and two
 * borrows of one physical connection are watched too.
 */
@org.springframework.stereotype.Component
@org.springframework.boot.autoconfigure.condition.ConditionalOnProperty(
        name = "duelhall.test.connection-guard",
        havingValue = "true")
public class ConnectionOwnerGuard implements BeanPostProcessor {
    public static final List<String> VIOLATIONS = new CopyOnWriteArrayList<>();

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) {
        if (bean instanceof DataSource ds && "dataSource".equals(beanName)) {
            return new Guarded(ds);
        }
        return bean;
    }

    static final class Guarded extends DelegatingDataSource {
        Guarded(DataSource target) {
            super(target);
        }

        @Override
        public Connection getConnection() throws SQLException {
            return wrap(super.getConnection());
        }

        @Override
        public Connection getConnection(String u, String p) throws SQLException {
            return wrap(super.getConnection(u, p));
        }
    }

    /**
     * The open borrow of each physical connection (by identity): a second borrow of one while the
     * first is open is a double hand-out.
     */
    private static final java.util.Map<Object, Throwable> HELD =
            java.util.Collections.synchronizedMap(new java.util.IdentityHashMap<>());

    /** The physical connection under a pool's proxy (the proxy itself when it has none). */
    static Object physical(Connection c) {
        try {
            return c.isWrapperFor(Connection.class) ? c.unwrap(Connection.class) : c;
        } catch (SQLException | RuntimeException e) {
            return c;
        }
    }

    static void record(String what, Throwable borrowed) {
        java.io.StringWriter w = new java.io.StringWriter();
        java.io.PrintWriter p = new java.io.PrintWriter(w);
        p.println("CONNECTION MISUSED: " + what + " on " + Thread.currentThread().getName());
        new Throwable("used here").printStackTrace(p);
        borrowed.printStackTrace(p);
        p.flush();
        VIOLATIONS.add(w.toString());
        System.err.println(w);
    }

    static Connection wrap(Connection c) {
        Thread owner = Thread.currentThread();
        Throwable borrowed = new Throwable("borrowed on " + owner.getName());
        Object physical = physical(c);
        Throwable earlier = HELD.putIfAbsent(physical, borrowed);
        if (earlier != null) {
            borrowed.addSuppressed(earlier);
            record(
                    "physical connection "
                            + physical
                            + " handed out again while still held (earlier borrow suppressed)",
                    borrowed);
            HELD.put(physical, borrowed);
        }
        java.util.concurrent.atomic.AtomicReference<Throwable> closed =
                new java.util.concurrent.atomic.AtomicReference<>();
        InvocationHandler h =
                (proxy, method, args) -> {
                    String name = method.getName();
                    if (name.equals("equals")) {
                        return proxy == args[0];
                    }
                    if (name.equals("hashCode")) {
                        return System.identityHashCode(proxy);
                    }
                    if (name.equals("toString") || name.equals("isClosed")) {
                        return method.invoke(c, args);
                    }
                    if (Thread.currentThread() != owner) {
                        record(
                                name + " across threads (borrowed on " + owner.getName() + ")",
                                borrowed);
                    }
                    if (closed.get() != null) {
                        // a second close too: Hikari's close of a closed proxy still clears the
                        // statement list its physical connection keeps, which may by then belong
                        // to the connection's next borrower (docs/reliability.md)
                        record(name + " after close", closed.get());
                    }
                    if (name.equals("close") && closed.get() == null) {
                        closed.set(new Throwable("closed on " + Thread.currentThread().getName()));
                        // before the pool takes it back: the next borrow may come at once
                        HELD.remove(physical, borrowed);
                    }
                    Object out;
                    try {
                        out = method.invoke(c, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                    if (out instanceof java.sql.Statement st) {
                        return statement(st, closed, owner, borrowed);
                    }
                    return out;
                };
        return (Connection)
                Proxy.newProxyInstance(
                        ConnectionOwnerGuard.class.getClassLoader(),
                        new Class<?>[] {Connection.class},
                        h);
    }

    static Object statement(
            java.sql.Statement st,
            java.util.concurrent.atomic.AtomicReference<Throwable> connectionClosed,
            Thread owner,
            Throwable borrowed) {
        Class<?> type =
                st instanceof java.sql.CallableStatement
                        ? java.sql.CallableStatement.class
                        : st instanceof java.sql.PreparedStatement
                                ? java.sql.PreparedStatement.class
                                : java.sql.Statement.class;
        InvocationHandler h =
                (proxy, method, args) -> {
                    String name = method.getName();
                    if (name.equals("equals")) {
                        return proxy == args[0];
                    }
                    if (name.equals("hashCode")) {
                        return System.identityHashCode(proxy);
                    }
                    if (Thread.currentThread() != owner
                            && !name.equals("isClosed")
                            && !name.equals("toString")) {
                        record(
                                "statement "
                                        + name
                                        + " across threads (its connection borrowed on "
                                        + owner.getName()
                                        + ")",
                                borrowed);
                    }
                    if (connectionClosed.get() != null
                            && !name.equals("isClosed")
                            && !name.equals("toString")) {
                        record(
                                "statement " + name + " after its connection was closed",
                                connectionClosed.get());
                    }
                    try {
                        return method.invoke(st, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                };
        return Proxy.newProxyInstance(
                ConnectionOwnerGuard.class.getClassLoader(), new Class<?>[] {type}, h);
    }
}
