package io.duelhall.fairness.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.duelhall.domain.Intent;
import io.duelhall.domain.IntentAccepted;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.ai.RandomPlayer;
import io.duelhall.domain.voidexa.ai.SelfPlay;
import io.duelhall.domain.voidexa.cards.Catalog;
import io.duelhall.domain.voidexa.cards.CatalogData;
import io.duelhall.domain.voidexa.cards.StarterDeck;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.erdtman.jcs.JsonCanonicalizer;
import org.junit.jupiter.api.Test;

/**
 * {@link CanonicalJson} against the reference RFC 8785 implementation (java-json-canonicalization)
 * byte for byte: on every event of whole self-play matches as the event store writes them, and on
 * random JSON made to hit the corners (escapes, control characters, non-ASCII and surrogate pairs
 * in keys and values, key order by UTF-16 code unit, integers around 2^53 and beyond 64 bits,
 * doubles of every magnitude, exponents, negative zero).
 */
class CanonicalJsonTest {
    /** As the event store's serializer (infra EventStoreJson.newMapper). */
    static final ObjectMapper STORE =
            JsonMapper.builder()
                    .addModule(new JavaTimeModule())
                    .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                    .build();

    static byte[] reference(byte[] json) throws Exception {
        return new JsonCanonicalizer(json).getEncodedUTF8();
    }

    @Test
    void everyEventOfWholeMatchesCanonicalizesAsTheReferenceDoes() throws Exception {
        VoidexaRuleset rules;
        try (InputStream in = VoidexaRuleset.class.getResourceAsStream("catalog.json")) {
            rules =
                    new VoidexaRuleset(
                            new Catalog(new ObjectMapper().readValue(in, CatalogData.class)));
        }
        SelfPlay selfPlay = new SelfPlay(rules);
        List<StarterDeck> decks = rules.catalog().starterDecks();
        Set<String> types = new HashSet<>();
        int events = 0;
        for (int seed = 0; seed < 12; seed++) {
            SelfPlay.Game g =
                    selfPlay.play(
                            seed,
                            new RandomPlayer(rules.catalog(), 3 * seed + 1),
                            new RandomPlayer(rules.catalog(), seed),
                            decks.get(seed % 2),
                            decks.get((seed / 2) % 2));
            for (MatchEvent e : g.events()) {
                check(STORE.writeValueAsBytes(e));
                types.add(e.type());
                events++;
            }
            int n = 0;
            for (Intent i : g.intents()) {
                check(
                        STORE.writeValueAsBytes(
                                new IntentAccepted(
                                        "intent-" + seed + "-" + n++ + "-\u00e9\t\"",
                                        i.seat(),
                                        "fp",
                                        i,
                                        Instant.ofEpochMilli(1_700_000_000_000L + n))));
                events++;
            }
        }
        assertThat(events).isGreaterThan(3_000);
        assertThat(types.size()).isGreaterThan(15);
    }

    @Test
    void randomJsonCanonicalizesAsTheReferenceDoes() throws Exception {
        Random random = new Random(8785);
        for (int i = 0; i < 20_000; i++) {
            JsonNode value = random.nextBoolean() ? object(random, 0) : array(random, 0);
            byte[] text = new ObjectMapper().writeValueAsBytes(value);
            check(text);
            // and from the tree directly, as the auditor uses it
            assertThat(new String(CanonicalJson.utf8(value), StandardCharsets.UTF_8))
                    .isEqualTo(new String(reference(text), StandardCharsets.UTF_8));
        }
    }

