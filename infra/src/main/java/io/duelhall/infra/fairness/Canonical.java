package io.duelhall.infra.fairness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.erdtman.jcs.JsonCanonicalizer;

import java.io.IOException;

/** RFC 8785 canonical text of any JSON value, for comparing values whatever their key order or number form. */
final class Canonical {
    private Canonical() {
    }

    static String of(ObjectMapper mapper, JsonNode value) {
        try {
            // JCS takes an object or array at the top: wrap, so scalars compare too
            String json = mapper.writeValueAsString(JsonNodeFactory.instance.objectNode()
                    .set("v", value == null ? JsonNodeFactory.instance.nullNode() : value));
            return new JsonCanonicalizer(json).getEncodedString();
        } catch (IOException e) {
            return "not canonicalizable: " + e.getMessage();
        }
    }
}
