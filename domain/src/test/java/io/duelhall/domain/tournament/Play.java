package io.duelhall.domain.tournament;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Plays whole tournaments for the tests: random results, random drops, from a test seed. */
final class Play {
    private Play() {}

    static byte[] seed(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static List<Entry> entrants(int n) {
        List<Entry> es = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            es.add(new Entry("e" + i, "player" + i, 1500 + (i * 37) % 200));
        }
        return es;
    }

    static Ledger started(TournamentRules rules, int n) {
        Ledger l = Ledger.open(rules);
        for (Entry e : entrants(n)) {
            l = l.enter(e);
        }
        return l.start();
    }

    /** A random result for a table: bo1 or bo3, draws now and then (not in a bracket). */
    static Result randomResult(Random rnd, int bestOf, boolean drawsAllowed) {
        if (drawsAllowed && rnd.nextInt(8) == 0) {
            return bestOf == 1 ? Result.drawn() : new Result(1, 1, 1);
        }
        if (bestOf == 1) {
            return rnd.nextBoolean() ? Result.winA(1) : Result.winB(1);
        }
        int loser = rnd.nextInt(2);
        return rnd.nextBoolean() ? new Result(2, loser, 0) : new Result(loser, 2, 0);
    }

    /**
     * Pairs and plays rounds until the ledger is over or {@code maxRounds} were paired; an active
     * entrant drops before a pairing with probability 1/dropOdds (0: never).
     */
    static Ledger run(Ledger l, byte[] seed, Random rnd, int maxRounds, int dropOdds) {
        while (!l.over() && l.rounds().size() < maxRounds) {
            if (dropOdds > 0) {
                for (Entry e : l.entries()) {
                    if (!l.withdrawn().contains(e.id()) && rnd.nextInt(dropOdds) == 0) {
                        l = l.withdraw(e.id());
                    }
                }
            }
            Ledger.Next next = l.pairNext(seed);
            l = l.paired(next.pairing(), next.bracketSeeds());
            boolean bracket = l.bracketSeeds() != null;
            for (Table t : next.pairing().tables()) {
                l =
                        l.result(
                                next.pairing().round(),
                                t.number(),
                                randomResult(rnd, l.rules().bestOf(), !bracket));
            }
        }
        return l;
    }
}
