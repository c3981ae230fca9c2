package io.duelhall.infra.harden;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.infra.DuelhallApplication;
import io.duelhall.infra.http.Api;
import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Issue 20, finding 6: a {@code null} card in a deck was a 500 with a stack trace. Generated bodies
 * for every endpoint that takes one (create a match, take a seat, send an intent, audit a record):
 * each field absent, null, of another JSON type, a list with nulls, a string with control and bidi
 * characters, huge numbers, unknown fields — mixed with valid values so that the checks past the
 * first one are reached too. No body may get a 5xx; every refusal is the JSON error shape; a
 * refused intent changes nothing. The app runs whole on a random port (jqwik has no Spring
 * extension: it is started here), with the rate limits lifted so every body reaches the checks.
 */
class BodyPropertyTest {
    static ConfigurableApplicationContext app;
    static Api api;
    static JsonNode decks;
    static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeContainer
    static void start() {
        Path dir = Path.of("target", "harden", "bodies-" + UUID.randomUUID()).toAbsolutePath();
        app =
                new SpringApplicationBuilder(DuelhallApplication.class)
                        .run(
                                "--server.port=0",
                                "--duelhall.data-dir=" + dir,
                                "--duelhall.limits.intents-per-token-per-second=100000",
                                "--duelhall.limits.intents-per-token-burst=100000",
                                "--duelhall.limits.intents-per-address-per-second=100000",
                                "--duelhall.limits.intents-per-address-burst=100000",
                                "--duelhall.limits.creates-per-address-per-minute=100000",
                                "--duelhall.limits.seats-per-address-per-minute=100000",
                                "--duelhall.limits.audits-per-address-per-minute=100000",
                                "--duelhall.limits.logins-per-address-per-minute=100000",
                                "--" + io.duelhall.infra.AppTest.PASSWORD_COST_PROPERTY);
        api = new Api(((WebServerApplicationContext) app).getWebServer().getPort());
        decks = api.starterDecks();
    }

    @AfterContainer
    static void stop() {
        if (app != null) {
            app.close();
        }
    }

    @Property(tries = 400)
    void noSeatBodyGetsA5xx(@ForAll("seatBodies") Object body) throws Exception {
        String id = api.createMatch();
        answerIsAClientError("/api/matches/" + id + "/seats", body, null);
    }

    @Property(tries = 400)
    void noIntentBodyGetsA5xxNorChangesTheMatchWhenRefused(@ForAll("intentBodies") Object body)
            throws Exception {
        String[] m = live();
        long before = version(m[0]);
        int status = answerIsAClientError("/api/matches/" + m[0] + "/intents", body, m[1]);
        if (status != 200) {
            assertThat(version(m[0])).as("a refused intent changes nothing").isEqualTo(before);
        }
    }

    /** Issue 40: a queue ticket's body, its seat request generated as a seat's, never a 5xx. */
    @Property(tries = 300)
    void noTicketBodyGetsA5xx(@ForAll("ticketBodies") Object body) throws Exception {
        answerIsAClientError("/api/queues/voidexa/tickets", body, null);
    }

    @Provide
    Arbitrary<Object> ticketBodies() {
        return Combinators.combine(
                        field(Arbitraries.integers().between(-1, 8).map(x -> (Object) x)),
                        field(Arbitraries.of(false, true).map(x -> (Object) x)),
                        field(seatBodies()),
                        field(Arbitraries.of(NASTY).map(x -> (Object) x)))
                .as(
                        (seats, rated, seat, seed) ->
                                (Object)
                                        object(
                                                "seats",
                                                seats,
                                                "rated",
                                                rated,
                                                "seat",
                                                seat,
                                                "clientSeed",
                                                seed));
    }

    @Property(tries = 300)
    void noCreateBodyGetsA5xx(@ForAll("createBodies") Object body) throws Exception {
        answerIsAClientError("/api/matches", body, null);
    }

    @Property(tries = 100)
    void noAuditUploadGetsA5xx(@ForAll("values") Object body) throws Exception {
        answerIsAClientError("/api/audit", body, null);
    }

