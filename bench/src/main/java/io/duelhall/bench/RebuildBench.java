package io.duelhall.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.duelhall.client.JsonHttp;
import io.duelhall.domain.Decision;
import io.duelhall.domain.Intent;
import io.duelhall.domain.IntentAccepted;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.VoidexaState;
import io.duelhall.domain.voidexa.ai.RandomPlayer;
import io.duelhall.domain.voidexa.ai.SelfPlay;
import io.duelhall.domain.voidexa.cards.StarterDeck;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Benchmark 4: rebuilding the read models from a store of at least {@code events} events. The store
 * is made fast, without the HTTP path: the app is started once on an empty data directory (Flyway
 * creates the schema) and stopped; whole matches are played on the pure engine (two random players,
 * fixed seeds), 64 at a time with their intents interleaved as live matches interleave, and written
 * straight into the H2 file with batched JDBC inserts, in the form the app's event store writes
 * (same JSON serialization of the payloads, an IntentAccepted before each intent's events, metadata
 * of the same shape and size; the chain values are random hex: the audit is not what is measured).
 * Then the app is started on that store; once its read models have caught up, each one is rebuilt
 * through the admin endpoint ({@code POST /api/admin/projections/{name}/rebuild}) on its own, and
 * timed until its progress says done: events per second = stored events ÷ time.
 */
public final class RebuildBench {
    static final String ADMIN = "bench-admin-token";
    static final List<String> PROJECTIONS =
            List.of(
                    "match-views",
                    "match-list",
                    "player-history",
                    "ratings",
                    "refusals",
                    "tournament-list");

    public record Result(
            long events,
            long matches,
            double writeSeconds,
            double catchUpSeconds,
            Map<String, Double> secondsPerProjection) {
        public String report() {
            StringBuilder s =
                    new StringBuilder(
                            String.format(
                                    "store of %,d events (%,d matches) written in %.1f s; "
                                            + "start-up catch-up of all five read models at once: %.1f s (%,.0f events/s)%n",
                                    events,
                                    matches,
                                    writeSeconds,
                                    catchUpSeconds,
                                    events / catchUpSeconds));
            secondsPerProjection.forEach(
                    (name, secs) ->
                            s.append(
                                    String.format(
                                            "rebuild %-15s %6.1f s  %,10.0f events/s%n",
                                            name, secs, events / secs)));
            return s.toString().trim();
        }
    }

    public static Result run(long minEvents, List<String> jvmArgs, java.io.PrintStream log)
            throws Exception {
        return run(minEvents, null, PROJECTIONS, 1, jvmArgs, log);
    }

