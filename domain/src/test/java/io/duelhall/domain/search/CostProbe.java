package io.duelhall.domain.search;

import io.duelhall.domain.AiPlayer;
import io.duelhall.domain.GameState;
import io.duelhall.domain.HiddenState;
import io.duelhall.domain.Intent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatKnowledge;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CostProbe {
    @Test
    void probe() {
        String only = System.getProperty("probe.game", "voidexa");
        Games g = Games.of(only);
        // play greedy vs greedy 30 decisions through the arena's recording, then time the parts
        Arena arena = new Arena(g.rules(), g.roster());
        final SeatKnowledge[] last = new SeatKnowledge[1];
        final int[] count = {0};
        AiPlayer spy =
                new AiPlayer() {
                    final AiPlayer greedy = g.greedy();

                    public String name() {
                        return "spy";
                    }

                    public Intent choose(SeatKnowledge k) {
                        if (++count[0] == 40) {
                            last[0] = k;
                        }
                        return greedy.choose(k);
                    }
                };
        java.util.Map<Seat, AiPlayer> players = new java.util.EnumMap<>(Seat.class);
        players.put(Seat.A, spy);
        players.put(Seat.B, spy);
        arena.play(5, players);
        SeatKnowledge k = last[0];
        long t0 = System.nanoTime();
        HiddenState h = null;
        for (int i = 0; i < 20; i++) h = g.rules().hiddenState(k);
        long t1 = System.nanoTime();
        SplittableRandom r = new SplittableRandom(1);
        GameState s = null;
        for (int i = 0; i < 3000; i++) s = h.sample(r);
        t1 = System.nanoTime();
        for (int i = 0; i < 200; i++) s = h.sample(r);
        long t2 = System.nanoTime();
        List<Intent> legal = null;
        for (int i = 0; i < 2000; i++) legal = g.rules().legalMoves(s, k.seat());
        t2 = System.nanoTime();
        for (int i = 0; i < 200; i++) legal = g.rules().legalMoves(s, k.seat());
        long t3 = System.nanoTime();
        Ismcts is = new Ismcts(g.rules(), g.game());
        for (int i = 0; i < 200; i++) is.apply(s, legal.get(i % legal.size()));
        long t4 = System.nanoTime();
        for (int i = 0; i < 50; i++) g.game().policy(s, k.seat());
        long t5 = System.nanoTime();
        for (int i = 0; i < 200; i++) g.game().value(s, k.seat());
        long t6 = System.nanoTime();
        System.out.printf(
                "%s events=%d legal=%d fold=%dus sample=%dus legal=%dus apply=%dus policy=%dus value=%dus%n",
                only,
                k.events().size(),
                legal.size(),
                (t1 - t0) / 20000,
                (t2 - t1) / 200000,
                (t3 - t2) / 200000,
                (t4 - t3) / 200000,
                (t5 - t4) / 50000,
                (t6 - t5) / 200000);
    }
}
