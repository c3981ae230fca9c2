package io.duelhall.fairness.chain;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.Map;
import java.util.function.Function;
import org.erdtman.jcs.NumberToJSON;

/**
 * RFC 8785 (JCS) canonical JSON written straight from a Jackson tree: members sorted by their
 * UTF-16 code units, strings with only the escapes JCS keeps ({@code \"}, {@code \\}, {@code \b \t
 * \n \f \r}, other control characters as lowercase backslash-u00xx), numbers in ECMAScript form
 * (integers up to 2^53 as they are, every other number through the reference library's {@link
 * NumberToJSON}, as the reference canonicalizer does).
 *
 * <p>The same bytes as {@code new org.erdtman.jcs.JsonCanonicalizer(json).getEncodedUTF8()}
 * (checked on every kind of event and on random JSON by {@code CanonicalJsonTest}), without its
 * text round trip: the reference parses the text into its own tree, and the auditor used to write
 * each Jackson tree to text first only to have it parsed again. {@link #utf8} writes UTF-8 bytes
 * directly (no intermediate text) and can splice in canonical bytes already made for a subtree (the
 * audit makes each event payload's once); {@link #string} keeps the character form for comparisons.
 */
public final class CanonicalJson {
    /**
     * Strict reading: duplicate member names and trailing text are errors, as they are for the
     * reference.
     */
    private static final ObjectMapper STRICT =
            JsonMapper.builder(
                            JsonFactory.builder()
                                    .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                                    .build())
                    .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                    .build();

    private static final long MAX_EXACT = 1L << 53;
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private CanonicalJson() {}

    /**
     * Canonical UTF-8 of one JSON text whose top level is an object or an array (as the reference
     * requires).
     */
    public static byte[] canonicalize(byte[] json) throws IOException {
        JsonNode node;
        try (JsonParser p = STRICT.createParser(json)) {
            node = STRICT.readTree(p);
        }
        if (node == null || !(node.isObject() || node.isArray())) {
            throw new IOException("the top level is not an object or an array");
        }
        return utf8(node);
    }

    /** Canonical UTF-8 of a Jackson tree (any value at the top). */
    public static byte[] utf8(JsonNode node) throws IOException {
        return utf8(node, null);
    }

    /**
     * Canonical UTF-8 of a Jackson tree, with the canonical form of some of its subtrees already
     * made: where {@code known} gives bytes for a node (by identity, not by value), they are
     * written as they are instead of that subtree. The caller vouches that they are exactly {@code
     * utf8(node)} of that node, made from the node as it still is (the audit makes each event
     * payload's canonical form once and uses it for the chain and the signature).
     *
     * @param known the canonical bytes of a node, or null for "write it"; null for none known
     */
    public static byte[] utf8(JsonNode node, Function<JsonNode, byte[]> known) throws IOException {
        Utf8Writer w = new Utf8Writer();
        w.value(node, known);
        return w.bytes();
    }

    /** Canonical text of a Jackson tree (any value at the top). */
    public static String string(JsonNode node) throws IOException {
        StringBuilder out = new StringBuilder(256);
        write(node, out);
        return out.toString();
    }

    public static void write(JsonNode node, StringBuilder out) throws IOException {
        if (node == null || node.isNull() || node.isMissingNode()) {
            out.append("null");
        } else if (node.isObject()) {
            int n = node.size();
            String[] names = new String[n];
            Iterator<String> it = node.fieldNames();
            for (int i = 0; i < n; i++) {
                names[i] = it.next();
            }
            Arrays.sort(names); // String.compareTo: UTF-16 code units, as RFC 8785 says
            out.append('{');
            for (int i = 0; i < n; i++) {
                if (i > 0) {
                    out.append(',');
                }
                string(names[i], out);
                out.append(':');
                write(node.get(names[i]), out);
            }
            out.append('}');
        } else if (node.isArray()) {
            out.append('[');
            for (int i = 0; i < node.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                write(node.get(i), out);
            }
            out.append(']');
        } else if (node.isTextual()) {
            string(node.textValue(), out);
        } else if (node.isBoolean()) {
            out.append(node.booleanValue() ? "true" : "false");
        } else if (node.isNumber()) {
            number(node, out);
        } else {
            // binary or POJO nodes never come from parsing JSON
            throw new IOException("not a JSON value: " + node.getNodeType());
        }
    }

