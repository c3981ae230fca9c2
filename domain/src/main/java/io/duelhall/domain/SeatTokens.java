package io.duelhall.domain;

import io.duelhall.domain.rng.Sha256;
import java.nio.charset.StandardCharsets;

/** How a seat's bearer token is recognised: by its SHA-256, the only form the server keeps. */
public final class SeatTokens {
    private static final String BEARER = "Bearer ";

    private SeatTokens() {}

    public static String hash(String token) {
        return Sha256.hex(Sha256.of(token.getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * The {@code Authorization} a stream request stands for: its header, or for a browser's
     * EventSource, which cannot set headers, its {@code ?access_token=} as a bearer (RFC 6750
     * §2.3); the header wins when both are sent.
     */
    public static String authorization(String header, String accessToken) {
        return header != null || accessToken == null ? header : "Bearer " + accessToken;
    }

    /** The token of an {@code Authorization: Bearer …} header value, or null if there is none. */
    public static String bearer(String authorization) {
        if (authorization == null
                || !authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return null;
        }
        String t = authorization.substring(BEARER.length()).trim();
        return t.isEmpty() ? null : t;
    }
}
