package io.duelhall.infra.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.infra.topology.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.axonframework.eventsourcing.eventstore.jdbc.EventSchema;
import org.axonframework.eventsourcing.eventstore.jdbc.statements.JdbcEventStorageEngineStatements;
import org.junit.jupiter.api.Test;

/**
 * The event store's read of the stream after a tracking token with gaps ({@link
 * EventStoreEngine#readWithGaps}, issue 46): the same rows in the same order as Axon's own
 * statement, on H2 and PostgreSQL, for random stores, tokens, gaps and batch sizes; and on H2 it
 * reads a bounded range of the table, where Axon's statement reads all of it.
 */
class EventStoreReadWithGapsTest {
    private static final EventSchema SCHEMA = EventStoreEngine.schema();

    @Test
    void sameRowsAsAxonsStatementOnH2() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:h2:mem:gaps;DB_CLOSE_DELAY=-1")) {
            sameRowsAsAxons(c, 1);
        }
    }

    @Test
    void sameRowsAsAxonsStatementOnPostgres() throws Exception {
        TestPostgres.Database db = TestPostgres.freshDatabase("gaps");
        try (Connection c = DriverManager.getConnection(db.url(), db.user(), db.password())) {
            sameRowsAsAxons(c, 2);
        }
    }

    /**
     * On a store of 20,000 events and a token at 19,900 with a gap 40 behind it (whose row has
     * committed since), H2 reads about 40 + a batch rows for this statement and every row for
     * Axon's (its own count of rows scanned, {@code EXPLAIN ANALYZE}); both return the gap's row
     * and the batch after the token.
     */
    @Test
    void readsABoundedRangeOnH2WhereAxonsStatementReadsTheWholeTable() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:h2:mem:scan;DB_CLOSE_DELAY=-1")) {
            createTable(c);
            try (Statement s = c.createStatement()) {
                s.execute(
                        "INSERT INTO domain_event_entry SELECT x, 'e' || x, 'm', x, 'T', '2026-11-30T00:00:00Z',"
                                + " 'P', NULL, X'7B7D', NULL FROM SYSTEM_RANGE(1, 20000)");
            }
            long index = 19_900;
            List<Long> gaps = List.of(19_860L);
            String gi = SCHEMA.globalIndexColumn();
            // Axon 4.13's JdbcEventStorageEngineStatements.readEventDataWithGaps, written out
            String axonsSql =
                    "SELECT "
                            + SCHEMA.trackedEventFields()
                            + " FROM domain_event_entry WHERE ("
                            + gi
                            + " > ? AND "
                            + gi
                            + " <= ?) OR "
                            + gi
                            + " IN (?) ORDER BY "
                            + gi
                            + " ASC";
            Binder axons =
                    st -> {
                        st.setLong(1, index);
                        st.setLong(2, index + 100);
                        st.setLong(3, gaps.get(0));
                    };
            long ourScan =
                    scanned(
                            c,
                            EventStoreEngine.withGapsSql(SCHEMA, 1),
                            st -> EventStoreEngine.bindWithGaps(st, index, 100, gaps));
            long axonsScan = scanned(c, axonsSql, axons);
            System.out.printf("rows scanned with a gap: ours %d, Axon's %d%n", ourScan, axonsScan);
            assertThat(ourScan).as("rows this statement reads").isLessThanOrEqualTo(200);
            assertThat(axonsScan).as("rows Axon's statement reads").isGreaterThanOrEqualTo(20_000);
            // Axon's written-out statement is the one it builds, and ours finds the same rows
            PreparedStatement written = c.prepareStatement(axonsSql);
            axons.bind(written);
            List<Long> rows = indexes(written);
            assertThat(rows)
                    .isEqualTo(
                            indexes(
                                    JdbcEventStorageEngineStatements.readEventDataWithGaps(
                                            c, SCHEMA, index, 100, gaps)))
                    .isEqualTo(indexes(EventStoreEngine.readWithGaps(c, SCHEMA, index, 100, gaps)))
                    .hasSize(101)
                    .startsWith(19_860L, 19_901L);
        }
    }

    interface Binder {
        void bind(PreparedStatement statement) throws Exception;
    }

    /** Rows H2 read for {@code sql}: its scan count in {@code EXPLAIN ANALYZE}'s plan. */
    private static long scanned(Connection c, String sql, Binder binder) throws Exception {
        try (PreparedStatement explain = c.prepareStatement("EXPLAIN ANALYZE " + sql)) {
            binder.bind(explain);
            try (ResultSet rs = explain.executeQuery()) {
                rs.next();
                String plan = rs.getString(1);
                java.util.regex.Matcher m =
                        java.util.regex.Pattern.compile("scanCount: (\\d+)").matcher(plan);
                assertThat(m.find()).as(plan).isTrue();
                return Long.parseLong(m.group(1));
            }
        }
    }

    private static void sameRowsAsAxons(Connection c, long seed) throws Exception {
        createTable(c);
        Random random = new Random(seed);
        // a store of 3,000 positions with random holes (transactions rolled back or not yet
        // committed)
        TreeSet<Long> stored = new TreeSet<>();
        try (PreparedStatement insert =
                c.prepareStatement(
                        "INSERT INTO domain_event_entry (global_index, event_identifier,"
                                + " aggregate_identifier, sequence_number, type, time_stamp,"
                                + " payload_type, payload_revision, payload, meta_data) VALUES"
                                + " (?, ?, 'm', ?, 'T', '2026-11-30T00:00:00Z', 'P', NULL, ?,"
                                + " NULL)")) {
            for (long i = 1; i <= 3000; i++) {
                if (random.nextInt(10) == 0) {
                    continue;
                }
                stored.add(i);
                insert.setLong(1, i);
                insert.setString(2, "e" + i);
                insert.setLong(3, i);
                insert.setBytes(4, new byte[] {'{', '}'});
                insert.addBatch();
            }
            insert.executeBatch();
        }
        int cases = 0;
        for (int round = 0; round < 300; round++) {
            long index = 1 + random.nextInt(3100);
            int batch = 1 + random.nextInt(120);
            List<Long> gaps = new ArrayList<>();
            int n = random.nextInt(6);
            for (int g = 0; g < n && index > 1; g++) {
                long gap = index - 1 - random.nextInt((int) Math.min(index - 1, 500));
                if (gap >= 1 && !gaps.contains(gap)) {
                    gaps.add(gap);
                }
            }
            List<Long> axons =
                    indexes(
                            gaps.isEmpty()
                                    ? JdbcEventStorageEngineStatements.readEventDataWithoutGaps(
                                            c, SCHEMA, index, batch)
                                    : JdbcEventStorageEngineStatements.readEventDataWithGaps(
                                            c, SCHEMA, index, batch, gaps));
            List<Long> ours = indexes(EventStoreEngine.readWithGaps(c, SCHEMA, index, batch, gaps));
            assertThat(ours).as("index %d, batch %d, gaps %s", index, batch, gaps).isEqualTo(axons);
            cases += ours.isEmpty() ? 0 : 1;
        }
        assertThat(cases).as("cases that found events").isGreaterThan(200);
    }

    private static List<Long> indexes(PreparedStatement statement) throws Exception {
        List<Long> out = new ArrayList<>();
        try (statement;
                ResultSet rs = statement.executeQuery()) {
            while (rs.next()) {
                out.add(rs.getLong(SCHEMA.globalIndexColumn()));
            }
        }
        return out;
    }

    /** The columns of Flyway's V1__axon.sql that the statements read. */
    private static void createTable(Connection c) throws Exception {
        String bytes =
                c.getMetaData().getDatabaseProductName().equals("PostgreSQL")
                        ? "BYTEA"
                        : "VARBINARY";
        try (Statement s = c.createStatement()) {
            s.execute(
                    "CREATE TABLE domain_event_entry (global_index BIGINT PRIMARY KEY,"
                            + " event_identifier VARCHAR(255) NOT NULL UNIQUE,"
                            + " aggregate_identifier VARCHAR(255) NOT NULL, sequence_number BIGINT"
                            + " NOT NULL, type VARCHAR(255), time_stamp VARCHAR(255) NOT NULL,"
                            + " payload_type VARCHAR(255) NOT NULL, payload_revision VARCHAR(255),"
                            + " payload "
                            + bytes
                            + " NOT NULL, meta_data "
                            + bytes
                            + ")");
        }
    }
}