    private static void number(JsonNode node, StringBuilder out) throws IOException {
        if (node.isIntegralNumber() && node.canConvertToLong()) {
            long v = node.longValue();
            if (v >= -MAX_EXACT && v <= MAX_EXACT) {
                out.append(v); // what ECMAScript prints for an integral double of this size
                return;
            }
        }
        out.append(NumberToJSON.serializeNumber(node.doubleValue()));
    }

    private static void string(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c != '"' && c != '\\') {
                out.append(c);
                continue;
            }
            out.append('\\');
            switch (c) {
                case '"' -> out.append('"');
                case '\\' -> out.append('\\');
                case '\b' -> out.append('b');
                case '\t' -> out.append('t');
                case '\n' -> out.append('n');
                case '\f' -> out.append('f');
                case '\r' -> out.append('r');
                default -> out.append("u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
            }
        }
        out.append('"');
    }

    /**
     * Writes canonical JSON straight to UTF-8 bytes (no intermediate text) into one growable
     * buffer, members taken from the tree's entries (no lookups by name) and sorted in one shared
     * scratch array. Byte for byte what {@code string(node).getBytes(UTF_8)} gives, including a
     * lone surrogate written as {@code ?} as the JDK's encoder does.
     */
    private static final class Utf8Writer {
        private static final byte[] NULL = {'n', 'u', 'l', 'l'};
        private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
        private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
        private static final Comparator<Map.Entry<String, JsonNode>> BY_NAME =
                Map.Entry.<String, JsonNode>comparingByKey();
        private byte[] buf = new byte[512];
        private int len;

        @SuppressWarnings("unchecked")
        private Map.Entry<String, JsonNode>[] members = new Map.Entry[16];

        private int membersUsed;

        byte[] bytes() {
            return Arrays.copyOf(buf, len);
        }

        private void ensure(int more) {
            if (len + more > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + more));
            }
        }

        private void put(byte b) {
            if (len == buf.length) {
                ensure(1);
            }
            buf[len++] = b;
        }

        private void put(byte[] b) {
            ensure(b.length);
            System.arraycopy(b, 0, buf, len, b.length);
            len += b.length;
        }

        void value(JsonNode node, Function<JsonNode, byte[]> known) throws IOException {
            if (node == null) {
                put(NULL);
                return;
            }
            if (known != null && node.isContainerNode()) {
                byte[] done = known.apply(node);
                if (done != null) {
                    put(done);
                    return;
                }
            }
            switch (node.getNodeType()) {
                case OBJECT -> object(node, known);
                case ARRAY -> {
                    put((byte) '[');
                    int n = node.size();
                    for (int i = 0; i < n; i++) {
                        if (i > 0) {
                            put((byte) ',');
                        }
                        value(node.get(i), known);
                    }
                    put((byte) ']');
                }
                case STRING -> string(node.textValue());
                case BOOLEAN -> put(node.booleanValue() ? TRUE : FALSE);
                case NUMBER -> number(node);
                case NULL, MISSING -> put(NULL);
                // binary or POJO nodes never come from parsing JSON
                default -> throw new IOException("not a JSON value: " + node.getNodeType());
            }
        }

        private void object(JsonNode node, Function<JsonNode, byte[]> known) throws IOException {
            int n = node.size();
            int from = membersUsed;
            if (from + n > members.length) {
                members = Arrays.copyOf(members, Math.max(members.length * 2, from + n));
            }
            Iterator<Map.Entry<String, JsonNode>> it = node.fields();
            for (int i = 0; i < n; i++) {
                members[from + i] = it.next();
            }
            membersUsed = from + n;
            if (n > 1) {
                // String.compareTo: UTF-16 code units, as RFC 8785 says; names in an object are
                // distinct
                Arrays.sort(members, from, from + n, BY_NAME);
            }
            put((byte) '{');
            for (int i = 0; i < n; i++) {
                if (i > 0) {
                    put((byte) ',');
                }
                Map.Entry<String, JsonNode> m = members[from + i];
                string(m.getKey());
                put((byte) ':');
                value(m.getValue(), known);
            }
            put((byte) '}');
            Arrays.fill(members, from, from + n, null);
            membersUsed = from;
        }

        private void number(JsonNode node) throws IOException {
            if (node.isIntegralNumber() && node.canConvertToLong()) {
                long v = node.longValue();
                if (v >= -MAX_EXACT && v <= MAX_EXACT) {
                    integer(v); // what ECMAScript prints for an integral double of this size
                    return;
                }
            }
            String s = NumberToJSON.serializeNumber(node.doubleValue());
            ensure(s.length());
            for (int i = 0; i < s.length(); i++) {
                buf[len++] = (byte) s.charAt(i); // ASCII only: digits, sign, point, e
            }
        }

        /** An integer of at most 2^53 in magnitude, in decimal. */
        private void integer(long v) {
            ensure(20);
            if (v < 0) {
                buf[len++] = '-';
                v = -v;
            }
            int digits = 1;
            for (long t = v; t >= 10; t /= 10) {
                digits++;
            }
            int end = len + digits;
            for (int i = end - 1; i >= len; i--) {
                buf[i] = (byte) ('0' + v % 10);
                v /= 10;
            }
            len = end;
        }

        private void string(String s) {
            int n = s.length();
            put((byte) '"');
            int i = 0;
            while (i < n) {
                // a chunk at a time, with room for the longest form of each of its characters: no
                // check per character
                int end = Math.min(n, i + 1024);
                ensure(6 * (end - i));
                i = chunk(s, i, end);
            }
            put((byte) '"');
        }

        /**
         * Writes characters from {@code i} to {@code end} (one more if a surrogate pair straddles
         * it); returns where it stopped.
         */
        private int chunk(String s, int i, int end) {
            int n = s.length();
            byte[] buf = this.buf;
            int len = this.len;
            for (; i < end; i++) {
                char c = s.charAt(i);
                if (c < 0x80) {
                    if (c >= 0x20 && c != '"' && c != '\\') {
                        buf[len++] = (byte) c;
                        continue;
                    }
                    buf[len++] = '\\';
                    switch (c) {
                        case '"' -> buf[len++] = '"';
                        case '\\' -> buf[len++] = '\\';
                        case '\b' -> buf[len++] = 'b';
                        case '\t' -> buf[len++] = 't';
                        case '\n' -> buf[len++] = 'n';
                        case '\f' -> buf[len++] = 'f';
                        case '\r' -> buf[len++] = 'r';
                        default -> {
                            buf[len++] = 'u';
                            buf[len++] = '0';
                            buf[len++] = '0';
                            buf[len++] = (byte) HEX[c >> 4];
                            buf[len++] = (byte) HEX[c & 0xF];
                        }
                    }
                } else if (c < 0x800) {
                    buf[len++] = (byte) (0xC0 | (c >> 6));
                    buf[len++] = (byte) (0x80 | (c & 0x3F));
                } else if (Character.isSurrogate(c)) {
                    char d = i + 1 < n ? s.charAt(i + 1) : 0;
                    if (Character.isHighSurrogate(c) && Character.isLowSurrogate(d)) {
                        int cp = Character.toCodePoint(c, d);
                        buf[len++] = (byte) (0xF0 | (cp >> 18));
                        buf[len++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
                        buf[len++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                        buf[len++] = (byte) (0x80 | (cp & 0x3F));
                        i++;
                    } else {
                        buf[len++] =
                                '?'; // a lone surrogate: what String.getBytes(UTF_8) writes for it
                    }
                } else {
                    buf[len++] = (byte) (0xE0 | (c >> 12));
                    buf[len++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                    buf[len++] = (byte) (0x80 | (c & 0x3F));
                }
            }
            this.len = len;
            return i;
        }
    }
}
