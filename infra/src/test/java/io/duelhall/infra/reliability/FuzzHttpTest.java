package io.duelhall.infra.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.infra.AppTest;
import io.duelhall.infra.http.Api;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;

/**
 * Fault figure 1 (docs/reliability.md): generated requests to the intent and seat endpoints —
 * malformed JSON, wrong types, huge and negative numbers, unknown fields, unknown and other seats'
 * card ids and targets, wrong and missing tokens, reused intent ids. Counts 5xx answers (goal 0)
 * and refused requests that changed a match (goal 0): the client tracks each match's version from
 * its own 200 answers only, and the server's version must keep agreeing with it.
 *
 * <p>CI sends {@code fuzz.requests} (default 2,000); the recorded figure used 100,000: {@code
 * ./mvnw -o -pl infra -am verify -Dtest=FuzzHttpTest -Dfuzz.requests=100000
 * -Dsurefire.failIfNoSpecifiedTests=false}.
 */
// The intent bucket per address is lifted for the fuzzer (issue 20, finding 6): with it, a fifth of
// the requests
// were 429s that never reached the checks. LimitsHttpTest tests the limits.
// A context of its own (its properties differ): closed after the class, so that no second app runs
// beside the
// shared one for the rest of the suite.
@DirtiesContext
@TestPropertySource(
        properties = {
            "duelhall.limits.intents-per-address-per-second=1000000",
            "duelhall.limits.intents-per-address-burst=1000000"
        })
class FuzzHttpTest extends AppTest {
    @LocalServerPort int port;

    final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    record Match(String id, String tokenA, String tokenB, long[] version) {}

    @Test
    void generatedGarbageNeverGets5xxAndRefusalsChangeNothing() throws Exception {
        int total = Integer.getInteger("fuzz.requests", 2000);
        long seed = Long.getLong("fuzz.seed", 20261122L);
        Random rnd = new Random(seed);
        Api api = new Api(port);
        List<Match> matches = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            String[] m = api.startedMatch();
            long v = api.get("/api/matches/" + m[0] + "/view", null).body().get("version").asLong();
            matches.add(new Match(m[0], m[1], m[2], new long[] {v}));
        }
        String[] waiting = {api.createMatch()};
        JsonNode decks = api.starterDecks();
        Map<Integer, Integer> statuses = new TreeMap<>();
        int serverErrors = 0;
        int changedByRefusal = 0;
        List<String> usedIntentIds = new ArrayList<>();
        for (int n = 0; n < total; n++) {
            Match m = matches.get(rnd.nextInt(matches.size()));
            boolean seat = rnd.nextInt(10) == 0;
            String path =
                    seat
                            ? "/api/matches/"
                                    + (rnd.nextInt(4) != 0 ? waiting[0] : m.id())
                                    + "/seats"
                            : "/api/matches/"
                                    + (rnd.nextInt(20) == 0 ? "no-" + rnd.nextInt() : m.id())
                                    + "/intents";
            String body = seat ? seatBody(rnd, decks) : intentBody(rnd, m, usedIntentIds);
            String token =
                    switch (rnd.nextInt(6)) {
                        case 0 -> null;
                        case 1 -> "forged-" + rnd.nextInt();
                        case 2 -> m.tokenB();
                        default -> m.tokenA();
                    };
            HttpRequest.Builder b =
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                            .timeout(Duration.ofSeconds(30))
                            .header(
                                    "Content-Type",
                                    rnd.nextInt(30) == 0 ? "text/plain" : "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(body));
            if (token != null) {
                b.header("Authorization", rnd.nextInt(15) == 0 ? token : "Bearer " + token);
            }
            HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
            statuses.merge(r.statusCode(), 1, Integer::sum);
            if (r.statusCode() >= 500) {
                serverErrors++;
                System.err.println("5xx for " + path + " " + body + " -> " + r.body());
            }
            if (r.statusCode() == 201 && path.startsWith("/api/matches/" + waiting[0])) {
                waiting[0] = api.createMatch(); // a seat was taken: the next seat bodies go to a
                // match with room again
            }
            if (r.statusCode() == 200 && path.endsWith("/intents")) {
                JsonNode ok = Api.JSON.readTree(r.body());
                m.version()[0] = ok.get("version").asLong();
            }
            if (n % 50 == 49 || n == total - 1) {
                for (Match x : matches) {
                    long actual =
                            api.get("/api/matches/" + x.id() + "/view", null)
                                    .body()
                                    .get("version")
                                    .asLong();
                    if (actual != x.version()[0]) {
                        changedByRefusal++;
                        x.version()[0] = actual;
                    }
                }
            }
        }
        System.out.printf(
                "fuzz: %d requests (seed %d), statuses %s, 5xx %d, refused requests that changed a match %d%n",
                total, seed, statuses, serverErrors, changedByRefusal);
        assertThat(serverErrors).isZero();
        assertThat(changedByRefusal).isZero();
        assertThat(statuses.keySet())
                .as("the fuzz reaches both refusals and acceptances")
                .contains(200, 400, 401);
    }

