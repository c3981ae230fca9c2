package io.duelhall.fairness.audit;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.fairness.chain.CanonicalJson;
import java.io.IOException;

/**
 * RFC 8785 canonical text of any JSON value, for comparing values whatever their key order or
 * number form.
 */
final class Canonical {
    private Canonical() {}

    static String of(JsonNode value) {
        try {
            return CanonicalJson.string(value);
        } catch (IOException | RuntimeException e) {
            return "not canonicalizable: " + e.getMessage();
        }
    }
}
