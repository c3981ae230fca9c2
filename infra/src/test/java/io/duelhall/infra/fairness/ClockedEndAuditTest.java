package io.duelhall.infra.fairness;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.domain.ClockPolicy;
import io.duelhall.domain.ClockSet;
import io.duelhall.domain.Intent;
import io.duelhall.domain.IntentAccepted;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.VoidexaMoves;
import io.duelhall.domain.voidexa.VoidexaState;
import io.duelhall.fairness.audit.AuditReport;
import io.duelhall.fairness.record.StoredEvent;
import io.duelhall.fairness.signing.RecordSignature;
import io.duelhall.fairness.signing.ServerKey;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 26, D-CLOCK-6 and docs/fairness.md "The chain head and the end event": in a clocked match
 * under clock policy 2 (what the server records now) the end event is the last event and its chain
 * value is the head, however the match ended (by the rules of the game, a loss on time, a
 * concession), and the audit's "end" check holds the record to it; an older record (clock policy 1,
 * the cleared ClockSet after MatchEnded) still audits clean.
 */
class ClockedEndAuditTest {
    @TempDir static Path dir;
    static ServerKey key;

    @BeforeAll
    static void key() {
        key = RecordFixtures.key(dir);
    }

    /**
     * A clocked match as the server opens it now (ClockPolicy.forNewMatch), or as before issue 26
     * (policy 1).
     */
    static MatchOptions clocked(boolean policy2, Integer timeoutLoss) {
        MatchOptions o = new MatchOptions(0, 60, 15, null, timeoutLoss);
        return policy2 ? ClockPolicy.forNewMatch(o) : o;
    }

    /**
     * Random legal moves, every input within its clock, until the rules end the match (never a
     * concession).
     */
    static RecordFixtures.Store playedToTheEnd(long seed, boolean policy2) {
        RecordFixtures.Store store = RecordFixtures.startedWith(seed, clocked(policy2, null));
        VoidexaMoves moves = new VoidexaMoves(RecordFixtures.RULES.catalog());
        Random rnd = new Random(seed);
        int n = 0;
        while (store.state.status() == MatchStatus.LIVE) {
            VoidexaState s = (VoidexaState) store.state;
            Seat seat = VoidexaMoves.toAct(s);
            List<Intent> legal = moves.legal(s, seat);
            Intent pick = rnd.nextInt(10) < 3 ? legal.get(0) : legal.get(rnd.nextInt(legal.size()));
            n++;
            store.accept(
                    RecordFixtures.RULES.decide(s, pick),
                    new IntentAccepted(
                            "i-" + n,
                            seat,
                            "f-" + n,
                            pick,
                            store.clock.deadline().minusSeconds(1)));
        }
        return store;
    }

    /**
     * Nobody acts: the server's TIMEOUTs, each at its clock's deadline, until the third loses
     * (D-CLOCK-1, -5).
     */
    static RecordFixtures.Store lostOnTime(long seed, boolean policy2) {
        RecordFixtures.Store store = RecordFixtures.startedWith(seed, clocked(policy2, 3));
        while (store.state.status() == MatchStatus.LIVE) {
            ClockSet clock = store.clock;
            Intent timeout = Intent.timeout(clock.seat());
            store.accept(
                    RecordFixtures.RULES.decide(store.state, timeout),
                    new IntentAccepted(
                            ClockPolicy.timeoutIntentId(store.clockSeq),
                            clock.seat(),
                            "server-clock",
                            timeout,
                            clock.deadline()));
        }
        return store;
    }

