package io.duelhall.command.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.command.tournament.TournamentEvents.RoundPaired;
import io.duelhall.command.tournament.TournamentEvents.TableResultRecorded;
import io.duelhall.command.tournament.TournamentEvents.TournamentEvent;
import io.duelhall.command.tournament.record.TournamentRecords;
import io.duelhall.domain.Lifecycle;
import io.duelhall.domain.Seat;
import io.duelhall.fairness.audit.AuditReport.Check;
import io.duelhall.fairness.record.EventStoreJson;
import io.duelhall.fairness.record.Release;
import io.duelhall.fairness.signing.RecordSignature;
import io.duelhall.fairness.signing.ServerKey;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The signed, chained tournament record: a clean export audits clean; a changed byte, a reordered
 * pairing and a changed result are each caught at their event and round, whether the record is
 * simply edited (the signature and the chain break there) or chained and signed again by a forger
 * holding the key (the re-derivation catches it).
 */
class TournamentRecordTest {
    @TempDir Path dir;
    ServerKey key;
    final TournamentRecords records = new TournamentRecords(EventStoreJson.newMapper());
    final Map<String, String> heads = new HashMap<>();
    final Map<String, Lifecycle.Ended> ends = new HashMap<>();

    /** The matches of the tables, as a store would hold them: a head and an end each. */
    final TournamentMatches matches =
            new TournamentMatches() {
                @Override
                public String chainHead(String matchId) {
                    return heads.get(matchId);
                }

                @Override
                public Lifecycle.Ended end(String matchId) {
                    return ends.get(matchId);
                }

                @Override
                public List<io.duelhall.domain.ClockExtended> extensions(String matchId) {
                    return heads.containsKey(matchId)
                            ? extended.getOrDefault(matchId, List.of())
                            : null;
                }
            };

    /** The judges' time extensions each match holds. */
    final Map<String, List<io.duelhall.domain.ClockExtended>> extended = new HashMap<>();

    record End(Seat winner, List<Seat> losers, String reason, String serverSeed)
            implements Lifecycle.Ended {}

    @BeforeEach
    void key() {
        key = new ServerKey(dir.resolve("key.pem").toString());
    }

    /** A whole Swiss of 8 (2 rounds), and a match head and end for every result it records. */
    ObjectNode exported() {
        return exported(TournamentAuditTest.played(TournamentAggregateTest.SWISS2, 8));
    }

