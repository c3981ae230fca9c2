package io.duelhall.fairness.chain;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The hash chain over a match's stored events (docs/fairness.md, "Hash chain"):
 *
 * <pre>
 * chain(-1) = 32 zero bytes
 * chain(n)  = SHA-256(chain(n-1) ‖ JCS({"payload": payload(n), "seq": n, "type": type(n)}))
 * </pre>
 *
 * where {@code payload(n)} is the event's JSON exactly as the event store holds it, {@code seq} its
 * sequence number in the match and {@code type} its type name ({@code CardPlayed}); JCS is RFC 8785
 * canonical JSON, in UTF-8. Values travel as lowercase hex. Pure: the writer (the Match aggregate)
 * and the auditor both use it.
 */
public final class EventChain {
    /** The chain value "before" the first event: 32 zero bytes. */
    public static final String GENESIS = "0".repeat(64);

    /** The key of an event's chain value in its Axon metadata. */
    public static final String METADATA_KEY = "chain";

    private static final HexFormat HEX = HexFormat.of();
    private static final byte[] HEAD = "{\"payload\":".getBytes(StandardCharsets.US_ASCII);
    private static final ThreadLocal<MessageDigest> SHA256 =
            ThreadLocal.withInitial(EventChain::sha256);

    private EventChain() {}

    /** A payload that is not one JSON object, or a type name that is not a plain identifier. */
    public static final class NotChainable extends IllegalArgumentException {
        NotChainable(String message) {
            super(message);
        }
    }

    /**
     * The canonical bytes of one event: {@code {"payload":…,"seq":n,"type":"…"}} in RFC 8785 form.
     */
    public static byte[] canonical(long seq, String type, String payloadJson) {
        if (payloadJson == null) {
            throw new NotChainable("no payload");
        }
        return canonical(seq, type, payloadJson.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * As {@link #canonical(long, String, String)}, from the payload's UTF-8 bytes (as the event
     * store holds them).
     */
    public static byte[] canonical(long seq, String type, byte[] payloadJson) {
        checkType(type);
        return envelope(seq, type, canonicalPayload(payloadJson));
    }

    private static byte[] canonicalPayload(byte[] payloadJson) {
        if (payloadJson == null) {
            throw new NotChainable("no payload");
        }
        try {
            // one object or array, no trailing text, no duplicate keys (as the reference
            // canonicalizer requires)
            return CanonicalJson.canonicalize(payloadJson);
        } catch (IOException | RuntimeException e) {
            throw new NotChainable("payload is not valid JSON: " + e.getMessage());
        }
    }

    /**
     * As {@link #canonical(long, String, String)}, from the payload as a parsed JSON tree (the
     * audit's records).
     */
    public static byte[] canonical(long seq, String type, JsonNode payload) {
        checkType(type);
        return envelope(seq, type, canonicalPayload(payload));
    }

    /**
     * The canonical bytes (RFC 8785, UTF-8) of a payload tree, as they enter the chain: made once
     * per event, they serve {@link #linkCanonical} and the record's signature alike.
     */
    public static byte[] canonicalPayload(JsonNode payload) {
        if (payload == null || !payload.isObject()) {
            throw new NotChainable("payload is not a JSON object");
        }
        try {
            return CanonicalJson.utf8(payload);
        } catch (IOException | RuntimeException e) {
            throw new NotChainable("payload is not canonicalizable: " + e.getMessage());
        }
    }

    /**
     * Whether {@code type} matches {@code [A-Za-z][A-Za-z0-9_]{0,99}} (checked for every event, so
     * without a regex).
     */
    static boolean isTypeName(String type) {
        if (type == null || type.isEmpty() || type.length() > 100) {
            return false;
        }
        for (int i = 0; i < type.length(); i++) {
            char c = type.charAt(i);
            boolean letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
            if (!(letter || (i > 0 && ((c >= '0' && c <= '9') || c == '_')))) {
                return false;
            }
        }
        return true;
    }

    private static void checkType(String type) {
        if (!isTypeName(type)) {
            throw new NotChainable("type '" + type + "' is not an event type name");
        }
    }

    private static byte[] envelope(long seq, String type, byte[] payload) {
        checkObject(payload);
        // Keys in RFC 8785 order ("payload" < "seq" < "type"); the payload is already canonical,
        // seq an integer and
        // type a plain identifier, so this concatenation is the canonical form of the whole
        // envelope.
        byte[] tail = tail(seq, type);
        byte[] out = new byte[HEAD.length + payload.length + tail.length];
        System.arraycopy(HEAD, 0, out, 0, HEAD.length);
        System.arraycopy(payload, 0, out, HEAD.length, payload.length);
        System.arraycopy(tail, 0, out, HEAD.length + payload.length, tail.length);
        return out;
    }

    private static void checkObject(byte[] canonicalPayload) {
        if (canonicalPayload == null
                || canonicalPayload.length == 0
                || canonicalPayload[0] != '{') {
            throw new NotChainable("payload is not a JSON object");
        }
    }

    private static byte[] tail(long seq, String type) {
        return (",\"seq\":" + seq + ",\"type\":\"" + type + "\"}")
                .getBytes(StandardCharsets.US_ASCII);
    }

    /** The chain value after an event, from the value before it (hex). */
    public static String link(String previous, long seq, String type, String payloadJson) {
        if (payloadJson == null) {
            throw new NotChainable("no payload");
        }
        return link(previous, seq, type, payloadJson.getBytes(StandardCharsets.UTF_8));
    }

    /** The chain value after an event whose payload is the stored JSON's UTF-8 bytes. */
    public static String link(String previous, long seq, String type, byte[] payloadJson) {
        checkType(type);
        return linkCanonical(previous, seq, type, canonicalPayload(payloadJson));
    }

    /** The chain value after an event whose payload is a parsed JSON tree. */
    public static String link(String previous, long seq, String type, JsonNode payload) {
        checkType(type);
        return linkCanonical(previous, seq, type, canonicalPayload(payload));
    }

    /**
     * The chain value after an event whose payload's canonical bytes are already made ({@link
     * #canonicalPayload}): the same value as {@link #link(String, long, String, JsonNode)} on that
     * payload, without making them again. The envelope is hashed in its parts, not copied together.
     */
    public static String linkCanonical(
            String previous, long seq, String type, byte[] canonicalPayload) {
        checkType(type);
        checkObject(canonicalPayload);
        return digest(previous, HEAD, canonicalPayload, tail(seq, type));
    }

    /** The chain value after an event given its canonical bytes. */
    public static String link(String previous, byte[] canonicalEvent) {
        return digest(previous, canonicalEvent);
    }

    /** SHA-256 of the previous value's 32 bytes followed by {@code parts}, in hex. */
    private static String digest(String previous, byte[]... parts) {
        byte[] prev = previous == null ? null : parseHex(previous);
        if (prev == null || prev.length != 32) {
            throw new NotChainable(
                    "previous chain value '" + previous + "' is not 32 bytes of hex");
        }
        MessageDigest sha = SHA256.get();
        sha.reset();
        sha.update(prev);
        for (byte[] part : parts) {
            sha.update(part);
        }
        return HEX.formatHex(sha.digest());
    }

    private static byte[] parseHex(String s) {
        try {
            return HEX.parseHex(s);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every JDK", e);
        }
    }
}
