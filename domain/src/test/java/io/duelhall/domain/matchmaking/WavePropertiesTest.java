package io.duelhall.domain.matchmaking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

class WavePropertiesTest {
    /** A list of tickets with clashes on purpose: few accounts, few addresses, equal ratings. */
    @Provide
    Arbitrary<List<WaitingTicket>> tickets() {
        return Arbitraries.integers()
                .between(0, 8)
                .flatMap(
                        n -> {
                            Arbitrary<WaitingTicket> one =
                                    Combinators.combine(
                                                    Arbitraries.integers()
                                                            .between(0, 16)
                                                            .map(r -> 1300 + 25.0 * r),
                                                    Arbitraries.integers()
                                                            .between(30, 350)
                                                            .map(Integer::doubleValue),
                                                    Arbitraries.longs().between(0, 120_000),
                                                    Arbitraries.integers().between(0, 9),
                                                    Arbitraries.integers().between(0, 4),
                                                    Arbitraries.integers()
                                                            .between(0, 9)
                                                            .set()
                                                            .ofMaxSize(2))
                                            .as(
                                                    (rating, rd, wait, acc, addr, recent) ->
                                                            new WaitingTicket(
                                                                    "?",
                                                                    rating,
                                                                    rd,
                                                                    wait,
                                                                    "acc" + acc,
                                                                    "addr" + addr,
                                                                    recent.stream()
                                                                            .map(x -> "acc" + x)
                                                                            .collect(
                                                                                    java.util.stream
                                                                                            .Collectors
                                                                                            .toSet())));
                            return one.list().ofSize(n).map(WavePropertiesTest::numbered);
                        });
    }

    static List<WaitingTicket> numbered(List<WaitingTicket> raw) {
        var out = new ArrayList<WaitingTicket>();
        for (int i = 0; i < raw.size(); i++) {
            WaitingTicket t = raw.get(i);
            out.add(
                    new WaitingTicket(
                            "t" + i,
                            t.rating(),
                            t.deviation(),
                            t.waitedMs(),
                            t.account(),
                            t.address(),
                            t.recentOpponents()));
        }
        return out;
    }

    @Property
    void theOrderTicketsComeInChangesNothing(
            @ForAll("tickets") List<WaitingTicket> tickets,
            @ForAll @IntRange(min = 2, max = 4) int seats,
            @ForAll boolean rated,
            @ForAll long seed) {
        var shuffled = new ArrayList<>(tickets);
        Collections.shuffle(shuffled, new Random(seed));
        assertThat(WaveMatcher.run(seats, rated, shuffled, PairingRules.DEFAULT))
                .isEqualTo(WaveMatcher.run(seats, rated, tickets, PairingRules.DEFAULT));
    }

    @Property
    void everyTableKeepsTheRules(
            @ForAll("tickets") List<WaitingTicket> tickets,
            @ForAll @IntRange(min = 2, max = 6) int seats,
            @ForAll boolean rated) {
        Wave wave = WaveMatcher.run(seats, rated, tickets, PairingRules.DEFAULT);
        var byId = new java.util.HashMap<String, WaitingTicket>();
        tickets.forEach(t -> byId.put(t.ticketId(), t));
        var seen = new HashSet<String>(wave.waiting());
        for (Table table : wave.tables()) {
            assertThat(table.ticketIds()).hasSize(seats);
            List<WaitingTicket> members =
                    table.ticketIds().stream()
                            .map(byId::get)
                            .sorted(java.util.Comparator.comparingDouble(WaitingTicket::rating))
                            .toList();
            assertThat(members).extracting(WaitingTicket::account).doesNotHaveDuplicates();
            if (rated) {
                assertThat(members).extracting(WaitingTicket::address).doesNotHaveDuplicates();
            }
            for (WaitingTicket a : members) {
                for (WaitingTicket b : members) {
                    if (a != b) {
                        assertThat(a.recentOpponents()).doesNotContain(b.account());
                    }
                }
            }
            long longest = members.stream().mapToLong(WaitingTicket::waitedMs).max().orElseThrow();
            assertThat(table.ratingGap()).isLessThanOrEqualTo(PairingRules.DEFAULT.window(longest));
            assertThat(TableCost.of(members, rated, PairingRules.DEFAULT)).hasValue(table.cost());
            for (String id : table.ticketIds()) {
                assertThat(seen.add(id)).as("seated once: " + id).isTrue();
            }
        }
        assertThat(seen).isEqualTo(byId.keySet());
    }

