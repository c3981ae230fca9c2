package io.duelhall.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code load --postgres URL}: the app and the baseline each on a fresh database of that PostgreSQL
 * server (issue 46: the same ratios on PostgreSQL). {@code URL} names any database of the server
 * the user may connect to; a database {@code load_<role>_<time>} is created beside it (the user
 * needs {@code CREATEDB}) and the started app is pointed at it.
 */
final class Postgres {
    private Postgres() {}

    /**
     * The app arguments that put {@code role}'s app on a fresh database, or none without {@code
     * --postgres}. {@code profile}: the app's {@code postgres} profile (the baseline has none: its
     * data source alone is pointed elsewhere; Hibernate creates its tables there as on H2).
     */
    static List<String> freshDatabaseArgs(Args args, String role, boolean profile) {
        if (!args.has("postgres")) {
            return List.of();
        }
        String url = args.get("postgres", null);
        String user = args.get("pg-user", "duelhall");
        String password = args.get("pg-password", "duelhall");
        String name = "load_" + role + "_" + System.currentTimeMillis();
        try (Connection c = DriverManager.getConnection(url, user, password);
                Statement st = c.createStatement()) {
            st.execute("create database " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create database " + name + " at " + url, e);
        }
        String fresh = withDatabase(url, name);
        System.out.println("# " + role + " on PostgreSQL: " + fresh);
        List<String> out = new ArrayList<>();
        if (profile) {
            out.add("--spring.profiles.active=postgres");
        }
        out.add("--spring.datasource.url=" + fresh);
        out.add("--spring.datasource.username=" + user);
        out.add("--spring.datasource.password=" + password);
        return out;
    }

    /** {@code jdbc:postgresql://h:p/db?x} with {@code db} replaced by {@code name}. */
    static String withDatabase(String url, String name) {
        int query = url.indexOf('?');
        String head = query < 0 ? url : url.substring(0, query);
        String tail = query < 0 ? "" : url.substring(query);
        int slash = head.lastIndexOf('/');
        if (slash < "jdbc:postgresql://".length()) {
            throw new IllegalArgumentException("--postgres wants jdbc:postgresql://host:port/db");
        }
        return head.substring(0, slash + 1) + name + tail;
    }
}
