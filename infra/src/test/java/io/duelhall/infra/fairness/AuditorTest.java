package io.duelhall.infra.fairness;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.fairness.audit.AuditReport;
import io.duelhall.fairness.signing.RecordSignature;
import io.duelhall.fairness.signing.ServerKey;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audit as a plain class, on records made without the app: an honest record passes every check,
 * and each kind of tampering fails the check that names it. The app-level counterparts (export, SQL
 * tampering) are in FairnessHttpTest.
 */
class AuditorTest {
    @TempDir static Path dir;
    static ServerKey key;
    static RecordFixtures.Store store;
    static String honest;

    @BeforeAll
    static void record() {
        key = RecordFixtures.key(dir);
        store = RecordFixtures.played(42);
        honest = RecordFixtures.record(store, key);
    }

    static ObjectNode tree() throws Exception {
        return (ObjectNode) RecordFixtures.MAPPER.readTree(honest);
    }

    static AuditReport audit(JsonNode record) {
        return RecordFixtures.AUDITOR.audit(record, key.publicKeyHex());
    }

    static List<String> failed(AuditReport r) {
        return r.checks().stream().filter(c -> !c.passed()).map(AuditReport.Check::name).toList();
    }

    static ObjectNode forged(ObjectNode record) {
        return Forger.rechainAndSign(record, RecordFixtures.RECORDS, key);
    }

    static int indexOf(JsonNode events, String type, int from) {
        for (int i = from; i < events.size(); i++) {
            if (events.get(i).get("type").asText().equals(type)) {
                return i;
            }
        }
        throw new AssertionError("no " + type);
    }

    @Test
    void anHonestRecordPassesEveryCheck() {
        AuditReport r = RecordFixtures.AUDITOR.audit(honest, key.publicKeyHex());
        assertThat(r.checks())
                .extracting(AuditReport.Check::name)
                .containsExactlyElementsOf(AuditReport.CHECKS);
        assertThat(failed(r)).as("%s", r.checks()).isEmpty();
        assertThat(r.passed()).isTrue();
        assertThat(r.engineVersion()).isEqualTo(RecordFixtures.RULES.engineVersion());
    }

    /**
     * A started match with a 60 s turn clock whose active seat's clock runs out; the TIMEOUT is
     * recorded at {@code late} past the deadline, then the seat concedes. Clock events where the
     * server's clock policy puts them, each edited by {@code edit} (a forger's change; identity for
     * an honest record).
     */
    static String timedOut(
            java.time.Duration late,
            java.util.function.UnaryOperator<io.duelhall.domain.ClockSet> edit) {
        RecordFixtures.Store store = RecordFixtures.startedWithClock(9, 60);
        io.duelhall.domain.voidexa.VoidexaState s =
                (io.duelhall.domain.voidexa.VoidexaState) store.state;
        io.duelhall.domain.Seat seat = s.active();
        assertThat(store.clock.seat())
                .as("the policy's turn clock runs for the first seat")
                .isEqualTo(seat);
        java.time.Instant deadline = store.clock.deadline();
        store.clockEdit = edit;
        io.duelhall.domain.Intent timeout = io.duelhall.domain.Intent.timeout(seat);
        store.accept(
                RecordFixtures.RULES.decide(s, timeout),
                new io.duelhall.domain.IntentAccepted(
                        io.duelhall.domain.ClockPolicy.timeoutIntentId(store.clockSeq),
                        seat,
                        "server-clock",
                        timeout,
                        deadline.plus(late)));
        store.accept(
                RecordFixtures.RULES.decide(store.state, io.duelhall.domain.Intent.concede(seat)),
                new io.duelhall.domain.IntentAccepted(
                        "c",
                        seat,
                        "f",
                        io.duelhall.domain.Intent.concede(seat),
                        deadline.plusSeconds(9)));
        return RecordFixtures.record(store, key);
    }

    static String timedOut(java.time.Duration late) {
        return timedOut(late, c -> c);
    }

    @Test
    void clockEventsAreThePolicysAndATimeoutMustComeAfterItsDeadline() {
        AuditReport onTime =
                RecordFixtures.AUDITOR.audit(
                        timedOut(java.time.Duration.ofMillis(300)), key.publicKeyHex());
        assertThat(failed(onTime)).as("%s", onTime.checks()).isEmpty();
        // the turn clock after the joins, the other seat's after the timeout, and the clock stopped
        // by the concession
        assertThat(onTime.check("resimulation").details())
                .contains("the 3 clock events are the clock policy's");
        AuditReport early =
                RecordFixtures.AUDITOR.audit(
                        timedOut(java.time.Duration.ofSeconds(-20)), key.publicKeyHex());
        assertThat(failed(early)).containsExactly("resimulation");
        assertThat(early.check("resimulation").details()).contains("before the clock's deadline");
    }