    ObjectNode exported(List<TournamentEvent> events) {
        List<TournamentRecords.Stored> stored = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            stored.add(
                    new TournamentRecords.Stored(
                            i, Instant.ofEpochSecond(1_000 + i), events.get(i)));
            if (events.get(i) instanceof TableResultRecorded t) {
                heads.put(t.matchId(), HexFormat.of().formatHex(new byte[32]).replace('0', 'a'));
                boolean a = "A".equals(t.result().winner());
                ends.put(
                        t.matchId(),
                        new End(
                                a ? Seat.A : Seat.B,
                                List.of(a ? Seat.B : Seat.A),
                                "CONCEDED",
                                null));
            }
        }
        return records.export(
                "t-1",
                stored,
                matches,
                Instant.parse("2026-11-28T22:00:00Z"),
                Release.RUNNING,
                key);
    }

    /**
     * Issue 41: a TIME_EXTENSION ruling is tied to its table's match: the record audits clean when
     * the match holds exactly one ClockExtended naming the ruling's event with its seconds, and the
     * results check fails at the ruling when the match holds none, another extension, or a
     * ClockExtended naming an event that is no time extension ruling.
     */
    @Test
    void aTimeExtensionIsTiedToItsMatch() {
        List<TournamentEvent> events =
                new ArrayList<>(TournamentAuditTest.played(TournamentAggregateTest.SWISS2, 8));
        int paired = -1;
        for (int i = 0; i < events.size() && paired < 0; i++) {
            if (events.get(i) instanceof RoundPaired) {
                paired = i;
            }
        }
        RoundPaired one = (RoundPaired) events.get(paired);
        String match = one.tables().get(1).matchId();
        int at = paired + 1;
        events.add(
                at,
                new TournamentEvents.RulingMade(
                        "org",
                        "Organizer",
                        io.duelhall.domain.tournament.Ruling.timeExtension(
                                1, one.tables().get(1).table(), 120, "a judge call"),
                        Instant.ofEpochSecond(5_000)));
        String tid = ((TournamentEvents.Created) events.get(0)).tournamentId();
        Instant t = Instant.ofEpochSecond(5_000);
        extended.put(match, List.of(new io.duelhall.domain.ClockExtended(Seat.A, 120, tid, at, t)));
        ObjectNode record = exported(events);
        TournamentRecords.Report clean = records.audit(record, key.publicKeyHex(), matches);
        assertThat(clean.passed()).as(clean.firstDifference()).isTrue();
        assertThat(check(clean, "results").details())
                .contains("each of the 1 time extensions is its match's ClockExtended");

        extended.put(match, List.of());
        TournamentRecords.Report missing = records.audit(record, key.publicKeyHex(), matches);
        assertThat(check(missing, "results").passed()).isFalse();
        assertThat(check(missing, "results").event()).isEqualTo((long) at);
        assertThat(check(missing, "results").details()).contains("is not in its match");

        extended.put(match, List.of(new io.duelhall.domain.ClockExtended(Seat.A, 600, tid, at, t)));
        TournamentRecords.Report longer = records.audit(record, key.publicKeyHex(), matches);
        assertThat(check(longer, "results").passed()).isFalse();
        assertThat(check(longer, "results").details()).contains("by 600 s");

        extended.put(
                match,
                List.of(
                        new io.duelhall.domain.ClockExtended(Seat.A, 120, tid, at, t),
                        new io.duelhall.domain.ClockExtended(Seat.A, 120, tid, at - 1, t)));
        TournamentRecords.Report forged = records.audit(record, key.publicKeyHex(), matches);
        assertThat(check(forged, "results").passed()).isFalse();
        assertThat(check(forged, "results").details()).contains("which is no time extension");
        // offline (no matches at hand) the tie is not checked, the rest is
        assertThat(records.audit(record, key.publicKeyHex(), null).passed()).isTrue();
    }

    static Check check(TournamentRecords.Report r, String name) {
        return r.checks().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    static int indexOf(JsonNode record, String type, int round) {
        ArrayNode events = (ArrayNode) record.get("events");
        for (int i = 0; i < events.size(); i++) {
            JsonNode e = events.get(i);
            if (e.path("type").asText().equals(type)
                    && e.path("payload").path("round").asInt() == round) {
                return i;
            }
        }
        throw new AssertionError("no " + type + " of round " + round);
    }

    /** What a forger holding the key does: chain and sign again. */
    ObjectNode resealed(ObjectNode record) {
        String previous = io.duelhall.fairness.chain.EventChain.GENESIS;
        for (JsonNode e : record.get("events")) {
            previous =
                    TournamentRecords.link(
                            previous,
                            e.path("seq").asLong(),
                            e.path("type").asText(),
                            e.get("payload"));
            ((ObjectNode) e).put("chain", previous);
        }
        record.put("chainHead", previous);
        return RecordSignature.sign(record, key);
    }

    @Test
    void aCleanExportAuditsCleanAndReadsBack() throws Exception {
        ObjectNode record = exported();
        assertThat(record.path("format").asText()).isEqualTo(TournamentRecords.FORMAT);
        assertThat(record.path("rounds")).hasSize(2);
        assertThat(record.path("rounds").get(0).path("entrants")).hasSize(8);
        assertThat(record.path("matches")).hasSize(8);
        assertThat(record.path("standings")).hasSize(8);
        // the creation's secrets are left out
        JsonNode created = record.path("events").get(0).path("payload");
        assertThat(created.path("seed").isNull()).isTrue();
        assertThat(created.path("tableKey").isNull()).isTrue();
        // through text and back, as a file or a body
        String text = records.mapper().writeValueAsString(record);
        TournamentRecords.Report r =
                records.audit(records.mapper().readTree(text), key.publicKeyHex(), matches);
        assertThat(r.checks()).extracting(Check::name).isEqualTo(TournamentRecords.CHECKS);
        assertThat(r.checks()).allMatch(Check::passed, "every check passes: " + r.checks());
        assertThat(r.passed()).isTrue();
        assertThat(r.roundsChecked()).isEqualTo(2);
        assertThat(check(r, "results").details()).contains("8 are exactly what");
        // offline, without the matches: the heads are named, not compared
        TournamentRecords.Report offline = records.audit(record, null, null);
        assertThat(offline.passed()).isTrue();
        assertThat(check(offline, "signature").details()).contains("the key the record names");
        // another key is not trusted
        TournamentRecords.Report other = records.audit(record, "ab".repeat(32), matches);
        assertThat(other.passed()).isFalse();
        assertThat(check(other, "signature").passed()).isFalse();
    }

    @Test
    void aChangedByteBreaksTheSignatureAndTheChainAtItsEvent() throws Exception {
        ObjectNode record = exported();
        String text = records.mapper().writeValueAsString(record);
        // one byte of the fourth entrant's name
        int k = 4;
        String name = record.path("events").get(k).path("payload").path("name").asText();
        int at = text.indexOf("\"name\":\"" + name + "\"") + 9;
        String changed =
                text.substring(0, at) + (char) (text.charAt(at) + 1) + text.substring(at + 1);
        TournamentRecords.Report r =
                records.audit(records.mapper().readTree(changed), key.publicKeyHex(), matches);
        assertThat(r.passed()).isFalse();
        assertThat(check(r, "signature").passed()).isFalse();
        assertThat(check(r, "chain").passed()).isFalse();
        assertThat(check(r, "chain").event()).isEqualTo(k);
        assertThat(r.firstEvent()).isEqualTo(k);
        // a changed storage time is not chained but signed
        ObjectNode late = exported();
        ((ObjectNode) late.path("events").get(2)).put("at", "2030-01-01T00:00:00Z");
        TournamentRecords.Report t = records.audit(late, key.publicKeyHex(), matches);
        assertThat(check(t, "signature").passed()).isFalse();
        assertThat(check(t, "chain").passed()).isTrue();
        // a changed standing (the record's own, derived member) is named by its rank
        ObjectNode standing = exported();
        ((ObjectNode) standing.path("standings").get(1)).put("points", 99);
        TournamentRecords.Report s = records.audit(resealed(standing), key.publicKeyHex(), matches);
        assertThat(s.passed()).isFalse();
        assertThat(check(s, "standings").passed()).isFalse();
        assertThat(check(s, "standings").details()).startsWith("rank 2 differs");
    }

    @Test
    void aReorderedPairingIsCaughtAtItsEventAndRound() {
        ObjectNode record = exported();
        int k = indexOf(record, "tournament.RoundPaired", 2);
        ArrayNode tables = (ArrayNode) record.path("events").get(k).path("payload").path("tables");
        JsonNode first = tables.get(0);
        tables.set(0, tables.get(1));
        tables.set(1, first);
        // edited: the chain breaks at that event
        TournamentRecords.Report edited =
                records.audit(record.deepCopy(), key.publicKeyHex(), matches);
        assertThat(check(edited, "chain").event()).isEqualTo(k);
        assertThat(check(edited, "pairings").passed()).isFalse();
        assertThat(edited.firstEvent()).isEqualTo(k);
        assertThat(edited.round()).isEqualTo(2);
        // chained and signed again: the re-derivation names it
        TournamentRecords.Report forged =
                records.audit(resealed(record), key.publicKeyHex(), matches);
        assertThat(check(forged, "signature").passed()).isTrue();
        assertThat(check(forged, "chain").passed()).isTrue();
        assertThat(check(forged, "pairings").passed()).isFalse();
        assertThat(check(forged, "pairings").event()).isEqualTo(k);
        assertThat(check(forged, "pairings").details())
                .startsWith("event " + k + ": round 2 is paired");
        assertThat(forged.round()).isEqualTo(2);
        assertThat(forged.firstEvent()).isEqualTo(k);
    }

    @Test
    void aChangedResultIsCaughtAtItsEventAgainstItsMatch() {
        ObjectNode record = exported();
        int k = indexOf(record, "tournament.TableResultRecorded", 1);
        ObjectNode result =
                (ObjectNode) record.path("events").get(k).path("payload").path("result");
        // the first seat's win turned into the second seat's
        int a = result.path("winsA").asInt();
        result.put("winsA", result.path("winsB").asInt());
        result.put("winsB", a);
        result.put("winner", "A".equals(result.path("winner").asText()) ? "B" : "A");
        TournamentRecords.Report edited =
                records.audit(record.deepCopy(), key.publicKeyHex(), matches);
        assertThat(check(edited, "chain").event()).isEqualTo(k);
        assertThat(edited.firstEvent()).isEqualTo(k);
        TournamentRecords.Report forged =
                records.audit(resealed(record), key.publicKeyHex(), matches);
        assertThat(check(forged, "chain").passed()).isTrue();
        assertThat(check(forged, "results").passed()).isFalse();
        assertThat(check(forged, "results").event()).isEqualTo(k);
        assertThat(check(forged, "results").details())
                .contains("round 1 table 1 is recorded")
                .contains("but its match");
        assertThat(forged.firstEvent()).isEqualTo(k);
        // round 2's pairing (its score groups) follows from the changed result, so it differs too
        assertThat(check(forged, "pairings").passed()).isFalse();
        assertThat(forged.round()).isEqualTo(2);
        // offline, without the match, the later pairing still names it
        TournamentRecords.Report offline = records.audit(record, null, null);
        assertThat(check(offline, "results").passed()).isTrue();
        assertThat(check(offline, "pairings").details()).contains("round 2 is paired");
    }

    @Test
    void aMatchHeadThatIsNotTheStoredOneIsCaught() {
        ObjectNode record = exported();
        ((ObjectNode) record.path("matches").get(3)).put("chainHead", "b".repeat(64));
        TournamentRecords.Report r = records.audit(resealed(record), key.publicKeyHex(), matches);
        assertThat(check(r, "results").passed()).isFalse();
        assertThat(check(r, "results").event())
                .isEqualTo(record.path("matches").get(3).path("event").asLong());
    }

    @Test
    void anOlderUnsignedExportIsToldToBeExportedAgain() throws Exception {
        JsonNode old =
                records.mapper().readTree("{\"format\":\"duelhall-tournament/1\",\"events\":[]}");
        assertThat(TournamentRecords.isTournamentRecord(old)).isTrue();
        TournamentRecords.Report r = records.audit(old, null, null);
        assertThat(r.passed()).isFalse();
        assertThat(r.firstDifference()).contains("export it again");
    }

    @Test
    void aDoubleEliminationAndASwissOfSixExportAndAuditClean() {
        for (var rules : List.of(TournamentAggregateTest.DOUBLE, TournamentAggregateTest.SWISS2)) {
            List<TournamentEvent> events = TournamentAuditTest.played(rules, 6);
            List<TournamentRecords.Stored> stored = new ArrayList<>();
            for (int i = 0; i < events.size(); i++) {
                stored.add(new TournamentRecords.Stored(i, Instant.EPOCH, events.get(i)));
            }
            ObjectNode r = records.export("t-2", stored, null, Instant.EPOCH, Release.RUNNING, key);
            TournamentRecords.Report report = records.audit(r, key.publicKeyHex(), null);
            assertThat(report.passed()).as(report.firstDifference()).isTrue();
            assertThat(report.roundsChecked())
                    .isEqualTo((int) events.stream().filter(e -> e instanceof RoundPaired).count());
        }
    }

    /** docs/verify_record.py's run on a record: its exit code and output. */
    String[] python(ObjectNode record) throws Exception {
        Path file = dir.resolve("record.json");
        java.nio.file.Files.writeString(file, records.mapper().writeValueAsString(record));
        Path script = Path.of("..", "docs", "verify_record.py").toAbsolutePath().normalize();
        Process p =
                new ProcessBuilder(
                                "python3", script.toString(), file.toString(), key.publicKeyHex())
                        .redirectErrorStream(true)
                        .start();
        String out =
                new String(
                        p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        return new String[] {String.valueOf(p.waitFor()), out};
    }

    static boolean python3() {
        try {
            return new ProcessBuilder("python3", "--version").start().waitFor() == 0;
        } catch (Exception e) {
            return false;
        }
    }

    @Test
    void verifyRecordPyChecksTheSealOfATournamentRecord() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(python3(), "python3 is not installed");
        String[] clean = python(exported());
        assertThat(clean[1])
                .contains(
                        "PASS chain",
                        "PASS end",
                        "PASS seedCommitment",
                        "PASS results",
                        "PASS rounds");
        if (!clean[1].contains("SKIP signature")) {
            assertThat(clean[1]).contains("PASS signature");
        }
        assertThat(clean[0]).as(clean[1]).isEqualTo("0");
        // a reordered pairing, not signed again: the chain breaks at its event, and rounds differ
        ObjectNode record = exported();
        int k = indexOf(record, "tournament.RoundPaired", 2);
        ArrayNode tables = (ArrayNode) record.path("events").get(k).path("payload").path("tables");
        JsonNode first = tables.get(0);
        tables.set(0, tables.get(1));
        tables.set(1, first);
        String[] tampered = python(record);
        assertThat(tampered[0]).isEqualTo("1");
        assertThat(tampered[1])
                .contains("FAIL chain: broken at event " + k, "FAIL rounds: round 2");
    }
}