    /**
     * Issue 45, findings 2 and 7, for every endpoint that takes a body: a valid body with one of
     * its keys given twice (the second with any value), or with a number written as a string or a
     * fraction, is 400 and changes nothing.
     */
    @Property(tries = 150)
    void aDuplicatedKeyIsRefusedEverywhere(
            @ForAll("endpoints") String endpoint,
            @ForAll("keyIndexes") int keyIndex,
            @ForAll("values") Object other)
            throws Exception {
        String[] m = live();
        long before = version(m[0]);
        Map<String, Object> body = validBody(endpoint);
        List<String> keys = new ArrayList<>(body.keySet());
        String key = keys.get(keyIndex % keys.size());
        String json = Api.JSON.writeValueAsString(body);
        String twice =
                json.substring(0, json.length() - 1)
                        + ","
                        + Api.JSON.writeValueAsString(key)
                        + ":"
                        + Api.JSON.writeValueAsString(other)
                        + "}";
        int status = answerIsAClientError(path(endpoint, m), "RAW:" + twice, token(endpoint, m));
        assertThat(status).as("%s %s", endpoint, twice).isEqualTo(400);
        assertThat(version(m[0])).as("a refused body changes nothing").isEqualTo(before);
    }

    @Property(tries = 60)
    void numbersAreNeverCoerced(@ForAll("coercions") String written) throws Exception {
        String[] m = live();
        long before = version(m[0]);
        String intent =
                "{\"intentId\":\"c-"
                        + UUID.randomUUID()
                        + "\",\"type\":\"CONCEDE\",\"expectedVersion\":"
                        + written.replace("V", Long.toString(before))
                        + "}";
        int status =
                answerIsAClientError("/api/matches/" + m[0] + "/intents", "RAW:" + intent, m[1]);
        assertThat(status).as(intent).isEqualTo(400);
        String create =
                "{\"options\":{\"spectatorDelaySeconds\":" + written.replace("V", "1") + "}}";
        assertThat(answerIsAClientError("/api/matches", "RAW:" + create, null))
                .as(create)
                .isEqualTo(400);
        assertThat(version(m[0])).isEqualTo(before);
    }

    /**
     * Issue 45, finding 1, for every endpoint the OpenAPI document lists (every method, the path's
     * variables filled with a live match's id): another spelling of its path (a path parameter, an
     * encoded {@code ;}, a dot segment, {@code //}, an encoded slash, dot, backslash or percent, a
     * control character) sent as written on a raw socket is refused with the JSON error shape and
     * never served. The rate limits read the path the application routes, so a spelling that is
     * served would meet the plain path's limits (LimitsHttpTest); these are not served at all.
     */
    @Property(tries = 200)
    void noOtherSpellingOfAnyEndpointIsServed(
            @ForAll("operations") String operation,
            @ForAll("segmentIndexes") int segment,
            @ForAll("spellings") String spelling)
            throws Exception {
        String[] m = live();
        long before = version(m[0]);
        String method = operation.substring(0, operation.indexOf(' '));
        String[] parts = operation.substring(operation.indexOf(' ') + 1).split("/");
        for (int i = 0; i < parts.length; i++) {
            parts[i] = parts[i].matches("\\{.+}") ? m[0] : parts[i];
        }
        int at = 1 + segment % (parts.length - 1); // a segment after the leading empty one
        parts[at] = spelling.replace("S", parts[at]);
        String path = String.join("/", parts);
        io.duelhall.infra.http.RawHttp.Answer a =
                io.duelhall.infra.http.RawHttp.send(
                        URI.create(api.base()).getPort(),
                        "127.0.0.1",
                        method,
                        path,
                        "POST".equals(method) ? "{}" : null);
        assertThat(a.status()).as("%s %s → %s", method, path, a.body()).isEqualTo(400);
        if (!"HEAD".equals(method)) { // a HEAD answer has no body
            assertThat(a.body()).as("%s %s", method, path).contains("\"error\"");
        }
        assertThat(version(m[0])).isEqualTo(before);
    }

    /** Every operation of the OpenAPI document, as {@code "METHOD /path/{var}"}. */
    @Provide
    Arbitrary<String> operations() {
        List<String> ops = new ArrayList<>();
        JsonNode paths = api.get("/v3/api-docs", null).body().get("paths");
        paths.properties()
                .forEach(
                        p ->
                                p.getValue()
                                        .properties()
                                        .forEach(
                                                op ->
                                                        ops.add(
                                                                op.getKey()
                                                                                .toUpperCase(
                                                                                        java.util
                                                                                                .Locale
                                                                                                .ROOT)
                                                                        + " "
                                                                        + p.getKey())));
        assertThat(ops).as("the OpenAPI document lists the API").hasSizeGreaterThan(30);
        return Arbitraries.of(ops);
    }

