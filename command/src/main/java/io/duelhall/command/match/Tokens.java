package io.duelhall.command.match;

import io.duelhall.domain.rng.Sha256;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * Seat bearer tokens: 256 random bits, handed out once; only their SHA-256 is stored (see
 * SeatTokens).
 */
public final class Tokens {
    private static final SecureRandom RANDOM = new SecureRandom();

    private Tokens() {}

    public static String newToken() {
        byte[] b = new byte[32];
        RANDOM.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    public static byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        RANDOM.nextBytes(b);
        return b;
    }

    public static String sha256Hex(byte[] bytes) {
        return Sha256.hex(Sha256.of(bytes));
    }
}