    /** Two turns ended, then the seat to act concedes. */
    static RecordFixtures.Store conceded(long seed, boolean policy2) {
        RecordFixtures.Store store = RecordFixtures.startedWith(seed, clocked(policy2, null));
        for (int i = 0; i < 3; i++) {
            VoidexaState s = (VoidexaState) store.state;
            Seat seat = VoidexaMoves.toAct(s);
            Intent pick =
                    i < 2
                            ? io.duelhall.domain.voidexa.VoidexaIntents.endTurn(seat)
                            : Intent.concede(seat);
            store.accept(
                    RecordFixtures.RULES.decide(s, pick),
                    new IntentAccepted(
                            "i-" + i,
                            seat,
                            "f-" + i,
                            pick,
                            store.clock.deadline().minusSeconds(30)));
        }
        return store;
    }

    static AuditReport audit(String record) {
        return RecordFixtures.AUDITOR.audit(record, key.publicKeyHex());
    }

    static List<String> failed(AuditReport r) {
        return r.checks().stream().filter(c -> !c.passed()).map(AuditReport.Check::name).toList();
    }

    static void endsLastAndAuditsClean(RecordFixtures.Store store, String reason) throws Exception {
        assertThat(store.state.status()).isEqualTo(MatchStatus.ENDED);
        assertThat(((VoidexaState) store.state).result().reason()).isEqualTo(reason);
        StoredEvent last = store.events.get(store.events.size() - 1);
        assertThat(last.type()).as("the last event").isEqualTo("MatchEnded");
        assertThat(store.events)
                .as("clocks ran in this match")
                .anyMatch(e -> e.type().equals("ClockSet"));
        String text = RecordFixtures.record(store, key);
        JsonNode record = RecordFixtures.MAPPER.readTree(text);
        assertThat(record.at("/events/0/payload/options/clockPolicy").asInt())
                .isEqualTo(ClockPolicy.CURRENT);
        assertThat(record.path("chainHead").asText()).isEqualTo(last.chain());
        AuditReport r = audit(text);
        assertThat(failed(r)).as("%s", r.checks()).isEmpty();
        assertThat(r.check("end").details())
                .contains("MatchEnded (event " + last.seq() + ") is the last event")
                .contains("clock policy " + ClockPolicy.CURRENT);
    }

    @Test
    @DisplayName(
            "D-CLOCK-6: a clocked match ended by the rules of the game: MatchEnded is the last event, the audit passes")
    void endedByTheGame() throws Exception {
        RecordFixtures.Store store = playedToTheEnd(3, true);
        String reason = ((VoidexaState) store.state).result().reason();
        assertThat(reason).isNotIn("CONCEDED", "TIMEOUT");
        endsLastAndAuditsClean(store, reason);
    }

    @Test
    @DisplayName(
            "D-CLOCK-6: a clocked match lost on time: MatchEnded is the last event, the audit passes")
    void endedByATimeout() throws Exception {
        endsLastAndAuditsClean(lostOnTime(4, true), "TIMEOUT");
    }

    @Test
    @DisplayName(
            "D-CLOCK-6: a clocked match ended by a concession: MatchEnded is the last event, the audit passes")
    void endedByAConcession() throws Exception {
        endsLastAndAuditsClean(conceded(5, true), "CONCEDED");
    }

    @Test
    @DisplayName(
            "docs/upgrading.md point 4: an older record (clock policy 1, cleared ClockSet after MatchEnded) audits clean")
    void anOlderRecordWithTheClearedClockAfterTheEndStillPasses() throws Exception {
        for (RecordFixtures.Store store :
                List.of(playedToTheEnd(3, false), lostOnTime(4, false), conceded(5, false))) {
            StoredEvent last = store.events.get(store.events.size() - 1);
            assertThat(last.type()).isEqualTo("ClockSet");
            assertThat(RecordFixtures.MAPPER.readTree(last.payload()))
                    .isEqualTo(
                            RecordFixtures.MAPPER.readTree(
                                    "{\"seat\":null,\"kind\":null,\"turn\":0,\"deadline\":null,\"turnLeftMillis\":0}"));
            assertThat(store.events.get(store.events.size() - 2).type()).isEqualTo("MatchEnded");
            String text = RecordFixtures.record(store, key);
            assertThat(
                            RecordFixtures.MAPPER
                                    .readTree(text)
                                    .at("/events/0/payload/options")
                                    .path("clockPolicy")
                                    .isNumber())
                    .as("no clock policy named: policy 1")
                    .isFalse();
            AuditReport r = audit(text);
            assertThat(failed(r)).as("%s", r.checks()).isEmpty();
            assertThat(r.check("end").details())
                    .contains("followed only by the cleared ClockSet that clock policy 1 records");
        }
    }

