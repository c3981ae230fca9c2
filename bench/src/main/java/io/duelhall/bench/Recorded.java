package io.duelhall.bench;

import io.duelhall.domain.Decision;
import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.VoidexaState;
import io.duelhall.domain.voidexa.ai.GreedyPlayer;
import io.duelhall.domain.voidexa.ai.RandomPlayer;
import io.duelhall.domain.voidexa.ai.SelfPlay;
import io.duelhall.domain.voidexa.cards.StarterDeck;
import java.util.ArrayList;
import java.util.List;

/**
 * Self-play matches recorded once (greedy against random, seats and decks alternating), to be
 * played again intent by intent: the engine's decide+evolve measured without the players' thinking.
 */
public final class Recorded {
    /**
     * One match: its opening state (created, both seats taken, dealt) and the intents that were
     * played.
     */
    public record Game(VoidexaState opening, List<Intent> intents, int events) {}

    private Recorded() {}

    public static List<Game> games(VoidexaRuleset rules, int n, long firstSeed) {
        SelfPlay selfPlay = new SelfPlay(rules);
        List<StarterDeck> decks = rules.catalog().starterDecks();
        List<Game> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            long seed = firstSeed + i;
            StarterDeck a = decks.get(i % decks.size());
            StarterDeck b = decks.get((i + 1) % decks.size());
            GreedyPlayer greedy = new GreedyPlayer(rules);
            RandomPlayer random = new RandomPlayer(rules.catalog(), seed);
            SelfPlay.Game g =
                    i % 2 == 0
                            ? selfPlay.play(seed, greedy, random, a, b)
                            : selfPlay.play(seed, random, greedy, a, b);
            SelfPlay.Opening o = selfPlay.open(seed, a, b);
            out.add(new Game(o.state(), g.intents(), g.eventCount() - o.events().size()));
        }
        return out;
    }

    /** Plays one recorded match again through decide and evolve; returns the number of events. */
    public static int replay(VoidexaRuleset rules, Game g) {
        VoidexaState s = g.opening();
        int events = 0;
        for (Intent intent : g.intents()) {
            Decision d = rules.decide(s, intent);
            for (MatchEvent e : d.events()) {
                s = rules.evolve(s, e);
                events++;
            }
        }
        if (!s.over()) {
            throw new IllegalStateException("a recorded match did not end when played again");
        }
        return events;
    }

    /**
     * Events and intents per second of {@link #replay} on one thread for about {@code millis}:
     * {@code [events/s, intents/s]} of wall time, then {@code [events/s, intents/s]} of this
     * thread's CPU time (per core: the figure that holds on a machine shared with other work), then
     * bytes allocated per event (independent of the load).
     */
    public static double[] measure(VoidexaRuleset rules, List<Game> games, long millis) {
        java.lang.management.ThreadMXBean mx =
                java.lang.management.ManagementFactory.getThreadMXBean();
        long events = 0;
        long intents = 0;
        long t0 = System.nanoTime();
        long cpu0 = mx.getCurrentThreadCpuTime();
        com.sun.management.ThreadMXBean hot = (com.sun.management.ThreadMXBean) mx;
        long alloc0 = hot.getThreadAllocatedBytes(Thread.currentThread().getId());
        long end = t0 + millis * 1_000_000;
        int i = 0;
        while (System.nanoTime() < end) {
            Game g = games.get(i++ % games.size());
            events += replay(rules, g);
            intents += g.intents().size();
        }
        double secs = (System.nanoTime() - t0) / 1e9;
        double cpu = (mx.getCurrentThreadCpuTime() - cpu0) / 1e9;
        double allocPerEvent =
                (hot.getThreadAllocatedBytes(Thread.currentThread().getId()) - alloc0)
                        / (double) events;
        return new double[] {
            events / secs, intents / secs, events / cpu, intents / cpu, allocPerEvent
        };
    }
}
