package io.duelhall.fairness.audit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Comparator;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Issue 18: re-simulation compares the rules' event with the recorded payload in place, without
 * copying the trees. Its answer must be exactly the former one: copies without null members
 * compared with {@code JsonNode.equals(Comparator, JsonNode)}, numbers by value (kept here as the
 * reference).
 */
class ResimulationSameJsonTest {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void examples() throws Exception {
        assertThat(same("{\"a\":1,\"b\":[1,null,{\"c\":null}]}", "{\"b\":[1.0,null,{}],\"a\":1}"))
                .isTrue();
        assertThat(same("{\"a\":1,\"x\":null}", "{\"a\":1}")).isTrue();
        assertThat(same("{\"a\":1}", "{\"a\":1,\"x\":null}")).isTrue();
        assertThat(same("{\"a\":1}", "{\"a\":1,\"x\":0}")).isFalse();
        assertThat(same("{\"a\":1,\"x\":0}", "{\"a\":1}")).isFalse();
        assertThat(same("{\"a\":\"1\"}", "{\"a\":1}")).isFalse();
        assertThat(same("[null]", "[]")).isFalse();
        assertThat(same("[1,2]", "[2,1]")).isFalse();
        assertThat(same("{\"a\":{}}", "{\"a\":[]}")).isFalse();
        assertThat(same("{\"a\":{}}", "{\"a\":null}")).isFalse();
        assertThat(same("{\"a\":true}", "{\"a\":1}")).isFalse();
        assertThat(Resimulation.sameJson(null, F.objectNode())).isFalse();
    }

    @Test
    void agreesWithTheComparisonOfCopiesWithoutNulls() {
        SplittableRandom random = new SplittableRandom(18);
        int equal = 0;
        for (int i = 0; i < 20_000; i++) {
            JsonNode a = tree(random, 0);
            JsonNode b = random.nextInt(3) == 0 ? tree(random, 0) : variant(a, random);
            boolean reference = reference(a, b);
            assertThat(Resimulation.sameJson(a, b)).as(a + " / " + b).isEqualTo(reference);
            assertThat(Resimulation.sameJson(b, a)).as(b + " / " + a).isEqualTo(reference(b, a));
            if (reference) {
                equal++;
            }
        }
        assertThat(equal).as("both answers occur").isBetween(1_000, 19_000);
    }

    private static boolean same(String a, String b) throws Exception {
        JsonNode x = JSON.readTree(a);
        JsonNode y = JSON.readTree(b);
        boolean answer = Resimulation.sameJson(x, y);
        assertThat(answer).as("as the reference: " + a + " / " + b).isEqualTo(reference(x, y));
        return answer;
    }

    private static JsonNode tree(SplittableRandom r, int depth) {
        int kind = depth >= 3 ? 2 + r.nextInt(5) : r.nextInt(7);
        switch (kind) {
            case 0 -> {
                ObjectNode o = F.objectNode();
                int n = r.nextInt(4);
                for (int i = 0; i < n; i++) {
                    o.set("k" + r.nextInt(5), tree(r, depth + 1));
                }
                return o;
            }
            case 1 -> {
                ArrayNode a = F.arrayNode();
                int n = r.nextInt(4);
                for (int i = 0; i < n; i++) {
                    a.add(tree(r, depth + 1));
                }
                return a;
            }
            case 2 -> {
                return F.nullNode();
            }
            case 3 -> {
                return F.numberNode(r.nextInt(3));
            }
            case 4 -> {
                return F.numberNode(r.nextInt(3) + 0.0);
            }
            case 5 -> {
                return F.textNode(Integer.toString(r.nextInt(3)));
            }
            default -> {
                return F.booleanNode(r.nextBoolean());
            }
        }
    }

    /**
     * A copy of {@code n} with small changes: members added or removed (null or not), numbers
     * respelled.
     */
    private static JsonNode variant(JsonNode n, SplittableRandom r) {
        if (n.isObject()) {
            ObjectNode o = F.objectNode();
            n.fields()
                    .forEachRemaining(
                            m -> {
                                int c = r.nextInt(12);
                                if (c == 0) {
                                    return; // dropped
                                }
                                o.set(m.getKey(), c == 1 ? F.nullNode() : variant(m.getValue(), r));
                            });
            if (r.nextInt(6) == 0) {
                o.set("k" + r.nextInt(6), r.nextBoolean() ? F.nullNode() : tree(r, 3));
            }
            return o;
        }
        if (n.isArray()) {
            ArrayNode a = F.arrayNode();
            n.forEach(x -> a.add(variant(x, r)));
            if (r.nextInt(10) == 0) {
                a.add(F.nullNode());
            }
            return a;
        }
        if (n.isNumber() && r.nextInt(3) == 0) {
            return r.nextBoolean()
                    ? F.numberNode(n.decimalValue().setScale(n.decimalValue().scale() + 1))
                    : F.numberNode(n.doubleValue());
        }
        return n.deepCopy();
    }

    // the former comparison, as it was
    private static boolean reference(JsonNode a, JsonNode b) {
        return a != null && b != null && withoutNulls(a).equals(NUMBERS_BY_VALUE, withoutNulls(b));
    }

    private static JsonNode withoutNulls(JsonNode n) {
        if (n.isObject()) {
            ObjectNode o = F.objectNode();
            n.fields()
                    .forEachRemaining(
                            f -> {
                                if (!f.getValue().isNull()) {
                                    o.set(f.getKey(), withoutNulls(f.getValue()));
                                }
                            });
            return o;
        }
        if (n.isArray()) {
            ArrayNode arr = F.arrayNode();
            n.forEach(x -> arr.add(withoutNulls(x)));
            return arr;
        }
        return n;
    }

    private static final Comparator<JsonNode> NUMBERS_BY_VALUE =
            (x, y) -> {
                if (x.equals(y)) {
                    return 0;
                }
                if (x.isNumber() && y.isNumber()) {
                    return x.decimalValue().compareTo(y.decimalValue());
                }
                return 1;
            };
}
