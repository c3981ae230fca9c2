package io.duelhall.infra.logging;

import ch.qos.logback.classic.pattern.ClassicConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;

/**
 * {@code %encMsg} (logback-spring.xml): the log message with every character that could forge or
 * disguise a log line encoded — line breaks as {@code \n} / {@code \r}, a tab as {@code \t}, other
 * control characters, the bidirectional overrides and isolates, zero-width and other formatting
 * characters, line and paragraph separators and unpaired surrogates as {@code \\uXXXX} — and a
 * backslash as {@code \\} (so an encoded sequence cannot be faked either). A client's value (a
 * match id in a path, a name) therefore stays inside its own log line, whoever logs it.
 *
 * <p>Why not a library: OWASP's Java Encoder ({@code Encode.forJava}) also rewrites quotes and
 * leaves the bidi and zero-width characters as they are; logstash-logback-encoder changes the whole
 * format to JSON. This is the one rule we need, over {@link Character#getType}.
 */
public class EncodedMessageConverter extends ClassicConverter {
    @Override
    public String convert(ILoggingEvent event) {
        return encode(event.getFormattedMessage());
    }

    public static String encode(String message) {
        if (message == null) {
            return "null";
        }
        StringBuilder out = null;
        for (int i = 0; i < message.length(); i++) {
            char c = message.charAt(i);
            String escape = escape(message, i, c);
            if (escape != null && out == null) {
                out = new StringBuilder(message.length() + 16).append(message, 0, i);
            }
            if (out != null) {
                out.append(escape != null ? escape : String.valueOf(c));
            }
        }
        return out == null ? message : out.toString();
    }

    private static String escape(String s, int i, char c) {
        switch (c) {
            case '\n':
                return "\\n";
            case '\r':
                return "\\r";
            case '\t':
                return "\\t";
            case '\\':
                return "\\\\";
            default:
                break;
        }
        if (Character.isHighSurrogate(c)
                && i + 1 < s.length()
                && Character.isLowSurrogate(s.charAt(i + 1))) {
            return null;
        }
        if (Character.isLowSurrogate(c) && i > 0 && Character.isHighSurrogate(s.charAt(i - 1))) {
            return null;
        }
        return switch (Character.getType(c)) {
            case Character.CONTROL,
                    Character.FORMAT,
                    Character.LINE_SEPARATOR,
                    Character.PARAGRAPH_SEPARATOR,
                    Character.SURROGATE ->
                    String.format("\\u%04x", (int) c);
            default -> null;
        };
    }
}
