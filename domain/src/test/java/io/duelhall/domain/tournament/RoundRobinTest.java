package io.duelhall.domain.tournament;

import static io.duelhall.domain.tournament.Play.seed;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RoundRobinTest {
    @Test
    void everyPairMeetsExactlyOnceAndAnOddFieldHasOneByeEach() {
        TournamentRules rules = new TournamentRules(Format.ROUND_ROBIN, 0, 0, 1, null, null, 0, 0);
        for (int n = 2; n <= 11; n++) {
            Ledger l = Play.run(Play.started(rules, n), seed("rr" + n), new Random(n), 20, 0);
            assertThat(l.over()).isTrue();
            assertThat(l.rounds()).hasSize(RoundRobin.rounds(n));
            Set<String> met = new HashSet<>();
            Map<String, Integer> byes = new HashMap<>();
            Map<String, Integer> firsts = new HashMap<>();
            for (PlayedRound r : l.rounds()) {
                for (Table t : r.pairing().tables()) {
                    assertThat(met.add(Swiss.key(t.a(), t.b()))).isTrue();
                    firsts.merge(t.a(), 1, Integer::sum);
                }
                r.pairing().byes().forEach(b -> byes.merge(b, 1, Integer::sum));
            }
            assertThat(met).hasSize(n * (n - 1) / 2);
            if (n % 2 == 1) {
                assertThat(byes).hasSize(n);
                assertThat(byes.values()).containsOnly(1);
            } else {
                assertThat(byes).isEmpty();
            }
        }
    }

    @Test
    void theOpponentOfAnEntrantWhoLeftHasABye() {
        TournamentRules rules = new TournamentRules(Format.ROUND_ROBIN, 0, 0, 1, null, null, 0, 0);
        Ledger l = Play.started(rules, 4).withdraw("e2");
        Pairing p = l.pairNext(seed("x")).pairing();
        assertThat(p.tables()).hasSize(1);
        assertThat(p.byes()).hasSize(1);
    }
}
