package io.duelhall.domain.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Standings of played tournaments against a second implementation written here from the definitions
 * (docs/tournaments.md): per-entrant tallies straight from the tables, long fractions compared by
 * cross-multiplication, one comparator for the whole chain.
 */
class StandingsPropertiesTest {
    /** A fraction n/d, d > 0. */
    record F(long n, long d) implements Comparable<F> {
        static F floorThird(long n, long d) {
            if (d == 0 || 3 * n < d) {
                return new F(1, 3);
            }
            return new F(n, d);
        }

        @Override
        public int compareTo(F o) {
            return Long.compare(n * o.d, o.n * d);
        }

        Ratio ratio() {
            return Ratio.of(n, d);
        }
    }

    static final class Tally {
        long mp;
        long rounds;
        long gamePoints;
        long games;
        List<String> opponents = new ArrayList<>();
        List<Integer> mpAgainst = new ArrayList<>();
    }

    static Map<String, Tally> tallies(Ledger l) {
        int bo = l.rules().bestOf();
        Map<String, Tally> t = new HashMap<>();
        l.entries().forEach(e -> t.put(e.id(), new Tally()));
        for (PlayedRound r : l.rounds()) {
            for (String bye : r.pairing().byes()) {
                Tally x = t.get(bye);
                x.mp += 3;
                x.rounds++;
                x.gamePoints += 3L * (bo / 2 + 1);
                x.games += bo / 2 + 1;
            }
            for (Table tab : r.pairing().tables()) {
                Result res = r.results().get(tab.number());
                if (res == null) {
                    continue;
                }
                int games = res.winsA() + res.winsB() + res.draws();
                int mpA = res.winsA() > res.winsB() ? 3 : res.winsA() < res.winsB() ? 0 : 1;
                int mpB = mpA == 3 ? 0 : mpA == 0 ? 3 : 1;
                Tally a = t.get(tab.a());
                Tally b = t.get(tab.b());
                a.mp += mpA;
                b.mp += mpB;
                a.rounds++;
                b.rounds++;
                a.games += games;
                b.games += games;
                a.gamePoints += 3L * res.winsA() + res.draws();
                b.gamePoints += 3L * res.winsB() + res.draws();
                a.opponents.add(tab.b());
                b.opponents.add(tab.a());
                a.mpAgainst.add(mpA);
                b.mpAgainst.add(mpB);
            }
        }
        return t;
    }

    /** The mean of fractions by summing over a common denominator (products of the d's). */
    static F mean(List<F> fs) {
        if (fs.isEmpty()) {
            return new F(0, 1);
        }
        java.math.BigInteger n = java.math.BigInteger.ZERO;
        java.math.BigInteger d = java.math.BigInteger.ONE;
        for (F f : fs) {
            n =
                    n.multiply(java.math.BigInteger.valueOf(f.d()))
                            .add(d.multiply(java.math.BigInteger.valueOf(f.n())));
            d = d.multiply(java.math.BigInteger.valueOf(f.d()));
        }
        d = d.multiply(java.math.BigInteger.valueOf(fs.size()));
        java.math.BigInteger g = n.gcd(d);
        if (g.signum() == 0) {
            return new F(0, 1);
        }
        return new F(n.divide(g).longValueExact(), d.divide(g).longValueExact());
    }

    @Property(tries = 200)
    void standingsAgreeWithAnIndependentComputation(
            @ForAll @IntRange(min = 2, max = 20) int n,
            @ForAll @IntRange(min = 1, max = 6) int rounds,
            @ForAll boolean bestOfThree,
            @ForAll @IntRange(min = 0, max = 5) int chainPick,
            @ForAll long seed) {
        List<List<TieBreak>> chains =
                List.of(
                        TieBreak.MTR,
                        List.of(),
                        List.of(TieBreak.BUCHHOLZ, TieBreak.SONNEBORN_BERGER),
                        List.of(TieBreak.SONNEBORN_BERGER, TieBreak.GAME_WIN),
                        List.of(
                                TieBreak.OPPONENTS_GAME_WIN,
                                TieBreak.BUCHHOLZ,
                                TieBreak.OPPONENTS_MATCH_WIN),
                        List.of(
                                TieBreak.GAME_WIN,
                                TieBreak.OPPONENTS_MATCH_WIN,
                                TieBreak.OPPONENTS_GAME_WIN,
                                TieBreak.BUCHHOLZ,
                                TieBreak.SONNEBORN_BERGER));
        List<TieBreak> chain = chains.get(chainPick);
        TournamentRules rules =
                new TournamentRules(
                        Format.SWISS, rounds, 0, bestOfThree ? 3 : 1, chain, null, 0, 0);
        Ledger l =
                Play.run(
                        Play.started(rules, n),
                        Play.seed("st" + seed),
                        new Random(seed),
                        rounds,
                        10);

        Map<String, Tally> t = tallies(l);
        Map<String, F> mwp = new HashMap<>();
        Map<String, F> gwp = new HashMap<>();
        t.forEach(
                (id, x) -> {
                    mwp.put(id, F.floorThird(x.mp, 3 * x.rounds));
                    gwp.put(id, F.floorThird(x.gamePoints, 3 * x.games));
                });
        Map<String, Map<TieBreak, F>> mine = new HashMap<>();
        t.forEach(
                (id, x) -> {
                    Map<TieBreak, F> v = new HashMap<>();
                    v.put(
                            TieBreak.OPPONENTS_MATCH_WIN,
                            mean(x.opponents.stream().map(mwp::get).toList()));
                    v.put(TieBreak.GAME_WIN, gwp.get(id));
                    v.put(
                            TieBreak.OPPONENTS_GAME_WIN,
                            mean(x.opponents.stream().map(gwp::get).toList()));
                    long buch = 0;
                    long sbTwice = 0;
                    for (int i = 0; i < x.opponents.size(); i++) {
                        long opp = t.get(x.opponents.get(i)).mp;
                        buch += opp;
                        sbTwice +=
                                x.mpAgainst.get(i) == 3
                                        ? 2 * opp
                                        : x.mpAgainst.get(i) == 1 ? opp : 0;
                    }
                    v.put(TieBreak.BUCHHOLZ, new F(buch, 1));
                    v.put(TieBreak.SONNEBORN_BERGER, new F(sbTwice, 2));
                    mine.put(id, v);
                });
        List<String> order = new ArrayList<>(l.entries().stream().map(Entry::id).toList());
        Map<String, Integer> entered = new HashMap<>();
        for (int i = 0; i < order.size(); i++) {
            entered.put(order.get(i), i);
        }
        Comparator<String> cmp = Comparator.comparingLong((String id) -> -t.get(id).mp);
        for (TieBreak tb : chain) {
            cmp = cmp.thenComparing((String id) -> mine.get(id).get(tb), Comparator.reverseOrder());
        }
        cmp = cmp.thenComparing(entered::get);
        order.sort(cmp);

        List<Standing> theirs = l.standings();
        assertThat(theirs.stream().map(Standing::entry)).containsExactlyElementsOf(order);
        for (Standing s : theirs) {
            assertThat((long) s.points()).isEqualTo(t.get(s.entry()).mp);
            assertThat(s.dropped()).isEqualTo(l.withdrawn().contains(s.entry()));
            for (TieBreak tb : chain) {
                assertThat(s.tieBreaks().get(tb))
                        .as(s.entry() + " " + tb)
                        .isEqualTo(mine.get(s.entry()).get(tb).ratio());
            }
        }
    }
}
