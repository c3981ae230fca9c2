package io.duelhall.infra.history;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.DuelhallApplication;
import io.duelhall.infra.fairness.AuditCommand;
import io.duelhall.infra.http.Api;
import io.duelhall.infra.http.Bot;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * History is forever (issue 25, part 4): the current build opens a data directory written by an
 * earlier release, in place, with no manual step. For every golden set under {@code
 * src/test/resources/golden/} (each written by the release its name gives; see its README): every
 * finished match shows as it ended, every step of its replay is readable, its audit passes, and its
 * old signed record passes the offline audit CLI; every match left in progress is played to its end
 * — the people's seats with the tokens they were given then, the AI seats by the server without the
 * per-node key file that release kept (deleted from the copy) — and then audits clean too. Every
 * match runs and audits under the rules it was created with; a set written with registered players
 * keeps its ratings. A set with tournaments, queue tickets and rating boards (8903d3f on) is
 * checked for those too, and its tournament left in progress carried on to its end ({@link
 * GoldenTournaments}).
 */
@Tag("postgres")
@Tag("slow")
class GoldenHistoryTest {
    static final Path GOLDEN = Path.of("src", "test", "resources", "golden").toAbsolutePath();
    static final Path WORK =
            Path.of("target", "golden-history", UUID.randomUUID().toString()).toAbsolutePath();
    static final List<ConfigurableApplicationContext> APPS = new ArrayList<>();

    @AfterAll
    static void stop() {
        APPS.forEach(ConfigurableApplicationContext::close);
    }

    static List<Path> sets() throws IOException {
        try (Stream<Path> s = Files.list(GOLDEN)) {
            return s.filter(Files::isDirectory).sorted().toList();
        }
    }

    @BeforeAll
    static void copy() throws IOException {
        assertThat(sets()).as("golden sets").isNotEmpty();
        for (Path set : sets()) {
            assertThat(set.resolve("data").resolve("duelhall.mv.db"))
                    .as(
                            "the golden store of "
                                    + set.getFileName()
                                    + " (committed: .gitignore must not drop it)")
                    .isRegularFile();
            copySet(set, WORK.resolve(set.getFileName().toString()));
        }
    }