    @Test
    @DisplayName(
            "D-CLOCK-6: a policy-2 record with an event after MatchEnded fails the audit, which names that event")
    void anEventAfterTheEndFailsTheAudit() throws Exception {
        // a forger holding the key appends the cleared ClockSet policy 1 would have stored, chains
        // and signs again
        RecordFixtures.Store store = conceded(5, true);
        int end = store.events.size() - 1;
        store.append(List.of(new ClockSet(null, null, 0, null, 0)));
        AuditReport r = audit(RecordFixtures.record(store, key));
        assertThat(failed(r)).containsExactly("end", "resimulation");
        assertThat(r.check("end").event()).isEqualTo(end + 1L);
        assertThat(r.check("end").details())
                .isEqualTo(
                        "event "
                                + (end + 1)
                                + " (ClockSet) follows the end event"
                                + " MatchEnded (event "
                                + end
                                + "): under clock policy "
                                + ClockPolicy.CURRENT
                                + " the end event is the last event");
        assertThat(r.check("resimulation").event()).isEqualTo(end + 1L);
        assertThat(r.check("resimulation").details())
                .contains("the clock policy sets no clock here");
    }

    @Test
    @DisplayName(
            "D-CLOCK-6: under clock policy 1 only the cleared ClockSet may follow MatchEnded, and the head must be the last value")
    void policy1AllowsOnlyTheClearedClockAfterTheEnd() throws Exception {
        RecordFixtures.Store store = conceded(5, false);
        int cleared = store.events.size() - 1;
        store.append(List.of(new ClockSet(null, null, 0, null, 0)));
        AuditReport twice = audit(RecordFixtures.record(store, key));
        assertThat(failed(twice)).contains("end");
        assertThat(twice.check("end").event()).isEqualTo(cleared + 1L);
        // the chain head moved back to MatchEnded's value (re-signed): the end check names the
        // cleared ClockSet
        RecordFixtures.Store honest = conceded(5, false);
        ObjectNode t =
                (ObjectNode) RecordFixtures.MAPPER.readTree(RecordFixtures.record(honest, key));
        t.put("chainHead", honest.events.get(cleared - 1).chain());
        AuditReport head =
                RecordFixtures.AUDITOR.audit(RecordSignature.sign(t, key), key.publicKeyHex());
        assertThat(head.check("end").passed()).isFalse();
        assertThat(head.check("end").details())
                .contains("is not the chain value of the cleared ClockSet (event " + cleared + ")");
    }

    @Test
    @DisplayName(
            "a record naming a clock policy this auditor does not run fails re-simulation at the opening event")
    void anUnknownClockPolicyIsNotRun() throws Exception {
        // a forger holding the key turns a policy-2 record into one of a policy 7, chains and signs
        // again
        ObjectNode t =
                (ObjectNode)
                        RecordFixtures.MAPPER.readTree(
                                RecordFixtures.record(conceded(6, true), key));
        ((ObjectNode) t.at("/events/0/payload/options")).put("clockPolicy", 7);
        AuditReport r =
                RecordFixtures.AUDITOR.audit(
                        Forger.rechainAndSign(t, RecordFixtures.RECORDS, key), key.publicKeyHex());
        assertThat(r.check("resimulation").passed()).isFalse();
        assertThat(r.check("resimulation").event()).isEqualTo(0L);
        assertThat(r.check("resimulation").details()).contains("clock policy 7");
    }
}
