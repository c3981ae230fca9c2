package io.duelhall.domain.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The worked example of docs/tournaments.md, by hand. */
class StandingsTest {
    static final List<Entry> FOUR =
            List.of(
                    new Entry("ana", "Ana", 1500),
                    new Entry("ben", "Ben", 1500),
                    new Entry("cy", "Cy", 1500),
                    new Entry("dee", "Dee", 1500));

    /**
     * Best-of-3: R1 Ana 2-0 Ben, Cy 2-1 Dee; R2 Ana 2-1 Cy, Ben 1-1-1 Dee; R3 Dee 2-0 Ana, Ben 2-0
     * Cy.
     */
    static List<PlayedRound> example() {
        return List.of(
                new PlayedRound(
                        new Pairing(
                                1,
                                List.of(new Table(1, "ana", "ben"), new Table(2, "cy", "dee")),
                                List.of()),
                        Map.of(1, new Result(2, 0, 0), 2, new Result(2, 1, 0))),
                new PlayedRound(
                        new Pairing(
                                2,
                                List.of(new Table(1, "ana", "cy"), new Table(2, "ben", "dee")),
                                List.of()),
                        Map.of(1, new Result(2, 1, 0), 2, new Result(1, 1, 1))),
                new PlayedRound(
                        new Pairing(
                                3,
                                List.of(new Table(1, "dee", "ana"), new Table(2, "ben", "cy")),
                                List.of()),
                        Map.of(1, new Result(2, 0, 0), 2, new Result(2, 0, 0))));
    }

    private static List<Standing> standings(List<TieBreak> chain) {
        return Standings.compute(FOUR, example(), Set.of(), chain, 3);
    }

