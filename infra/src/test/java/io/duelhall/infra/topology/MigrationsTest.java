package io.duelhall.infra.topology;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * The Flyway migrations run on H2 and on a real PostgreSQL and give the same schema; a store made
 * before V6 (blob payloads) keeps its data when V6 turns every payload column into bytea;
 * PostgreSQL ends with no large objects ({@code oid}) and the event store's own global index
 * sequence.
 */
@Tag("postgres")
class MigrationsTest {
    static final String[] BYTE_COLUMNS = {
        "domain_event_entry.payload",
        "domain_event_entry.meta_data",
        "snapshot_event_entry.payload",
        "token_entry.token",
        "saga_entry.serialized_saga",
        "dead_letter_entry.payload",
        "dead_letter_entry.token",
        "dead_letter_entry.diagnostics",
        "scheduled_tasks.task_data"
    };

    record Store(JdbcTemplate jdbc, Flyway before, Flyway latest) {}

    static Store store(String url, String user, String password, String vendor) {
        DriverManagerDataSource ds = new DriverManagerDataSource(url, user, password);
        String[] locations = {"classpath:db/migration", "classpath:db/vendor/" + vendor};
        return new Store(
                new JdbcTemplate(ds),
                Flyway.configure().dataSource(ds).locations(locations).target("2").load(),
                Flyway.configure().dataSource(ds).locations(locations).load());
    }

    static Store h2() {
        return store(
                "jdbc:h2:mem:migrations-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1",
                "sa",
                "",
                "h2");
    }

    static Store postgres() {
        TestPostgres.Database db = TestPostgres.freshDatabase("migrations");
        return store(db.url(), db.user(), db.password(), "postgresql");
    }

    @Test
    void h2KeepsItsDataThroughV6AndEndsWithBinaryColumns() {
        Store s = h2();
        upgradeKeepsData(s);
        for (String column : BYTE_COLUMNS) {
            String[] tc = column.split("\\.");
            assertThat(
                            s.jdbc()
                                    .queryForObject(
                                            "select data_type from information_schema.columns "
                                                    + "where lower(table_name) = ? and lower(column_name) = ?",
                                            String.class,
                                            tc[0],
                                            tc[1]))
                    .as(column)
                    .isEqualTo("BINARY VARYING");
        }
        assertThat(
                        s.jdbc()
                                .queryForObject(
                                        "select count(*) from information_schema.columns where table_schema = 'PUBLIC' "
                                                + "and data_type = 'BINARY LARGE OBJECT'",
                                        Long.class))
                .isZero();
    }

    @Test
    void postgresRunsTheSameMigrationsAndHoldsPayloadsAsBytea() {
        Store s = postgres();
        upgradeKeepsData(s);
        for (String column : BYTE_COLUMNS) {
            String[] tc = column.split("\\.");
            Map<String, Object> c =
                    s.jdbc()
                            .queryForMap(
                                    "select data_type, domain_name from information_schema.columns "
                                            + "where table_schema = 'public' and table_name = ? and column_name = ?",
                                    tc[0],
                                    tc[1]);
            assertThat(c.get("data_type")).as(column).isEqualTo("bytea");
            assertThat(c.get("domain_name"))
                    .as(column + " is plain bytea, not the blob domain")
                    .isNull();
        }
        assertThat(
                        s.jdbc()
                                .queryForObject(
                                        "select count(*) from information_schema.columns "
                                                + "where table_schema = 'public' and data_type = 'oid'",
                                        Long.class))
                .as("no large objects")
                .isZero();
        assertThat(
                        s.jdbc()
                                .queryForObject(
                                        "select increment from information_schema.sequences "
                                                + "where sequence_name = 'domain_event_entry_global_index_seq'",
                                        String.class))
                .isEqualTo("1");
        assertThat(
                        s.jdbc()
                                .queryForObject(
                                        "select count(*) from information_schema.sequences "
                                                + "where sequence_name = 'hibernate_sequence'",
                                        Long.class))
                .isZero();
        // migrating again is a no-op (the vendor callback is idempotent)
        assertThat(s.latest().migrate().migrationsExecuted).isZero();
    }

    @Test
    void bothDatabasesEndWithTheSameTablesAndColumns() {
        assertThat(columns(migrated(postgres()))).isEqualTo(columns(migrated(h2())));
    }

    @Test
    void v15MovesTheSeatColumnsIntoRowsOnH2() {
        seatColumnsBecomeRows(h2(), "h2");
    }

    @Test
    void v15MovesTheSeatColumnsIntoRowsOnPostgres() {
        seatColumnsBecomeRows(postgres(), "postgresql");
    }