    @Test
    void numbersSpelledAnyWayCanonicalizeAsTheReferenceDoes() throws Exception {
        String[] numbers = {
            "0",
            "-0",
            "1",
            "-1",
            "1.0",
            "1.50",
            "1e2",
            "1E+2",
            "1e-7",
            "123456789012345678901234567890",
            "9007199254740991",
            "9007199254740992",
            "9007199254740993",
            "-9007199254740993",
            "1e21",
            "1e20",
            "0.000001",
            "0.0000001",
            "4.35",
            "2e-3",
            "1E30",
            "0.000000000000000000000000001",
            "5e-324",
            "1.7976931348623157e308",
            "9223372036854775807",
            "-9223372036854775808",
            "9223372036854775808",
            "333333333.33333329",
            "1424953923781206.2",
            "295147905179352830000"
        };
        for (String n : numbers) {
            check(("{\"n\":" + n + ",\"a\":[" + n + "]}").getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void refusesWhatTheReferenceRefuses() {
        for (String bad :
                new String[] {
                    "",
                    "{\"a\":1} {}",
                    "{\"a\":1,\"a\":2}",
                    "{\"a\":",
                    "\"text\"",
                    "12",
                    "{\"a\":1e400}"
                }) {
            assertThatThrownBy(
                            () -> CanonicalJson.canonicalize(bad.getBytes(StandardCharsets.UTF_8)))
                    .as(bad)
                    .isInstanceOf(Exception.class);
            assertThatThrownBy(() -> reference(bad.getBytes(StandardCharsets.UTF_8)))
                    .as("reference: " + bad)
                    .isInstanceOf(Exception.class);
        }
    }

    @Test
    void theDocumentedExampleOfRfc8785() throws Exception {
        String in =
                "{\"numbers\":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],"
                        + "\"string\":\"\\u20ac$\\u000F\\u000aA'\\u0042\\u0022\\u005c\\\\\\\"\\/\",\"literals\":[null,true,false]}";
        assertThat(
                        new String(
                                CanonicalJson.canonicalize(in.getBytes(StandardCharsets.UTF_8)),
                                StandardCharsets.UTF_8))
                .isEqualTo(
                        "{\"literals\":[null,true,false],\"numbers\":[333333333.3333333,1e+30,4.5,0.002,1e-27],"
                                + "\"string\":\"€$\\u000f\\nA'B\\\"\\\\\\\\\\\"/\"}");
    }

    /**
     * The byte writer on awkward documents, byte for byte against the reference and against the
     * character writer ({@link CanonicalJson#string}) it replaced: numbers of every form, non-ASCII
     * of one to four UTF-8 bytes, lone surrogates, every escape, keys that sort differently by
     * UTF-16 code unit than by code point, nesting; and splicing a subtree's canonical bytes in
     * gives the same bytes as writing it.
     */
    @Test
    void theByteWriterMatchesTheReferenceOnAwkwardInputs() throws Exception {
        String[] docs = {
            "{\"n\":[0,-0,1,-1,1.0,1.5e0,1e2,-1E+2,1e-7,0.000001,1e21,1e20,9007199254740992,9007199254740993,"
                    + "-9007199254740993,9223372036854775807,-9223372036854775808,18446744073709551616,5e-324,"
                    + "1.7976931348623157e308,333333333.33333329,-4.35,2e-3,123456789012345678901234567890]}",
            "{\"\\u00e9\":1,\"e\":2,\"\\u20ac\":3,\"\\ud83d\\ude00\":4,\"\\uffff\":5,\"\\ue000\":6,\"\":7,\"a\":8,"
                    + "\"A\":9,\"aa\":10,\"a\\u0000\":11,\"\\u007f\":12}",
            "[\"\\u0000\\u0001\\u0008\\t\\n\\u000b\\f\\r\\u001f \\\"\\\\/\\u007f\\u0080\\u07ff\\u0800\\uffff\",\"\\ud800\",\"x\\udc00y\","
                    + "\"\\ud83d\\ud83d\\ude00\",\"Zo\\u00eb \u2014 \u6f22\u5b57 \ud83c\udccf\"]",
            "{\"b\":{\"z\":[{\"y\":null,\"x\":true,\"w\":false}],\"a\":{}},\"a\":[[],[[]],{}],\"c\":\"\"}",
            "[1,{\"k\":[2,{\"k\":[3]}]},\"s\",null]",
            // long strings, written in chunks: a surrogate pair and escapes across the chunk
            // boundaries
            "[\""
                    + "a".repeat(1023)
                    + "\\ud83d\\ude00"
                    + "\\u0001".repeat(1500)
                    + "\u00e9\u20ac".repeat(900)
                    + "\\ud83d".repeat(3)
                    + "\"]",
        };
        for (String doc : docs) {
            byte[] json = doc.getBytes(StandardCharsets.UTF_8);
            JsonNode tree = new ObjectMapper().readTree(json);
            byte[] mine = CanonicalJson.utf8(tree);
            assertThat(mine).as(doc).isEqualTo(reference(json));
            assertThat(mine)
                    .as(doc)
                    .isEqualTo(CanonicalJson.string(tree).getBytes(StandardCharsets.UTF_8));
            assertThat(CanonicalJson.canonicalize(json)).as(doc).isEqualTo(mine);
            // every container's canonical bytes spliced in where it stands give the same bytes
            java.util.Map<JsonNode, byte[]> known = new java.util.IdentityHashMap<>();
            collect(tree, known);
            assertThat(known).isNotEmpty();
            for (JsonNode sub : known.keySet()) {
                assertThat(CanonicalJson.utf8(tree, n -> n == sub ? known.get(n) : null))
                        .as(doc)
                        .isEqualTo(mine);
            }
            assertThat(CanonicalJson.utf8(tree, n -> n == tree ? null : known.get(n)))
                    .as(doc)
                    .isEqualTo(mine);
        }
    }

    private static void collect(JsonNode node, java.util.Map<JsonNode, byte[]> known)
            throws Exception {
        if (node.isContainerNode()) {
            known.put(node, CanonicalJson.string(node).getBytes(StandardCharsets.UTF_8));
            for (JsonNode child : node) {
                collect(child, known);
            }
        }
    }

    private static void check(byte[] json) throws Exception {
        String mine = new String(CanonicalJson.canonicalize(json), StandardCharsets.UTF_8);
        assertThat(mine)
                .as(new String(json, StandardCharsets.UTF_8))
                .isEqualTo(new String(reference(json), StandardCharsets.UTF_8));
    }

    private static ObjectNode object(Random r, int depth) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        int n = r.nextInt(depth == 0 ? 8 : 5);
        for (int i = 0; i < n; i++) {
            o.set(string(r), value(r, depth + 1));
        }
        return o;
    }

    private static ArrayNode array(Random r, int depth) {
        ArrayNode a = JsonNodeFactory.instance.arrayNode();
        int n = r.nextInt(5);
        for (int i = 0; i < n; i++) {
            a.add(value(r, depth + 1));
        }
        return a;
    }

    private static JsonNode value(Random r, int depth) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        return switch (r.nextInt(depth > 3 ? 7 : 9)) {
            case 0 -> f.nullNode();
            case 1 -> f.booleanNode(r.nextBoolean());
            case 2 ->
                    f.numberNode(r.nextInt(3) == 0 ? r.nextLong() : (long) r.nextInt(2000) - 1000);
            case 3 ->
                    f.numberNode(
                            switch (r.nextInt(4)) {
                                case 0 -> r.nextDouble();
                                case 1 -> (r.nextDouble() - 0.5) * Math.pow(10, r.nextInt(60) - 30);
                                case 2 -> (double) ((1L << 53) + r.nextInt(5) - 2);
                                default ->
                                        Double.longBitsToDouble(r.nextLong() & 0x7fefffffffffffffL);
                            });
            case 4 -> f.numberNode(new BigInteger(100, r).subtract(BigInteger.ONE.shiftLeft(99)));
            case 5, 6 -> f.textNode(string(r));
            case 7 -> object(r, depth);
            default -> array(r, depth);
        };
    }

    private static String string(Random r) {
        int n = r.nextInt(8);
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < n; i++) {
            switch (r.nextInt(6)) {
                case 0 -> s.append((char) r.nextInt(0x20)); // control characters
                case 1 -> s.append("\"\\/'".charAt(r.nextInt(4)));
                case 2 -> s.append((char) (0x80 + r.nextInt(0x780))); // Latin-1 supplement and on
                case 3 -> s.appendCodePoint(0x1F600 + r.nextInt(64)); // a surrogate pair
                case 4 ->
                        s.append(
                                (char) (0xE000 + r.nextInt(0x1000))); // above the surrogates (sorts
                // after them)
                default -> s.append((char) ('a' + r.nextInt(26)));
            }
        }
        return s.toString();
    }
}
