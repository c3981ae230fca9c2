package io.duelhall.infra.fairness;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.domain.Ruleset;
import io.duelhall.fairness.audit.AuditReport;
import io.duelhall.fairness.record.MatchRecords;
import io.duelhall.fairness.record.StoredEvent;
import io.duelhall.fairness.signing.ServerKey;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audit of a record just built from the store ({@code GET /api/matches/{id}/audit}, {@link
 * MatchRecords.Export}) skips writing the record out and reading it back, and reuses the decoded
 * events and payload canonical forms made while building it. It must be exactly as strict as the
 * audit of the same record sent as text: on a tampered store, a bad signature and a wrong summary
 * it fails the same checks with the same report.
 */
class AuditStrictnessTest {
    @TempDir static Path dir;
    static ServerKey key;
    static RecordFixtures.Store store;

    @BeforeAll
    static void match() {
        key = RecordFixtures.key(dir);
        store = RecordFixtures.played(7);
    }

    /** As FairnessController builds the record of a finished match from its stored events. */
    static MatchRecords.Export export(List<StoredEvent> events, ServerKey signer) {
        MatchRecords records = RecordFixtures.RECORDS;
        ArrayNode nodes = records.events(events);
        Ruleset r = records.decoder().rulesetOf(null, nodes);
        return records.export(
                nodes,
                r,
                records.decoder().decode(r, nodes),
                List.of(),
                RecordFixtures.T0.plusSeconds(86_400),
                signer);
    }

    /**
     * The fast audit of the built record, checked to be the very report of the audit of its text.
     */
    static AuditReport audit(MatchRecords.Export export) throws Exception {
        AuditReport fast = RecordFixtures.AUDITOR.audit(export, key.publicKeyHex());
        AuditReport slow =
                RecordFixtures.AUDITOR.audit(
                        RecordFixtures.MAPPER.writeValueAsString(export.record()),
                        key.publicKeyHex());
        assertThat(fast).isEqualTo(slow);
        assertThat(fast.checks())
                .extracting(AuditReport.Check::name)
                .containsExactlyElementsOf(AuditReport.CHECKS);
        return fast;
    }

    static List<String> failed(AuditReport r) {
        return r.checks().stream().filter(c -> !c.passed()).map(AuditReport.Check::name).toList();
    }

    @Test
    void aStoredEventChangedAfterItWasChainedBreaksTheChainThere() throws Exception {
        AuditReport honest = audit(export(store.events, key));
        assertThat(failed(honest)).as("%s", honest.checks()).isEmpty();

        // an event whose payload names seat A, changed in the store to name B (its chain value left
        // as it was)
        List<StoredEvent> tampered = new ArrayList<>(store.events);
        int i = tampered.size() / 2;
        while (!tampered.get(i).payload().contains("\"seat\":\"A\"")) {
            i++;
        }
        StoredEvent e = tampered.get(i);
        tampered.set(
                i,
                new StoredEvent(
                        e.seq(),
                        e.type(),
                        e.at(),
                        e.payload().replaceFirst("\"seat\":\"A\"", "\"seat\":\"B\""),
                        e.chain()));
        AuditReport r = audit(export(tampered, key));
        assertThat(r.passed()).isFalse();
        assertThat(failed(r)).contains("chain");
        assertThat(r.check("chain").event()).isEqualTo(e.seq());
        assertThat(r.check("signature").passed()).as("signed as built, after the change").isTrue();
    }

    @Test
    void aSignatureByAnotherKeyOrWithAChangedValueFails(@TempDir Path other) throws Exception {
        AuditReport foreign = audit(export(store.events, RecordFixtures.key(other)));
        assertThat(failed(foreign)).containsExactly("signature");
        assertThat(foreign.check("signature").details()).contains("not with the trusted key");

        MatchRecords.Export export = export(store.events, key);
        ObjectNode sig = (ObjectNode) export.record().get("signature");
        String value = sig.get("value").asText();
        sig.put("value", (value.charAt(0) == '0' ? "1" : "0") + value.substring(1));
        AuditReport changed = audit(export);
        assertThat(failed(changed)).containsExactly("signature");
        assertThat(changed.check("signature").details()).contains("does not verify");
    }

    @Test
    void aSummaryThatDisagreesWithTheEventsFailsAndBreaksTheSignature() throws Exception {
        MatchRecords.Export export = export(store.events, key);
        ObjectNode seeds = (ObjectNode) export.record().get("seeds");
        seeds.put("matchSeed", "0".repeat(64));
        AuditReport r = audit(export);
        assertThat(failed(r)).containsExactly("signature", "summary");
        assertThat(r.check("summary").details()).contains("/seeds/matchSeed");

        // a member of an intent, deep in the summary, changed by a number's form only: equal as
        // canonical JSON
        MatchRecords.Export again = export(store.events, key);
        ObjectNode intent = (ObjectNode) again.record().get("intents").get(0);
        intent.put("seq", intent.get("seq").decimalValue().setScale(1));
        AuditReport sameValue = audit(again);
        assertThat(sameValue.check("summary").passed())
                .as("%s", sameValue.check("summary"))
                .isTrue();
        assertThat(sameValue.check("signature").passed()).as("1.0 is canonically 1").isTrue();
        intent.put("seq", intent.get("seq").asLong() + 1);
        AuditReport otherValue = audit(again);
        assertThat(failed(otherValue)).containsExactly("signature", "summary");
    }
}