    /**
     * Issue 14: read models written before V15 (players and rated results as columns for seats A
     * and B) read the same after it, through the projections, with seats as rows: no rebuild
     * needed.
     */
    private static void seatColumnsBecomeRows(Store s, String vendor) {
        String[] locations = {"classpath:db/migration", "classpath:db/vendor/" + vendor};
        Flyway.configure()
                .dataSource(s.jdbc().getDataSource())
                .locations(locations)
                .target("14")
                .load()
                .migrate();
        JdbcTemplate j = s.jdbc();
        j.update(
                "insert into rm_match_summary (match_id, ruleset, status, turn, player_a, player_b, winner, reason,"
                        + " created_at, updated_at, last_seq, spectator_delay) values ('m1', 'voidexa', 'ENDED', 9, 'Ada', 'Bo',"
                        + " 'B', 'CONCEDED', ?, ?, 40, 0)",
                java.sql.Timestamp.from(java.time.Instant.parse("2026-11-24T10:00:00Z")),
                java.sql.Timestamp.from(java.time.Instant.parse("2026-11-24T10:05:00Z")));
        j.update(
                "insert into rm_match_summary (match_id, ruleset, status, turn, player_a, created_at, updated_at,"
                        + " last_seq, spectator_delay) values ('m2', 'voidexa', 'WAITING', 0, 'Cy', ?, ?, 1, 0)",
                java.sql.Timestamp.from(java.time.Instant.parse("2026-11-24T11:00:00Z")),
                java.sql.Timestamp.from(java.time.Instant.parse("2026-11-24T11:00:00Z")));
        // m1: Bo (B) won; m3: both lost (V-WIN-4)
        j.update(
                "insert into rm_rated_match (match_id, position, player_a, player_b, score_a, both_lost, name_a, name_b)"
                        + " values ('m1', 7, 'acct-ada', 'acct-bo', 0, 0, 'Ada', 'Bo')");
        j.update(
                "insert into rm_rated_match (match_id, position, player_a, player_b, score_a, both_lost, name_a, name_b)"
                        + " values ('m3', 9, 'acct-bo', 'acct-ada', 0, 1, 'Bo', 'Ada')");
        s.latest().migrate();
        var list = new io.duelhall.projections.list.MatchListProjection(j);
        assertThat(list.all())
                .extracting(m -> m.matchId() + ":" + m.players() + ":" + m.winnerName())
                .containsExactly(
                        "m1:[Player[seat=A, name=Ada], Player[seat=B, name=Bo]]:Bo",
                        "m2:[Player[seat=A, name=Cy]]:null");
        assertThat(
                        j.queryForList(
                                "select match_id || seat || account_id || outcome from rm_rated_seat"
                                        + " order by match_id, seat",
                                String.class))
                .containsExactly(
                        "m1Aacct-adaLOST", "m1Bacct-boWON", "m3Aacct-boLOST", "m3Bacct-adaLOST");
        assertThat(j.queryForObject("select count(*) from rm_rated_match", Integer.class))
                .isEqualTo(2);
    }

    private static Store migrated(Store s) {
        s.latest().migrate();
        return s;
    }

    /**
     * Writes rows with binary payloads at V2 (blob on H2, the blob domain on PostgreSQL), then
     * migrates to the end.
     */
    private static void upgradeKeepsData(Store s) {
        s.before().migrate();
        byte[] payload =
                "{\"matchId\":\"m-1\",\"ruleset\":\"voidexa\"}"
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] token = {0, 1, 2, (byte) 0xff, 42};
        s.jdbc()
                .update(
                        "insert into domain_event_entry (global_index, sequence_number, aggregate_identifier, "
                                + "event_identifier, payload_type, time_stamp, type, payload, meta_data) values (1, 0, 'm-1', 'e-1', "
                                + "'io.duelhall.domain.voidexa.VoidexaEvent$MatchCreated', '2026-11-21T10:00:00Z', 'Match', ?, ?)",
                        payload,
                        new byte[] {'{', '}'});
        s.jdbc()
                .update(
                        "insert into token_entry (segment, processor_name, timestamp, token_type, token) "
                                + "values (0, 'p', '2026-11-21T10:00:00Z', 't', ?)",
                        (Object) token);
        s.latest().migrate();
        assertThat(
                        s.jdbc()
                                .queryForObject(
                                        "select payload from domain_event_entry where event_identifier = 'e-1'",
                                        byte[].class))
                .isEqualTo(payload);
        assertThat(
                        s.jdbc()
                                .queryForObject(
                                        "select token from token_entry where processor_name = 'p'",
                                        byte[].class))
                .isEqualTo(token);
    }

    /** table → column names, lower case, the migration history left out. */
    private static Map<String, List<String>> columns(Store s) {
        Map<String, List<String>> out = new TreeMap<>();
        for (Map<String, Object> row :
                s.jdbc()
                        .queryForList(
                                "select table_name, column_name from information_schema.columns "
                                        + "where lower(table_schema) = 'public' order by table_name, column_name")) {
            String table = row.get("table_name").toString().toLowerCase(Locale.ROOT);
            if (!table.equals("flyway_schema_history")) {
                out.computeIfAbsent(table, t -> new java.util.ArrayList<>())
                        .add(row.get("column_name").toString().toLowerCase(Locale.ROOT));
            }
        }
        out.values().forEach(l -> l.sort(null));
        return out;
    }
}
