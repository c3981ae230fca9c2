package io.duelhall.domain.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

class PodsPropertiesTest {

    /** Whole pod Swiss tournaments with random places (shared now and then) and random drops. */
    @Property(tries = 300)
    void everyActiveEntrantPlaysEachRoundInAPodOfAllowedSizeOrHasABye(
            @ForAll @IntRange(min = 2, max = 24) int n,
            @ForAll @IntRange(min = 3, max = 6) int size,
            @ForAll @IntRange(min = 2, max = 3) int minimum,
            @ForAll @IntRange(min = 1, max = 5) int rounds,
            @ForAll long seed,
            @ForAll @IntRange(min = 0, max = 8) int dropOdds) {
        Random rnd = new Random(seed);
        byte[] s = Play.seed("pods" + seed);
        TournamentRules rules =
                new TournamentRules(Format.SWISS, rounds, 0, 1, null, null, size, minimum);
        Ledger l = Play.started(rules, n);
        while (!l.over()) {
            if (dropOdds > 0) {
                for (Entry e : l.entries()) {
                    if (!l.withdrawn().contains(e.id()) && rnd.nextInt(dropOdds * 4) == 0) {
                        l = l.withdraw(e.id());
                    }
                }
                if (l.over()) {
                    break;
                }
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
            for (Pod pod : p.pods()) {
                assertThat(pod.seats().size()).isBetween(minimum, size);
                seated.addAll(pod.seats());
            }
            assertThat(seated).as("each active entrant once").hasSameSizeAs(active);
            assertThat(new HashSet<>(seated)).isEqualTo(active);
            assertThat(p.tables()).isEmpty();
            // byes only for those no pod can take, and sizes as even as possible
            int capacity = p.pods().size() * size;
            assertThat(p.byes().size()).isEqualTo(Math.max(0, active.size() - capacity));
            int biggest = p.pods().stream().mapToInt(x -> x.seats().size()).max().orElse(0);
            int smallest = p.pods().stream().mapToInt(x -> x.seats().size()).min().orElse(0);
            assertThat(biggest - smallest).isLessThanOrEqualTo(1);
            // no second bye while an active entrant has had none
            Set<String> hadBye = new HashSet<>();
            l.rounds().forEach(r -> hadBye.addAll(r.pairing().byes()));
            boolean someoneWithout = active.stream().anyMatch(e -> !hadBye.contains(e));
            for (String b : p.byes()) {
                if (hadBye.contains(b)) {
                    assertThat(active.stream().filter(e -> !hadBye.contains(e)).count())
                            .as("a second bye only when everyone seated had one")
                            .isLessThanOrEqualTo(p.byes().size() - 1);
                }
            }
            assertThat(someoneWithout || hadBye.containsAll(p.byes())).isTrue();
            l = l.paired(p, null);
            for (Pod pod : p.pods()) {
                List<Integer> places = new ArrayList<>();
                for (int i = 0; i < pod.seats().size(); i++) {
                    places.add(1 + rnd.nextInt(pod.seats().size()));
                }
                l = l.placed(p.round(), pod.number(), competition(places));
            }
        }
        assertThat(l.rounds().size()).isLessThanOrEqualTo(rounds);
        // points are the pairwise meetings: the sum over everyone is 3 per decided meeting, 2 per
        // shared place, 3 per bye meeting
        long total = l.standings().stream().mapToLong(Standing::points).sum();
        long expected = 0;
        for (PlayedRound r : l.rounds()) {
            expected += 3L * r.pairing().byes().size() * (size - 1);
            for (Pod pod : r.pairing().pods()) {
                List<Integer> pl = r.places().get(pod.number());
                for (int i = 0; i < pl.size(); i++) {
                    for (int j = i + 1; j < pl.size(); j++) {
                        expected += pl.get(i).equals(pl.get(j)) ? 2 : 3;
                    }
                }
            }
        }
        assertThat(total).isEqualTo(expected);
    }

    /** Raw random ranks to competition ranking (1, 2, 2, 4): a place counts everyone before. */
    static List<Integer> competition(List<Integer> raw) {
        List<Integer> out = new ArrayList<>();
        for (int x : raw) {
            int better = 0;
            for (int y : raw) {
                if (y < x) {
                    better++;
                }
            }
            out.add(better + 1);
        }
        return out;
    }
}
