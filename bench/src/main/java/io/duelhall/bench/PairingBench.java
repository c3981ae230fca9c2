package io.duelhall.bench;

import io.duelhall.domain.tournament.Entry;
import io.duelhall.domain.tournament.Format;
import io.duelhall.domain.tournament.Ledger;
import io.duelhall.domain.tournament.Pairing;
import io.duelhall.domain.tournament.Result;
import io.duelhall.domain.tournament.Table;
import io.duelhall.domain.tournament.TournamentRules;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;

/**
 * The time to pair each round of a large Swiss (issue 41: 1,024 entrants, under a second a round)
 * and to compute its standings: whole tournaments with random results, the first ones as warm-up.
 */
final class PairingBench {
    private PairingBench() {}

    static void run(Args args) {
        int entrants = args.getInt("entrants", 1024);
        int rounds = args.getInt("rounds", 10);
        int runs = args.getInt("runs", 8);
        int warmup = args.getInt("warmup", 3);
        TournamentRules rules = new TournamentRules(Format.SWISS, rounds, 0, 1, null, null, 0, 0);
        for (int run = 0; run < warmup + runs; run++) {
            Random rnd = new Random(run);
            byte[] seed = ("bench-" + run).getBytes(StandardCharsets.UTF_8);
            Ledger l = Ledger.open(rules);
            for (int i = 0; i < entrants; i++) {
                l = l.enter(new Entry("e" + i, "player" + i, 1500));
            }
            l = l.start();
            double[] pairMs = new double[rounds];
            double standingsMs = 0;
            for (int r = 0; r < rounds; r++) {
                if (r > 0 && rnd.nextInt(4) == 0) {
                    l = l.withdraw("e" + rnd.nextInt(entrants)); // an odd field now and then
                }
                long t0 = System.nanoTime();
                Pairing p = l.pairNext(seed).pairing();
                pairMs[r] = (System.nanoTime() - t0) / 1e6;
                l = l.paired(p, null);
                for (Table t : p.tables()) {
                    int k = rnd.nextInt(10);
                    l =
                            l.result(
                                    p.round(),
                                    t.number(),
                                    k == 0
                                            ? Result.drawn()
                                            : k < 5 ? Result.winA(1) : Result.winB(1));
                }
                long t1 = System.nanoTime();
                l.standings();
                standingsMs = Math.max(standingsMs, (System.nanoTime() - t1) / 1e6);
            }
            if (run >= warmup) {
                double[] sorted = pairMs.clone();
                Arrays.sort(sorted);
                System.out.printf(
                        "run %d: %d entrants, %d rounds: pairing a round median %.1f ms, max %.1f ms (round by round %s); standings max %.1f ms; load average %s%n",
                        run - warmup + 1,
                        entrants,
                        rounds,
                        sorted[rounds / 2],
                        sorted[rounds - 1],
                        Arrays.toString(
                                Arrays.stream(pairMs)
                                        .map(x -> Math.round(x * 10) / 10.0)
                                        .toArray()),
                        standingsMs,
                        Machine.loadAverage());
            }
        }
    }
}