    /**
     * @param store a data directory to keep: the store is written there the first time (a file
     *     {@code rebuild-store.properties} records it) and reused as it is by later runs, so runs
     *     of two builds rebuild the very same events; {@code null}: a temporary store, deleted
     *     after
     * @param only the read models to rebuild, in this order
     * @param rounds how many times to rebuild each of them (one after the other)
     */
    public static Result run(
            long minEvents,
            Path store,
            List<String> only,
            int rounds,
            List<String> jvmArgs,
            java.io.PrintStream log)
            throws Exception {
        Path dir = store != null ? store : AppProcess.tempDataDir("rebuild");
        Path marker = dir.resolve("rebuild-store.properties");
        try {
            List<String> appArgs = List.of("--duelhall.admin-token=" + ADMIN);
            long[] written;
            double writeSeconds;
            if (store != null && java.nio.file.Files.exists(marker)) {
                java.util.Properties p = new java.util.Properties();
                try (var in = java.nio.file.Files.newInputStream(marker)) {
                    p.load(in);
                }
                written =
                        new long[] {
                            Long.parseLong(p.getProperty("events")),
                            Long.parseLong(p.getProperty("matches"))
                        };
                writeSeconds = Double.parseDouble(p.getProperty("writeSeconds"));
                say(log, "reusing the store in %s: %,d events", dir, written[0]);
            } else {
                java.nio.file.Files.createDirectories(dir);
                try (AppProcess app = AppProcess.start(dir, jvmArgs, appArgs)) {
                    say(
                            log,
                            "schema created (app ready in %.1f s); stopping it to write the store",
                            app.readyMillis() / 1000.0);
                }
                long t0 = System.nanoTime();
                written = write(dir, minEvents, log);
                writeSeconds = (System.nanoTime() - t0) / 1e9;
                say(
                        log,
                        "%,d events of %,d matches written in %.1f s",
                        written[0],
                        written[1],
                        writeSeconds);
                if (store != null) {
                    java.nio.file.Files.writeString(
                            marker,
                            "events="
                                    + written[0]
                                    + "\nmatches="
                                    + written[1]
                                    + "\nwriteSeconds="
                                    + writeSeconds
                                    + "\n");
                }
            }
            try (AppProcess app = AppProcess.start(dir, jvmArgs, appArgs)) {
                JsonHttp http = new JsonHttp(app.url());
                long c0 = System.nanoTime() - app.readyMillis() * 1_000_000L;
                for (String p : PROJECTIONS) {
                    waitDone(http, p, log);
                }
                double catchUp = (System.nanoTime() - c0) / 1e9;
                say(log, "read models caught up %.1f s after the JVM started", catchUp);
                Map<String, Double> seconds = new LinkedHashMap<>();
                for (int round = 1; round <= rounds; round++) {
                    for (String p : only) {
                        long r0 = System.nanoTime();
                        long cpu0 = Machine.cpuMillis(app.pid());
                        JsonHttp.Res r =
                                http.post("/api/admin/projections/" + p + "/rebuild", "", ADMIN);
                        if (r.status() != 202) {
                            throw new IllegalStateException(
                                    "rebuild of "
                                            + p
                                            + " answered "
                                            + r.status()
                                            + ": "
                                            + r.body());
                        }
                        waitDone(http, p, log);
                        double secs = (System.nanoTime() - r0) / 1e9;
                        long cpu = Machine.cpuMillis(app.pid()) - cpu0;
                        seconds.put(rounds == 1 ? p : p + " #" + round, secs);
                        say(
                                log,
                                "%s rebuilt in %.1f s (%,.0f events/s; app CPU %.1f s, %.1f µs per"
                                        + " event, %,.0f events per CPU-second; load average %s)",
                                p,
                                secs,
                                written[0] / secs,
                                cpu / 1000.0,
                                cpu * 1000.0 / written[0],
                                written[0] * 1000.0 / cpu,
                                Machine.loadAverage());
                    }
                }
                return new Result(written[0], written[1], writeSeconds, catchUp, seconds);
            }
        } finally {
            if (store == null) {
                AppProcess.deleteQuietly(dir);
            }
        }
    }

    private static void waitDone(JsonHttp http, String projection, java.io.PrintStream log)
            throws InterruptedException {
        long deadline = System.currentTimeMillis() + 3_600_000;
        long lastSay = 0;
        while (true) {
            JsonHttp.Res r = http.get("/api/admin/projections/" + projection + "/rebuild", ADMIN);
            JsonNode b = r.body();
            if (r.status() == 200 && b.path("done").asBoolean()) {
                return;
            }
            if (r.status() == 200 && b.hasNonNull("error")) {
                throw new IllegalStateException(projection + " failed: " + b.get("error").asText());
            }
            if (System.currentTimeMillis() > deadline) {
                throw new IllegalStateException(projection + " did not finish in an hour: " + b);
            }
            if (System.currentTimeMillis() - lastSay > 10_000) {
                lastSay = System.currentTimeMillis();
                say(
                        log,
                        "  %s at %s of %s",
                        projection,
                        b.path("position").asText(),
                        b.path("total").asText());
            }
            Thread.sleep(100);
        }
    }