    /** A copy of a golden set to work on, without the per-node AI key file its release kept. */
    static void copySet(Path set, Path target) throws IOException {
        try (Stream<Path> files = Files.walk(set)) {
            for (Path f : files.toList()) {
                Path to = target.resolve(set.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        Files.deleteIfExists(target.resolve("data").resolve("ai-seat.key"));
    }

    @Test
    void everyGoldenSetOpensShowsReplaysAuditsAndPlaysOn() throws Exception {
        for (Path set : sets()) {
            check(WORK.resolve(set.getFileName().toString()));
        }
    }

    /**
     * The same rows on PostgreSQL: a fresh database gets its schema from the app's own migrations,
     * then every row of the golden H2 store exactly as stored (class names, no revision, the same
     * bytes); the build must read them through the same upcasters, and its read models build
     * themselves from those rows.
     */
    @Test
    void theSameOldRowsReadTheSameOnPostgres() throws Exception {
        // the schema, by the app's migrations: one app start and stop on a fresh database (on a
        // copy of the first set, as each set had its own before issue 47) makes a template that
        // every set's database is copied from (CREATE DATABASE ... TEMPLATE), instead of one
        // start and stop per set; nothing a start writes into the database depends on the data
        // directory (the node's cluster_node row is deleted at the stop, the tokens are those of
        // an empty store)
        io.duelhall.infra.topology.TestPostgres.Database template =
                io.duelhall.infra.topology.TestPostgres.freshDatabase("golden_template");
        Path first = sets().get(0);
        Path templateData = WORK.resolve(first.getFileName() + "-postgres-template");
        copySet(first, templateData);
        start(templateData, postgres(template)).close();
        for (Path set : sets()) {
            Path copy = WORK.resolve(set.getFileName() + "-postgres");
            copySet(set, copy);
            io.duelhall.infra.topology.TestPostgres.Database db =
                    io.duelhall.infra.topology.TestPostgres.copyOf("golden", template);
            String[] pg = postgres(db);
            int rows = 0;
            try (java.sql.Connection h2 =
                            java.sql.DriverManager.getConnection(
                                    "jdbc:h2:file:"
                                            + copy.resolve("data").resolve("duelhall")
                                            + ";ACCESS_MODE_DATA=r",
                                    "sa",
                                    "");
                    java.sql.Connection to =
                            java.sql.DriverManager.getConnection(
                                    db.url(), db.user(), db.password());
                    java.sql.Statement read = h2.createStatement();
                    java.sql.ResultSet rs =
                            read.executeQuery(
                                    "select global_index, sequence_number, aggregate_identifier,"
                                            + " event_identifier, payload_revision, payload_type, time_stamp, type, meta_data, payload"
                                            + " from domain_event_entry order by global_index");
                    java.sql.PreparedStatement write =
                            to.prepareStatement(
                                    "insert into domain_event_entry (global_index,"
                                            + " sequence_number, aggregate_identifier, event_identifier, payload_revision, payload_type,"
                                            + " time_stamp, type, meta_data, payload) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                long max = 0;
                while (rs.next()) {
                    for (int c = 1; c <= 10; c++) {
                        write.setObject(c, c >= 9 ? rs.getBytes(c) : rs.getObject(c));
                    }
                    write.addBatch();
                    max = rs.getLong(1);
                    rows++;
                }
                write.executeBatch();
                try (java.sql.Statement s = to.createStatement()) {
                    s.execute("select setval('domain_event_entry_global_index_seq', " + max + ")");
                }
                // the accounts are no read model: they live in the database beside the events (a
                // set's registered players log in again to carry its tournament on)
                for (String table : List.of("player_account", "player_session", "player_block")) {
                    copyRows(h2, to, table);
                }
            }
            // every event of every match the release listed, at least (a set's store holds
            // those and the events of queues, tournaments and accounts' matches)
            long listed = 0;
            for (JsonNode m :
                    Api.JSON.readTree(set.resolve("golden.json").toFile()).get("matches")) {
                listed += m.get("version").asLong() + 1;
            }
            assertThat((long) rows)
                    .as("rows of the golden store of %s", set.getFileName())
                    .isGreaterThanOrEqualTo(listed)
                    .isGreaterThan(1_000L); // 8903d3f: 1,294
            check(copy, pg);
        }
    }

    /** Every row of an H2 table into the same table on PostgreSQL, when the H2 store has it. */
    private static void copyRows(java.sql.Connection h2, java.sql.Connection to, String table)
            throws java.sql.SQLException {
        try (java.sql.ResultSet t =
                h2.getMetaData()
                        .getTables(null, null, table.toUpperCase(java.util.Locale.ROOT), null)) {
            if (!t.next()) {
                return; // written before the table existed
            }
        }
        try (java.sql.Statement read = h2.createStatement();
                java.sql.ResultSet rs = read.executeQuery("select * from " + table)) {
            java.sql.ResultSetMetaData md = rs.getMetaData();
            List<String> columns = new ArrayList<>();
            for (int c = 1; c <= md.getColumnCount(); c++) {
                columns.add(md.getColumnName(c).toLowerCase(java.util.Locale.ROOT));
            }
            try (java.sql.PreparedStatement write =
                    to.prepareStatement(
                            "insert into "
                                    + table
                                    + " ("
                                    + String.join(", ", columns)
                                    + ") values ("
                                    + String.join(
                                            ", ",
                                            java.util.Collections.nCopies(columns.size(), "?"))
                                    + ")")) {
                while (rs.next()) {
                    for (int c = 1; c <= columns.size(); c++) {
                        write.setObject(c, rs.getObject(c));
                    }
                    write.addBatch();
                }
                write.executeBatch();
            }
        }
    }

    private static String[] postgres(io.duelhall.infra.topology.TestPostgres.Database db) {
        return new String[] {
            "--spring.profiles.active=postgres",
            "--spring.datasource.url=" + db.url(),
            "--spring.datasource.username=" + db.user(),
            "--spring.datasource.password=" + db.password()
        };
    }

    private static ConfigurableApplicationContext start(Path set, String... more) {
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "--server.port=0",
                                "--duelhall.data-dir=" + set.resolve("data"),
                                "--duelhall.ai.delay-ms=0",
                                // the golden stores are days old: the AI matches left in progress
                                // must be resumed however old they
                                // are (docs/upgrading.md: after a downtime longer than the resume
                                // window, raise it for the restart)
                                "--duelhall.ai.resume-window=P36500D",
                                "--duelhall.limits.intents-per-token-per-second=1000",
                                "--duelhall.limits.intents-per-token-burst=2000",
                                "--duelhall.limits.seats-per-address-per-minute=10000"));
        args.addAll(List.of(more));
        return new SpringApplicationBuilder(DuelhallApplication.class)
                .run(args.toArray(String[]::new));
    }

    /**
     * The rules every match of the sets written before catalog 2026.11.2 was created under (the
     * only version then); their golden.json does not say. From the ef8f61a set on, golden.json
     * gives each match's {@code rules} as the writing release's view showed them.
     */
    static final JsonNode RULES_BEFORE_CATALOG_2026_11_2 =
            Api.JSON
                    .createObjectNode()
                    .put("engine", "voidexa-1.0.0")
                    .put("catalog", "voidexa-cards-2026.11.1");

    /**
     * The rules a match of a golden set was created under (see {@link
     * #RULES_BEFORE_CATALOG_2026_11_2}).
     */
    static JsonNode rulesOf(JsonNode match) {
        return match.has("rules") ? match.get("rules") : RULES_BEFORE_CATALOG_2026_11_2;
    }

    private void check(Path set, String... more) throws Exception {
        JsonNode golden = Api.JSON.readTree(set.resolve("golden.json").toFile());
        ConfigurableApplicationContext app = start(set, more);
        APPS.add(app);
        try {
            Api api = new Api(((WebServerApplicationContext) app).getWebServer().getPort());
            // the key of the data directory's signing-key.pem: the one the old records were signed
            // with
            String key = api.get("/api/keys", null).body().at("/keys/0/publicKey").asText();
            assertThat(key).hasSize(64);

            List<String> live = new ArrayList<>();
            for (JsonNode m : golden.get("matches")) {
                String id = m.get("id").asText();
                String what = set.getFileName() + " / " + m.get("kind").asText() + " / " + id;
                JsonNode view = api.get("/api/matches/" + id + "/view", null).body();
                assertThat(view.path("rules"))
                        .as("%s runs under the rules it was created with: %s", what, view)
                        .isEqualTo(rulesOf(m));
                if (m.has("timeoutLoss")) { // the turn timeouts that lose, as the writing release
                    // showed
                    // them (D-CLOCK-5)
                    assertThat(view.path("timeoutLoss"))
                            .as("%s: timeoutLoss", what)
                            .isEqualTo(m.get("timeoutLoss"));
                }
                boolean aiToMove = m.get("kind").asText().startsWith("ai-vs-ai, in progress");
                if (!aiToMove) { // that one the server's AI may have played on since the start
                    assertThat(view.get("status").asText())
                            .as(what)
                            .isEqualTo(m.get("status").asText());
                }
                if (m.get("status").asText().equals("ENDED")) {
                    assertThat(view.get("version").asLong())
                            .as(what)
                            .isEqualTo(m.get("version").asLong());
                    replayEveryStep(api, id, m.get("version").asLong(), what);
                    audited(api, id, rulesOf(m), what);
                    offlineAudit(set.resolve(m.get("record").asText()), key, what);
                    long until =
                            System.currentTimeMillis()
                                    + 60_000; // a read model built from the rows just loaded
                    while (!listed(api, "ENDED").contains(id)
                            && System.currentTimeMillis() < until) {
                        Thread.sleep(20);
                    }
                    assertThat(listed(api, "ENDED")).as("listed as ended: " + what).contains(id);
                } else {
                    assertThat(view.get("version").asLong())
                            .as(what)
                            .isGreaterThanOrEqualTo(m.get("version").asLong());
                    live.add(id);
                }
            }
            // tournaments, queue tickets and waves, rating boards (sets from 8903d3f on)
            GoldenTournaments.asReleased(api, app, golden, set, key);
            // the matches left in progress: played to their end under the build that opened them,
            // then
            // audited
            for (JsonNode m : golden.get("matches")) {
                String id = m.get("id").asText();
                if (!live.contains(id)) {
                    continue;
                }
                String what = set.getFileName() + " / " + m.get("kind").asText() + " / " + id;
                Map<String, String> tokens = new HashMap<>();
                m.path("tokens")
                        .fields()
                        .forEachRemaining(e -> tokens.put(e.getKey(), e.getValue().asText()));
                if (m.get("status").asText().equals("WAITING")) {
                    Res seat =
                            api.post(
                                    "/api/matches/" + id + "/seats",
                                    api.seatBody("Late", api.starterDecks().get(1)),
                                    null);
                    assertThat(seat.status()).as(seat.raw()).isEqualTo(201);
                    tokens.put(
                            seat.body().get("seat").asText(),
                            seat.body().get("playerToken").asText());
                }
                if (m.path("created").path("ruleset").asText("voidexa").equals("voidexa")) {
                    playToEnd(api, id, tokens, what);
                } else { // a newer game's: from the moves the server lists
                    GoldenTournaments.playOn(api, id, tokens, what);
                }
                assertThat(api.get("/api/matches/" + id + "/view", null).body().path("rules"))
                        .as("%s was played to its end under the rules it was created with", what)
                        .isEqualTo(rulesOf(m));
                audited(api, id, rulesOf(m), what);
                String copy =
                        set.getFileName()
                                .toString(); // the set's name, "-postgres" added for the PostgreSQL
                // copy
                storedUnderBothNames(
                        app,
                        id,
                        what,
                        WRITTEN_UNDER_CLASS_NAMES.stream().anyMatch(copy::startsWith));
                replayEveryStep(
                        api,
                        id,
                        api.get("/api/matches/" + id + "/view", null)
                                .body()
                                .get("version")
                                .asLong(),
                        what);
            }
            JsonNode board = api.get("/api/leaderboard?limit=500", null).body();
            if (!golden.has("leaderboard")) {
                // issue 20 item 4: every seat of a release before identities was a guest's (ratings
                // were by name then),
                // so after the upgrade nobody is rated, whatever the old leaderboard held (V14
                // empties
                // it, as a rebuild would)
                assertThat(board)
                        .as(set.getFileName() + ": leaderboard after the upgrade")
                        .isEmpty();
            } else {
                ratingsKept(golden, board, set.getFileName().toString());
            }
            // a tournament left in progress: carried on to its end by this build, then audited
            GoldenTournaments.carriedOn(api, golden, set, key);
        } finally {
            // stopped once checked: the apps of the sets before would only poll their stores
            // while the next set runs (before issue 47 all eight ran until the class ended)
            app.close();
        }
    }

    /**
     * A set written with registered players (ef8f61a on): the leaderboard the writing release
     * showed at the stop is still there, every registered player's rating unchanged, except that
     * the players of a rated match left in progress (both seats registered) have played it to its
     * end since (one game more each). Nobody else is rated: no guest, and no registered player
     * whose only match had a guest or AI seat.
     */
    private static void ratingsKept(JsonNode golden, JsonNode board, String setName) {
        Map<String, JsonNode> now = new HashMap<>();
        board.forEach(r -> now.put(r.get("name").asText(), r));
        java.util.Set<String> playedOn = new java.util.HashSet<>();
        for (JsonNode m : golden.get("matches")) {
            JsonNode accounts = m.path("accounts");
            if (!m.get("status").asText().equals("ENDED")
                    && accounts.has("A")
                    && accounts.has("B")) {
                accounts.forEach(a -> playedOn.add(a.asText()));
            }
        }
        java.util.Set<String> expected = new java.util.HashSet<>(playedOn);
        for (JsonNode old : golden.get("leaderboard")) {
            String name = old.get("name").asText();
            expected.add(name);
            JsonNode r = now.get(name);
            assertThat(r)
                    .as("%s: %s is still rated after the upgrade: %s", setName, name, board)
                    .isNotNull();
            if (playedOn.contains(name)) {
                assertThat(r.get("games").asInt())
                        .as("%s: %s", setName, r)
                        .isEqualTo(old.get("games").asInt() + 1);
            } else {
                for (String f : List.of("games", "wins", "losses", "draws")) {
                    assertThat(r.get(f).asInt())
                            .as("%s: %s of %s", setName, f, r)
                            .isEqualTo(old.get(f).asInt());
                }
                for (String f : List.of("rating", "rd", "volatility")) {
                    assertThat(r.get(f).asDouble())
                            .as("%s: %s of %s", setName, f, r)
                            .isCloseTo(
                                    old.get(f).asDouble(),
                                    org.assertj.core.data.Offset.offset(1e-9));
                }
            }
        }
        for (String name : playedOn) {
            assertThat(now)
                    .as(
                            "%s: %s played a rated match to its end after the upgrade: %s",
                            setName, name, board)
                    .containsKey(name);
            assertThat(now.get(name).get("games").asInt())
                    .as("%s: %s", setName, now.get(name))
                    .isPositive();
        }
        assertThat(now.keySet())
                .as("%s: only registered players of rated matches on the leaderboard", setName)
                .containsExactlyInAnyOrderElementsOf(expected);
    }

    /**
     * Plays the seats it has tokens for as the tests' {@link Bot} does; the server's AI plays the
     * others.
     */
    private static void playToEnd(Api api, String id, Map<String, String> tokens, String what)
            throws InterruptedException {
        Bot bot = new Bot(api, 7);
        java.util.Random rnd = new java.util.Random(7);
        long deadline = System.currentTimeMillis() + 180_000;
        while (true) {
            JsonNode view = api.get("/api/matches/" + id + "/view", null).body();
            if (view.get("status").asText().equals("ENDED")) {
                return;
            }
            assertThat(System.currentTimeMillis())
                    .as("%s should end; at version %s", what, view.get("version"))
                    .isLessThan(deadline);
            JsonNode pending = view.get("pendingDecision");
            String actor =
                    pending != null && !pending.isNull()
                            ? pending.get("seat").asText()
                            : view.get("activeSeat").asText();
            String token = tokens.get(actor);
            if (token == null) {
                Thread.sleep(20); // the server's AI owes this one
                continue;
            }
            ObjectNode move =
                    bot.intent(api.get("/api/matches/" + id + "/view", token).body(), actor, rnd);
            move.put("intentId", UUID.randomUUID().toString());
            move.put("expectedVersion", view.get("version").asLong());
            Res r = api.post("/api/matches/" + id + "/intents", move, token);
            // 409: the AI moved first; 422: the bot's simple targeting picked a target the rules
            // refuse
            assertThat(r.status()).as("%s: %s -> %s", what, move, r.raw()).isIn(200, 409, 422);
        }
    }

    /**
     * The golden sets written by a release from before logical event names (their rows carry class
     * names).
     */
    static final java.util.Set<String> WRITTEN_UNDER_CLASS_NAMES =
            java.util.Set.of("2026-11-24-5bd33da");

    /**
     * A match in progress at the upgrade from a release before logical names holds rows of both
     * kinds: those the old release wrote, under class names and no revision, untouched; those
     * written since, under logical names at revision 1. From a later release, every row is under
     * its logical name, the old ones and the new.
     */
    private static void storedUnderBothNames(
            ConfigurableApplicationContext app, String id, String what, boolean classNamesBefore) {
        var jdbc = app.getBean(org.springframework.jdbc.core.JdbcTemplate.class);
        List<Map<String, Object>> rows =
                jdbc.queryForList(
                        "select payload_type, payload_revision from domain_event_entry"
                                + " where aggregate_identifier = ? order by sequence_number",
                        id);
        Map<String, Object> first = rows.get(0);
        Map<String, Object> last = rows.get(rows.size() - 1);
        if (classNamesBefore) {
            assertThat(first.get("payload_type").toString())
                    .as(what)
                    .startsWith("io.duelhall.domain.");
            assertThat(first.get("payload_revision")).as(what).isNull();
        } else {
            assertThat(first.get("payload_type").toString())
                    .as(what)
                    .matches("(core|voidexa|voidlit|biome|casket)\\.[A-Za-z]+");
            assertThat(first.get("payload_revision")).as(what).isEqualTo("1");
        }
        assertThat(last.get("payload_type").toString())
                .as(what)
                .matches("(core|voidexa|voidlit|biome|casket)\\.[A-Za-z]+");
        assertThat(last.get("payload_revision")).as(what).isEqualTo("1");
    }

    private static void replayEveryStep(Api api, String id, long last, String what)
            throws IOException {
        // a hundred steps a request (/replay/steps?from=&to=; issue 47: one request a step was most
        // of this class's HTTP work), read as tokens, not trees: every step of the match is there,
        // in order, each a view of its own version whose last recent event is that step's; and
        // one step of each stretch, asked alone (/replay?at=), is byte for byte the view the
        // stretch holds for it
        java.util.Random rnd = new java.util.Random(id.hashCode());
        for (long from = 0; from <= last; from += 100) {
            long to = Math.min(last, from + 99);
            io.duelhall.client.JsonHttp.Bytes r =
                    api.getBytes(
                            "/api/matches/" + id + "/replay/steps?from=" + from + "&to=" + to,
                            null);
            final long stretchFrom = from;
            // the body as text only when the check fails (a stretch is ~1-2 MB)
            assertThat(r.status())
                    .as(
                            () ->
                                    String.format(
                                            "%s: replay %d..%d: %s",
                                            what,
                                            stretchFrom,
                                            to,
                                            new String(r.body(), StandardCharsets.UTF_8)))
                    .isEqualTo(200);
            long alone = from + rnd.nextInt((int) (to - from + 1));
            List<long[]> views = new ArrayList<>(); // each view's version and byte range
            try (com.fasterxml.jackson.core.JsonParser p =
                    Api.JSON.getFactory().createParser(r.body())) {
                assertThat(p.nextToken()).isEqualTo(JsonToken.START_OBJECT);
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String field = p.currentName();
                    p.nextToken();
                    if (!field.equals("views")) {
                        p.skipChildren();
                        continue;
                    }
                    while (p.nextToken() == JsonToken.START_OBJECT) {
                        long start = p.currentTokenLocation().getByteOffset();
                        long version = -1;
                        long lastEvent = -1; // the seq of the last of its recent events
                        while (p.nextToken() == JsonToken.FIELD_NAME) {
                            String name = p.currentName();
                            p.nextToken();
                            if (name.equals("version")) {
                                version = p.getLongValue();
                            } else if (name.equals("recentEvents")
                                    && p.currentToken() == JsonToken.START_ARRAY) {
                                while (p.nextToken() == JsonToken.START_OBJECT) {
                                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                                        boolean seq = p.currentName().equals("seq");
                                        p.nextToken();
                                        if (seq) {
                                            lastEvent = p.getLongValue();
                                        } else {
                                            p.skipChildren();
                                        }
                                    }
                                }
                            } else {
                                p.skipChildren();
                            }
                        }
                        // the version is what the request asked; the last recent event is what
                        // the fold of the stored events reached
                        assertThat(lastEvent)
                                .as("%s: the last recent event of the view at %d", what, version)
                                .isEqualTo(version);
                        views.add(
                                new long[] {
                                    version, start, p.currentTokenLocation().getByteOffset() + 1
                                });
                    }
                }
            }
            assertThat(views.stream().map(v -> v[0]).toList())
                    .as("%s: the versions of the views of replay %d..%d", what, from, to)
                    .isEqualTo(java.util.stream.LongStream.rangeClosed(from, to).boxed().toList());
            long[] v = views.get((int) (alone - from));
            byte[] inStretch = java.util.Arrays.copyOfRange(r.body(), (int) v[1], (int) v[2]);
            io.duelhall.client.JsonHttp.Bytes one =
                    api.getBytes("/api/matches/" + id + "/replay?at=" + alone, null);
            assertThat(one.status()).as("%s: replay at %d", what, alone).isEqualTo(200);
            assertThat(new String(inStretch, StandardCharsets.UTF_8))
                    .as("%s: replay at %d, alone and in its stretch", what, alone)
                    .isEqualTo(new String(one.body(), StandardCharsets.UTF_8));
        }
    }

