package io.duelhall.infra.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.cluster.StoreCheckedCache;
import io.duelhall.infra.http.Api;
import io.duelhall.infra.http.Bot;
import io.duelhall.infra.kafka.PublicEventPublisher;
import io.duelhall.infra.topology.TopicReader.Message;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Two app nodes (two Spring contexts, two ports, two node names) on one real PostgreSQL, publishing
 * to one real Kafka broker. Clients play the same matches through both nodes at once, and often
 * send two intents for one match to the two nodes at the same moment.
 */
@Tag("postgres")
@Tag("kafka")
@Tag("slow")
class MultiNodeTest {
    static TestPostgres.Database db;
    static Broker broker;
    static ConfigurableApplicationContext nodeA;
    static ConfigurableApplicationContext nodeB;
    static Api a;
    static Api b;

    @BeforeAll
    static void start() {
        db = TestPostgres.freshDatabase("multinode");
        broker = new Broker();
        nodeA = node("node-a");
        nodeB = node("node-b");
        a = new Api(Nodes.port(nodeA));
        b = new Api(Nodes.port(nodeB));
    }

    /** Shared by both nodes like a mounted volume: they sign match records with one server key. */
    static final java.nio.file.Path DATA =
            java.nio.file.Path.of("target", "topology", "multinode-" + java.util.UUID.randomUUID())
                    .toAbsolutePath();

    static ConfigurableApplicationContext node(String name) {
        return Nodes.app(
                "spring.profiles.active=postgres",
                "duelhall.data-dir=" + DATA,
                "spring.datasource.url=" + db.url(),
                "spring.datasource.username=" + db.user(),
                "spring.datasource.password=" + db.password(),
                "duelhall.node-name=" + name,
                "spring.kafka.bootstrap-servers=" + broker.servers(),
                // four segments, at most two per node: the two nodes must share the publishing
                "duelhall.kafka.initial-segment-count=4",
                "duelhall.kafka.max-claimed-segments=2",
                "duelhall.deadlines.polling-millis=200");
    }

    @AfterAll
    static void stop() {
        for (AutoCloseable c : new AutoCloseable[] {nodeB, nodeA, broker}) {
            try {
                if (c != null) {
                    c.close();
                }
            } catch (Exception ignored) {
                // best effort
            }
        }
    }

    @Test
    void theStoreIsPostgresWithByteaPayloadsAndItsOwnGlobalIndexSequence() {
        JdbcTemplate jdbc = nodeA.getBean(JdbcTemplate.class);
        assertThat(jdbc.queryForObject("select version()", String.class)).startsWith("PostgreSQL");
        for (String[] c :
                new String[][] {
                    {"domain_event_entry", "payload"},
                    {"token_entry", "token"},
                    {"scheduled_tasks", "task_data"}
                }) {
            assertThat(
                            jdbc.queryForObject(
                                    "select data_type from information_schema.columns where table_name = ? "
                                            + "and column_name = ?",
                                    String.class,
                                    c[0],
                                    c[1]))
                    .as(c[0] + "." + c[1])
                    .isEqualTo("bytea");
        }
        assertThat(jdbc.queryForObject("select count(*) from pg_largeobject_metadata", Long.class))
                .as("no large objects")
                .isZero();
        assertThat(nodeA.getBean("matchCache")).isInstanceOf(StoreCheckedCache.class);
    }