    @Test
    @DisplayName(
            "issue 14: the audit runs the aggregate's clock policy: a clock given more time than the match's options is caught")
    void aClockTheServerWouldNotSetIsCaught() {
        // the second seat's clock, after the timeout, is given ten minutes instead of the match's
        // 60 s
        AuditReport longer =
                RecordFixtures.AUDITOR.audit(
                        timedOut(
                                java.time.Duration.ofMillis(300),
                                c ->
                                        c.seat() != null && c.deadline() != null && c.turn() > 1
                                                ? new io.duelhall.domain.ClockSet(
                                                        c.seat(),
                                                        c.kind(),
                                                        c.turn(),
                                                        c.deadline().plusSeconds(540),
                                                        c.turnLeftMillis())
                                                : c),
                        key.publicKeyHex());
        assertThat(failed(longer)).containsExactly("resimulation");
        assertThat(longer.check("resimulation").details())
                .contains("the clock policy sets")
                .contains("the record holds");
        // a record that never stops the clock after the end: the policy's clear is missing
        AuditReport running =
                RecordFixtures.AUDITOR.audit(
                        timedOut(
                                java.time.Duration.ofMillis(300),
                                c ->
                                        c.seat() == null
                                                ? new io.duelhall.domain.ClockSet(
                                                        io.duelhall.domain.Seat.A,
                                                        io.duelhall.domain.ClockNeed.Kind.TURN,
                                                        9,
                                                        java.time.Instant.EPOCH,
                                                        0)
                                                : c),
                        key.publicKeyHex());
        // (and the end check: under clock policy 1 only the cleared ClockSet may follow MatchEnded)
        assertThat(failed(running)).containsExactly("end", "resimulation");
    }

    @Test
    void anEditedRecordFailsItsSignature() throws Exception {
        ObjectNode t = tree();
        t.put(
                "exportedAt",
                "2030-01-01T00:00:00Z"); // outside the chain: only the signature covers it
        assertThat(failed(audit(t))).containsExactly("signature");
    }

    @Test
    void aRecordSignedByAnotherKeyFailsAgainstTheTrustedKey(@TempDir Path other) throws Exception {
        ObjectNode t = RecordSignature.sign(tree(), RecordFixtures.key(other));
        assertThat(failed(audit(t))).containsExactly("signature");
        assertThat(RecordFixtures.AUDITOR.audit(t, null).passed())
                .as("valid under the key it names")
                .isTrue();
    }

    @Test
    void theSignatureHasOneSpellingOnly() throws Exception {
        ObjectNode upper = tree();
        ObjectNode sig = (ObjectNode) upper.get("signature");
        sig.put(
                "value",
                sig.get("value")
                        .asText()
                        .toUpperCase(java.util.Locale.ROOT)); // the same bytes in hex
        assertThat(failed(audit(upper))).containsExactly("signature");
        ObjectNode id = tree();
        ((ObjectNode) id.get("signature")).put("keyId", "0000000000000000");
        assertThat(failed(audit(id))).containsExactly("signature");
        ObjectNode extra = tree();
        ((ObjectNode) extra.get("signature")).put("note", "hi");
        assertThat(failed(audit(extra))).containsExactly("signature");
        ObjectNode none = tree();
        none.remove("signature");
        assertThat(failed(audit(none))).containsExactly("signature");
    }

    @Test
    void aChangedEventBreaksTheChainThere() throws Exception {
        ObjectNode t = tree();
        JsonNode events = t.get("events");
        int k = indexOf(events, "DamageRouted", 0);
        ((ObjectNode) events.get(k).get("payload")).put("requested", 99);
        AuditReport r = audit(t);
        AuditReport.Check chain = r.check("chain");
        assertThat(chain.passed()).isFalse();
        assertThat(chain.event()).isEqualTo(k);
        assertThat(chain.details()).contains("event " + k + " (DamageRouted)");
        assertThat(r.check("resimulation").event()).isEqualTo(k);
    }

    @Test
    void aSwappedSeedFailsTheCommitmentEvenWhenRechainedAndResigned() throws Exception {
        ObjectNode t = tree();
        JsonNode events = t.get("events");
        ObjectNode ended = (ObjectNode) events.get(events.size() - 1).get("payload");
        ended.put("serverSeed", "ab".repeat(32));
        assertThat(failed(audit(t))).contains("seedCommitment", "signature", "chain");
        AuditReport forged = audit(forged(t));
        assertThat(failed(forged))
                .contains("seedCommitment", "randomDraws", "resimulation")
                .doesNotContain("signature", "chain", "summary");
        assertThat(forged.check("seedCommitment").details())
                .contains("commitment published at creation");
    }

