package io.duelhall.fairness.signing;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Ed25519 (RFC 8032) from the JDK, with keys as the 32 raw bytes in hex, the form other languages'
 * libraries take. A key's id is the first 16 hex digits of SHA-256 of its raw bytes.
 */
public final class Ed25519 {
    /** DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410); the raw key follows it. */
    private static final byte[] SPKI_PREFIX = HexFormat.of().parseHex("302a300506032b6570032100");

    private static final HexFormat HEX = HexFormat.of();

    /**
     * Public keys already decoded (a key is decoded once, not at every audit), by their lowercase
     * hex; kept small.
     */
    private static final Map<String, PublicKey> DECODED = new ConcurrentHashMap<>();

    private static final int MAX_DECODED = 64;

    private Ed25519() {}

    public static String rawHex(PublicKey key) {
        byte[] der = key.getEncoded();
        return HEX.formatHex(Arrays.copyOfRange(der, der.length - 32, der.length));
    }

    /**
     * The public key of 32 raw bytes in hex; IllegalArgumentException if it is not one. Decoded
     * once per key.
     */
    public static PublicKey publicKey(String rawHex) {
        PublicKey known = DECODED.get(rawHex);
        if (known != null) {
            return known;
        }
        PublicKey key = decode(rawHex);
        if (DECODED.size() >= MAX_DECODED) {
            DECODED.clear(); // records naming many keys (the offline audit trusts what a record
            // names): start again
        }
        DECODED.put(rawHex, key);
        return key;
    }

    private static PublicKey decode(String rawHex) {
        byte[] raw = HEX.parseHex(rawHex);
        if (raw.length != 32) {
            throw new IllegalArgumentException(
                    "an Ed25519 public key is 32 bytes, not " + raw.length);
        }
        byte[] der = Arrays.copyOf(SPKI_PREFIX, SPKI_PREFIX.length + 32);
        System.arraycopy(raw, 0, der, SPKI_PREFIX.length, 32);
        try {
            return KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(der));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("not an Ed25519 public key: " + e.getMessage(), e);
        }
    }

    public static String keyId(String rawHex) {
        try {
            return HEX.formatHex(MessageDigest.getInstance("SHA-256").digest(HEX.parseHex(rawHex)))
                    .substring(0, 16);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String sign(PrivateKey key, byte[] data) {
        try {
            Signature s = Signature.getInstance("Ed25519");
            s.initSign(key);
            s.update(data);
            return HEX.formatHex(s.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Ed25519 signing failed", e);
        }
    }

    /**
     * Whether {@code signatureHex} is a valid signature of {@code data} by the key; false for
     * anything malformed.
     */
    public static boolean verify(String publicKeyHex, byte[] data, String signatureHex) {
        try {
            Signature s = Signature.getInstance("Ed25519");
            s.initVerify(publicKey(publicKeyHex));
            s.update(data);
            return s.verify(HEX.parseHex(signatureHex));
        } catch (GeneralSecurityException | IllegalArgumentException | NullPointerException e) {
            return false;
        }
    }
}
