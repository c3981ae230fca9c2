package io.duelhall.domain.search;

import io.duelhall.domain.AiPlayer;
import io.duelhall.domain.Seat;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ArenaProbe {
    @Test
    void probe() {
        String only = System.getProperty("probe.game", "voidexa");
        int matches = Integer.getInteger("probe.matches", 4);
        int iters = Integer.getInteger("probe.iters", 100);
        int depth = Integer.getInteger("probe.depth", 8);
        Games g = Games.of(only);
        Arena arena = new Arena(g.rules(), g.roster());
        double score = 0;
        long nanos = 0;
        int decisions = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < matches; i++) {
            Seat me = i % 2 == 0 ? Seat.A : Seat.B;
            Map<Seat, AiPlayer> players = new EnumMap<>(Seat.class);
            AiPlayer search = g.search(iters, depth, 1000 + i);
            AiPlayer greedyView = g.greedy();
            java.util.Map<String, Integer> hist = new java.util.TreeMap<>();
            players.put(
                    me,
                    new AiPlayer() {
                        public String name() {
                            return "probe";
                        }

                        public io.duelhall.domain.Intent choose(
                                io.duelhall.domain.SeatKnowledge k) {
                            io.duelhall.domain.Intent x = search.choose(k);
                            io.duelhall.domain.Intent gr = greedyView.choose(k);
                            hist.merge(
                                    x.type() + (x.equals(gr) ? "=" : "!=" + gr.type()),
                                    1,
                                    Integer::sum);
                            return x;
                        }
                    });
            players.put(me.opponent(), g.greedy());
            Arena.Game game = arena.play(1000 + i, players);
            System.out.println("HIST " + hist);
            score += game.score(me);
            nanos += game.nanos().getOrDefault(me, 0L);
            decisions += game.decisions().getOrDefault(me, 0);
            System.out.println(
                    only
                            + " match "
                            + i
                            + " me="
                            + me
                            + " score="
                            + game.score(me)
                            + " finished="
                            + game.finished()
                            + " events="
                            + game.events());
        }
        System.out.printf(
                "%s: %.1f/%d, %d us/decision, %d decisions, %.1f s%n",
                only,
                score,
                matches,
                decisions == 0 ? 0 : nanos / decisions / 1000,
                decisions,
                (System.nanoTime() - t0) / 1e9);
    }
}
