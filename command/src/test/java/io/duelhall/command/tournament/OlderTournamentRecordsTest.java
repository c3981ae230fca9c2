package io.duelhall.command.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.command.tournament.TournamentEvents.TournamentEvent;
import io.duelhall.command.tournament.record.TournamentRecords;
import io.duelhall.domain.tournament.Format;
import io.duelhall.fairness.record.EventStoreJson;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Records stored before double elimination, best-of-3 and pods have none of the fields those added
 * ({@code rules.topCutFormat}, {@code rules.seats}, {@code rules.podMinimum}, {@code
 * PairedTable.seats}, {@code TableResultRecorded.places}): read through the event store's mapper
 * they mean what they meant, and audit clean.
 */
class OlderTournamentRecordsTest {
    static final ObjectMapper JSON = EventStoreJson.newMapper();
    static final List<String> ADDED = List.of("topCutFormat", "seats", "podMinimum", "places");

    /** The event as an older release wrote it: without the added fields. */
    static TournamentEvent older(TournamentEvent e) throws Exception {
        JsonNode tree = JSON.valueToTree(e);
        strip(tree);
        return JSON.treeToValue(tree, e.getClass());
    }

    private static void strip(JsonNode n) {
        if (n instanceof ObjectNode o) {
            o.remove(ADDED);
        }
        n.forEach(OlderTournamentRecordsTest::strip);
    }

    @Test
    void anOlderSwissReadsAsItWasAndAuditsClean() throws Exception {
        List<TournamentEvent> now = TournamentAuditTest.played(8);
        List<TournamentEvent> then = new ArrayList<>();
        for (TournamentEvent e : now) {
            then.add(older(e));
        }
        assertThat(then).isEqualTo(now);
        TournamentEvents.Created c = (TournamentEvents.Created) then.get(0);
        assertThat(c.rules().topCutFormat()).isNull();
        assertThat(c.rules().seatsPerTable()).isEqualTo(2);
        assertThat(TournamentAudit.check(then).passed()).isTrue();
    }

    @Test
    void anOlderTopCutIsASingleEliminationBracket() throws Exception {
        String stored =
                "{\"format\":\"SWISS\",\"rounds\":3,\"topCut\":4,\"bestOf\":1,"
                        + "\"tieBreaks\":[\"OPPONENTS_MATCH_WIN\"]}";
        var rules = JSON.readValue(stored, io.duelhall.domain.tournament.TournamentRules.class);
        assertThat(rules.bracketFormat()).isEqualTo(Format.SINGLE_ELIMINATION);
        assertThat(rules.seatsPerTable()).isEqualTo(2);
        assertThat(rules.problem()).isNull();
        String table = "{\"table\":1,\"matchId\":\"t-r1-t1\",\"a\":\"e1\",\"b\":\"e2\"}";
        assertThat(JSON.readValue(table, TournamentEvents.PairedTable.class).seats()).isNull();
    }

    /**
     * The signed record is made at export from the stored events, so a tournament stored before it
     * existed exports chained and signed, and audits clean.
     */
    @Test
    void anOlderSwissExportsASignedChainedRecordThatAuditsClean(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        List<TournamentRecords.Stored> stored = new ArrayList<>();
        for (TournamentEvent e : TournamentAuditTest.played(8)) {
            stored.add(
                    new TournamentRecords.Stored(stored.size(), java.time.Instant.EPOCH, older(e)));
        }
        var key = new io.duelhall.fairness.signing.ServerKey(dir.resolve("k.pem").toString());
        TournamentRecords records = new TournamentRecords(JSON);
        var record =
                records.export(
                        "t-old",
                        stored,
                        null,
                        java.time.Instant.EPOCH,
                        io.duelhall.fairness.record.Release.RUNNING,
                        key);
        assertThat(record.get("chainHead").asText()).hasSize(64);
        var report =
                records.audit(
                        JSON.readTree(JSON.writeValueAsString(record)), key.publicKeyHex(), null);
        assertThat(report.passed()).as(String.valueOf(report.firstDifference())).isTrue();
    }
}
