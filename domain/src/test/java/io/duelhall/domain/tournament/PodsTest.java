package io.duelhall.domain.tournament;

import static io.duelhall.domain.tournament.Play.seed;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PodsTest {
    static TournamentRules pods(int size, int rounds) {
        return new TournamentRules(Format.SWISS, rounds, 0, 1, null, null, size, 2);
    }

    /** Places every pod of the current round: seat order is place order (1, 2, 3, …). */
    static Ledger placeInSeatOrder(Ledger l) {
        PlayedRound c = l.current();
        for (Pod p : c.pairing().pods()) {
            List<Integer> places = new ArrayList<>();
            for (int i = 0; i < p.seats().size(); i++) {
                places.add(i + 1);
            }
            l = l.placed(c.number(), p.number(), places);
        }
        return l;
    }

    static Ledger pairNext(Ledger l, byte[] s) {
        Ledger.Next next = l.pairNext(s);
        return l.paired(next.pairing(), next.bracketSeeds());
    }

    @Test
    void podSizesAreAsEvenAsPossibleAndNeverBelowTheRulesetsFewest() {
        assertThat(Pods.sizes(8, 4, 2)).containsExactly(4, 4);
        assertThat(Pods.sizes(9, 4, 2)).containsExactly(3, 3, 3);
        assertThat(Pods.sizes(10, 4, 2)).containsExactly(4, 3, 3);
        assertThat(Pods.sizes(5, 4, 2)).containsExactly(3, 2);
        assertThat(Pods.sizes(13, 6, 2)).containsExactly(5, 4, 4);
        // a ruleset of 3 or more: 5 for pods of 4 is one pod of 4 and a bye
        assertThat(Pods.sizes(5, 4, 3)).containsExactly(4);
        assertThat(Pods.sizes(1, 4, 2)).isEmpty();
    }

    @Test
    void roundOneSeatsEveryoneOnceInPodsAndIsAFunctionOfTheSeed() {
        Ledger l = Play.started(pods(4, 3), 10);
        Pairing p = l.pairNext(seed("pods")).pairing();
        assertThat(p.tables()).isEmpty();
        assertThat(p.pods().stream().map(x -> x.seats().size()).toList()).containsExactly(4, 3, 3);
        Set<String> seated = new HashSet<>();
        p.pods().forEach(x -> seated.addAll(x.seats()));
        assertThat(seated).hasSize(10);
        assertThat(l.pairNext(seed("pods")).pairing()).isEqualTo(p);
        assertThat(l.pairNext(seed("other")).pairing()).isNotEqualTo(p);
    }

    @Test
    void aPodCountsAsThePairwiseMeetingsOfItsSeats() {
        Ledger l = pairNext(Play.started(pods(4, 3), 4), seed("x"));
        Pod p = l.current().pairing().pods().get(0);
        l = l.placed(1, 1, List.of(1, 2, 2, 4));
        Map<String, Standing> by = new HashMap<>();
        l.standings().forEach(s -> by.put(s.entry(), s));
        // first beats three (9); the two seconds beat the last and draw each other (3 + 1)
        assertThat(by.get(p.seats().get(0)).points()).isEqualTo(9);
        assertThat(by.get(p.seats().get(1)).points()).isEqualTo(4);
        assertThat(by.get(p.seats().get(2)).points()).isEqualTo(4);
        assertThat(by.get(p.seats().get(3)).points()).isEqualTo(0);
        assertThat(by.get(p.seats().get(1)).wins()).isEqualTo(1);
        assertThat(by.get(p.seats().get(1)).draws()).isEqualTo(1);
        assertThat(by.get(p.seats().get(1)).losses()).isEqualTo(1);
        assertThat(l.standings().get(0).entry()).isEqualTo(p.seats().get(0));
    }

    @Test
    void roundTwoAvoidsRepeatPodMatesWhenItCan() {
        Ledger l = pairNext(Play.started(pods(4, 3), 16), seed("r"));
        l = placeInSeatOrder(l);
        l = pairNext(l, seed("r"));
        Set<String> met = new HashSet<>();
        for (Pod p : l.rounds().get(0).pairing().pods()) {
            for (String a : p.seats()) {
                for (String b : p.seats()) {
                    met.add(a + "/" + b);
                }
            }
        }
        for (Pod p : l.current().pairing().pods()) {
            for (int i = 0; i < p.seats().size(); i++) {
                for (int j = i + 1; j < p.seats().size(); j++) {
                    assertThat(met).doesNotContain(p.seats().get(i) + "/" + p.seats().get(j));
                }
            }
        }
    }

    @Test
    void aForbiddenPairSharesNoPodWhenAvoidable() {
        for (int k = 0; k < 20; k++) {
            Ledger l = Play.started(pods(3, 2), 6).forbid("e0", "e1");
            Pairing p = l.pairNext(seed("f" + k)).pairing();
            for (Pod pod : p.pods()) {
                assertThat(pod.has("e0") && pod.has("e1")).isFalse();
            }
        }
    }

    @Test
    void scoreGroupsFormThePodsTopDown() {
        Ledger l = pairNext(Play.started(pods(4, 3), 8), seed("g"));
        l = placeInSeatOrder(l);
        // the two winners of round 1 (9 points each) share the first pod of round 2
        List<String> winners = new ArrayList<>();
        for (Pod p : l.current().pairing().pods()) {
            winners.add(p.seats().get(0));
        }
        l = pairNext(l, seed("g"));
        Pod first = l.current().pairing().pods().get(0);
        assertThat(first.seats()).containsAll(winners);
    }

    @Test
    void aLeftOverEntrantHasAByeWorthFirstPlace() {
        TournamentRules rules = new TournamentRules(Format.SWISS, 2, 0, 1, null, null, 4, 3);
        Ledger l = pairNext(Play.started(rules, 5), seed("b"));
        Pairing p = l.current().pairing();
        assertThat(p.pods()).hasSize(1);
        assertThat(p.byes()).hasSize(1);
        l = placeInSeatOrder(l);
        Standing bye =
                l.standings().stream()
                        .filter(s -> s.entry().equals(p.byes().get(0)))
                        .findFirst()
                        .orElseThrow();
        assertThat(bye.points()).isEqualTo(9);
    }

    @Test
    void podRulesAreChecked() {
        assertThat(
                        new TournamentRules(Format.SINGLE_ELIMINATION, 0, 0, 1, null, null, 4, 2)
                                .problem()
                                .code())
                .isEqualTo("SEATS_NOT_SUPPORTED");
        assertThat(new TournamentRules(Format.SWISS, 0, 0, 3, null, null, 4, 2).problem().code())
                .isEqualTo("BEST_OF_NOT_SUPPORTED");
        assertThat(new TournamentRules(Format.SWISS, 0, 0, 1, null, null, 7, 2).problem().code())
                .isEqualTo("OUT_OF_RANGE");
        assertThat(pods(6, 0).problem()).isNull();
    }
}
