package io.duelhall.command.limits;

import jakarta.servlet.http.HttpServletRequest;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The path of a request as the application routes it, for every filter keyed by path (rate limits,
 * body limits, operator endpoints; issue 45, finding 1). The raw request URI is not that path: the
 * container and Spring route {@code /api/sessions;x=1}, {@code /api/%73essions} and {@code
 * /api/./sessions} to the same handler as {@code /api/sessions}, so a filter that matched the raw
 * URI was side-stepped by any of those spellings. {@link #of} is the decoded, normalized path
 * without path parameters, lower-cased and without a trailing slash; {@link #problem} names what
 * {@link CanonicalPathFilter} refuses outright.
 */
public final class RoutedPath {
    private RoutedPath() {}

    /** The routed path of {@code request}: decoded, normalized, lower-case, no trailing slash. */
    public static String of(HttpServletRequest request) {
        String servlet = request.getServletPath();
        String info = request.getPathInfo();
        String path = (servlet == null ? "" : servlet) + (info == null ? "" : info);
        if (path.isEmpty()) {
            // a servlet mapped to "/" in a mock request: the container's own decoding is absent
            path = decode(withoutParameters(request.getRequestURI()));
            String context = request.getContextPath();
            if (context != null && !context.isEmpty() && path.startsWith(context)) {
                path = path.substring(context.length());
            }
        }
        return canonical(path);
    }

    /** {@code path} (already decoded) with "//" merged, dot segments resolved, lower-cased. */
    static String canonical(String path) {
        String[] parts = path.replace('\\', '/').split("/");
        StringBuilder out = new StringBuilder();
        java.util.ArrayDeque<String> kept = new java.util.ArrayDeque<>();
        for (String p : parts) {
            if (p.isEmpty() || p.equals(".")) {
                continue;
            }
            if (p.equals("..")) {
                kept.pollLast();
                continue;
            }
            kept.addLast(withoutParameters(p));
        }
        for (String p : kept) {
            out.append('/').append(p);
        }
        return out.length() == 0 ? "/" : out.toString().toLowerCase(Locale.ROOT);
    }

    /**
     * Why the raw request URI may not be served, or {@code null}: a path parameter ({@code ;}, raw
     * or encoded: no endpoint takes one), an empty or dot segment, a backslash, an encoded slash,
     * backslash, dot or percent sign, or a control character. Each of these is a second spelling of
     * some other path, never the way a client of the API writes one.
     */
    public static String problem(String rawUri) {
        if (rawUri == null || rawUri.isEmpty()) {
            return null;
        }
        String lower = rawUri.toLowerCase(Locale.ROOT);
        if (lower.indexOf(';') >= 0 || lower.contains("%3b")) {
            return "path parameters (';') are not accepted";
        }
        if (lower.indexOf('\\') >= 0 || lower.contains("%5c")) {
            return "a backslash is not accepted in a path";
        }
        if (lower.contains("%2f") || lower.contains("%2e") || lower.contains("%25")) {
            return "an encoded '/', '.' or '%' is not accepted in a path";
        }
        if (lower.contains("//")) {
            return "empty path segments ('//') are not accepted";
        }
        for (String segment : lower.split("/", -1)) {
            if (segment.equals(".") || segment.equals("..")) {
                return "dot segments ('/./', '/../') are not accepted";
            }
        }
        for (int i = 0; i < lower.length(); i++) {
            char c = lower.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                return "control characters are not accepted in a path";
            }
        }
        if (lower.contains("%00") || lower.matches(".*%[01][0-9a-f].*") || lower.contains("%7f")) {
            return "control characters are not accepted in a path";
        }
        return null;
    }

    private static String withoutParameters(String s) {
        int semi = s.indexOf(';');
        return semi < 0 ? s : s.substring(0, semi);
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s;
        }
    }
}
