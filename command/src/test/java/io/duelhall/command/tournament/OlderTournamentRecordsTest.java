package io.duelhall.command.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.command.tournament.TournamentEvents.TournamentEvent;
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
}
