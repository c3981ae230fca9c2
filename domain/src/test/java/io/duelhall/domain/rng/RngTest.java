package io.duelhall.domain.rng;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The match's only source of randomness: SHA-256 in counter mode, with rejection sampling. */
class RngTest {
    /** Seed bytes 0x00..0x1f. */
    private static final byte[] SEED = seed();

    private static final String LABEL = "duelhall-test";

    private static byte[] seed() {
        byte[] b = new byte[32];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) i;
        }
        return b;
    }

    /*
     * Computed independently of the Java code, when this test was written:
     *
     *   (python3 -c "import sys;sys.stdout.buffer.write(bytes(range(32)))"; printf 'duelhall-test\0'; \
     *    printf '\0\0\0\0\0\0\0\0') | sha256sum
     *   b1b0988c0bdd775a44c02af41ffe68f1896161e92a97fecdb14c90ee06024931
     *
     *   ... same with the counter printf '\0\0\0\0\0\0\0\1':
     *   c78ea6eca8dd1d201ad17d44ee368ee44f48ccd50cb1ec4bc432bd5ab41d303e
     *
     * i.e. SHA-256(seed ‖ "duelhall-test" ‖ 0x00 ‖ uint64be(0)) and uint64be(1), read as big-endian uint32 words.
     */
    private static final long[] FIRST_WORDS = {
        0xb1b0988cL,
        0x0bdd775aL,
        0x44c02af4L,
        0x1ffe68f1L,
        0x896161e9L,
        0x2a97fecdL,
        0xb14c90eeL,
        0x06024931L,
        0xc78ea6ecL,
        0xa8dd1d20L,
        0x1ad17d44L,
        0xee368ee4L
    };

    @Test
    @DisplayName(
            "the first words are SHA-256(seed ‖ label ‖ 0x00 ‖ uint64be(counter)), big-endian, block after block")
    void pinnedAgainstAnIndependentComputation() {
        Sha256CounterRandom r = new Sha256CounterRandom(SEED, LABEL);
        for (long expected : FIRST_WORDS) {
            assertThat(r.nextWord()).isEqualTo(expected);
        }
        assertThat(Sha256.hex(Sha256.of(SEED, LABEL.getBytes(), new byte[9])))
                .isEqualTo("b1b0988c0bdd775a44c02af41ffe68f1896161e92a97fecdb14c90ee06024931");
    }

    @Test
    @DisplayName(
            "nextInt(6) is the word modulo 6 when the word is under the rejection limit (python: [0,0,0,3,3,1,2,1,2,0])")
    void pinnedNextInt() {
        Sha256CounterRandom r = new Sha256CounterRandom(SEED, LABEL);
        List<Integer> got = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            got.add(r.nextInt(6));
        }
        assertThat(got).containsExactly(0, 0, 0, 3, 3, 1, 2, 1, 2, 0);
    }

    @Property(tries = 200)
    void nextIntStaysInRange(@ForAll byte[] seed, @ForAll @IntRange(min = 1) int bound) {
        Sha256CounterRandom r = new Sha256CounterRandom(seed, "range");
        for (int i = 0; i < 50; i++) {
            assertThat(r.nextInt(bound)).isBetween(0, bound - 1);
        }
    }

    @Test
    @DisplayName("nextInt rejects a bound below 1, and bound 1 always gives 0")
    void bounds() {
        Sha256CounterRandom r = new Sha256CounterRandom(SEED, LABEL);
        assertThatThrownBy(() -> r.nextInt(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> r.nextInt(-3)).isInstanceOf(IllegalArgumentException.class);
        for (int i = 0; i < 20; i++) {
            assertThat(r.nextInt(1)).isZero();
        }
        for (int i = 0; i < 20; i++) {
            assertThat(r.nextInt(Integer.MAX_VALUE)).isBetween(0, Integer.MAX_VALUE - 1);
        }
    }

    /** Pearson's chi-square statistic of observed counts against equal expected counts. */
    private static double chiSquare(long[] counts, long total) {
        double expected = (double) total / counts.length;
        double chi = 0;
        for (long c : counts) {
            chi += (c - expected) * (c - expected) / expected;
        }
        return chi;
    }

    @Test
    @DisplayName(
            "nextInt(7) is uniform: chi-square over 70,000 draws is under the 0.1% critical value (22.46, 6 df)")
    void uniformOnASmallBound() {
        Sha256CounterRandom r = new Sha256CounterRandom(SEED, "chi-square");
        long[] counts = new long[7];
        int n = 70_000;
        for (int i = 0; i < n; i++) {
            counts[r.nextInt(7)]++;
        }
        assertThat(chiSquare(counts, n)).isLessThan(22.46);
    }

    @Test
    @DisplayName(
            "rejection sampling removes modulo bias: bound 1.5·2^30 splits into 3 equal thirds (plain modulo would give 37.5/37.5/25%)")
    void rejectionRemovesModuloBias() {
        // 2^32 = 2·bound + 2^30: without rejection, values below 2^30 would come up 3 times out of
        // 4.
        int bound = 3 << 29;
        Sha256CounterRandom r = new Sha256CounterRandom(SEED, "bias");
        long[] thirds = new long[3];
        int n = 30_000;
        for (int i = 0; i < n; i++) {
            thirds[r.nextInt(bound) / (1 << 29)]++;
        }
        assertThat(chiSquare(thirds, n))
                .isLessThan(13.82); // 0.1% critical value, 2 df; plain modulo gives ~940
    }

    @Property(tries = 200)
    void shuffleIsAPermutation(@ForAll @Size(max = 70) List<Integer> items, @ForAll byte[] seed) {
        List<Integer> before = new ArrayList<>(items);
        List<Integer> shuffled = new Sha256CounterRandom(seed, "shuffle").shuffle(items);
        assertThat(shuffled).containsExactlyInAnyOrderElementsOf(before);
        assertThat(items).as("the input is not changed").isEqualTo(before);
    }

    @Test
    @DisplayName("shuffle is Fisher–Yates from the last position down, drawing nextInt(i + 1)")
    void shuffleFollowsTheDocumentedAlgorithm() {
        List<Integer> items = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            items.add(i);
        }
        List<Integer> expected = new ArrayList<>(items);
        Sha256CounterRandom manual = new Sha256CounterRandom(SEED, "deck");
        for (int i = expected.size() - 1; i > 0; i--) {
            int j = manual.nextInt(i + 1);
            Integer t = expected.get(i);
            expected.set(i, expected.get(j));
            expected.set(j, t);
        }
        List<Integer> shuffled = new Sha256CounterRandom(SEED, "deck").shuffle(items);
        assertThat(shuffled).isEqualTo(expected).isNotEqualTo(items);
    }

    @Property(tries = 100)
    void sameSeedAndLabelGiveTheSameSequence(@ForAll byte[] seed, @ForAll String label) {
        Sha256CounterRandom a = new Sha256CounterRandom(seed, label);
        Sha256CounterRandom b = new Sha256CounterRandom(seed, label);
        for (int i = 0; i < 20; i++) {
            assertThat(a.nextWord()).isEqualTo(b.nextWord());
        }
    }

    @Test
    @DisplayName("a different label or seed gives a different sequence")
    void differentLabelDifferentSequence() {
        List<Long> base = words(new Sha256CounterRandom(SEED, "shuffle:A"));
        assertThat(words(new Sha256CounterRandom(SEED, "shuffle:B"))).isNotEqualTo(base);
        assertThat(words(new Sha256CounterRandom(SEED, "shuffle:A "))).isNotEqualTo(base);
        byte[] other = SEED.clone();
        other[31] ^= 1;
        assertThat(words(new Sha256CounterRandom(other, "shuffle:A"))).isNotEqualTo(base);
        assertThat(words(new Sha256CounterRandom(SEED, "shuffle:A"))).isEqualTo(base);
    }

    private static List<Long> words(Sha256CounterRandom r) {
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            out.add(r.nextWord());
        }
        return out;
    }
}
