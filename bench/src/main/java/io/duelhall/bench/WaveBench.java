package io.duelhall.bench;

import io.duelhall.domain.matchmaking.PairingRules;
import io.duelhall.domain.matchmaking.RatingPopulation;
import io.duelhall.domain.matchmaking.WaitingTicket;
import io.duelhall.domain.matchmaking.Wave;
import io.duelhall.domain.matchmaking.WaveMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The matchmaking wave (issue 40): one wave over {@code tickets} waiting tickets (ratings drawn
 * from N(1500, 300), deviations 50-350, waits up to 2 minutes, a few shared addresses and recent
 * opponents), for pairs and for pods of 4 and 6. The goal is at most 50 ms for 10,000 tickets.
 * {@code java -jar bench/target/benchmarks.jar jmh WaveBench}, or {@code waves} for a quick run
 * without JMH.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
public class WaveBench {
    @Param({"10000"})
    public int tickets;

    @Param({"2", "4", "6"})
    public int seats;

    List<WaitingTicket> waiting;

    PairingRules rules;

    @Setup
    public void setUp() {
        waiting = queue(tickets, 40);
        rules = rules(PairingRules.forSeats(seats), waiting);
    }

    @Benchmark
    public Wave wave() {
        return WaveMatcher.run(seats, true, waiting, rules);
    }

    /**
     * The rules as a queue of these tickets weighs them: in version 3 with the queue's ratings
     * ({@link RatingPopulation}, here the waiting tickets' own).
     */
    static PairingRules rules(PairingRules rules, List<WaitingTicket> queue) {
        RatingPopulation population = new RatingPopulation();
        queue.forEach(t -> population.add(t.rating()));
        return rules.withPopulation(population);
    }

    /** A queue of n tickets drawn from one seed. */
    static List<WaitingTicket> queue(int n, long seed) {
        var random = new Random(seed);
        var out = new ArrayList<WaitingTicket>(n);
        for (int i = 0; i < n; i++) {
            String address = random.nextInt(50) == 0 ? "shared" : "10.0." + i / 250 + "." + i % 250;
            Set<String> recent =
                    random.nextInt(10) == 0 ? Set.of("acc" + random.nextInt(n)) : Set.of();
            out.add(
                    new WaitingTicket(
                            "t" + i,
                            1500 + 300 * random.nextGaussian(),
                            50 + 300 * random.nextDouble(),
                            random.nextInt(120_000),
                            "acc" + i,
                            address,
                            recent));
        }
        return out;
    }

    /** A quick figure without JMH: the median and worst of 50 waves after 50 warm-up waves. */
    static void quick(int n) {
        List<Object[]> runs = new ArrayList<>();
        runs.add(new Object[] {2, PairingRules.DEFAULT}); // pairs before version 3
        for (int seats : new int[] {2, 3, 4, 6}) {
            runs.add(new Object[] {seats, PairingRules.forSeats(seats)});
        }
        for (Object[] run : runs) {
            int seats = (Integer) run[0];
            List<WaitingTicket> queue = queue(n, 40);
            PairingRules rules = rules((PairingRules) run[1], queue);
            long[] times = new long[50];
            long[] cpu = new long[50];
            java.lang.management.ThreadMXBean threads =
                    java.lang.management.ManagementFactory.getThreadMXBean();
            Wave wave = null;
            for (int round = 0; round < 100; round++) {
                long start = System.nanoTime();
                long startCpu = threads.getCurrentThreadCpuTime();
                wave = WaveMatcher.run(seats, true, queue, rules);
                if (round >= 50) {
                    times[round - 50] = System.nanoTime() - start;
                    cpu[round - 50] = threads.getCurrentThreadCpuTime() - startCpu;
                }
            }
            java.util.Arrays.sort(times);
            java.util.Arrays.sort(cpu);
            // CPU time: the wave's own work, which a busy shared machine does not stretch as it
            // stretches the wall time
            System.out.printf(
                    "seats %d, version %d, %d tickets: median %.2f ms (CPU %.2f ms), worst %.2f ms; %d tables, %d waiting%n",
                    seats,
                    rules.version(),
                    n,
                    times[25] / 1e6,
                    cpu[25] / 1e6,
                    times[49] / 1e6,
                    wave.tables().size(),
                    wave.waiting().size());
        }
    }
}
