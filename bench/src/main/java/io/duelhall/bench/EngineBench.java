package io.duelhall.bench;

import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.VoidexaMoves;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.VoidexaState;
import io.duelhall.domain.voidexa.ai.GreedyPlayer;
import io.duelhall.domain.voidexa.ai.SelfPlay;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Benchmark 1: the pure engine. {@code replay} plays recorded self-play matches again intent by
 * intent (decide, then evolve of every event: what the aggregate does per intent); its {@code
 * events} counter is the figure, in events per second on one thread (one core). {@code
 * greedyDecision} is the AI's time per decision; {@code openMatch} the cost of creating, seating
 * and dealing a match.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
@Threads(1)
public class EngineBench {
    VoidexaRuleset rules;
    List<Recorded.Game> games;
    List<VoidexaState> decisions;
    GreedyPlayer greedy;
    SelfPlay selfPlay;
    int next;

    /** Events produced, reported by JMH as a rate next to the operations. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Events {
        public long events;

        @Setup(Level.Iteration)
        public void clear() {
            events = 0;
        }
    }

    @Setup
    public void setUp() {
        rules = Rules.voidexa();
        games = Recorded.games(rules, 64, 1_000);
        greedy = new GreedyPlayer(rules);
        selfPlay = new SelfPlay(rules);
        decisions = new ArrayList<>();
        for (Recorded.Game g : games.subList(0, 8)) {
            VoidexaState s = g.opening();
            for (Intent intent : g.intents()) {
                decisions.add(s);
                for (MatchEvent e : rules.decide(s, intent).events()) {
                    s = rules.evolve(s, e);
                }
            }
        }
    }

    /** One recorded match played again (about 700 events). */
    @Benchmark
    public int replay(Events counter) {
        Recorded.Game g = games.get(next++ & 63);
        int n = Recorded.replay(rules, g);
        counter.events += n;
        return n;
    }

    /** One decision of the greedy AI on a state from a recorded match. */
    @Benchmark
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    @BenchmarkMode(Mode.AverageTime)
    public Intent greedyDecision() {
        VoidexaState s = decisions.get(next++ % decisions.size());
        Seat seat = VoidexaMoves.toAct(s);
        return greedy.choose(s, seat);
    }

    /** Create, two joins, shuffles and the opening hands. */
    @Benchmark
    public Object openMatch() {
        return selfPlay.open(
                next++,
                rules.catalog().starterDecks().get(0),
                rules.catalog().starterDecks().get(1));
    }
}
