package io.duelhall.command.chain;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.erdtman.jcs.NumberToJSON;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Iterator;

/**
 * RFC 8785 (JCS) canonical JSON written straight from a Jackson tree: members sorted by their UTF-16 code units,
 * strings with only the escapes JCS keeps ({@code \"}, {@code \\}, {@code \b \t \n \f \r}, other control characters as
 * lowercase backslash-u00xx), numbers in ECMAScript form (integers up to 2^53 as they are, every other number through
 * the reference library's {@link NumberToJSON}, as the reference canonicalizer does).
 *
 * <p>The same bytes as {@code new org.erdtman.jcs.JsonCanonicalizer(json).getEncodedUTF8()} (checked on every kind of
 * event and on random JSON by {@code CanonicalJsonTest}), without its text round trip: the reference parses the text
 * into its own tree, and the auditor used to write each Jackson tree to text first only to have it parsed again.
 */
public final class CanonicalJson {
    /** Strict reading: duplicate member names and trailing text are errors, as they are for the reference. */
    private static final ObjectMapper STRICT = JsonMapper.builder(JsonFactory.builder()
                    .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build())
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();
    private static final long MAX_EXACT = 1L << 53;
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private CanonicalJson() {
    }

    /** Canonical UTF-8 of one JSON text whose top level is an object or an array (as the reference requires). */
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
        return string(node).getBytes(StandardCharsets.UTF_8);
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
}