    @Test
    void clientsHammeringTheSameMatchesThroughBothNodesLeaveEveryMatchWhole() throws Exception {
        Bot bot = new Bot(a);
        List<Api> nodes = List.of(a, b);
        int matches = 4;
        List<String[]> started = new ArrayList<>();
        for (int i = 0; i < matches; i++) {
            Api via = nodes.get(i % 2);
            String id = via.createMatch();
            JsonNode decks = via.starterDecks();
            String ta =
                    nodes.get((i + 1) % 2)
                            .post(
                                    "/api/matches/" + id + "/seats",
                                    via.seatBody("Ada", decks.get(0)),
                                    null)
                            .body()
                            .get("playerToken")
                            .asText();
            String tb =
                    via.post(
                                    "/api/matches/" + id + "/seats",
                                    via.seatBody("Bo", decks.get(1)),
                                    null)
                            .body()
                            .get("playerToken")
                            .asText();
            started.add(new String[] {id, ta, tb});
        }

        Map<Integer, Integer> statuses = new ConcurrentHashMap<>();
        Map<String, Integer> codes = new ConcurrentHashMap<>();
        List<JsonNode> accepted = Collections.synchronizedList(new ArrayList<>());
        Map<String, String> acceptedIntent =
                new ConcurrentHashMap<>(); // response body → the intent id it answered
        ExecutorService pool = Executors.newFixedThreadPool(matches * 2 + 4);
        List<CompletableFuture<?>> players = new ArrayList<>();
        long started0 = System.nanoTime();
        long deadline = started0 + TimeUnit.SECONDS.toNanos(60);
        for (int i = 0; i < matches; i++) {
            String[] m = started.get(i);
            for (String seat : List.of("A", "B")) {
                Random rnd = new Random(i * 10L + seat.charAt(0));
                String token = seat.equals("A") ? m[1] : m[2];
                players.add(
                        CompletableFuture.runAsync(
                                () -> {
                                    int sent = 0;
                                    while (sent < 30 && System.nanoTime() < deadline) {
                                        Api via = nodes.get(rnd.nextInt(2));
                                        JsonNode mine =
                                                via.get("/api/matches/" + m[0] + "/view", token)
                                                        .body();
                                        String actor = Api.actor(mine);
                                        if (actor == null) {
                                            return;
                                        }
                                        if (!actor.equals(seat)) {
                                            pause(20); // the other seat's move; look again soon
                                            continue;
                                        }
                                        // one intent, or two different ones at the same moment, one
                                        // to each node
                                        List<ObjectNode> intents =
                                                new ArrayList<>(
                                                        List.of(bot.intent(mine, seat, rnd)));
                                        if (rnd.nextInt(3) == 0) {
                                            intents.add(
                                                    rnd.nextBoolean()
                                                            ? Api.intent("END_TURN")
                                                            : bot.intent(mine, seat, rnd));
                                        }
                                        List<CompletableFuture<Res>> sends = new ArrayList<>();
                                        for (int k = 0; k < intents.size(); k++) {
                                            Api node = intents.size() == 2 ? nodes.get(k) : via;
                                            ObjectNode intent = intents.get(k);
                                            sends.add(
                                                    CompletableFuture.supplyAsync(
                                                            () ->
                                                                    node.post(
                                                                            "/api/matches/"
                                                                                    + m[0]
                                                                                    + "/intents",
                                                                            intent,
                                                                            token),
                                                            pool));
                                        }
                                        for (int k = 0; k < sends.size(); k++) {
                                            Res r = sends.get(k).join();
                                            statuses.merge(r.status(), 1, Integer::sum);
                                            if (r.error() != null) {
                                                codes.merge(
                                                        r.status() + " " + r.error(),
                                                        1,
                                                        Integer::sum);
                                            }
                                            if (r.status() == 200) {
                                                accepted.add(r.body());
                                                acceptedIntent.put(
                                                        r.raw(),
                                                        intents.get(k).get("intentId").asText());
                                            }
                                        }
                                        sent += intents.size();
                                    }
                                },
                                pool));
            }
        }
        CompletableFuture.allOf(players.toArray(CompletableFuture[]::new)).get(5, TimeUnit.MINUTES);
        pool.shutdown();
        System.out.printf(
                "two nodes, %d matches, %d ms: statuses %s, refusals %s, stale cache hits dropped: node A %d, node B %d%n",
                matches,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started0),
                new TreeMap<>(statuses),
                new TreeMap<>(codes),
                ((StoreCheckedCache) nodeA.getBean("matchCache")).staleEvictions(),
                ((StoreCheckedCache) nodeB.getBean("matchCache")).staleEvictions());

