package io.duelhall.infra.fairness;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.ClockExtended;
import io.duelhall.domain.ClockExtensions;
import io.duelhall.domain.ClockPolicy;
import io.duelhall.domain.ClockSet;
import io.duelhall.domain.Intent;
import io.duelhall.domain.IntentAccepted;
import io.duelhall.domain.Leaving;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import io.duelhall.fairness.audit.AuditReport;
import io.duelhall.fairness.signing.ServerKey;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A judge's time extension in the match audit (issue 41): the re-simulation takes a {@link
 * ClockExtended} as a server input while the match runs and requires right after it the running
 * clock moved by its seconds, then holds the TIMEOUT to the later deadline; a forged, misplaced or
 * half-recorded extension fails at its event, and so does docs/verify_record.py.
 */
class ClockExtensionAuditTest {
    @TempDir static Path dir;
    static ServerKey key;

    @BeforeAll
    static void key() {
        key = RecordFixtures.key(dir);
    }

    static RecordFixtures.Store started() {
        return RecordFixtures.startedWith(
                41, new MatchOptions(0, 60, 15, null, 0).withClockPolicy(ClockPolicy.V3));
    }

    /** Records an extension of the running clock and the clock {@code moved} makes of it. */
    static long extend(
            RecordFixtures.Store store,
            Seat seat,
            int seconds,
            Instant at,
            java.util.function.UnaryOperator<ClockSet> moved,
            boolean withClock) {
        long seq = store.events.size();
        ClockSet next = moved.apply(ClockExtensions.extended(store.clock, seconds));
        store.append(List.of(new ClockExtended(seat, seconds, "cup", 12, at)));
        if (withClock) {
            store.append(List.of(next));
            store.clock = next;
            store.clockSeq = store.events.size() - 1;
        }
        return seq;
    }

    /** The server's TIMEOUT of the running clock at {@code at}, with the rules' answer. */
    static long timeOut(RecordFixtures.Store store, Instant at) {
        long seq = store.events.size();
        Seat seat = store.clock.seat();
        Intent timeout = Intent.timeout(seat);
        store.accept(
                RecordFixtures.RULES.decide(store.state, timeout),
                new IntentAccepted(
                        ClockPolicy.timeoutIntentId(store.clockSeq),
                        seat,
                        Leaving.SERVER_FINGERPRINT,
                        timeout,
                        at));
        return seq;
    }

    /** The seat to act concedes, so the record has its end. */
    static void end(RecordFixtures.Store store, Instant at) {
        Seat seat = store.clock.seat();
        store.accept(
                RecordFixtures.RULES.decide(store.state, Intent.concede(seat)),
                new IntentAccepted("c", seat, "f", Intent.concede(seat), at));
        assertThat(store.state.status()).isEqualTo(MatchStatus.ENDED);
    }

    static AuditReport audit(RecordFixtures.Store store) {
        return RecordFixtures.AUDITOR.audit(RecordFixtures.record(store, key), key.publicKeyHex());
    }

    static void failsAt(RecordFixtures.Store store, long seq, String words) throws Exception {
        failsAt(store, seq, words, true);
    }

    /** {@code script}: whether docs/verify_record.py (no rules engine) must fail it too. */
    static void failsAt(RecordFixtures.Store store, long seq, String words, boolean script)
            throws Exception {
        AuditReport r = audit(store);
        assertThat(r.check("resimulation").passed())
                .as(r.check("resimulation").details())
                .isFalse();
        assertThat(r.check("resimulation").event()).isEqualTo(seq);
        assertThat(r.check("resimulation").details()).contains(words);
        VerifyScript.Run py =
                VerifyScript.available()
                        ? VerifyScript.run(RecordFixtures.record(store, key), key.publicKeyHex())
                        : null;
        if (py != null && script) {
            assertThat(py.exit()).as(py.out()).isEqualTo(1);
        }
    }

    @Test
    @DisplayName("an extension, the moved clock and a TIMEOUT at the later deadline audit clean")
    void anExtensionAuditsClean() throws Exception {
        RecordFixtures.Store store = started();
        Instant old = store.clock.deadline();
        Seat seat = store.clock.seat();
        extend(store, seat, 300, old.minusSeconds(20), c -> c, true);
        assertThat(store.clock.deadline()).isEqualTo(old.plusSeconds(300));
        timeOut(store, old.plusSeconds(300));
        end(store, old.plusSeconds(310));
        AuditReport r = audit(store);
        assertThat(r.checks().stream().filter(c -> !c.passed()).toList()).isEmpty();
        assertThat(r.check("resimulation").details()).contains("clock events");
        Assumptions.assumeTrue(VerifyScript.available(), "python3 is not installed");
        VerifyScript.Run py =
                VerifyScript.run(RecordFixtures.record(store, key), key.publicKeyHex());
        assertThat(py.out()).contains("PASS extensions: 1 time extension(s)");
        assertThat(py.exit()).as(py.out()).isZero();
    }

