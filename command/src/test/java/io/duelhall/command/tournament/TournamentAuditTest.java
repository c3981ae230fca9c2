package io.duelhall.command.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.command.tournament.TournamentEvents.PairedTable;
import io.duelhall.command.tournament.TournamentEvents.RoundPaired;
import io.duelhall.command.tournament.TournamentEvents.TableResultRecorded;
import io.duelhall.command.tournament.TournamentEvents.TournamentEvent;
import io.duelhall.domain.tournament.Result;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The audit re-derives a whole tournament and names the first difference. */
class TournamentAuditTest {
    static final java.time.Instant AT = TournamentAggregateTest.AT;

    /** A whole Swiss of {@code n} (2 rounds): the first seat wins every table but every third. */
    static List<TournamentEvent> played(int n) {
        return played(TournamentAggregateTest.SWISS2, n);
    }

    static List<TournamentEvent> played(
            io.duelhall.domain.tournament.TournamentRules rules, int n) {
        List<Object> events = TournamentAggregateTest.registered(rules, n);
        events.add(new TournamentEvents.Started(n, AT));
        TournamentState s = new TournamentState();
        events.forEach(e -> s.apply((TournamentEvent) e));
        int k = 0;
        while (!s.ledger().over()) {
            RoundPaired r = TournamentAggregateTest.nextRound(events);
            events.add(r);
            s.apply(r);
            for (PairedTable t : r.tables()) {
                Result res = k++ % 3 == 2 ? Result.winB(1) : Result.winA(1);
                TableResultRecorded rec =
                        new TableResultRecorded(
                                r.round(), t.table(), t.matchId(), res, "CONCEDED", AT, null);
                events.add(rec);
                s.apply(rec);
            }
        }
        events.add(new TournamentEvents.Ended("00".repeat(32), AT));
        return events.stream().map(TournamentEvent.class::cast).toList();
    }

    @Test
    void aWholeTournamentAuditsClean() {
        TournamentAudit.Report r = TournamentAudit.check(played(8));
        assertThat(r.firstDifference()).isNull();
        assertThat(r.passed()).isTrue();
        assertThat(r.roundsChecked()).isEqualTo(2);
    }

