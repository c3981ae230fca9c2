package io.duelhall.bench;

import io.duelhall.domain.tournament.Entry;
import io.duelhall.domain.tournament.Format;
import io.duelhall.domain.tournament.Ledger;
import io.duelhall.domain.tournament.Pairing;
import io.duelhall.domain.tournament.PlayedRound;
import io.duelhall.domain.tournament.Result;
import io.duelhall.domain.tournament.Table;
import io.duelhall.domain.tournament.TieBreak;
import io.duelhall.domain.tournament.TournamentRules;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;
import java.util.Random;

/**
 * A whole Swiss run to its end and audited (issue 41's measure: 64 entrants, 6 rounds), as a
 * pure-domain simulation: the domain's pairing and standings, each table's result drawn by a seeded
 * AI stand-in (a random result, a draw now and then, the better rated winning more often), no HTTP
 * and no matches. The audit re-derives every round's pairing from the record of the rounds before
 * it and the seed, as {@code TournamentAudit} does, and recomputes the standings. {@code
 * SwissRunStandingsTest} recomputes the standings of the same tournament with a second, independent
 * piece of code.
 *
 * <pre>
 * java -jar bench/target/benchmarks.jar swiss [--entrants 64] [--rounds 6] [--runs 9]
 * </pre>
 */
public final class SwissRunBench {
    private SwissRunBench() {}

    /** The seed of the tournament (its pairing's choices among equals). */
    public static byte[] seed(int run) {
        return ("swiss-run-" + run).getBytes(StandardCharsets.UTF_8);
    }

    /** The whole tournament of run {@code run}: every round paired and played, to its end. */
    public static Ledger play(int entrants, int rounds, int run) {
        TournamentRules rules =
                new TournamentRules(Format.SWISS, rounds, 0, 1, TieBreak.MTR, null, 0, 0);
        Random rnd = new Random(run);
        Ledger l = Ledger.open(rules);
        for (int i = 0; i < entrants; i++) {
            l = l.enter(new Entry("e" + i, "player" + i, 1200 + rnd.nextInt(800)));
        }
        l = l.start();
        byte[] seed = seed(run);
        while (!l.over()) {
            Pairing p = l.pairNext(seed).pairing();
            l = l.paired(p, null);
            for (Table t : p.tables()) {
                int k = rnd.nextInt(20);
                boolean aBetter = l.entry(t.a()).rating() >= l.entry(t.b()).rating();
                Result r =
                        k == 0
                                ? Result.drawn()
                                : (k < 13) == aBetter ? Result.winA(1) : Result.winB(1);
                l = l.result(p.round(), t.number(), r);
            }
        }
        return l;
    }

    /**
     * The audit of a played ledger: from the entries alone, each round is paired again from the
     * rounds before it and the seed and must equal the recorded one; then its recorded results are
     * applied; at the end the standings must equal the played ledger's. Returns null when all
     * agree, else the first difference.
     */
    public static String audit(Ledger played, byte[] seed) {
        Ledger l = Ledger.open(played.rules());
        for (Entry e : played.entries()) {
            l = l.enter(e);
        }
        l = l.start();
        for (PlayedRound r : played.rounds()) {
            Pairing due = l.pairNext(seed).pairing();
            if (!due.equals(r.pairing())) {
                return "round " + r.number() + " is not the pairing its record derives";
            }
            l = l.paired(due, null);
            for (var res : r.results().entrySet()) {
                l = l.result(r.number(), res.getKey(), res.getValue());
            }
        }
        if (!l.over()) {
            return "the record ends before its last round";
        }
        return Objects.equals(l.standings(), played.standings())
                ? null
                : "the standings differ from the record's";
    }

    static void run(Args args) {
        int entrants = args.getInt("entrants", 64);
        int rounds = args.getInt("rounds", 6);
        int runs = args.getInt("runs", 9);
        int warmup = args.getInt("warmup", 3);
        double[] playMs = new double[runs];
        double[] auditMs = new double[runs];
        for (int run = 0; run < warmup + runs; run++) {
            long t0 = System.nanoTime();
            Ledger l = play(entrants, rounds, run);
            l.standings();
            long t1 = System.nanoTime();
            String bad = audit(l, seed(run));
            long t2 = System.nanoTime();
            if (bad != null) {
                throw new IllegalStateException("run " + run + ": the audit failed: " + bad);
            }
            if (run >= warmup) {
                playMs[run - warmup] = (t1 - t0) / 1e6;
                auditMs[run - warmup] = (t2 - t1) / 1e6;
            }
        }
        Arrays.sort(playMs);
        Arrays.sort(auditMs);
        System.out.printf(
                "swiss: %d entrants, %d rounds, %d runs: the whole tournament (pairing, results,"
                        + " standings) median %.1f ms (max %.1f); its audit (every pairing"
                        + " re-derived, standings recomputed) median %.1f ms (max %.1f); load"
                        + " average %s%n",
                entrants,
                rounds,
                runs,
                playMs[runs / 2],
                playMs[runs - 1],
                auditMs[runs / 2],
                auditMs[runs - 1],
                Machine.loadAverage());
    }
}