    private static void audited(Api api, String id, JsonNode rules, String what) {
        Res audit = api.get("/api/matches/" + id + "/audit", null);
        assertThat(audit.status()).as(what + ": " + audit.raw()).isEqualTo(200);
        assertThat(audit.body().get("passed").asBoolean()).as(what + ": " + audit.raw()).isTrue();
        // audited under the version it was played with, not under the current one
        assertThat(audit.body().path("auditorEngineVersion").asText())
                .as(what + ": " + audit.raw())
                .isEqualTo(rules.path("engine").asText());
        assertThat(audit.body().path("auditorCatalogVersion").asText())
                .as(what + ": " + audit.raw())
                .isEqualTo(rules.path("catalog").asText());
    }

    static void offlineAudit(Path record, String keys, String what) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code =
                AuditCommand.run(
                        new String[] {record.toString(), "--public-key=" + keys},
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(code)
                .as(
                        "%s: offline audit of %s (key %s):%n%s%s",
                        what,
                        record.getFileName(),
                        keys,
                        out.toString(StandardCharsets.UTF_8),
                        err.toString(StandardCharsets.UTF_8))
                .isZero();
    }

    private static List<String> listed(Api api, String status) {
        List<String> ids = new ArrayList<>();
        for (JsonNode s : api.get("/api/matches?status=" + status + "&limit=500", null).body()) {
            ids.add(s.get("matchId").asText());
        }
        return ids;
    }
}