    static final String[] NASTY = {
        "",
        "\u0000",
        "A\u0000B",
        "\u202Eevil",
        "line\nbreak",
        "\u200B",
        "\uFEFF",
        "%0A",
        "x".repeat(101),
        "hive-core",
        "pulse-tap"
    };

    private static String seatBody(Random rnd, JsonNode decks) {
        ObjectNode b = Api.JSON.createObjectNode();
        switch (rnd.nextInt(8)) {
            case 0 -> {
                return garbage(rnd);
            }
            case 1 -> b.put("name", rnd.nextBoolean() ? "" : "x".repeat(rnd.nextInt(100)));
            case 2 -> {
                b.put("name", "Fuzz");
                b.put("pilotClass", rnd.nextBoolean() ? "gunner" : "wizard");
                ObjectNode d = b.putObject("deck");
                d.put("shipCore", rnd.nextBoolean() ? "hive-core" : "pulse-tap");
                ArrayNode cards = d.putArray("cards");
                for (int i = 0; i < rnd.nextInt(80); i++) {
                    cards.add(rnd.nextBoolean() ? "pulse-tap" : "card-" + rnd.nextInt(9));
                }
            }
            case 3 -> {
                b.put("name", 42);
                b.set("deck", Api.JSON.createArrayNode().add(1));
            }
            case 4 -> {
                b.put("name", "Fuzz");
                b.put("clientSeed", "s".repeat(rnd.nextInt(200)));
                b.put("surprise", true);
            }
            case 5, 6 -> {
                // a starter deck (a legal seat) with a few fields or cards broken: null, numbers,
                // nasty strings
                b =
                        Api.seat(
                                rnd.nextInt(3) == 0 ? NASTY[rnd.nextInt(NASTY.length)] : "Fuzz",
                                decks.get(rnd.nextInt(2)));
                ArrayNode cards = (ArrayNode) b.get("deck").get("cards");
                for (int i = rnd.nextInt(4); i > 0; i--) {
                    int at = rnd.nextInt(cards.size());
                    switch (rnd.nextInt(4)) {
                        case 0 -> cards.set(at, Api.JSON.nullNode());
                        case 1 ->
                                cards.set(at, Api.JSON.getNodeFactory().numberNode(rnd.nextInt()));
                        case 2 ->
                                cards.set(
                                        at,
                                        Api.JSON
                                                .getNodeFactory()
                                                .textNode(NASTY[rnd.nextInt(NASTY.length)]));
                        default -> cards.remove(at);
                    }
                }
                switch (rnd.nextInt(6)) {
                    case 0 -> ((ObjectNode) b.get("deck")).putNull("shipCore");
                    case 1 -> b.putNull("pilotClass");
                    case 2 -> ((ObjectNode) b.get("deck")).putNull("cards");
                    case 3 -> b.put("clientSeed", NASTY[rnd.nextInt(NASTY.length)]);
                    default -> {}
                }
            }
            default -> b.putNull("deck");
        }
        return b.toString();
    }