    @Provide
    Arbitrary<Integer> segmentIndexes() {
        return Arbitraries.integers().between(0, 8);
    }

    /** Other spellings of segment S. */
    @Provide
    Arbitrary<String> spellings() {
        return Arbitraries.of(
                "S;x=1", "S;", "S%3Bx=1", "S%3b", "./S", "S/.", "x/../S", "/S", "S%2F", "S%2f",
                "%2E/S", "S%5C", "S%25", "S%00", "S%0A", "S%0d%0a");
    }

    @Provide
    Arbitrary<String> endpoints() {
        return Arbitraries.of("create", "seat", "intent", "login", "register", "ticket");
    }

    @Provide
    Arbitrary<Integer> keyIndexes() {
        return Arbitraries.integers().between(0, 10);
    }

    @Provide
    Arbitrary<String> coercions() {
        return Arbitraries.of("\"V\"", "V.5", "V.0", "true", "\"\"", "[V]", "{\"v\":V}", "\" V\"");
    }

    static Map<String, Object> validBody(String endpoint) {
        Map<String, Object> body = new LinkedHashMap<>();
        switch (endpoint) {
            case "create" -> {
                body.put("ruleset", "voidexa");
                body.put("options", Map.of("spectatorDelaySeconds", 0));
            }
            case "seat" -> {
                JsonNode seat = api.seatBody("Twice", decks.get(0));
                seat.fieldNames().forEachRemaining(f -> body.put(f, seat.get(f)));
            }
            case "intent" -> {
                body.put("intentId", "twice-" + UUID.randomUUID());
                body.put("type", "CONCEDE");
            }
            case "ticket" -> {
                body.put("seats", 2);
                body.put("rated", false);
                body.put("seat", api.seatBody("Twice", decks.get(1)));
            }
            default -> {
                body.put("name", "Twice" + UUID.randomUUID().toString().substring(0, 6));
                body.put("password", Api.PASSWORD);
            }
        }
        return body;
    }

    static String path(String endpoint, String[] m) {
        return switch (endpoint) {
            case "create" -> "/api/matches";
            case "seat" -> "/api/matches/" + api.createMatch() + "/seats";
            case "intent" -> "/api/matches/" + m[0] + "/intents";
            case "login" -> "/api/sessions";
            case "ticket" -> "/api/queues/voidexa/tickets";
            default -> "/api/players";
        };
    }

    static String token(String endpoint, String[] m) {
        return endpoint.equals("intent") ? m[1] : null;
    }

    // ---- the requests ----

    static String[] current;

    /** A live match to send intents to (a new one once a generated body ended it). */
    static String[] live() {
        if (current == null
                || !"LIVE"
                        .equals(
                                api.get("/api/matches/" + current[0] + "/view", null)
                                        .body()
                                        .get("status")
                                        .asText())) {
            current = api.startedMatch();
        }
        return current;
    }

    static long version(String id) {
        return api.get("/api/matches/" + id + "/view", null).body().get("version").asLong();
    }

