package io.duelhall.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.tournament.Ledger;
import io.duelhall.domain.tournament.PlayedRound;
import io.duelhall.domain.tournament.Ratio;
import io.duelhall.domain.tournament.Result;
import io.duelhall.domain.tournament.Standing;
import io.duelhall.domain.tournament.Table;
import io.duelhall.domain.tournament.TieBreak;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The benchmark's tournament (64 entrants, 6 rounds: {@link SwissRunBench#play}) run to its end,
 * audited clean, and its standings recomputed here by a second, independent piece of code written
 * from docs/tournaments.md (its own tallies from the tables, its own fractions of BigIntegers, its
 * own order): every entrant's points, record, OMW %, GW % and OGW % agree to the digit, and so does
 * the order.
 */
class SwissRunStandingsTest {
    /** A fraction p/q in lowest terms, q > 0. */
    record Q(BigInteger p, BigInteger q) implements Comparable<Q> {
        static Q of(long p, long q) {
            BigInteger a = BigInteger.valueOf(p);
            BigInteger b = BigInteger.valueOf(q);
            BigInteger g = a.gcd(b);
            return g.signum() == 0
                    ? new Q(BigInteger.ZERO, BigInteger.ONE)
                    : new Q(a.divide(g), b.divide(g));
        }

        Q add(Q o) {
            BigInteger a = p.multiply(o.q).add(o.p.multiply(q));
            BigInteger b = q.multiply(o.q);
            BigInteger g = a.gcd(b);
            return new Q(a.divide(g), b.divide(g));
        }

        Q over(long n) {
            BigInteger b = q.multiply(BigInteger.valueOf(n));
            BigInteger g = p.gcd(b);
            return new Q(p.divide(g), b.divide(g));
        }

        Q atLeastOneThird() {
            return compareTo(of(1, 3)) < 0 ? of(1, 3) : this;
        }

        @Override
        public int compareTo(Q o) {
            return p.multiply(o.q).compareTo(o.p.multiply(q));
        }

        String text() {
            return q.equals(BigInteger.ONE) ? p.toString() : p + "/" + q;
        }
    }

    static final class Line {
        int points;
        int wins;
        int losses;
        int draws;
        int matches;
        int gamePoints;
        int games;
        final List<String> opponents = new ArrayList<>();
    }

    @Test
    void theBenchmarksTournamentAuditsCleanAndItsStandingsAgreeToTheDigit() {
        Ledger l = SwissRunBench.play(64, 6, 0);
        assertThat(l.over()).isTrue();
        assertThat(l.rounds()).hasSize(6);
        assertThat(SwissRunBench.audit(l, SwissRunBench.seed(0))).isNull();

        Map<String, Line> lines = new LinkedHashMap<>();
        l.entries().forEach(e -> lines.put(e.id(), new Line()));
        for (PlayedRound r : l.rounds()) {
            for (String bye : r.pairing().byes()) {
                Line x = lines.get(bye);
                x.points += 3;
                x.wins++;
                x.matches++;
                x.gamePoints += 3;
                x.games++;
            }
            for (Table t : r.pairing().tables()) {
                Result res = r.results().get(t.number());
                Line a = lines.get(t.a());
                Line b = lines.get(t.b());
                a.opponents.add(t.b());
                b.opponents.add(t.a());
                a.matches++;
                b.matches++;
                int played = res.winsA() + res.winsB() + res.draws();
                a.games += played;
                b.games += played;
                a.gamePoints += 3 * res.winsA() + res.draws();
                b.gamePoints += 3 * res.winsB() + res.draws();
                if (res.winsA() > res.winsB()) {
                    a.points += 3;
                    a.wins++;
                    b.losses++;
                } else if (res.winsB() > res.winsA()) {
                    b.points += 3;
                    b.wins++;
                    a.losses++;
                } else {
                    a.points++;
                    b.points++;
                    a.draws++;
                    b.draws++;
                }
            }
        }
        Map<String, Q> mw = new LinkedHashMap<>();
        Map<String, Q> gw = new LinkedHashMap<>();
        lines.forEach(
                (id, x) -> {
                    mw.put(id, Q.of(x.points, 3L * x.matches).atLeastOneThird());
                    gw.put(id, Q.of(x.gamePoints, 3L * x.games).atLeastOneThird());
                });
        Map<String, Q> omw = new LinkedHashMap<>();
        Map<String, Q> ogw = new LinkedHashMap<>();
        lines.forEach(
                (id, x) -> {
                    Q m = Q.of(0, 1);
                    Q g = Q.of(0, 1);
                    for (String o : x.opponents) {
                        m = m.add(mw.get(o));
                        g = g.add(gw.get(o));
                    }
                    omw.put(id, x.opponents.isEmpty() ? Q.of(0, 1) : m.over(x.opponents.size()));
                    ogw.put(id, x.opponents.isEmpty() ? Q.of(0, 1) : g.over(x.opponents.size()));
                });
        List<String> entryOrder = new ArrayList<>(lines.keySet());
        List<String> order = new ArrayList<>(entryOrder);
        order.sort(
                Comparator.comparingInt((String id) -> lines.get(id).points)
                        .reversed()
                        .thenComparing(omw::get, Comparator.reverseOrder())
                        .thenComparing(gw::get, Comparator.reverseOrder())
                        .thenComparing(ogw::get, Comparator.reverseOrder())
                        .thenComparingInt(entryOrder::indexOf));

        List<Standing> theirs = l.standings();
        assertThat(theirs.stream().map(Standing::entry).toList()).isEqualTo(order);
        for (Standing s : theirs) {
            Line x = lines.get(s.entry());
            assertThat(List.of(s.points(), s.wins(), s.losses(), s.draws()))
                    .as(s.entry())
                    .isEqualTo(List.of(x.points, x.wins, x.losses, x.draws));
            Map<TieBreak, Ratio> tb = s.tieBreaks();
            assertThat(tb.get(TieBreak.OPPONENTS_MATCH_WIN).toString())
                    .as(s.entry() + " OMW")
                    .isEqualTo(omw.get(s.entry()).text());
            assertThat(tb.get(TieBreak.GAME_WIN).toString())
                    .as(s.entry() + " GW")
                    .isEqualTo(gw.get(s.entry()).text());
            assertThat(tb.get(TieBreak.OPPONENTS_GAME_WIN).toString())
                    .as(s.entry() + " OGW")
                    .isEqualTo(ogw.get(s.entry()).text());
        }
        // the order is decided by the tie-breaks somewhere, not by points alone
        assertThat(theirs.get(0).points()).isGreaterThan(theirs.get(63).points());
    }

    @Test
    void aChangedResultIsCaughtByTheBenchmarksAudit() {
        Ledger l = SwissRunBench.play(64, 6, 1);
        PlayedRound r2 = l.rounds().get(1);
        Table t = r2.pairing().tables().get(0);
        Result turned = r2.results().get(t.number()).winsA() > 0 ? Result.winB(1) : Result.winA(1);
        Ledger changed = l.result(2, t.number(), turned);
        assertThat(SwissRunBench.audit(changed, SwissRunBench.seed(1))).isNotNull();
        assertThat(SwissRunBench.audit(l, SwissRunBench.seed(2))).startsWith("round 1");
    }
}
