package io.duelhall.domain.rng;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * SHA-256 in counter mode: block i = SHA-256(seed ‖ UTF-8(label) ‖ 0x00 ‖ uint64-BE(i)); each block
 * gives eight big-endian uint32 words, used in order. {@link #nextInt} rejects words at or above
 * the largest multiple of {@code bound} below 2^32, so every result is unbiased. A label gives each
 * use (a seat's shuffle, the first seat) its own independent stream.
 */
public final class Sha256CounterRandom implements SeededRandom {
    private final byte[] prefix;
    private final MessageDigest sha;
    private long counter;
    private byte[] block = new byte[0];
    private int offset;

    public Sha256CounterRandom(byte[] seed, String label) {
        byte[] l = label.getBytes(StandardCharsets.UTF_8);
        prefix = new byte[seed.length + l.length + 1];
        System.arraycopy(seed, 0, prefix, 0, seed.length);
        System.arraycopy(l, 0, prefix, seed.length, l.length);
        sha = Sha256.digest();
    }

    /** The next raw 32-bit word, as an unsigned value in a long. */
    public long nextWord() {
        if (offset >= block.length) {
            sha.update(prefix);
            byte[] c = new byte[8];
            long v = counter++;
            for (int i = 7; i >= 0; i--) {
                c[i] = (byte) v;
                v >>>= 8;
            }
            sha.update(c);
            block = sha.digest();
            offset = 0;
        }
        long w =
                ((block[offset] & 0xFFL) << 24)
                        | ((block[offset + 1] & 0xFFL) << 16)
                        | ((block[offset + 2] & 0xFFL) << 8)
                        | (block[offset + 3] & 0xFFL);
        offset += 4;
        return w;
    }

    @Override
    public int nextInt(int bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive: " + bound);
        }
        long range = 1L << 32;
        long limit = range - (range % bound);
        long w;
        do {
            w = nextWord();
        } while (w >= limit);
        return (int) (w % bound);
    }
}