    /**
     * Writes whole matches until at least {@code minEvents} are stored; returns {events, matches}.
     */
    static long[] write(Path dir, long minEvents, java.io.PrintStream log) throws Exception {
        ObjectMapper json =
                JsonMapper.builder()
                        .addModule(new JavaTimeModule())
                        .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                        .build();
        VoidexaRuleset rules = Rules.voidexa();
        SelfPlay selfPlay = new SelfPlay(rules);
        List<StarterDeck> decks = rules.catalog().starterDecks();
        String url =
                "jdbc:h2:file:"
                        + dir.toAbsolutePath().resolve("duelhall")
                        + ";DB_CLOSE_ON_EXIT=FALSE";
        HexFormat hex = HexFormat.of();
        java.util.Random random = new java.util.Random(4);
        long events = 0;
        long matches = 0;
        Instant clock = Instant.parse("2026-11-01T00:00:00Z");
        try (Connection c = DriverManager.getConnection(url, "sa", "")) {
            c.setAutoCommit(false);
            long index;
            try (Statement st = c.createStatement();
                    ResultSet rs =
                            st.executeQuery(
                                    "select coalesce(max(global_index), 0) from domain_event_entry")) {
                rs.next();
                index = rs.getLong(1);
            }
            try (PreparedStatement ins =
                    c.prepareStatement(
                            "insert into domain_event_entry (global_index, sequence_number,"
                                    + " aggregate_identifier, event_identifier, payload_revision, payload_type, time_stamp, type, meta_data,"
                                    + " payload) values (?, ?, ?, ?, null, ?, ?, 'Match', ?, ?)")) {
                int seed = 0;
                while (events < minEvents) {
                    // 64 matches at a time, their intents interleaved round-robin as live play
                    // interleaves them; fewer when fewer events are still to write (a match is
                    // several hundred events: BenchSmokeTest's 3,000 were 64 matches, ~45,000
                    // events, before issue 47)
                    int groupSize = (int) Math.min(64, (minEvents - events) / 400 + 1);
                    List<List<List<MatchEvent>>> group = new ArrayList<>();
                    for (int g = 0; g < groupSize; g++, seed++) {
                        group.add(chunks(rules, selfPlay, seed, decks));
                    }
                    long[] nextSeq = new long[group.size()];
                    boolean any = true;
                    for (int step = 0; any; step++) {
                        any = false;
                        for (int g = 0; g < group.size(); g++) {
                            if (step >= group.get(g).size()) {
                                continue;
                            }
                            any = true;
                            String matchId = "selfplay-" + (seed - group.size() + g);
                            for (MatchEvent e : group.get(g).get(step)) {
                                clock = clock.plusMillis(7);
                                byte[] chain = new byte[32];
                                random.nextBytes(chain);
                                String meta =
                                        "{\"traceId\":\""
                                                + UUID.randomUUID()
                                                + "\",\"correlationId\":\""
                                                + UUID.randomUUID()
                                                + "\",\"chain\":\""
                                                + hex.formatHex(chain)
                                                + "\"}";
                                ins.setLong(1, ++index);
                                ins.setLong(2, nextSeq[g]++);
                                ins.setString(3, matchId);
                                ins.setString(4, UUID.randomUUID().toString());
                                ins.setString(5, e.getClass().getName());
                                ins.setString(6, clock.toString());
                                ins.setBytes(7, meta.getBytes(StandardCharsets.UTF_8));
                                ins.setBytes(8, json.writeValueAsBytes(e));
                                ins.addBatch();
                                events++;
                                if (events % 1000 == 0) {
                                    ins.executeBatch();
                                }
                                if (events % 20_000 == 0) {
                                    c.commit();
                                }
                            }
                        }
                    }
                    matches += group.size();
                    ins.executeBatch();
                    c.commit();
                    say(log, "  %,d events of %,d matches written", events, matches);
                }
            }
            try (Statement st = c.createStatement()) {
                st.execute(
                        "alter sequence domain_event_entry_global_index_seq restart with "
                                + (index + 1));
            }
            c.commit();
        }
        return new long[] {events, matches};
    }

    /**
     * One whole match as the Match aggregate stores it: the opening, then per intent its
     * IntentAccepted and events.
     */
    private static List<List<MatchEvent>> chunks(
            VoidexaRuleset rules, SelfPlay selfPlay, int seed, List<StarterDeck> decks) {
        StarterDeck a = decks.get(seed % decks.size());
        StarterDeck b = decks.get((seed / decks.size()) % decks.size());
        SelfPlay.Game game =
                selfPlay.play(
                        seed,
                        new RandomPlayer(rules.catalog(), 2L * seed + 1),
                        new RandomPlayer(rules.catalog(), 2L * seed),
                        a,
                        b);
        SelfPlay.Opening o = selfPlay.open(seed, a, b);
        List<List<MatchEvent>> out = new ArrayList<>();
        out.add(o.events());
        VoidexaState s = o.state();
        int n = 0;
        Instant at = Instant.parse("2026-11-01T00:00:00Z");
        for (Intent i : game.intents()) {
            Decision d = rules.decide(s, i);
            List<MatchEvent> chunk = new ArrayList<>(d.events().size() + 1);
            chunk.add(
                    new IntentAccepted(
                            "i-" + seed + "-" + n++, i.seat(), "bench", i, at.plusSeconds(n)));
            for (MatchEvent e : d.events()) {
                s = rules.evolve(s, e);
                chunk.add(e);
            }
            out.add(chunk);
        }
        return out;
    }

    private static void say(java.io.PrintStream log, String format, Object... args) {
        if (log != null) {
            log.printf(format + "%n", args);
        }
    }
}