    @Test
    void reorderedIntentsDivergeInTheResimulation() throws Exception {
        ObjectNode t = tree();
        ArrayNode events = (ArrayNode) t.get("events");
        // the first END_TURN of each seat, swapped: the first no longer comes from the seat whose
        // turn it is
        int p = -1;
        int q = -1;
        for (int i = 0; i < events.size(); i++) {
            JsonNode pl = events.get(i).get("payload");
            if (events.get(i).get("type").asText().equals("IntentAccepted")
                    && pl.at("/intent/type").asText().equals("END_TURN")) {
                if (p < 0) {
                    p = i;
                } else if (!pl.get("seat").equals(events.get(p).at("/payload/seat"))) {
                    q = i;
                    break;
                }
            }
        }
        JsonNode a = events.get(p).get("payload");
        ((ObjectNode) events.get(p)).set("payload", events.get(q).get("payload"));
        ((ObjectNode) events.get(q)).set("payload", a);
        AuditReport plain = audit(t);
        assertThat(failed(plain)).contains("signature", "chain", "resimulation");
        AuditReport forged = audit(forged(t));
        assertThat(failed(forged)).containsExactly("resimulation");
        AuditReport.Check resim = forged.check("resimulation");
        assertThat(resim.event()).isEqualTo(p);
        assertThat(resim.details())
                .contains("first divergence at event " + p)
                .contains("NOT_YOUR_TURN");
        assertThat(resim.divergence().recorded().get("type").asText()).isEqualTo("IntentAccepted");
    }

    @Test
    void aChangedOutcomeNamesTheExpectedAndTheRecordedEvent() throws Exception {
        ObjectNode t = tree();
        ArrayNode events = (ArrayNode) t.get("events");
        int k = indexOf(events, "EnergyRefilled", 0);
        ((ObjectNode) events.get(k).get("payload")).put("energy", 9);
        AuditReport.Check resim = audit(forged(t)).check("resimulation");
        assertThat(resim.passed()).isFalse();
        assertThat(resim.event()).isEqualTo(k);
        assertThat(resim.divergence().expected().at("/payload/energy").asInt()).isNotEqualTo(9);
        assertThat(resim.divergence().recorded().at("/payload/energy").asInt()).isEqualTo(9);
    }

    @Test
    void anOldEngineVersionIsSaidPlainly() throws Exception {
        ObjectNode t = tree();
        ((ObjectNode) t.get("events").get(0).get("payload")).put("engineVersion", "voidexa-0.9.0");
        AuditReport r = audit(forged(t));
        assertThat(failed(r)).contains("engineVersion");
        assertThat(r.check("engineVersion").details())
                .contains("played under rules engine voidexa-0.9.0")
                .contains("re-simulated it with " + RecordFixtures.RULES.engineVersion());
        assertThat(r.engineVersion()).isEqualTo("voidexa-0.9.0");
        assertThat(r.auditorEngineVersion()).isEqualTo(RecordFixtures.RULES.engineVersion());
    }

    @Test
    void aSummaryThatDisagreesWithTheEventsIsNamed() throws Exception {
        ObjectNode t = tree();
        ((ObjectNode) t.get("seeds")).put("matchSeed", "00".repeat(32));
        RecordSignature.sign(t, key);
        AuditReport r = audit(t);
        assertThat(failed(r)).containsExactly("summary");
        assertThat(r.check("summary").details())
                .startsWith("the record's /seeds/matchSeed (\"0000");
    }

    @Test
    void textThatIsNotARecordFailsWithoutThrowing() {
        for (String text :
                List.of(
                        "",
                        "nope",
                        "[]",
                        "{}",
                        "{\"format\":\"duelhall-match-record/1\",\"events\":[1]}",
                        honest.substring(0, honest.length() / 2))) {
            AuditReport r = RecordFixtures.AUDITOR.audit(text, key.publicKeyHex());
            assertThat(r.passed()).as(text).isFalse();
            assertThat(r.check("record").passed()).isFalse();
        }
    }

    @Test
    void theCommandLineExitsZeroOnlyIfEveryCheckPasses(@TempDir Path tmp) throws Exception {
        Path good = Files.writeString(tmp.resolve("good.json"), honest);
        ObjectNode t = tree();
        t.put("exportedAt", "x");
        Path bad =
                Files.writeString(
                        tmp.resolve("bad.json"), RecordFixtures.MAPPER.writeValueAsString(t));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8);
        assertThat(AuditCommand.run(new String[] {good.toString()}, ps, ps)).isZero();
        assertThat(
                        AuditCommand.run(
                                new String[] {
                                    good.toString(), "--public-key=" + key.publicKeyHex()
                                },
                                ps,
                                ps))
                .isZero();
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("PASS  signature")
                .contains("result: PASSED");
        out.reset();
        assertThat(AuditCommand.run(new String[] {bad.toString()}, ps, ps)).isEqualTo(1);
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("FAIL  signature")
                .contains("result: FAILED (1 of " + AuditReport.CHECKS.size());
        assertThat(
                        AuditCommand.run(
                                new String[] {good.toString(), "--public-key=" + "11".repeat(32)},
                                ps,
                                ps))
                .isEqualTo(1);
        assertThat(AuditCommand.run(new String[] {tmp.resolve("missing.json").toString()}, ps, ps))
                .isEqualTo(2);
        assertThat(AuditCommand.run(new String[] {}, ps, ps)).isEqualTo(2);
        out.reset();
        assertThat(AuditCommand.run(new String[] {good.toString(), "--json"}, ps, ps)).isZero();
        assertThat(
                        RecordFixtures.MAPPER
                                .readTree(out.toString(StandardCharsets.UTF_8))
                                .get("passed")
                                .asBoolean())
                .isTrue();
    }
}
