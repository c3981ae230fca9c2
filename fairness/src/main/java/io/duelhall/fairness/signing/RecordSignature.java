package io.duelhall.fairness.signing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.fairness.chain.CanonicalJson;
import io.duelhall.fairness.chain.EventChain;
import java.io.IOException;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The signature of a match record (docs/fairness.md, "The match record"): Ed25519 by the {@link
 * ServerKey} over RFC 8785 canonical JSON of the record without its {@code signature} member. Pure.
 */
public final class RecordSignature {
    private RecordSignature() {}

    /**
     * The canonical bytes (RFC 8785) of each event payload of {@code events} (record form) that is
     * a JSON object and can be canonicalized, by payload node (identity): made once per event, they
     * serve the hash chain, the signature and its verification. Payloads that cannot be chained are
     * left out (and are written, and fail, where used).
     */
    public static Map<JsonNode, byte[]> canonicalPayloads(JsonNode events) {
        Map<JsonNode, byte[]> out = new IdentityHashMap<>(events.size() * 2);
        for (JsonNode e : events) {
            JsonNode p = e.get("payload");
            if (p != null && p.isObject()) {
                try {
                    out.put(p, EventChain.canonicalPayload(p));
                } catch (EventChain.NotChainable notCanonicalizable) {
                    // left to the checks to report
                }
            }
        }
        return out;
    }

    /**
     * The bytes a record's signature covers: RFC 8785 canonical JSON of the record without its
     * "signature" member.
     */
    public static byte[] signedBytes(JsonNode record) {
        return signedBytes(record, null);
    }

    /**
     * As {@link #signedBytes(JsonNode)}, with the canonical bytes of some of the record's nodes
     * already made (by node, as {@link #canonicalPayloads}): they are written as they are.
     */
    public static byte[] signedBytes(JsonNode record, Map<JsonNode, byte[]> known) {
        // a shallow copy without the signature: the members themselves are written, not copied
        ObjectNode unsigned = JsonNodeFactory.instance.objectNode();
        record.fields()
                .forEachRemaining(
                        m -> {
                            if (!m.getKey().equals("signature")) {
                                unsigned.set(m.getKey(), m.getValue());
                            }
                        });
        try {
            return CanonicalJson.utf8(
                    unsigned, known == null || known.isEmpty() ? null : known::get);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(
                    "the record cannot be canonicalized: " + e.getMessage(), e);
        }
    }

    /** Signs a record in place with the server key. */
    public static ObjectNode sign(ObjectNode record, ServerKey key) {
        return sign(record, key, null);
    }

    /** As {@link #sign(ObjectNode, ServerKey)}, with the payloads' canonical bytes already made. */
    public static ObjectNode sign(
            ObjectNode record, ServerKey key, Map<JsonNode, byte[]> canonicalPayloads) {
        record.remove("signature");
        byte[] bytes = signedBytes(record, canonicalPayloads);
        ObjectNode sig = record.putObject("signature");
        sig.put("algorithm", "Ed25519");
        sig.put("keyId", key.keyId());
        sig.put("publicKey", key.publicKeyHex());
        sig.put("value", key.sign(bytes));
        return record;
    }
}