        assertThat(statuses.keySet()).as("never a 5xx: %s", codes).allMatch(s -> s < 500);
        assertThat(statuses.getOrDefault(200, 0)).isGreaterThan(matches * 5);
        assertThat(
                        ((StoreCheckedCache) nodeA.getBean("matchCache")).staleEvictions()
                                + ((StoreCheckedCache) nodeB.getBean("matchCache"))
                                        .staleEvictions())
                .as("the nodes did see each other's writes in their caches")
                .isPositive();

        JdbcTemplate jdbc = nodeA.getBean(JdbcTemplate.class);
        Map<String, Map<Long, String>> stored = new HashMap<>();
        Set<String> storedIntentIds = new HashSet<>();
        for (String[] m : started) {
            List<Map<String, Object>> rows =
                    jdbc.queryForList(
                            "select sequence_number, payload_type, payload "
                                    + "from domain_event_entry where aggregate_identifier = ? order by sequence_number",
                            m[0]);
            Map<Long, String> types = new TreeMap<>();
            for (int i = 0; i < rows.size(); i++) {
                long seq = ((Number) rows.get(i).get("sequence_number")).longValue();
                assertThat(seq).as("match %s: gap-free and duplicate-free", m[0]).isEqualTo(i);
                String type = rows.get(i).get("payload_type").toString();
                types.put(
                        seq,
                        type.substring(Math.max(type.lastIndexOf('.'), type.lastIndexOf('$')) + 1));
                if (type.endsWith("IntentAccepted")) {
                    JsonNode p =
                            Api.JSON.readTree(
                                    new String(
                                            (byte[]) rows.get(i).get("payload"),
                                            StandardCharsets.UTF_8));
                    assertThat(storedIntentIds.add(p.get("intentId").asText()))
                            .as("an intent is accepted once")
                            .isTrue();
                }
            }
            stored.put(m[0], types);
        }
        for (JsonNode ok : accepted) { // every 200's events are in the store, as answered
            JsonNode events = ok.get("events");
            String matchId = null;
            for (String[] m : started) {
                if (stored.get(m[0]).size() > ok.get("version").asLong()
                        && events.size() > 0
                        && "IntentAccepted"
                                .equals(stored.get(m[0]).get(events.get(0).get("seq").asLong()))) {
                    matchId = m[0];
                }
            }
            assertThat(events.get(0).get("type").asText()).isEqualTo("IntentAccepted");
            String intentId = events.get(0).at("/payload/intentId").asText();
            assertThat(storedIntentIds).contains(intentId);
            assertThat(matchId).isNotNull();
            for (JsonNode e : events) {
                boolean found =
                        stored.values().stream()
                                .anyMatch(
                                        t ->
                                                e.get("type")
                                                        .asText()
                                                        .equals(t.get(e.get("seq").asLong())));
                assertThat(found).as("event %s of a 200 answer is stored", e).isTrue();
            }
        }
        assertThat(acceptedIntent.values()).allMatch(storedIntentIds::contains);

        // both nodes answer the same for every match, to spectators and to each seat
        for (String[] m : started) {
            for (String path : List.of("/view", "/events")) {
                for (String token : new String[] {null, m[1], m[2]}) {
                    JsonNode fromA = a.get("/api/matches/" + m[0] + path, token).body();
                    JsonNode fromB = b.get("/api/matches/" + m[0] + path, token).body();
                    assertThat(fromB).as("%s%s", m[0], path).isEqualTo(fromA);
                }
            }
        }

