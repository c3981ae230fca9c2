package io.duelhall.infra.fairness;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.ClockPolicy;
import io.duelhall.domain.ClockSet;
import io.duelhall.domain.Decision;
import io.duelhall.domain.Intent;
import io.duelhall.domain.IntentAccepted;
import io.duelhall.domain.Leaving;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.VoidexaState;
import io.duelhall.fairness.audit.AuditReport;
import io.duelhall.fairness.signing.ServerKey;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * D-LEAVE-1 in the audit: a seat's leave (three turns in a row timed out, clock policy 3) is
 * re-derived by the re-simulation from the recorded TIMEOUTs, so a record with the leave audits
 * clean, one that leaves it out or a leave the rule does not make fails at that event.
 */
class LeavingAuditTest {
    @TempDir static Path dir;
    static ServerKey key;

    @BeforeAll
    static void key() {
        key = RecordFixtures.key(dir);
    }

    /**
     * Nobody acts in a match whose timeouts never lose (timeoutLoss 0): the server's TIMEOUTs at
     * each deadline; with {@code honest} the server concedes for a seat at its third in a row, as
     * the aggregate does; {@code forgeAt} (0 = never) is the timeout after which a leave is forged.
     */
    static RecordFixtures.Store timedOut(long seed, boolean honest, int forgeAt, int timeouts) {
        MatchOptions o = new MatchOptions(0, 60, 15, null, 0).withClockPolicy(ClockPolicy.V3);
        RecordFixtures.Store store = RecordFixtures.startedWith(seed, o);
        Leaving leaving = new Leaving();
        for (int n = 1; n <= timeouts && store.state.status() == MatchStatus.LIVE; n++) {
            ClockSet clock = store.clock;
            Intent timeout = Intent.timeout(clock.seat());
            IntentAccepted marker =
                    new IntentAccepted(
                            ClockPolicy.timeoutIntentId(store.clockSeq),
                            clock.seat(),
                            Leaving.SERVER_FINGERPRINT,
                            timeout,
                            clock.deadline());
            leaving.accepted(marker, clock);
            Decision d = RecordFixtures.RULES.decide(store.state, timeout);
            boolean leave = (honest && leaving.left(clock.seat())) || n == forgeAt;
            if (!leave) {
                store.accept(d, marker);
                continue;
            }
            List<MatchEvent> timedOut = new ArrayList<>();
            timedOut.add(marker);
            timedOut.addAll(d.events());
            store.append(timedOut);
            store.accept(
                    RecordFixtures.RULES.decide(store.state, Intent.concede(clock.seat())),
                    Leaving.marker(clock.seat(), store.clockSeq, clock.deadline()));
        }
        return store;
    }

    static AuditReport audit(RecordFixtures.Store store) {
        return RecordFixtures.AUDITOR.audit(RecordFixtures.record(store, key), key.publicKeyHex());
    }

    @Test
    @DisplayName(
            "D-LEAVE-1: the third turn in a row timed out is a leave, the server's concession ends the match, the audit passes")
    void aLeaveAuditsClean() {
        RecordFixtures.Store store = timedOut(21, true, 0, 20);
        VoidexaState s = (VoidexaState) store.state;
        assertThat(s.status()).isEqualTo(MatchStatus.ENDED);
        assertThat(s.result().reason()).isEqualTo("CONCEDED");
        // the first seat's turns 1, 3, 5: the fifth timeout of the match
        Seat first = s.result().winner().opponent();
        assertThat(store.raw)
                .filteredOn(e -> e instanceof IntentAccepted a && Leaving.isLeave(a))
                .singleElement()
                .matches(e -> ((IntentAccepted) e).seat() == first);
        assertThat(store.events.get(store.events.size() - 1).type()).isEqualTo("MatchEnded");
        AuditReport r = audit(store);
        assertThat(r.checks().stream().filter(c -> !c.passed()).toList()).isEmpty();
    }

    @Test
    @DisplayName("D-LEAVE-1: a record without the leave the rule makes fails the re-simulation")
    void aMissingLeaveFails() {
        RecordFixtures.Store store = timedOut(21, false, 0, 7);
        // end it the ordinary way, so the record is exported: the seat to act concedes
        Seat seat = store.clock.seat();
        store.accept(
                RecordFixtures.RULES.decide(store.state, Intent.concede(seat)),
                new IntentAccepted("c", seat, "f", Intent.concede(seat), store.clock.deadline()));
        AuditReport r = audit(store);
        assertThat(r.check("resimulation").passed()).isFalse();
        assertThat(r.check("resimulation").details()).contains("IntentAccepted");
    }

    @Test
    @DisplayName(
            "D-LEAVE-1: a concession the server makes where no seat has left fails the re-simulation")
    void aForgedLeaveFails() {
        RecordFixtures.Store store = timedOut(21, false, 3, 3);
        assertThat(store.state.status()).isEqualTo(MatchStatus.ENDED);
        AuditReport r = audit(store);
        assertThat(r.check("resimulation").passed()).isFalse();
        // the forged concession stands where the clock policy sets the next clock: it fails there
        assertThat(r.check("resimulation").details()).contains("the record holds IntentAccepted");
    }
}