    private static String intentBody(Random rnd, Match m, List<String> used) {
        if (rnd.nextInt(8) == 0) {
            return garbage(rnd);
        }
        ObjectNode b = Api.JSON.createObjectNode();
        String id =
                !used.isEmpty() && rnd.nextInt(8) == 0
                        ? used.get(rnd.nextInt(used.size()))
                        : UUID.randomUUID().toString();
        used.add(id);
        if (rnd.nextInt(20) != 0) {
            b.put("intentId", rnd.nextInt(30) == 0 ? "" : id);
        }
        String[] types = {
            "PLAY_CARD",
            "ACTIVATE",
            "END_TURN",
            "DISCARD_DOWN",
            "PASS",
            "CONCEDE",
            "TIMEOUT",
            "FLY",
            "end_turn",
            ""
        };
        int t = rnd.nextInt(types.length);
        if (types[t].equals("CONCEDE") && rnd.nextInt(20) != 0) {
            t = 4; // concessions end matches: keep them rare so the fuzz keeps hitting live matches
        }
        if (rnd.nextInt(25) == 0) {
            b.put("type", rnd.nextInt());
        } else {
            b.put("type", types[t]);
        }
        switch (rnd.nextInt(7)) {
            case 0 -> b.put("card", "c" + Integer.toHexString(rnd.nextInt()));
            case 1 -> b.put("card", rnd.nextInt());
            case 2 -> b.put("card", "x".repeat(rnd.nextInt(300)));
            case 3 -> b.putNull("card");
            default -> {}
        }
        if (rnd.nextInt(3) == 0) {
            ArrayNode ts = b.putArray("targets");
            for (int i = 0; i < rnd.nextInt(4); i++) {
                ObjectNode tg = ts.addObject();
                String[] kinds = {"SHIP", "SUBSYSTEM", "DRONE", "CARD", "PLANET", null};
                String[] seats = {"A", "B", "C", "Z", null};
                String k = kinds[rnd.nextInt(kinds.length)];
                String s = seats[rnd.nextInt(seats.length)];
                if (k != null) {
                    tg.put("kind", k);
                }
                if (s != null) {
                    tg.put("seat", s);
                }
                tg.put("subsystem", rnd.nextBoolean() ? "REACTOR" : "WARP_CORE");
                tg.put("id", "c" + Integer.toHexString(rnd.nextInt()));
            }
        }
        if (rnd.nextInt(4) == 0) {
            b.putArray("cards").add("c" + Integer.toHexString(rnd.nextInt())).add(rnd.nextInt());
        }
        switch (rnd.nextInt(8)) {
            case 0 -> b.put("expectedVersion", m.version()[0]);
            case 1 -> b.put("expectedVersion", -rnd.nextInt(1_000_000));
            case 2 -> b.put("expectedVersion", new java.math.BigInteger("1" + "0".repeat(30)));
            case 3 -> b.put("expectedVersion", "soon");
            case 4 -> b.put("ability", (long) rnd.nextInt() << 20);
            case 5 -> b.put("unknownField", rnd.nextDouble());
            default -> {}
        }
        return b.toString();
    }

    private static String garbage(Random rnd) {
        String[] shapes = {
            "",
            "{",
            "}",
            "[]",
            "null",
            "{\"type\":",
            "{\"intentId\":\"x\",\"type\":\"PASS\"",
            "\u0000\u0001",
            "{\"a\":" + "[".repeat(2000) + "}",
            "{\"type\":\"PASS\",\"intentId\":\"\uD800\"}",
            "true",
            "12345678901234567890"
        };
        if (rnd.nextInt(4) == 0) {
            byte[] bytes = new byte[rnd.nextInt(200)];
            rnd.nextBytes(bytes);
            return new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
        }
        return shapes[rnd.nextInt(shapes.length)];
    }
}
