package io.duelhall.domain.tournament;

import static io.duelhall.domain.tournament.Play.seed;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EliminationTest {
    static final List<String> EIGHT = List.of("s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8");

    private static List<List<String>> tables(Pairing p) {
        return p.tables().stream().map(t -> List.of(t.a(), t.b())).toList();
    }

    @Test
    void theStandardOrderKeepsTheTopSeedsApartUntilTheEnd() {
        assertThat(Elimination.order(8)).containsExactly(1, 8, 4, 5, 2, 7, 3, 6);
        assertThat(Elimination.order(4)).containsExactly(1, 4, 2, 3);
    }

    @Test
    void roundOnePairsSeedsAndTheHigherSeedSitsFirst() {
        Pairing p = Elimination.pair(EIGHT, List.of(), Set.of(), 1, 1);
        assertThat(tables(p))
                .containsExactly(
                        List.of("s1", "s8"),
                        List.of("s4", "s5"),
                        List.of("s2", "s7"),
                        List.of("s3", "s6"));
    }

    @Test
    void missingSeedsAreByesForTheTopSeeds() {
        Pairing p = Elimination.pair(EIGHT.subList(0, 5), List.of(), Set.of(), 1, 1);
        assertThat(tables(p)).containsExactly(List.of("s4", "s5"));
        assertThat(p.byes()).containsExactly("s1", "s2", "s3");
    }

    @Test
    void winnersMeetInTheNextRoundAndADrawSendsTheHigherSeedOn() {
        Pairing r1 = Elimination.pair(EIGHT, List.of(), Set.of(), 1, 1);
        PlayedRound played =
                new PlayedRound(
                        r1,
                        Map.of(
                                1, Result.winB(1), // s8 beats s1
                                2, Result.drawn(), // s4 goes on
                                3, Result.winA(1),
                                4, Result.winB(1))); // s6 beats s3
        Pairing r2 = Elimination.pair(EIGHT, List.of(played), Set.of(), 2, 2);
        assertThat(tables(r2)).containsExactly(List.of("s4", "s8"), List.of("s2", "s6"));
    }

    @Test
    void anEntrantWhoLeftGivesTheOpponentABye() {
        Pairing r1 = Elimination.pair(EIGHT, List.of(), Set.of(), 1, 1);
        PlayedRound played =
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
        Pairing r2 = Elimination.pair(EIGHT, List.of(played), Set.of("s4"), 2, 2);
        assertThat(tables(r2)).containsExactly(List.of("s2", "s3"));
        assertThat(r2.byes()).containsExactly("s1");
    }

    @Test
    void aSingleEliminationRunsToOneChampionWhoRanksFirst() {
        TournamentRules rules =
                new TournamentRules(Format.SINGLE_ELIMINATION, 0, 0, 1, null, null, 0, 0);
        for (int n = 2; n <= 13; n++) {
            Ledger l = Play.run(Play.started(rules, n), seed("e" + n), new Random(n), 10, 0);
            assertThat(l.over()).isTrue();
            assertThat(l.rounds()).hasSize(Elimination.rounds(n));
            PlayedRound last = l.current();
            String champion;
            if (last.pairing().tables().isEmpty()) {
                champion = last.pairing().byes().get(0);
            } else {
                Table f = last.pairing().tables().get(0);
                champion = "A".equals(last.results().get(f.number()).winner()) ? f.a() : f.b();
            }
            assertThat(l.standings().get(0).entry()).isEqualTo(champion);
            // nobody plays after a loss
            Set<String> out = new HashSet<>();
            for (PlayedRound r : l.rounds()) {
                for (Table t : r.pairing().tables()) {
                    assertThat(out).doesNotContain(t.a(), t.b());
                }
                for (Table t : r.pairing().tables()) {
                    out.add("A".equals(r.results().get(t.number()).winner()) ? t.b() : t.a());
                }
            }
        }
    }

    @Test
    void bySeedTheHighestRatingIsSeedOne() {
        TournamentRules rules =
                new TournamentRules(Format.SINGLE_ELIMINATION, 0, 0, 1, null, null, 0, 0);
        Ledger l = Play.started(rules, 4);
        Ledger.Next next = l.pairNext(seed("r"));
        // ratings of Play.entrants: 1500, 1537, 1574, 1611
        assertThat(next.bracketSeeds()).containsExactly("e3", "e2", "e1", "e0");
        assertThat(tables(next.pairing()))
                .containsExactly(List.of("e3", "e0"), List.of("e2", "e1"));
    }

    @Test
    void aSwissWithATopCutSeedsTheBracketFromTheSwissStandings() {
        TournamentRules rules = new TournamentRules(Format.SWISS, 3, 4, 1, null, null, 0, 0);
        Ledger l = Play.run(Play.started(rules, 8), seed("cut"), new Random(3), 3, 0);
        List<String> top4 = l.standings().stream().limit(4).map(Standing::entry).toList();
        Ledger.Next next = l.pairNext(seed("cut"));
        assertThat(next.bracketSeeds()).containsExactlyElementsOf(top4);
        assertThat(tables(next.pairing()))
                .containsExactly(
                        List.of(top4.get(0), top4.get(3)), List.of(top4.get(1), top4.get(2)));
        Ledger done = Play.run(l, seed("cut"), new Random(4), 10, 0);
        assertThat(done.rounds()).hasSize(5);
        assertThat(done.over()).isTrue();
        assertThat(done.standings().stream().limit(4).map(Standing::entry))
                .containsExactlyInAnyOrderElementsOf(top4);
    }

    @Test
    void aTopCutThatShrankWhileTheSwissWasPlayedEndsWithItsSmallerBracket() {
        TournamentRules rules = new TournamentRules(Format.SWISS, 2, 4, 1, null, null, 0, 0);
        Ledger l = Play.run(Play.started(rules, 6), seed("shrink"), new Random(6), 2, 0);
        for (String id : List.of("e0", "e1", "e2", "e3")) {
            l = l.withdraw(id);
        }
        Ledger.Next next = l.pairNext(seed("shrink"));
        assertThat(next.bracketSeeds()).hasSize(2);
        Ledger done = Play.run(l, seed("shrink"), new Random(7), 10, 0);
        assertThat(done.over()).isTrue();
        assertThat(done.rounds()).hasSize(3);
    }
}
