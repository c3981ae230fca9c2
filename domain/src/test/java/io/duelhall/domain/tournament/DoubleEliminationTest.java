package io.duelhall.domain.tournament;

import static io.duelhall.domain.tournament.Play.seed;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

class DoubleEliminationTest {
    static final List<String> EIGHT = List.of("s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8");
    static final TournamentRules DOUBLE =
            new TournamentRules(Format.DOUBLE_ELIMINATION, 0, 0, 1, null, null, 0, 0);

    private static List<List<String>> tables(Pairing p) {
        return p.tables().stream().map(t -> List.of(t.a(), t.b())).toList();
    }

    /** Plays the bracket of {@code seeds} with {@code winner} choosing each table's winner. */
    private static List<PlayedRound> play(
            List<String> seeds, Set<String> left, BiFunction<Integer, Table, String> winner) {
        List<PlayedRound> played = new ArrayList<>();
        while (!DoubleElimination.over(seeds, played, left)) {
            int k = played.size() + 1;
            Pairing p = DoubleElimination.pair(seeds, played, left, k, k);
            Map<Integer, Result> res = new HashMap<>();
            for (Table t : p.tables()) {
                res.put(
                        t.number(),
                        winner.apply(k, t).equals(t.a()) ? Result.winA(1) : Result.winB(1));
            }
            played.add(new PlayedRound(p, res));
        }
        return played;
    }

    private static String better(Table t) {
        return t.a().compareTo(t.b()) < 0 ? t.a() : t.b();
    }

    @Test
    void eightEntrantsPlayWinnersAndLosersBracketsSideBySideThenTheGrandFinal() {
        List<PlayedRound> played = play(EIGHT, Set.of(), (k, t) -> better(t));
        assertThat(played).hasSize(6);
        assertThat(played.stream().map(r -> r.pairing().tables().size()).toList())
                .containsExactly(4, 4, 3, 1, 1, 1);
        // winners' round 1 as single elimination
        assertThat(tables(played.get(0).pairing()))
                .containsExactly(
                        List.of("s1", "s8"),
                        List.of("s4", "s5"),
                        List.of("s2", "s7"),
                        List.of("s3", "s6"));
        // round 2: winners' round 2, then losers' round 1 (round 1's losers as neighbours)
        assertThat(tables(played.get(1).pairing()))
                .containsExactly(
                        List.of("s1", "s4"),
                        List.of("s2", "s3"),
                        List.of("s5", "s8"),
                        List.of("s6", "s7"));
        // round 3: the winners' final; losers' round 2 takes round 2's losers mirrored (s3, s4)
        assertThat(tables(played.get(2).pairing()))
                .containsExactly(List.of("s1", "s2"), List.of("s3", "s5"), List.of("s4", "s6"));
        assertThat(tables(played.get(3).pairing())).containsExactly(List.of("s3", "s4"));
        // losers' final: the winners' final's loser comes down
        assertThat(tables(played.get(4).pairing())).containsExactly(List.of("s2", "s3"));
        assertThat(tables(played.get(5).pairing())).containsExactly(List.of("s1", "s2"));
        assertThat(DoubleElimination.finish(EIGHT, played, Set.of()))
                .startsWith("s1", "s2", "s3", "s4");
    }

    @Test
    void theLosersChampionWinningTheGrandFinalForcesAReset() {
        // s2 wins everything but the winners' final, where s1 beats it; then s2 beats s1 twice
        List<PlayedRound> played =
                play(
                        EIGHT,
                        Set.of(),
                        (k, t) ->
                                t.has("s2") && t.has("s1")
                                        ? (k == 3 ? "s1" : "s2")
                                        : t.has("s2") ? "s2" : better(t));
        assertThat(played).hasSize(7);
        assertThat(tables(played.get(5).pairing())).containsExactly(List.of("s1", "s2"));
        assertThat(tables(played.get(6).pairing())).containsExactly(List.of("s1", "s2"));
        assertThat(DoubleElimination.finish(EIGHT, played, Set.of())).startsWith("s2", "s1");
    }

    @Test
    void theWinnersChampionLosingOnlyTheResetIsSecond() {
        List<PlayedRound> played =
                play(List.of("a", "b"), Set.of(), (k, t) -> k == 1 ? "a" : k == 2 ? "b" : "a");
        // a beats b, b wins the grand final, a wins the reset
        assertThat(played).hasSize(3);
        assertThat(DoubleElimination.finish(List.of("a", "b"), played, Set.of()))
                .containsExactly("a", "b");
    }

