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

class DoubleEliminationPropertiesTest {

    /**
     * Whole double eliminations with random results (drawn tables now and then: the better seed
     * goes on) and random drops, checked round by round against what was known at the pairing.
     */
    @Property(tries = 300)
    void nobodyIsOutBeforeTwoLossesAndOneChampionRemains(
            @ForAll @IntRange(min = 2, max = 20) int n,
            @ForAll long seed,
            @ForAll @IntRange(min = 0, max = 10) int dropOdds) {
        Random rnd = new Random(seed);
        byte[] s = Play.seed("de" + seed);
        TournamentRules rules =
                new TournamentRules(Format.DOUBLE_ELIMINATION, 0, 0, 1, null, null, 0, 0);
        Ledger l = Play.started(rules, n);
        Map<String, Integer> losses = new HashMap<>();
        int tables = 0;
        boolean dropped = false;
        while (!l.over()) {
            assertThat(l.rounds().size())
                    .as("within the most rounds")
                    .isLessThan(DoubleElimination.rounds(n));
            Ledger.Next next = l.pairNext(s);
            assertThat(l.pairNext(s)).as("determinism").isEqualTo(next);
            Pairing p = next.pairing();
            List<String> seated = new ArrayList<>(p.byes());
            for (Table t : p.tables()) {
                seated.add(t.a());
                seated.add(t.b());
            }
            assertThat(new HashSet<>(seated)).as("each entrant once").hasSize(seated.size());
            for (String e : seated) {
                assertThat(l.withdrawn()).as("nobody who left is paired").doesNotContain(e);
                assertThat(losses.getOrDefault(e, 0))
                        .as("nobody with two losses plays on")
                        .isLessThan(2);
            }
            l = l.paired(p, next.bracketSeeds());
            tables += p.tables().size();
            if (dropOdds > 0) {
                // some leave while the round is played: an open table is settled as their loss
                for (Entry e : l.entries()) {
                    if (!l.withdrawn().contains(e.id()) && rnd.nextInt(dropOdds * 6) == 0) {
                        l = l.withdraw(e.id());
                        dropped = true;
                    }
                }
            }
            l = settle(l, rnd, losses);
        }
        Set<String> still = new HashSet<>();
        for (Entry e : l.entries()) {
            if (!l.withdrawn().contains(e.id()) && losses.getOrDefault(e.id(), 0) < 2) {
                still.add(e.id());
            }
        }
        assertThat(still).as("one champion (none if all left)").hasSizeLessThanOrEqualTo(1);
        if (!still.isEmpty()) {
            assertThat(l.standings().get(0).entry()).as("the champion ranks first").isIn(still);
        }
        if (!dropped) {
            assertThat(still).hasSize(1);
            // everyone but the champion lost exactly twice; the champion lost once at most
            assertThat(tables).isBetween(2 * n - 2, 2 * n - 1);
            for (Entry e : l.entries()) {
                if (!still.contains(e.id())) {
                    assertThat(losses.get(e.id())).isEqualTo(2);
                }
            }
        }
    }

    /** Random results for the current round's open tables; counts the losses. */
    private static Ledger settle(Ledger l, Random rnd, Map<String, Integer> losses) {
        PlayedRound c = l.current();
        if (c == null) {
            return l;
        }
        for (Table t : c.pairing().tables()) {
            if (!c.results().containsKey(t.number())) {
                Result r =
                        rnd.nextInt(10) == 0
                                ? Result.drawn()
                                : rnd.nextBoolean() ? Result.winA(1) : Result.winB(1);
                l = l.result(c.number(), t.number(), r);
            }
        }
        // recount from the ledger: drops settled tables too
        losses.clear();
        for (PlayedRound r : l.rounds()) {
            for (Table t : r.pairing().tables()) {
                Result res = r.results().get(t.number());
                if (res == null) {
                    continue;
                }
                String w = res.winner();
                String loser;
                if (w == null) {
                    // the worse seed (the second seat: the better seed sits first) loses
                    loser = t.b();
                } else {
                    loser = w.equals("A") ? t.b() : t.a();
                }
                losses.merge(loser, 1, Integer::sum);
            }
        }
        return l;
    }
}