        // every match ends (conceded through one node) and its record audits clean through the
        // other: the hash
        // chain, the seeds and the re-simulation hold across writes from two nodes
        for (int i = 0; i < started.size(); i++) {
            String[] m = started.get(i);
            Res conceded =
                    nodes.get(i % 2)
                            .post("/api/matches/" + m[0] + "/intents", Api.intent("CONCEDE"), m[1]);
            assertThat(conceded.status()).as(conceded.raw()).isIn(200, 409);
            Res audit = nodes.get((i + 1) % 2).get("/api/matches/" + m[0] + "/audit", null);
            assertThat(audit.body().get("passed").asBoolean()).as(audit.raw()).isTrue();
            Map<Long, String> types = stored.get(m[0]);
            List<Map<String, Object>> rows =
                    jdbc.queryForList(
                            "select sequence_number, payload_type from domain_event_entry "
                                    + "where aggregate_identifier = ? and sequence_number >= ? order by sequence_number",
                            m[0],
                            (long) types.size());
            for (Map<String, Object> row : rows) {
                String type = row.get("payload_type").toString();
                types.put(
                        ((Number) row.get("sequence_number")).longValue(),
                        type.substring(Math.max(type.lastIndexOf('.'), type.lastIndexOf('$')) + 1));
            }
        }

