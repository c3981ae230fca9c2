package io.duelhall.domain.tournament;

import static io.duelhall.domain.tournament.Play.seed;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SwissTest {
    static final TournamentRules SWISS =
            new TournamentRules(Format.SWISS, 0, 0, 1, null, null, 0, 0);

    private static Pairing first(int n, String seed) {
        return Play.started(SWISS, n).pairNext(seed(seed)).pairing();
    }

    private static Set<String> seated(Pairing p) {
        Set<String> s = new HashSet<>(p.byes());
        for (Table t : p.tables()) {
            s.add(t.a());
            s.add(t.b());
        }
        return s;
    }

    @Test
    void theFirstRoundSeatsEveryEntrantOnceInTablesNumberedFromOne() {
        Pairing p = first(8, "s");
        assertThat(p.tables()).hasSize(4);
        assertThat(p.byes()).isEmpty();
        assertThat(seated(p)).hasSize(8);
        assertThat(p.tables().stream().map(Table::number)).containsExactly(1, 2, 3, 4);
    }

    @Test
    void theSamePairingComesFromTheSameSeedAndAnotherFromAnotherSeed() {
        assertThat(first(16, "seed-1")).isEqualTo(first(16, "seed-1"));
        assertThat(first(16, "seed-1")).isNotEqualTo(first(16, "seed-2"));
    }

    @Test
    void theOrderAmongEqualsIsTheSeededShuffleOfTheEntryOrder() {
        // round 1: everyone on 0 points, so the order is the generator's shuffle, paired top-down
        List<String> ids = Play.entrants(6).stream().map(Entry::id).toList();
        List<String> drawn =
                new io.duelhall.domain.rng.Sha256CounterRandom(
                                seed("x"), "tournament/swiss/order/1")
                        .shuffle(ids);
        Pairing p = first(6, "x");
        for (int i = 0; i < 3; i++) {
            Table t = p.tables().get(i);
            assertThat(Set.of(t.a(), t.b()))
                    .isEqualTo(Set.of(drawn.get(2 * i), drawn.get(2 * i + 1)));
        }
    }

    @Test
    void winnersMeetWinnersInRoundTwo() {
        Ledger l = Play.started(SWISS, 8);
        Pairing p1 = l.pairNext(seed("w")).pairing();
        l = l.paired(p1, null);
        Set<String> winners = new HashSet<>();
        for (Table t : p1.tables()) {
            l = l.result(1, t.number(), Result.winA(1));
            winners.add(t.a());
        }
        Pairing p2 = l.pairNext(seed("w")).pairing();
        for (Table t : p2.tables()) {
            assertThat(winners.contains(t.a())).isEqualTo(winners.contains(t.b()));
        }
    }

    @Test
    void aSecondSeatInRoundOneBringsAFirstSeatAgainstAFirstSeater() {
        Ledger l = Play.started(SWISS, 4);
        Pairing p1 = l.pairNext(seed("b")).pairing();
        l = l.paired(p1, null);
        l = l.result(1, 1, Result.winA(1)).result(1, 2, Result.winB(1));
        // winners: table 1's A and table 2's B; they meet, and table 2's B (seat balance -1) is A
        Pairing p2 = l.pairNext(seed("b")).pairing();
        Table top = p2.tables().get(0);
        assertThat(top.a()).isEqualTo(p1.tables().get(1).b());
        assertThat(top.b()).isEqualTo(p1.tables().get(0).a());
    }

    @Test
    void theByeGoesToTheLowestScoredEntrantAndCountsAsAWin() {
        Ledger l = Play.started(SWISS, 5);
        Pairing p1 = l.pairNext(seed("bye")).pairing();
        assertThat(p1.byes()).hasSize(1);
        String firstBye = p1.byes().get(0);
        l = l.paired(p1, null);
        List<String> losers = new ArrayList<>();
        for (Table t : p1.tables()) {
            l = l.result(1, t.number(), Result.winA(1));
            losers.add(t.b());
        }
        Standing byeLine =
                l.standings().stream().filter(s -> s.entry().equals(firstBye)).findFirst().get();
        assertThat(byeLine.points()).isEqualTo(3);
        assertThat(byeLine.wins()).isEqualTo(1);
        Pairing p2 = l.pairNext(seed("bye")).pairing();
        assertThat(p2.byes()).hasSize(1);
        assertThat(losers).contains(p2.byes().get(0));
    }

    @Test
    void noEntrantHasASecondByeWhileAnotherHasNone() {
        Ledger l = Play.started(SWISS.withRounds(5), 5);
        l = Play.run(l, seed("five"), new java.util.Random(5), 5, 0);
        Map<String, Long> byes =
                l.rounds().stream()
                        .flatMap(r -> r.pairing().byes().stream())
                        .collect(
                                java.util.stream.Collectors.groupingBy(
                                        b -> b, java.util.stream.Collectors.counting()));
        assertThat(byes).hasSize(5);
        assertThat(byes.values()).containsOnly(1L);
    }

    @Test
    void fourEntrantsInThreeRoundsMeetEachOtherOnce() {
        Ledger l = Play.started(SWISS.withRounds(3), 4);
        for (int seed = 0; seed < 50; seed++) {
            Ledger done = Play.run(l, seed("" + seed), new java.util.Random(seed), 3, 0);
            Set<String> met = new HashSet<>();
            for (PlayedRound r : done.rounds()) {
                for (Table t : r.pairing().tables()) {
                    assertThat(met.add(Swiss.key(t.a(), t.b()))).as("seed " + seed).isTrue();
                }
            }
            assertThat(met).hasSize(6);
        }
    }

    @Test
    void droppedEntrantsAreNotPaired() {
        Ledger l = Play.started(SWISS, 6);
        l = l.paired(l.pairNext(seed("d")).pairing(), null);
        for (Table t : l.current().pairing().tables()) {
            l = l.result(1, t.number(), Result.winA(1));
        }
        l = l.withdraw("e0").withdraw("e1");
        Pairing p2 = l.pairNext(seed("d")).pairing();
        assertThat(seated(p2)).hasSize(4).doesNotContain("e0", "e1");
    }

    @Test
    void aForbiddenPairIsNeverPaired() {
        for (int s = 0; s < 40; s++) {
            Ledger l = Play.started(SWISS, 4).forbid("e0", "e1").forbid("e2", "e3");
            Pairing p = l.pairNext(seed("f" + s)).pairing();
            for (Table t : p.tables()) {
                assertThat(Set.of(t.a(), t.b())).isNotIn(Set.of("e0", "e1"), Set.of("e2", "e3"));
            }
        }
    }

    @Test
    void aRematchComesOnlyWhenNoneCanBeAvoided() {
        // three entrants, three rounds, a fourth round: everyone has met everyone
        Ledger l = Play.started(SWISS.withRounds(4), 4);
        l = Play.run(l, seed("r"), new java.util.Random(1), 3, 0);
        Pairing p4 = l.pairNext(seed("r")).pairing();
        assertThat(p4.tables()).hasSize(2);
    }
}