    /** With a band as wide as the wave, the wave is the best of every possible seating. */
    @Property
    void withAWideBandTheWaveIsTheBestSeatingOfAll(
            @ForAll("tickets") List<WaitingTicket> tickets,
            @ForAll @IntRange(min = 2, max = 4) int seats,
            @ForAll boolean rated,
            @ForAll @IntRange(min = 1, max = PairingRules.LATEST) int version) {
        var rules =
                new PairingRules(
                        100,
                        5,
                        600,
                        0.02,
                        8,
                        8 - seats + 1,
                        version,
                        version == 3 ? 1500 : 0,
                        version == 3 ? 250 : 0);
        Wave wave = WaveMatcher.run(seats, rated, tickets, rules);
        var sorted = new ArrayList<>(tickets);
        sorted.sort(
                java.util.Comparator.comparingDouble(WaitingTicket::rating)
                        .thenComparing(WaitingTicket::ticketId));
        double[] best = best(sorted, new boolean[sorted.size()], seats, rated, rules);
        assertThat(wave.tables()).hasSize((int) best[0]);
        double cost = wave.tables().stream().mapToDouble(Table::cost).sum();
        assertThat(cost).isCloseTo(best[1], within(1e-9));
    }

    /** {tables, cost}: the most tables, then the least cost, by trying every seating. */
    static double[] best(
            List<WaitingTicket> t, boolean[] used, int seats, boolean rated, PairingRules rules) {
        int first = 0;
        while (first < t.size() && used[first]) {
            first++;
        }
        if (first == t.size()) {
            return new double[] {0, 0};
        }
        used[first] = true;
        double[] best = best(t, used, seats, rated, rules); // left waiting
        for (List<Integer> others : subsets(t.size(), first, used, seats - 1)) {
            var members = new ArrayList<WaitingTicket>();
            members.add(t.get(first));
            others.forEach(o -> members.add(t.get(o)));
            var cost = TableCost.of(members, rated, rules);
            if (cost.isEmpty()) {
                continue;
            }
            others.forEach(o -> used[o] = true);
            double[] rest = best(t, used, seats, rated, rules);
            others.forEach(o -> used[o] = false);
            double[] with = {rest[0] + 1, rest[1] + cost.getAsDouble()};
            if (with[0] > best[0] || (with[0] == best[0] && with[1] < best[1] - 1e-12)) {
                best = with;
            }
        }
        used[first] = false;
        return best;
    }

    static List<List<Integer>> subsets(int n, int after, boolean[] used, int k) {
        var out = new ArrayList<List<Integer>>();
        collect(n, after + 1, used, k, new ArrayList<>(), out);
        return out;
    }

    static void collect(
            int n, int from, boolean[] used, int k, List<Integer> acc, List<List<Integer>> out) {
        if (acc.size() == k) {
            out.add(List.copyOf(acc));
            return;
        }
        for (int i = from; i < n; i++) {
            if (!used[i]) {
                acc.add(i);
                collect(n, i + 1, used, k, acc, out);
                acc.remove(acc.size() - 1);
            }
        }
    }

    @Property(tries = 20)
    void aLargeWaveSeatsNearlyEveryoneOfAQueueOfSettledRatings(@ForAll long seed) {
        var random = new Random(seed);
        var tickets = new ArrayList<WaitingTicket>();
        for (int i = 0; i < 2_000; i++) {
            tickets.add(
                    new WaitingTicket(
                            "t" + i,
                            1500 + 300 * random.nextGaussian(),
                            50 + 50 * random.nextDouble(),
                            random.nextInt(60_000),
                            "acc" + i,
                            "addr" + i,
                            Set.of()));
        }
        Wave wave = WaveMatcher.run(2, true, tickets, PairingRules.DEFAULT);
        assertThat(wave.waiting().size()).isLessThanOrEqualTo(10);
        assertThat(wave.tables())
                .allSatisfy(t -> assertThat(t.ratingGap()).isLessThan(100 + 5 * 60));
    }
}