        // both nodes published, each from the segments it claimed, and the topic holds every event
        // in order
        JdbcTemplate tokens = nodeA.getBean(JdbcTemplate.class);
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(
                        () ->
                                assertThat(
                                                tokens.queryForList(
                                                        "select distinct owner from token_entry where processor_name = ?",
                                                        String.class,
                                                        PublicEventPublisher.GROUP))
                                        .containsExactlyInAnyOrder("node-a", "node-b"));
        try (TopicReader reader = new TopicReader(broker.servers(), "voidexa.match-events")) {
            List<Message> all =
                    reader.readUntil(
                            read ->
                                    started.stream()
                                            .allMatch(
                                                    m ->
                                                            read.stream()
                                                                            .filter(
                                                                                    x ->
                                                                                            x.key()
                                                                                                    .equals(
                                                                                                            m[
                                                                                                                    0]))
                                                                            .map(Message::id)
                                                                            .distinct()
                                                                            .count()
                                                                    == stored.get(m[0]).size()),
                            Duration.ofSeconds(120));
            for (String[] m : started) {
                List<Message> firsts =
                        PublicStreamTest.distinctInOrder(
                                all.stream().filter(x -> x.key().equals(m[0])).toList());
                assertThat(firsts)
                        .extracting(Message::seq)
                        .containsExactlyElementsOf(stored.get(m[0]).keySet());
                assertThat(firsts)
                        .extracting(Message::type)
                        .containsExactlyElementsOf(stored.get(m[0]).values());
            }
        }
    }

    /**
     * A node's cached match may be behind the store when the other node wrote last: the node must
     * answer from the store's state (here: 200, not STALE_VERSION or NOT_YOUR_TURN from its old
     * copy).
     */
    @Test
    void aNodeDecidesOnTheStoresStateNotOnItsStaleCache() {
        String[] m = a.startedMatch();
        String first =
                a.get("/api/matches/" + m[0] + "/view", null).body().get("activeSeat").asText();
        String tFirst = first.equals("A") ? m[1] : m[2];
        String tSecond = first.equals("A") ? m[2] : m[1];
        assertThat(
                        a.post("/api/matches/" + m[0] + "/intents", Api.intent("END_TURN"), tFirst)
                                .status())
                .isEqualTo(200);
        // node A now holds the match in its cache; node B moves it on
        Res second = b.post("/api/matches/" + m[0] + "/intents", Api.intent("END_TURN"), tSecond);
        assertThat(second.status()).as(second.raw()).isEqualTo(200);
        ObjectNode again = Api.intent("END_TURN");
        again.put("expectedVersion", second.body().get("version").asLong());
        Res third = a.post("/api/matches/" + m[0] + "/intents", again, tFirst);
        assertThat(third.status()).as(third.raw()).isEqualTo(200);
    }

    /**
     * Issue 20 item 4 on PostgreSQL with two nodes: accounts and player tokens live in the shared
     * database, so a name registered on one node is taken on the other, a token from one node seats
     * its player on the other, and a log-out on one node holds on both.
     */
    @Test
    void aPlayerTokenWorksOnEveryNodeAndALogOutHoldsOnEvery() {
        String name = "Node" + java.util.UUID.randomUUID().toString().substring(0, 6);
        java.util.Map<String, String> credentials =
                java.util.Map.of("name", name, "password", Api.PASSWORD);
        Res registered = a.post("/api/players", credentials, null);
        assertThat(registered.status()).as(registered.raw()).isEqualTo(201);
        Res taken =
                b.post(
                        "/api/players",
                        java.util.Map.of("name", name.toUpperCase(), "password", Api.PASSWORD),
                        null);
        assertThat(taken.status()).as(taken.raw()).isEqualTo(409);
        assertThat(taken.error()).isEqualTo("NAME_TAKEN");

        Res login = a.post("/api/sessions", credentials, null);
        assertThat(login.status()).as(login.raw()).isEqualTo(201);
        String token = login.body().get("playerToken").asText();
        Res me = b.get("/api/sessions/me", token);
        assertThat(me.status()).as(me.raw()).isEqualTo(200);
        assertThat(me.body().get("accountId").asText())
                .isEqualTo(registered.body().get("accountId").asText());
        String match = b.createMatch();
        b.takeSeatAs(match, token, 0);
        org.awaitility.Awaitility.await()
                .atMost(Duration.ofSeconds(30))
                .untilAsserted(
                        () ->
                                assertThat(
                                                a.get("/api/matches/" + match + "/view", null)
                                                        .body()
                                                        .at("/seats/A/name")
                                                        .asText())
                                        .isEqualTo(name));

        assertThat(b.delete("/api/sessions/me", token).status()).isEqualTo(204);
        assertThat(a.get("/api/sessions/me", token).status())
                .as("revoked on the other node too")
                .isEqualTo(401);
        Res refused =
                a.post(
                        "/api/matches/" + a.createMatch() + "/seats",
                        a.seatBody("Guest", a.starterDecks().get(0)),
                        null,
                        java.util.Map.of("X-Player-Token", token));
        assertThat(refused.status()).as(refused.raw()).isEqualTo(401);
        assertThat(refused.error()).isEqualTo("INVALID_PLAYER_TOKEN");
    }

    /**
     * D-CLOCK-1 on PostgreSQL with two nodes: the deadline is stored once and fires once, on either
     * node.
     */
    @Test
    void aTurnClockFiresOnceAcrossTwoNodes() throws Exception {
        Res created =
                a.post(
                        "/api/matches",
                        java.util.Map.of("options", java.util.Map.of("turnClockSeconds", 5)),
                        null);
        assertThat(created.status()).as(created.raw()).isEqualTo(201);
        String id = created.body().get("matchId").asText();
        JsonNode decks = a.starterDecks();
        a.post("/api/matches/" + id + "/seats", a.seatBody("Ada", decks.get(0)), null);
        b.post("/api/matches/" + id + "/seats", b.seatBody("Bo", decks.get(1)), null);
        await().atMost(Duration.ofSeconds(40)).until(() -> timeouts(id, 1) >= 1);
        Thread.sleep(2_000); // both schedulers poll every 200 ms: a second firing would show by now
        assertThat(timeouts(id, 1)).as("turn 1 timed out exactly once").isEqualTo(1);
        assertThat(b.get("/api/matches/" + id + "/view", null).body().get("turn").asInt())
                .isGreaterThan(1);
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static int timeouts(String id, int turn) {
        int n = 0;
        for (JsonNode e : b.get("/api/matches/" + id + "/events", null).body().get("events")) {
            if (e.get("type").asText().equals("TurnTimedOut")
                    && e.at("/payload/turn").asInt() == turn) {
                n++;
            }
        }
        return n;
    }
}