    private static Standing line(List<Standing> s, String id) {
        return s.stream().filter(x -> x.entry().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void theMagicTournamentRulesChainOrdersTheExample() {
        List<Standing> s = standings(TieBreak.MTR);
        assertThat(s.stream().map(Standing::entry)).containsExactly("ana", "dee", "ben", "cy");
        assertThat(s.stream().map(Standing::points)).containsExactly(6, 4, 4, 3);
        assertThat(s.stream().map(Standing::rank)).containsExactly(1, 2, 3, 4);
        Standing ana = line(s, "ana");
        assertThat(ana.tieBreaks().get(TieBreak.OPPONENTS_MATCH_WIN)).isEqualTo(Ratio.of(11, 27));
        assertThat(ana.tieBreaks().get(TieBreak.GAME_WIN)).isEqualTo(Ratio.of(4, 7));
        assertThat(ana.tieBreaks().get(TieBreak.OPPONENTS_GAME_WIN)).isEqualTo(Ratio.of(13, 28));
        Standing ben = line(s, "ben");
        Standing dee = line(s, "dee");
        assertThat(ben.tieBreaks().get(TieBreak.OPPONENTS_MATCH_WIN)).isEqualTo(Ratio.of(13, 27));
        assertThat(dee.tieBreaks().get(TieBreak.OPPONENTS_MATCH_WIN)).isEqualTo(Ratio.of(13, 27));
        assertThat(ben.tieBreaks().get(TieBreak.GAME_WIN)).isEqualTo(Ratio.of(10, 21));
        assertThat(dee.tieBreaks().get(TieBreak.GAME_WIN)).isEqualTo(Ratio.of(13, 24));
        assertThat(ben.tieBreaks().get(TieBreak.OPPONENTS_GAME_WIN)).isEqualTo(Ratio.of(125, 252));
        assertThat(dee.tieBreaks().get(TieBreak.OPPONENTS_GAME_WIN)).isEqualTo(Ratio.of(239, 504));
        Standing cy = line(s, "cy");
        assertThat(cy.tieBreaks().get(TieBreak.OPPONENTS_MATCH_WIN)).isEqualTo(Ratio.of(14, 27));
        assertThat(cy.tieBreaks().get(TieBreak.GAME_WIN)).isEqualTo(Ratio.of(3, 8));
        assertThat(cy.tieBreaks().get(TieBreak.OPPONENTS_GAME_WIN)).isEqualTo(Ratio.of(89, 168));
        assertThat(List.of(ben.wins(), ben.losses(), ben.draws())).containsExactly(1, 1, 1);
    }

    @Test
    void buchholzAndSonnebornBergerOfTheExample() {
        List<Standing> s = standings(List.of(TieBreak.BUCHHOLZ, TieBreak.SONNEBORN_BERGER));
        assertThat(s.stream().map(x -> x.tieBreaks().get(TieBreak.BUCHHOLZ).toString()))
                .containsExactly("11", "13", "13", "14");
        assertThat(line(s, "ana").tieBreaks().get(TieBreak.SONNEBORN_BERGER))
                .isEqualTo(Ratio.of(7, 1));
        assertThat(line(s, "ben").tieBreaks().get(TieBreak.SONNEBORN_BERGER))
                .isEqualTo(Ratio.of(5, 1));
        assertThat(line(s, "dee").tieBreaks().get(TieBreak.SONNEBORN_BERGER))
                .isEqualTo(Ratio.of(8, 1));
        assertThat(line(s, "cy").tieBreaks().get(TieBreak.SONNEBORN_BERGER))
                .isEqualTo(Ratio.of(4, 1));
        // Ben and Dee tie on Buchholz (13); Sonneborn-Berger puts Dee (8) before Ben (5)
        assertThat(s.stream().map(Standing::entry)).containsExactly("ana", "dee", "ben", "cy");
    }

    @Test
    void aDrawnHeadToHeadLeavesTheTieToTheNextBreakAndThenToEntryOrder() {
        List<Standing> s = standings(List.of(TieBreak.HEAD_TO_HEAD, TieBreak.BUCHHOLZ));
        assertThat(s.stream().map(Standing::entry)).containsExactly("ana", "ben", "dee", "cy");
        assertThat(line(s, "ben").tieBreaks().get(TieBreak.HEAD_TO_HEAD)).isEqualTo(Ratio.of(1, 1));
    }

    @Test
    void headToHeadPutsTheWinnerOfTheTiedPairFirst() {
        // Ana beat Ben; both end on 4 points; Ben entered first
        List<PlayedRound> rounds =
                List.of(
                        new PlayedRound(
                                new Pairing(
                                        1,
                                        List.of(
                                                new Table(1, "ana", "ben"),
                                                new Table(2, "cy", "dee")),
                                        List.of()),
                                Map.of(1, Result.winA(1), 2, Result.winB(1))),
                        new PlayedRound(
                                new Pairing(
                                        2,
                                        List.of(
                                                new Table(1, "ana", "cy"),
                                                new Table(2, "ben", "dee")),
                                        List.of()),
                                Map.of(1, Result.drawn(), 2, Result.drawn())),
                        new PlayedRound(
                                new Pairing(
                                        3,
                                        List.of(
                                                new Table(1, "dee", "ana"),
                                                new Table(2, "ben", "cy")),
                                        List.of()),
                                Map.of(1, Result.winA(1), 2, Result.winA(1))));
        List<Entry> benFirst = List.of(FOUR.get(1), FOUR.get(0), FOUR.get(2), FOUR.get(3));
        List<Standing> plain = Standings.compute(benFirst, rounds, Set.of(), List.of(), 1);
        assertThat(plain.stream().map(Standing::entry)).containsExactly("dee", "ben", "ana", "cy");
        List<Standing> h2h =
                Standings.compute(benFirst, rounds, Set.of(), List.of(TieBreak.HEAD_TO_HEAD), 1);
        assertThat(h2h.stream().map(Standing::entry)).containsExactly("dee", "ana", "ben", "cy");
        assertThat(line(h2h, "ana").tieBreaks().get(TieBreak.HEAD_TO_HEAD))
                .isEqualTo(Ratio.of(3, 1));
        assertThat(line(h2h, "ben").tieBreaks().get(TieBreak.HEAD_TO_HEAD)).isEqualTo(Ratio.ZERO);
    }

    @Test
    void percentagesHaveAFloorOfOneThird() {
        List<PlayedRound> rounds =
                List.of(
                        new PlayedRound(
                                new Pairing(1, List.of(new Table(1, "ana", "ben")), List.of()),
                                Map.of(1, Result.winA(1))));
        List<Standing> s = Standings.compute(FOUR.subList(0, 2), rounds, Set.of(), TieBreak.MTR, 1);
        assertThat(line(s, "ben").tieBreaks().get(TieBreak.GAME_WIN)).isEqualTo(Ratio.ONE_THIRD);
        assertThat(line(s, "ana").tieBreaks().get(TieBreak.OPPONENTS_MATCH_WIN))
                .isEqualTo(Ratio.ONE_THIRD);
    }
}
