package io.duelhall.domain.rng;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * SHA-256 and lowercase hex, the project's hashing (seed commitments, match seeds, seat-token
 * hashes). The generator ({@link Sha256CounterRandom}) is built on it; it used to carry these
 * helpers itself.
 */
public final class Sha256 {
    private static final HexFormat HEX = HexFormat.of();

    private Sha256() {}

    /** A new SHA-256 digest. */
    public static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every JDK", e);
        }
    }

    /** SHA-256 of the parts, one after the other. */
    public static byte[] of(byte[]... parts) {
        MessageDigest d = digest();
        for (byte[] p : parts) {
            d.update(p);
        }
        return d.digest();
    }

    public static String hex(byte[] bytes) {
        return HEX.formatHex(bytes);
    }

    public static byte[] unhex(String hex) {
        return HEX.parseHex(hex);
    }
}