    @Test
    @DisplayName("a TIMEOUT at the old deadline, before the extended one, fails at the TIMEOUT")
    void aTimeoutAtTheOldDeadlineFails() throws Exception {
        RecordFixtures.Store store = started();
        Instant old = store.clock.deadline();
        extend(store, store.clock.seat(), 300, old.minusSeconds(20), c -> c, true);
        long at = timeOut(store, old);
        end(store, old.plusSeconds(1));
        failsAt(store, at, "before the clock's deadline");
    }

    @Test
    @DisplayName("a ClockSet that moves the clock more than the extension fails at the ClockSet")
    void aForgedMoveFails() throws Exception {
        RecordFixtures.Store store = started();
        Instant old = store.clock.deadline();
        long x =
                extend(
                        store,
                        store.clock.seat(),
                        60,
                        old.minusSeconds(20),
                        c ->
                                new ClockSet(
                                        c.seat(),
                                        c.kind(),
                                        c.turn(),
                                        c.deadline().plusSeconds(600),
                                        c.turnLeftMillis()),
                        true);
        end(store, old.plusSeconds(1));
        failsAt(store, x + 1, "a time extension moves the clock");
    }

    @Test
    @DisplayName(
            "an extension without its ClockSet fails after it; a moved clock with no extension fails")
    void aMissingClockSetFails() throws Exception {
        RecordFixtures.Store store = started();
        Instant old = store.clock.deadline();
        long x = extend(store, store.clock.seat(), 60, old.minusSeconds(20), c -> c, false);
        end(store, old.minusSeconds(10));
        failsAt(store, x + 1, "a time extension moves the clock");
        // the ClockSet without its ClockExtended: the policy sets no clock there
        RecordFixtures.Store bare = started();
        Instant deadline = bare.clock.deadline();
        long seq = bare.events.size();
        ClockSet moved = ClockExtensions.extended(bare.clock, 60);
        bare.append(List.<MatchEvent>of(moved));
        bare.clock = moved;
        bare.clockSeq = seq;
        end(bare, deadline.minusSeconds(10));
        // (a re-simulation finding: the script, without a rules engine, does not make it)
        failsAt(bare, seq, "no recorded input causes this event", false);
    }

    @Test
    @DisplayName(
            "an extension after the end, for the wrong seat, out of range or after the deadline fails at it")
    void misplacedExtensionsFail() throws Exception {
        RecordFixtures.Store ended = started();
        Instant d = ended.clock.deadline();
        Seat seat = ended.clock.seat();
        ClockSet running = ended.clock;
        end(ended, d.minusSeconds(30));
        long x = ended.events.size();
        ended.clock = running; // as a forger would: the last clock before the end, moved
        extend(ended, seat, 60, d.minusSeconds(20), c -> c, true);
        AuditReport r = audit(ended);
        assertThat(r.passed()).isFalse();
        // the end check names the first event after the end; the re-simulation the same
        assertThat(r.check("resimulation").event()).isEqualTo(x);

        RecordFixtures.Store wrongSeat = started();
        Instant d2 = wrongSeat.clock.deadline();
        long y =
                extend(
                        wrongSeat,
                        wrongSeat.clock.seat().opponent(),
                        60,
                        d2.minusSeconds(5),
                        c -> c,
                        true);
        end(wrongSeat, d2.minusSeconds(1));
        failsAt(wrongSeat, y, "while seat");

        RecordFixtures.Store tooLong = started();
        Instant d3 = tooLong.clock.deadline();
        long z = extend(tooLong, tooLong.clock.seat(), 7200, d3.minusSeconds(5), c -> c, true);
        end(tooLong, d3.minusSeconds(1));
        failsAt(tooLong, z, "OUT_OF_RANGE");

        RecordFixtures.Store late = started();
        Instant d4 = late.clock.deadline();
        long w = extend(late, late.clock.seat(), 60, d4.plusSeconds(1), c -> c, true);
        end(late, d4.plusSeconds(2));
        failsAt(late, w, "CLOCK_RAN_OUT");
    }
}
