package io.duelhall.command.chain;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * The hash chain over a match's stored events (docs/fairness.md, "Hash chain"):
 *
 * <pre>
 * chain(-1) = 32 zero bytes
 * chain(n)  = SHA-256(chain(n-1) ‖ JCS({"payload": payload(n), "seq": n, "type": type(n)}))
 * </pre>
 *
 * where {@code payload(n)} is the event's JSON exactly as the event store holds it, {@code seq} its sequence number
 * in the match and {@code type} its type name ({@code CardPlayed}); JCS is RFC 8785 canonical JSON, in UTF-8. Values
 * travel as lowercase hex. Pure: the writer (the Match aggregate) and the auditor both use it.
 */
public final class EventChain {
    /** The chain value "before" the first event: 32 zero bytes. */
    public static final String GENESIS = "0".repeat(64);
    /** The key of an event's chain value in its Axon metadata. */
    public static final String METADATA_KEY = "chain";
    private static final Pattern TYPE = Pattern.compile("[A-Za-z][A-Za-z0-9_]{0,99}");
    private static final HexFormat HEX = HexFormat.of();

    private EventChain() {
    }

    /** A payload that is not one JSON object, or a type name that is not a plain identifier. */
    public static final class NotChainable extends IllegalArgumentException {
        NotChainable(String message) {
            super(message);
        }
    }

    /** The canonical bytes of one event: {@code {"payload":…,"seq":n,"type":"…"}} in RFC 8785 form. */
    public static byte[] canonical(long seq, String type, String payloadJson) {
        if (payloadJson == null) {
            throw new NotChainable("no payload");
        }
        return canonical(seq, type, payloadJson.getBytes(StandardCharsets.UTF_8));
    }

    /** As {@link #canonical(long, String, String)}, from the payload's UTF-8 bytes (as the event store holds them). */
    public static byte[] canonical(long seq, String type, byte[] payloadJson) {
        checkType(type);
        if (payloadJson == null) {
            throw new NotChainable("no payload");
        }
        byte[] payload;
        try {
            // one object or array, no trailing text, no duplicate keys (as the reference canonicalizer requires)
            payload = CanonicalJson.canonicalize(payloadJson);
        } catch (IOException | RuntimeException e) {
            throw new NotChainable("payload is not valid JSON: " + e.getMessage());
        }
        return envelope(seq, type, payload);
    }

    /** As {@link #canonical(long, String, String)}, from the payload as a parsed JSON tree (the audit's records). */
    public static byte[] canonical(long seq, String type, JsonNode payload) {
        checkType(type);
        if (payload == null || !payload.isObject()) {
            throw new NotChainable("payload is not a JSON object");
        }
        try {
            return envelope(seq, type, CanonicalJson.utf8(payload));
        } catch (IOException | RuntimeException e) {
            throw new NotChainable("payload is not canonicalizable: " + e.getMessage());
        }
    }

    private static void checkType(String type) {
        if (type == null || !TYPE.matcher(type).matches()) {
            throw new NotChainable("type '" + type + "' is not an event type name");
        }
    }

    private static byte[] envelope(long seq, String type, byte[] payload) {
        if (payload.length == 0 || payload[0] != '{') {
            throw new NotChainable("payload is not a JSON object");
        }
        // Keys in RFC 8785 order ("payload" < "seq" < "type"); the payload is already canonical, seq an integer and
        // type a plain identifier, so this concatenation is the canonical form of the whole envelope.
        byte[] head = "{\"payload\":".getBytes(StandardCharsets.US_ASCII);
        byte[] tail = (",\"seq\":" + seq + ",\"type\":\"" + type + "\"}").getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[head.length + payload.length + tail.length];
        System.arraycopy(head, 0, out, 0, head.length);
        System.arraycopy(payload, 0, out, head.length, payload.length);
        System.arraycopy(tail, 0, out, head.length + payload.length, tail.length);
        return out;
    }

    /** The chain value after an event, from the value before it (hex). */
    public static String link(String previous, long seq, String type, String payloadJson) {
        return link(previous, canonical(seq, type, payloadJson));
    }

    /** The chain value after an event whose payload is the stored JSON's UTF-8 bytes. */
    public static String link(String previous, long seq, String type, byte[] payloadJson) {
        return link(previous, canonical(seq, type, payloadJson));
    }

    /** The chain value after an event whose payload is a parsed JSON tree. */
    public static String link(String previous, long seq, String type, JsonNode payload) {
        return link(previous, canonical(seq, type, payload));
    }

    /** The chain value after an event given its canonical bytes. */
    public static String link(String previous, byte[] canonicalEvent) {
        byte[] prev = previous == null ? null : parseHex(previous);
        if (prev == null || prev.length != 32) {
            throw new NotChainable("previous chain value '" + previous + "' is not 32 bytes of hex");
        }
        MessageDigest sha = sha256();
        sha.update(prev);
        sha.update(canonicalEvent);
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
