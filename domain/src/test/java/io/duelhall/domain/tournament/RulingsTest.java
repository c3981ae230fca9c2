package io.duelhall.domain.tournament;

import static io.duelhall.domain.tournament.Play.seed;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RulingsTest {
    static final TournamentRules SWISS =
            new TournamentRules(Format.SWISS, 3, 0, 1, null, null, 0, 0);

    private static Ledger roundOne() {
        Ledger l = Play.started(SWISS, 4);
        return l.paired(l.pairNext(seed("j")).pairing(), null);
    }

    private static int points(Ledger l, String id) {
        return l.standings().stream().filter(s -> s.entry().equals(id)).findFirst().get().points();
    }

    @Test
    void aMatchLossSettlesTheEntrantsOpenTable() {
        Ledger l = roundOne();
        Table t = l.current().pairing().tables().get(0);
        Ruling r = new Ruling(Ruling.Kind.MATCH_LOSS, t.a(), null, null, null, "slow play");
        assertThat(Rulings.problem(l, r)).isNull();
        Ledger after = Rulings.apply(l, r);
        assertThat(after.current().results().get(t.number())).isEqualTo(Result.winB(1));
        assertThat(Rulings.problem(after, r).code()).isEqualTo("NO_OPEN_TABLE");
    }

    @Test
    void aDisqualificationLosesTheTableAndLeavesWithResultsKept() {
        Ledger l = roundOne();
        Table t = l.current().pairing().tables().get(1);
        Ruling r = new Ruling(Ruling.Kind.DISQUALIFICATION, t.b(), null, null, null, "cheating");
        Ledger after = Rulings.apply(l, r);
        assertThat(after.withdrawn()).contains(t.b());
        assertThat(points(after, t.a())).isEqualTo(3);
        assertThat(after.standings().stream().filter(Standing::dropped).map(Standing::entry))
                .containsExactly(t.b());
        assertThat(
                        Rulings.problem(
                                        after,
                                        new Ruling(Ruling.Kind.DROP, t.b(), null, null, null, "x"))
                                .code())
                .isEqualTo("ENTRANT_DROPPED");
    }

    @Test
    void aCorrectionAfterTheNextRoundWasPairedLeavesThatPairingAndMovesTheStandings() {
        Ledger l = roundOne();
        Table t = l.current().pairing().tables().get(0);
        l = l.result(1, 1, Result.winA(1)).result(1, 2, Result.winA(1));
        Ledger.Next two = l.pairNext(seed("j"));
        l = l.paired(two.pairing(), null);
        Ruling fix = new Ruling(Ruling.Kind.RESULT_CORRECTION, null, 1, 1, Result.winB(1), "slip");
        assertThat(Rulings.problem(l, fix)).isNull();
        Ledger after = Rulings.apply(l, fix);
        assertThat(after.rounds().get(1).pairing()).isEqualTo(two.pairing());
        assertThat(points(after, t.a())).isZero();
        assertThat(points(after, t.b())).isEqualTo(3);
    }

    @Test
    void badRulingsAreRefusedWithStableCodes() {
        Ledger l = roundOne();
        assertThat(
                        Rulings.problem(
                                        l,
                                        new Ruling(
                                                Ruling.Kind.MATCH_LOSS,
                                                "nobody",
                                                null,
                                                null,
                                                null,
                                                "x"))
                                .code())
                .isEqualTo("UNKNOWN_ENTRY");
        assertThat(
                        Rulings.problem(
                                        l,
                                        new Ruling(
                                                Ruling.Kind.RESULT_CORRECTION,
                                                null,
                                                2,
                                                1,
                                                Result.drawn(),
                                                "x"))
                                .code())
                .isEqualTo("UNKNOWN_TABLE");
        assertThat(
                        Rulings.problem(
                                        l,
                                        new Ruling(
                                                Ruling.Kind.RESULT_CORRECTION,
                                                null,
                                                1,
                                                null,
                                                null,
                                                "x"))
                                .code())
                .isEqualTo("MISSING_FIELD");
        assertThat(
                        Rulings.problem(
                                        l,
                                        new Ruling(
                                                Ruling.Kind.WARNING, "e0", null, null, null, " "))
                                .code())
                .isEqualTo("INVALID_FIELD");
        assertThat(
                        Rulings.problem(
                                        l,
                                        new Ruling(
                                                Ruling.Kind.TIME_EXTENSION,
                                                null,
                                                null,
                                                1,
                                                null,
                                                "x"))
                                .code())
                .isEqualTo("MISSING_FIELD");
    }

    /**
     * A time extension names a table of the current round without its result and 10 to 3600
     * seconds; it changes nothing in the ledger (the match's clock moves, not the standings).
     */
    @Test
    void aTimeExtensionIsForAnOpenTableOfTheCurrentRound() {
        Ledger l = roundOne();
        Ruling ok = Ruling.timeExtension(1, 2, 300, "judge call took 5 minutes");
        assertThat(Rulings.problem(l, ok)).isNull();
        assertThat(Rulings.apply(l, ok)).isEqualTo(l);
        assertThat(Rulings.problem(l, Ruling.timeExtension(1, 2, 9, "x")).code())
                .isEqualTo("OUT_OF_RANGE");
        assertThat(Rulings.problem(l, Ruling.timeExtension(1, 2, 3601, "x")).code())
                .isEqualTo("OUT_OF_RANGE");
        assertThat(Rulings.problem(l, Ruling.timeExtension(1, 2, 3600, "x"))).isNull();
        assertThat(Rulings.problem(l, Ruling.timeExtension(1, 3, 60, "x")).code())
                .isEqualTo("UNKNOWN_TABLE");
        assertThat(Rulings.problem(l, Ruling.timeExtension(2, 1, 60, "x")).code())
                .isEqualTo("ROUND_OVER");
        Ledger played = l.result(1, 2, Result.winA(1));
        assertThat(Rulings.problem(played, Ruling.timeExtension(1, 2, 60, "x")).code())
                .isEqualTo("TABLE_ENDED");
        assertThat(Rulings.problem(played, Ruling.timeExtension(1, 1, 60, "x"))).isNull();
        assertThat(
                        Rulings.problem(Play.started(SWISS, 4), Ruling.timeExtension(1, 1, 60, "x"))
                                .code())
                .isEqualTo("TOURNAMENT_NOT_RUNNING");
    }

    /**
     * Re-entry: a dropped entrant comes back while a Swiss round is still to be paired, and is
     * paired again; the bye they had stays counted (no second bye while another has had none); a
     * disqualified entrant, one who never left, and a return after the last Swiss round was paired
     * are refused.
     */
    @Test
    void aDroppedEntrantReturnsWhileASwissRoundIsLeftWithTheirByeKept() {
        Ledger l = Play.started(SWISS, 5);
        l = l.paired(l.pairNext(seed("r")).pairing(), null);
        String byed = l.current().pairing().byes().get(0);
        assertThat(Rulings.returnProblem(l, byed, false).code()).isEqualTo("ALREADY_ENTERED");
        Table t = l.current().pairing().tables().get(0);
        l = l.result(1, 1, Result.winA(1)).result(1, 2, Result.winA(1)).withdraw(byed);
        Ledger cheat =
                Rulings.apply(
                        l, new Ruling(Ruling.Kind.DISQUALIFICATION, t.b(), null, null, null, "x"));
        assertThat(Rulings.returnProblem(cheat, t.b(), true).code())
                .isEqualTo("ENTRANT_DISQUALIFIED");
        assertThat(Rulings.returnProblem(l, "nobody", false).code()).isEqualTo("UNKNOWN_ENTRY");
        assertThat(Rulings.returnProblem(l, byed, false)).isNull();
        Ledger back = l.reenter(byed);
        assertThat(back.standings().stream().filter(Standing::dropped)).isEmpty();
        Pairing two = back.pairNext(seed("r")).pairing();
        assertThat(two.byes()).hasSize(1).doesNotContain(byed);
        assertThat(two.tables().stream().anyMatch(x -> x.has(byed))).isTrue();
        // the last Swiss round paired: nothing left to come back for
        Ledger last = back.paired(two, null);
        for (Table x : two.tables()) {
            last = last.result(2, x.number(), Result.winA(1));
        }
        last = last.paired(last.pairNext(seed("r")).pairing(), null).withdraw(byed);
        assertThat(Rulings.returnProblem(last, byed, false).code()).isEqualTo("REENTRY_CLOSED");
    }
}
