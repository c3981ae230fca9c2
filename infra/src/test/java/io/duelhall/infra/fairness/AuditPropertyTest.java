package io.duelhall.infra.fairness;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.fairness.audit.AuditReport;
import io.duelhall.fairness.audit.Auditor;
import io.duelhall.fairness.signing.ServerKey;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Any change to a signed record is detected: random bytes of random records (three finished random
 * matches) are changed to random other values, and the audit must fail every time. A byte changed
 * anywhere is caught by the signature at least; changed inside an event, by the chain too.
 */
class AuditPropertyTest {
    static final ServerKey KEY;
    static final List<byte[]> RECORDS = new ArrayList<>();

    static {
        try {
            KEY = RecordFixtures.key(Files.createTempDirectory("audit-property"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (long seed : new long[] {1, 2, 3}) {
            RECORDS.add(
                    RecordFixtures.record(RecordFixtures.played(seed), KEY)
                            .getBytes(StandardCharsets.UTF_8));
        }
    }

    static AuditReport audit(byte[] bytes) {
        return RecordFixtures.AUDITOR.audit(
                new String(bytes, StandardCharsets.UTF_8), KEY.publicKeyHex());
    }

    @Example
    void theUntouchedRecordsPass() {
        for (byte[] r : RECORDS) {
            assertThat(audit(r).passed()).isTrue();
        }
    }

    @Property(tries = 300)
    void oneChangedByteAnywhereIsDetected(
            @ForAll @IntRange(max = 2) int record,
            @ForAll @IntRange(max = Integer.MAX_VALUE - 1) int position,
            @ForAll @IntRange(min = 1, max = 255) int xor) {
        byte[] bytes = RECORDS.get(record).clone();
        int at = position % bytes.length;
        bytes[at] ^= (byte) xor;
        AuditReport r = audit(bytes);
        assertThat(r.passed())
                .as("byte %d of record %d changed, report %s", at, record, r.checks())
                .isFalse();
    }

    /**
     * The tail of a record holds the refused intents, the export time and the signature itself: the
     * signature covers them.
     */
    @Property(tries = 200)
    void oneChangedByteInTheSignedTailIsDetected(
            @ForAll @IntRange(max = 2) int record,
            @ForAll @IntRange(min = 1, max = 600) int fromEnd,
            @ForAll @IntRange(min = 1, max = 255) int xor) {
        byte[] bytes = RECORDS.get(record).clone();
        int at = bytes.length - fromEnd;
        bytes[at] ^= (byte) xor;
        assertThat(audit(bytes).passed())
                .as("byte %d from the end of record %d changed", fromEnd, record)
                .isFalse();
    }

    /**
     * The seal (signature and chain) is checked beside the other checks (issue 18): the report is
     * the same, check for check and word for word, as from an auditor that checks everything one
     * after the other on the calling thread, whatever was changed.
     */
    @Property(tries = 100)
    void checkingTheSealBesideTheRestGivesTheSameReport(
            @ForAll @IntRange(max = 2) int record,
            @ForAll @IntRange(max = Integer.MAX_VALUE - 1) int position,
            @ForAll @IntRange(max = 255) int xor) {
        byte[] bytes = RECORDS.get(record).clone();
        bytes[position % bytes.length] ^= (byte) xor; // xor 0: the record as it was signed
        String text = new String(bytes, StandardCharsets.UTF_8);
        AuditReport beside = RecordFixtures.AUDITOR.audit(text, KEY.publicKeyHex());
        AuditReport inTurn = IN_TURN.audit(text, KEY.publicKeyHex());
        assertThat(beside).isEqualTo(inTurn);
        assertThat(beside.checks()).hasSize(AuditReport.CHECKS.size());
        if (xor == 0) {
            assertThat(beside.passed()).isTrue();
        }
    }

    static final Auditor IN_TURN = new Auditor(RecordFixtures.RECORDS, Runnable::run);

    @Property(tries = 50)
    void severalChangedBytesAreDetected(
            @ForAll @IntRange(max = 2) int record,
            @ForAll @Size(min = 2, max = 8)
                    List<@IntRange(max = Integer.MAX_VALUE - 1) Integer> positions,
            @ForAll @IntRange(min = 1, max = 255) int xor) {
        byte[] bytes = RECORDS.get(record).clone();
        for (int p : positions) {
            bytes[p % bytes.length] ^= (byte) xor;
        }
        byte[] original = RECORDS.get(record);
        if (java.util.Arrays.equals(bytes, original)) {
            return; // the flips cancelled out: nothing was changed
        }
        assertThat(audit(bytes).passed()).isFalse();
    }
}