    @Test
    void fiveEntrantsHaveByesInBothBrackets() {
        List<String> five = EIGHT.subList(0, 5);
        Pairing r1 = DoubleElimination.pair(five, List.of(), Set.of(), 1, 1);
        assertThat(tables(r1)).containsExactly(List.of("s4", "s5"));
        assertThat(r1.byes()).containsExactly("s1", "s2", "s3");
        PlayedRound p1 = new PlayedRound(r1, Map.of(1, Result.winA(1)));
        Pairing r2 = DoubleElimination.pair(five, List.of(p1), Set.of(), 2, 2);
        assertThat(tables(r2)).containsExactly(List.of("s1", "s4"), List.of("s2", "s3"));
        // s5, the only loser of round 1, has a bye in the losers' round 1
        assertThat(r2.byes()).containsExactly("s5");
        List<PlayedRound> played = play(five, Set.of(), (k, t) -> better(t));
        // 2n - 2 tables: everyone but the champion loses twice
        assertThat(played.stream().mapToInt(r -> r.pairing().tables().size()).sum()).isEqualTo(8);
    }

    @Test
    void anEntrantWhoLeftGivesTheNextOpponentABye() {
        Pairing r1 = DoubleElimination.pair(EIGHT, List.of(), Set.of(), 1, 1);
        PlayedRound p1 =
                new PlayedRound(
                        r1,
                        Map.of(
                                1,
                                Result.winA(1),
                                2,
                                Result.winA(1),
                                3,
                                Result.winA(1),
                                4,
                                Result.winA(1)));
        // s4 (winners' bracket) and s8 (losers' bracket) leave
        Pairing r2 = DoubleElimination.pair(EIGHT, List.of(p1), Set.of("s4", "s8"), 2, 2);
        assertThat(tables(r2)).containsExactly(List.of("s2", "s3"), List.of("s6", "s7"));
        assertThat(r2.byes()).containsExactly("s1", "s5");
    }

    @Test
    void aDropAtAnOpenBracketTableIsTheDroppersLoss() {
        Ledger l = Play.started(DOUBLE, 4);
        Ledger.Next next = l.pairNext(seed("drop"));
        l = l.paired(next.pairing(), next.bracketSeeds());
        Table t = next.pairing().tables().get(0);
        l = l.withdraw(t.a());
        assertThat(l.current().results().get(t.number())).isEqualTo(Result.winB(1));
        assertThat(l.withdrawn()).contains(t.a());
    }

    @Test
    void aDoubleEliminationTopCutFollowsTheSwissStandings() {
        TournamentRules rules =
                new TournamentRules(Format.SWISS, 3, 4, 1, null, Format.DOUBLE_ELIMINATION, 0, 0);
        Ledger l = Play.run(Play.started(rules, 8), seed("cut"), new java.util.Random(3), 3, 0);
        List<String> top4 = l.standings().stream().limit(4).map(Standing::entry).toList();
        Ledger.Next next = l.pairNext(seed("cut"));
        assertThat(next.bracketSeeds()).isEqualTo(top4);
        assertThat(tables(next.pairing()))
                .containsExactly(
                        List.of(top4.get(0), top4.get(3)), List.of(top4.get(1), top4.get(2)));
        assertThat(l.totalRounds()).isEqualTo(3 + 5);
        l = Play.run(l, seed("cut"), new java.util.Random(4), 20, 0);
        assertThat(l.over()).isTrue();
        assertThat(l.rounds().size()).isBetween(3 + 4, 3 + 5);
        assertThat(l.standings().get(0).entry()).isIn(top4);
    }

    @Test
    void aTopCutFormatNeedsATopCutAndABracket() {
        assertThat(
                        new TournamentRules(
                                        Format.SWISS,
                                        3,
                                        0,
                                        1,
                                        null,
                                        Format.DOUBLE_ELIMINATION,
                                        0,
                                        0)
                                .problem()
                                .code())
                .isEqualTo("INVALID_FIELD");
        assertThat(
                        new TournamentRules(Format.SWISS, 3, 4, 1, null, Format.ROUND_ROBIN, 0, 0)
                                .problem()
                                .code())
                .isEqualTo("INVALID_FIELD");
        assertThat(DOUBLE.problem()).isNull();
    }

    @Test
    void eachTableSaysWhichPartOfTheBracketItIs() {
        Ledger l = Play.started(DOUBLE, 4);
        java.util.List<String> parts = new ArrayList<>();
        while (!l.over()) {
            Ledger.Next next = l.pairNext(seed("parts"));
            l = l.paired(next.pairing(), next.bracketSeeds());
            for (Table t : next.pairing().tables()) {
                parts.add(next.pairing().round() + ":" + l.bracketPart(next.pairing().round(), t));
                // the better seed (first seat) wins every table but the grand final
                boolean grandFinal = "GRAND_FINAL".equals(l.bracketPart(next.pairing().round(), t));
                l =
                        l.result(
                                next.pairing().round(),
                                t.number(),
                                grandFinal ? Result.winB(1) : Result.winA(1));
            }
        }
        assertThat(parts)
                .containsExactly(
                        "1:WINNERS",
                        "1:WINNERS",
                        "2:WINNERS",
                        "2:LOSERS",
                        "3:LOSERS",
                        "4:GRAND_FINAL",
                        "5:RESET");
        assertThat(
                        Play.started(
                                        new TournamentRules(
                                                Format.SWISS, 0, 0, 1, null, null, 0, 0),
                                        4)
                                .bracketPart(1, new Table(1, "e0", "e1")))
                .isNull();
    }
}