    static int answerIsAClientError(String path, Object body, String token) throws Exception {
        String json =
                body instanceof String s && s.startsWith("RAW:")
                        ? s.substring(4)
                        : Api.JSON.writeValueAsString(body);
        HttpRequest.Builder b =
                HttpRequest.newBuilder(URI.create(api.base() + path))
                        .timeout(Duration.ofSeconds(30))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(json));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as("%s %s -> %s", path, json, r.body()).isLessThan(500);
        if (r.statusCode() >= 400) {
            JsonNode error = Api.JSON.readTree(r.body());
            assertThat(error.path("error").asText()).as(r.body()).matches("[A-Z_]+");
            assertThat(error.has("message")).as(r.body()).isTrue();
        }
        return r.statusCode();
    }

    // ---- the generators ----

    static final List<String> NASTY =
            List.of(
                    "",
                    " ",
                    "\u0000",
                    "A\u0000B",
                    "\u202Eevil",
                    "line\nbreak",
                    "tab\there",
                    "\u200B",
                    "x".repeat(41),
                    "x".repeat(5000),
                    "\uFEFF",
                    "%0A",
                    "${jndi:x}",
                    "<script>",
                    "null",
                    "A",
                    "B",
                    "Z",
                    "SHIP",
                    "REACTOR",
                    "PLAY_CARD",
                    "pulse-tap",
                    "gunner",
                    "voidexa",
                    "greedy",
                    "\uD800");

    @Provide
    Arbitrary<Object> values() {
        return value(3);
    }

    static Arbitrary<Object> value(int depth) {
        List<Arbitrary<?>> leaves =
                List.of(
                        Arbitraries.just(null),
                        Arbitraries.of(true, false),
                        Arbitraries.integers(),
                        Arbitraries.longs(),
                        Arbitraries.of(
                                new BigInteger("1" + "0".repeat(30)),
                                BigInteger.valueOf(-1),
                                BigInteger.ZERO),
                        Arbitraries.doubles(),
                        Arbitraries.of(NASTY),
                        Arbitraries.strings().ofMaxLength(60));
        Arbitrary<Object> leaf =
                Arbitraries.oneOf(leaves.stream().map(a -> a.map(x -> (Object) x)).toList());
        if (depth == 0) {
            return leaf;
        }
        Arbitrary<Object> list =
                value(depth - 1).list().ofMaxSize(5).map(l -> (Object) new ArrayList<>(l));
        Arbitrary<Object> map =
                Combinators.combine(
                                Arbitraries.of("name", "deck", "cards", "type", "x", "options"),
                                value(depth - 1))
                        .as(
                                (k, v) -> {
                                    Map<String, Object> m = new HashMap<>();
                                    m.put(k, v);
                                    return (Object) m;
                                });
        return Arbitraries.frequencyOf(Tuple(6, leaf), Tuple(2, list), Tuple(2, map));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static net.jqwik.api.Tuple.Tuple2<Integer, Arbitrary<?>> Tuple(int weight, Arbitrary<?> a) {
        return net.jqwik.api.Tuple.of(weight, a);
    }

    /** A field's value: mostly a valid one, else anything (absent is {@link #ABSENT}). */
    static Arbitrary<Object> field(Arbitrary<Object> valid) {
        return Arbitraries.frequencyOf(
                Tuple(5, valid), Tuple(3, value(2)), Tuple(1, Arbitraries.just(ABSENT)));
    }

    static final Object ABSENT = new Object();

    static Map<String, Object> object(Object... keysAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            if (keysAndValues[i + 1] != ABSENT) {
                m.put((String) keysAndValues[i], keysAndValues[i + 1]);
            }
        }
        return m;
    }

    @Provide
    Arbitrary<Object> seatBodies() {
        Arbitrary<Object> cards =
                Arbitraries.integers()
                        .between(0, 1)
                        .flatMap(
                                d -> {
                                    List<String> starter = new ArrayList<>();
                                    decks.get(d).get("cards").forEach(c -> starter.add(c.asText()));
                                    // the starter deck with some entries replaced by anything
                                    // (null, numbers, nasty strings, lists)
                                    return Combinators.combine(
                                                    Arbitraries.integers()
                                                            .between(0, 59)
                                                            .list()
                                                            .ofMaxSize(3),
                                                    value(1).list().ofSize(3))
                                            .as(
                                                    (at, with) -> {
                                                        List<Object> deck =
                                                                new ArrayList<>(starter);
                                                        for (int i = 0; i < at.size(); i++) {
                                                            deck.set(at.get(i), with.get(i));
                                                        }
                                                        return (Object) deck;
                                                    });
                                });
        Arbitrary<Object> deck =
                Combinators.combine(
                                field(
                                        Arbitraries.of("hive-core", "bastion-core")
                                                .map(x -> (Object) x)),
                                field(cards))
                        .as((core, list) -> (Object) object("shipCore", core, "cards", list));
        Arbitrary<Object> body =
                Combinators.combine(
                                field(Arbitraries.of("Ada", "Bo", "Nyx").map(x -> (Object) x)),
                                field(Arbitraries.of("gunner", "engineer").map(x -> (Object) x)),
                                field(deck),
                                field(Arbitraries.of("seed-1", "").map(x -> (Object) x)))
                        .as(
                                (name, pilot, d, seed) ->
                                        (Object)
                                                object(
                                                        "name",
                                                        name,
                                                        "pilotClass",
                                                        pilot,
                                                        "deck",
                                                        d,
                                                        "clientSeed",
                                                        seed));
        return Arbitraries.frequencyOf(Tuple(9, body), Tuple(1, value(2)));
    }

    @Provide
    Arbitrary<Object> intentBodies() {
        Arbitrary<Object> target =
                Combinators.combine(
                                field(
                                        Arbitraries.of("SHIP", "SUBSYSTEM", "DRONE", "CARD")
                                                .map(x -> (Object) x)),
                                field(Arbitraries.of("A", "B").map(x -> (Object) x)),
                                field(Arbitraries.of("REACTOR", "HULL").map(x -> (Object) x)),
                                field(Arbitraries.of("c1", "c2").map(x -> (Object) x)))
                        .as(
                                (k, s, sub, id) ->
                                        (Object)
                                                object(
                                                        "kind",
                                                        k,
                                                        "seat",
                                                        s,
                                                        "subsystem",
                                                        sub,
                                                        "id",
                                                        id));
        Arbitrary<Object> targets =
                Arbitraries.oneOf(
                        target.list().ofMaxSize(3).map(l -> (Object) new ArrayList<>(l)), value(1));
        Arbitrary<Object> type =
                Arbitraries.of(
                                "PLAY_CARD",
                                "ACTIVATE",
                                "END_TURN",
                                "DISCARD_DOWN",
                                "PASS",
                                "TIMEOUT")
                        .map(x -> (Object) x);
        Arbitrary<Object> body =
                Combinators.combine(
                                field(
                                        Arbitraries.create(
                                                () -> (Object) UUID.randomUUID().toString())),
                                field(type),
                                field(Arbitraries.of("c1", "x").map(x -> (Object) x)),
                                field(Arbitraries.integers().between(0, 3).map(x -> (Object) x)),
                                field(targets),
                                field(
                                        value(1).list()
                                                .ofMaxSize(3)
                                                .map(l -> (Object) new ArrayList<>(l))),
                                field(Arbitraries.longs().between(-2, 100).map(x -> (Object) x)))
                        .as(
                                (id, t, card, ability, ts, cs, ev) ->
                                        (Object)
                                                object(
                                                        "intentId",
                                                        id,
                                                        "type",
                                                        t,
                                                        "card",
                                                        card,
                                                        "ability",
                                                        ability,
                                                        "targets",
                                                        ts,
                                                        "cards",
                                                        cs,
                                                        "expectedVersion",
                                                        ev));
        return Arbitraries.frequencyOf(Tuple(9, body), Tuple(1, value(2)));
    }

    @Provide
    Arbitrary<Object> createBodies() {
        Arbitrary<Object> options =
                Combinators.combine(
                                field(
                                        Arbitraries.integers()
                                                .between(-5, 1000)
                                                .map(x -> (Object) x)),
                                field(
                                        Arbitraries.integers()
                                                .between(-5, 1000)
                                                .map(x -> (Object) x)),
                                field(
                                        Arbitraries.integers()
                                                .between(-5, 1000)
                                                .map(x -> (Object) x)),
                                field(Arbitraries.integers().between(-1, 8).map(x -> (Object) x)))
                        .as(
                                (d, t, r, s) ->
                                        (Object)
                                                object(
                                                        "spectatorDelaySeconds",
                                                        d,
                                                        "turnClockSeconds",
                                                        t,
                                                        "responseSeconds",
                                                        r,
                                                        "seats",
                                                        s));
        Arbitrary<Object> ai =
                Combinators.combine(
                                Arbitraries.of(NASTY),
                                field(Arbitraries.of("greedy", "random").map(x -> (Object) x)))
                        .as(
                                (k, v) -> {
                                    Map<String, Object> m = new HashMap<>();
                                    if (v != ABSENT) {
                                        m.put(k, v);
                                    }
                                    return (Object) m;
                                });
        Arbitrary<Object> body =
                Combinators.combine(
                                field(Arbitraries.of("voidexa").map(x -> (Object) x)),
                                field(options),
                                field(ai))
                        .as((r, o, a) -> (Object) object("ruleset", r, "options", o, "ai", a));
        return Arbitraries.frequencyOf(Tuple(9, body), Tuple(1, value(2)));
    }

    static List<Object> list(Object... xs) {
        return new ArrayList<>(Arrays.asList(xs));
    }
}
