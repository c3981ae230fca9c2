package io.duelhall.domain.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

class SwissPropertiesTest {
    static final TournamentRules SWISS =
            new TournamentRules(Format.SWISS, 0, 0, 1, null, null, 0, 0);

    /** Every round of a played Swiss, checked against what was known when it was paired. */
    @Property(tries = 300)
    void everyRoundSeatsEachActiveEntrantOnceWithoutAvoidableRematchesOrSecondByes(
            @ForAll @IntRange(min = 2, max = 12) int n,
            @ForAll @IntRange(min = 1, max = 8) int rounds,
            @ForAll long seed,
            @ForAll @IntRange(min = 0, max = 12) int dropOdds) {
        Random rnd = new Random(seed);
        byte[] s = Play.seed("p" + seed);
        Ledger l = Play.started(SWISS.withRounds(rounds), n);
        while (!l.over()) {
            if (dropOdds > 0) {
                for (Entry e : l.entries()) {
                    if (rnd.nextInt(dropOdds * 4) == 0) {
                        l = l.withdraw(e.id());
                    }
                }
            }
            if (l.over()) {
                break;
            }
            Pairing p = l.pairNext(s).pairing();
            assertThat(l.pairNext(s).pairing()).as("determinism").isEqualTo(p);
            Set<String> active = new HashSet<>();
            for (Entry e : l.entries()) {
                if (!l.withdrawn().contains(e.id())) {
                    active.add(e.id());
                }
            }
            List<String> seated = new ArrayList<>(p.byes());
            Set<String> met = new HashSet<>();
            Set<String> hadBye = new HashSet<>();
            for (PlayedRound r : l.rounds()) {
                for (Table t : r.pairing().tables()) {
                    met.add(Swiss.key(t.a(), t.b()));
                }
                hadBye.addAll(r.pairing().byes());
            }
            boolean rematch = false;
            for (Table t : p.tables()) {
                seated.add(t.a());
                seated.add(t.b());
                rematch |= met.contains(Swiss.key(t.a(), t.b()));
            }
            assertThat(seated).doesNotHaveDuplicates();
            assertThat(new HashSet<>(seated)).isEqualTo(active);
            assertThat(p.byes()).hasSize(active.size() % 2);
            if (rematch) {
                assertThat(rematchFreeExists(active, met, hadBye))
                        .as("a rematch although a pairing without one exists")
                        .isFalse();
            }
            boolean someoneWithoutBye = active.stream().anyMatch(id -> !hadBye.contains(id));
            if (!p.byes().isEmpty() && someoneWithoutBye) {
                assertThat(hadBye).doesNotContain(p.byes().get(0));
            }
            l = l.paired(p, null);
            for (Table t : p.tables()) {
                l = l.result(p.round(), t.number(), Play.randomResult(rnd, 1, true));
            }
        }
    }

    /** Brute force: a bye (to an entrant without one, if any) and the rest paired, no rematch. */
    private static boolean rematchFreeExists(
            Set<String> active, Set<String> met, Set<String> hadBye) {
        List<String> ids = new ArrayList<>(active);
        java.util.Collections.sort(ids);
        if (ids.size() % 2 == 0) {
            return perfect(ids, met);
        }
        boolean anyWithout = ids.stream().anyMatch(id -> !hadBye.contains(id));
        for (String bye : ids) {
            if (anyWithout && hadBye.contains(bye)) {
                continue;
            }
            List<String> rest = new ArrayList<>(ids);
            rest.remove(bye);
            if (perfect(rest, met)) {
                return true;
            }
        }
        return false;
    }

    private static boolean perfect(List<String> ids, Set<String> met) {
        if (ids.isEmpty()) {
            return true;
        }
        String first = ids.get(0);
        for (int j = 1; j < ids.size(); j++) {
            if (!met.contains(Swiss.key(first, ids.get(j)))) {
                List<String> rest = new ArrayList<>(ids);
                rest.remove(j);
                rest.remove(0);
                if (perfect(rest, met)) {
                    return true;
                }
            }
        }
        return false;
    }

    @Property(tries = 100)
    void noEntrantHasTwoByesWhileRoundsAreFewerThanEntrants(
            @ForAll @IntRange(min = 3, max = 15) int n, @ForAll long seed) {
        int rounds = Math.min(n - 1, 6);
        Ledger l = Play.started(SWISS.withRounds(rounds), n);
        l = Play.run(l, Play.seed("b" + seed), new Random(seed), rounds, 0);
        Map<String, Integer> byes = new HashMap<>();
        for (PlayedRound r : l.rounds()) {
            for (String b : r.pairing().byes()) {
                byes.merge(b, 1, Integer::sum);
            }
        }
        assertThat(byes.values()).allMatch(c -> c == 1);
    }

    @Property(tries = 100)
    void theFirstSeatNeverGoesToWhoeverHadMoreFirstSeats(
            @ForAll @IntRange(min = 2, max = 16) int half, @ForAll long seed) {
        int n = 2 * half;
        int rounds = Math.min(n - 1, 5);
        Ledger l = Play.started(SWISS.withRounds(rounds), n);
        l = Play.run(l, Play.seed("s" + seed), new Random(seed), rounds, 0);
        Map<String, Integer> balance = new HashMap<>();
        int evenTables = 0;
        for (PlayedRound r : l.rounds()) {
            for (Table t : r.pairing().tables()) {
                int a = balance.getOrDefault(t.a(), 0);
                int b = balance.getOrDefault(t.b(), 0);
                assertThat(a).as("round " + r.number()).isLessThanOrEqualTo(b);
                evenTables += a == b ? 1 : 0;
            }
            for (Table t : r.pairing().tables()) {
                balance.merge(t.a(), 1, Integer::sum);
                balance.merge(t.b(), -1, Integer::sum);
            }
        }
        assertThat(evenTables).isGreaterThan(0);
    }
}
