package io.duelhall.projections;

import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.h2.jdbcx.JdbcDataSource;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A fresh in-memory H2 database with the app's own Flyway migrations (from infra/), for tests
 * without Spring.
 */
public final class TestDb {
    private TestDb() {}

    public static JdbcTemplate fresh() {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
        ds.setUser("sa");
        Flyway.configure()
                .dataSource(ds)
                .locations("filesystem:../infra/src/main/resources/db/migration")
                .load()
                .migrate();
        return new JdbcTemplate(ds);
    }
}