    @Test
    void aReorderedPairingIsCaughtAtItsRound() {
        List<TournamentEvent> events = new ArrayList<>(played(8));
        int at = -1;
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i) instanceof RoundPaired r && r.round() == 2) {
                at = i;
                List<PairedTable> tables = new ArrayList<>(r.tables());
                PairedTable t = tables.get(0);
                tables.set(0, new PairedTable(t.table(), t.matchId(), t.b(), t.a(), null));
                events.set(i, new RoundPaired(2, tables, r.byes(), r.bracketSeeds(), AT));
            }
        }
        TournamentAudit.Report r = TournamentAudit.check(events);
        assertThat(r.passed()).isFalse();
        assertThat(r.roundsChecked()).isEqualTo(1);
        assertThat(r.firstDifference()).startsWith("event " + at + ": round 2 is paired");
    }

    @Test
    void aChangedResultIsCaughtByThePairingItChanges() {
        List<TournamentEvent> events = new ArrayList<>(played(8));
        // every round-1 result turned round: the score groups of round 2 change
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i) instanceof TableResultRecorded t && t.round() == 1) {
                Result flipped = t.result().winner().equals("A") ? Result.winB(1) : Result.winA(1);
                events.set(
                        i,
                        new TableResultRecorded(
                                1, t.table(), t.matchId(), flipped, t.reason(), AT, null));
            }
        }
        TournamentAudit.Report r = TournamentAudit.check(events);
        assertThat(r.passed()).isFalse();
        assertThat(r.firstDifference()).contains("round 2 is paired");
    }

    @Test
    void aSeedThatIsNotTheCommittedOneFails() {
        List<TournamentEvent> events = new ArrayList<>(played(4));
        events.set(events.size() - 1, new TournamentEvents.Ended("01".repeat(32), AT));
        TournamentAudit.Report r = TournamentAudit.check(events);
        assertThat(r.passed()).isFalse();
        assertThat(r.firstDifference()).contains("seed commitment");
    }

    @Test
    void aRoundPairedBeforeItsTimeFails() {
        List<TournamentEvent> events = new ArrayList<>(played(4));
        // drop round 1's last result: round 2 then comes while round 1 is open
        int last = -1;
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i) instanceof TableResultRecorded t && t.round() == 1) {
                last = i;
            }
        }
        events.remove(last);
        assertThat(TournamentAudit.check(events).firstDifference())
                .contains("paired when none was due");
    }

    @Test
    void aWholeDoubleEliminationAuditsCleanAndAChangedBracketResultIsCaught() {
        List<TournamentEvent> clean = played(TournamentAggregateTest.DOUBLE, 6);
        TournamentAudit.Report r = TournamentAudit.check(clean);
        assertThat(r.firstDifference()).isNull();
        assertThat(r.roundsChecked()).isGreaterThanOrEqualTo(6);
        // round 2's first result turned round: round 3 is not what the record derives
        List<TournamentEvent> events = new ArrayList<>(clean);
        int paired3 = -1;
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i) instanceof TableResultRecorded t
                    && t.round() == 2
                    && t.table() == 1) {
                Result flipped = t.result().winner().equals("A") ? Result.winB(1) : Result.winA(1);
                events.set(
                        i,
                        new TableResultRecorded(2, 1, t.matchId(), flipped, t.reason(), AT, null));
            }
            if (events.get(i) instanceof RoundPaired p && p.round() == 3) {
                paired3 = i;
            }
        }
        TournamentAudit.Report changed = TournamentAudit.check(events);
        assertThat(changed.passed()).isFalse();
        assertThat(changed.roundsChecked()).isEqualTo(2);
        assertThat(changed.firstDifference()).startsWith("event " + paired3 + ": round 3");
    }

    /**
     * A best-of-3 Swiss of {@code n} (2 rounds): at every table the first entrant wins game 1, the
     * second game 2, and game 3 goes to the first entrant but at every third table (a draw there).
     */
    static List<TournamentEvent> playedBestOfThree(int n) {
        List<Object> events = TournamentAggregateTest.registered(TournamentAggregateTest.BO3, n);
        events.add(new TournamentEvents.Started(n, AT));
        TournamentState s = new TournamentState();
        events.forEach(e -> s.apply((TournamentEvent) e));
        int k = 0;
        String id = TournamentAggregateTest.ID;
        while (!s.ledger().over()) {
            RoundPaired r = TournamentAggregateTest.nextRound(events);
            events.add(r);
            s.apply(r);
            for (PairedTable t : r.tables()) {
                String[] games = {"A", "B", k++ % 3 == 2 ? null : "A"};
                io.duelhall.domain.tournament.Series series =
                        io.duelhall.domain.tournament.Series.start(3);
                for (int g = 1; g <= 3; g++) {
                    series = series.plus(games[g - 1]);
                    String mid = TournamentState.matchId(id, r.round(), t.table(), g);
                    List<TournamentEvent> add = new ArrayList<>();
                    add.add(
                            new TournamentEvents.GameRecorded(
                                    r.round(),
                                    t.table(),
                                    g,
                                    mid,
                                    games[g - 1],
                                    "CONCEDED",
                                    g < 3
                                            ? TournamentState.matchId(
                                                    id, r.round(), t.table(), g + 1)
                                            : null,
                                    AT));
                    if (g == 3) {
                        add.add(
                                new TableResultRecorded(
                                        r.round(),
                                        t.table(),
                                        mid,
                                        series.result(),
                                        "CONCEDED",
                                        AT,
                                        null));
                    }
                    for (TournamentEvent e : add) {
                        events.add(e);
                        s.apply(e);
                    }
                }
            }
        }
        events.add(new TournamentEvents.Ended("00".repeat(32), AT));
        return events.stream().map(TournamentEvent.class::cast).toList();
    }

    @Test
    void aBestOfThreeAuditsCleanAndATableResultThatIsNotItsGamesIsCaughtThere() {
        List<TournamentEvent> clean = playedBestOfThree(4);
        assertThat(TournamentAudit.check(clean).firstDifference()).isNull();
        List<TournamentEvent> events = new ArrayList<>(clean);
        int at = -1;
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i) instanceof TableResultRecorded t && t.round() == 1 && at < 0) {
                at = i;
                events.set(
                        i,
                        new TableResultRecorded(
                                1,
                                t.table(),
                                t.matchId(),
                                new Result(2, 0, 0),
                                t.reason(),
                                AT,
                                null));
            }
        }
        TournamentAudit.Report r = TournamentAudit.check(events);
        assertThat(r.passed()).isFalse();
        assertThat(r.firstDifference())
                .startsWith("event " + at + ": round 1 table 1 is recorded")
                .contains("but its games make Result[winsA=2, winsB=1, draws=0]");
    }

    @Test
    void aGameRecordedOutOfTurnIsCaught() {
        List<TournamentEvent> events = new ArrayList<>(playedBestOfThree(4));
        int at = -1;
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i) instanceof TournamentEvents.GameRecorded g
                    && g.round() == 2
                    && g.game() == 2
                    && at < 0) {
                at = i;
                events.set(
                        i,
                        new TournamentEvents.GameRecorded(
                                2,
                                g.table(),
                                3,
                                g.matchId(),
                                g.winner(),
                                g.reason(),
                                g.nextMatchId(),
                                AT));
            }
        }
        assertThat(TournamentAudit.check(events).firstDifference())
                .startsWith("event " + at + ": round 2 table 1 records game 3");
    }

    /** A whole Swiss of 4-seat pods (2 rounds): each pod placed in seat order. */
    static List<TournamentEvent> playedPods(int n) {
        List<Object> events = TournamentAggregateTest.registered(TournamentAggregateTest.PODS, n);
        events.add(new TournamentEvents.Started(n, AT));
        TournamentState s = new TournamentState();
        events.forEach(e -> s.apply((TournamentEvent) e));
        while (!s.ledger().over()) {
            RoundPaired r = TournamentAggregateTest.nextRound(events);
            events.add(r);
            s.apply(r);
            for (PairedTable t : r.tables()) {
                List<Integer> places = new ArrayList<>();
                for (int i = 0; i < t.seats().size(); i++) {
                    places.add(i + 1);
                }
                TableResultRecorded rec =
                        new TableResultRecorded(
                                r.round(),
                                t.table(),
                                t.matchId(),
                                null,
                                "LAST_STANDING",
                                AT,
                                places);
                events.add(rec);
                s.apply(rec);
            }
        }
        events.add(new TournamentEvents.Ended("00".repeat(32), AT));
        return events.stream().map(TournamentEvent.class::cast).toList();
    }

    @Test
    void aPodSwissAuditsCleanAndChangedPlacesAreCaught() {
        List<TournamentEvent> clean = playedPods(8);
        TournamentAudit.Report ok = TournamentAudit.check(clean);
        assertThat(ok.firstDifference()).isNull();
        assertThat(ok.roundsChecked()).isEqualTo(2);
        // round 1's first pod placed the other way round: round 2's pods change
        List<TournamentEvent> turned = new ArrayList<>(clean);
        int paired2 = -1;
        int badAt = -1;
        List<TournamentEvent> bad = new ArrayList<>(clean);
        for (int i = 0; i < turned.size(); i++) {
            if (turned.get(i) instanceof TableResultRecorded t
                    && t.round() == 1
                    && t.table() == 1) {
                turned.set(
                        i,
                        new TableResultRecorded(
                                1, 1, t.matchId(), null, t.reason(), AT, List.of(4, 3, 2, 1)));
                bad.set(
                        i,
                        new TableResultRecorded(
                                1, 1, t.matchId(), null, t.reason(), AT, List.of(1, 1, 3, 3)));
                badAt = i;
            }
            if (turned.get(i) instanceof RoundPaired p && p.round() == 2) {
                paired2 = i;
            }
        }
        TournamentAudit.Report r = TournamentAudit.check(turned);
        assertThat(r.passed()).isFalse();
        assertThat(r.firstDifference()).startsWith("event " + paired2 + ": round 2 is paired");
        // places that are no ranking (two firsts, then a third) are caught where they stand
        bad.set(
                badAt,
                new TableResultRecorded(
                        1,
                        1,
                        ((TableResultRecorded) clean.get(badAt)).matchId(),
                        null,
                        "x",
                        AT,
                        List.of(1, 1, 2, 4)));
        assertThat(TournamentAudit.check(bad).firstDifference())
                .isEqualTo(
                        "event "
                                + badAt
                                + ": round 1 pod 1 is placed [1, 1, 2, 4], not a ranking of its 4 seats");
    }

    /**
     * Re-entry in the record: a drop and a return between rounds audit clean (the next pairing is
     * derived with the entrant back); a return the state did not allow (an entrant who never left)
     * is named at its event.
     */
    @Test
    void aReturnAuditsCleanAndAForgedOneIsCaughtAtItsEvent() {
        List<TournamentEvent> events = new ArrayList<>(played(8));
        int round2 = -1;
        for (int i = 0; i < events.size() && round2 < 0; i++) {
            if (events.get(i) instanceof RoundPaired r && r.round() == 2) {
                round2 = i;
            }
        }
        String entry =
                ((TournamentEvents.EntryAdded)
                                events.stream()
                                        .filter(TournamentEvents.EntryAdded.class::isInstance)
                                        .findFirst()
                                        .orElseThrow())
                        .entryId();
        List<TournamentEvent> back = new ArrayList<>(events);
        back.add(round2, new TournamentEvents.EntryReturned(entry, "acct", AT));
        back.add(round2, new TournamentEvents.EntryWithdrawn(entry, "acct", AT));
        TournamentAudit.Report clean = TournamentAudit.check(back);
        assertThat(clean.firstDifference()).isNull();
        assertThat(clean.passed()).isTrue();
        assertThat(clean.roundsChecked()).isEqualTo(2);

        List<TournamentEvent> forged = new ArrayList<>(events);
        forged.add(round2, new TournamentEvents.EntryReturned(entry, "acct", AT));
        TournamentAudit.Report caught = TournamentAudit.check(forged);
        assertThat(caught.passed()).isFalse();
        assertThat(caught.firstDifference())
                .isEqualTo(
                        "event " + round2 + ": a return the state did not allow (ALREADY_ENTERED)");
    }
}
