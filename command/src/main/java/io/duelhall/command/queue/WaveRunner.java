package io.duelhall.command.queue;

import io.duelhall.command.match.CreateMatch;
import io.duelhall.command.match.JoinOutcome;
import io.duelhall.command.match.TakeSeat;
import io.duelhall.command.match.Tokens;
import io.duelhall.command.queue.QueueCommands.RunWave;
import io.duelhall.command.queue.QueueCommands.SeatPlan;
import io.duelhall.command.queue.QueueCommands.TablePlan;
import io.duelhall.command.queue.QueueCommands.WaveOutcome;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Rulesets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Runs a wave in every queue each {@code duelhall.queue.wave} (and at once in a queue that holds
 * {@code wave-at} tickets), then creates each table's match with the queue's options and takes its
 * seats with the tickets' requests and seat-token hashes. Keeps the figures of the last hour (per
 * node, in memory) for GET /api/queues.
 */
@Component
@EnableConfigurationProperties(QueueProperties.class)
class WaveRunner implements SmartLifecycle {
    private static final Logger log = LoggerFactory.getLogger(WaveRunner.class);
    private static final long HOUR_MS = 3_600_000;

    /** How long a table's match may take to be made and seated before its tickets wait again. */
    static final java.time.Duration SEATING = java.time.Duration.ofSeconds(60);

    private final CommandGateway commands;
    private final Rulesets rulesets;
    private final Clock clock;
    private final QueueProperties props;
    private final Map<String, Integer> waiting = new ConcurrentHashMap<>();
    private final Map<String, Deque<long[]>> waits = new ConcurrentHashMap<>();
    private ScheduledExecutorService executor;

    WaveRunner(CommandGateway commands, Rulesets rulesets, Clock clock, QueueProperties props) {
        this.commands = commands;
        this.rulesets = rulesets;
        this.clock = clock;
        this.props = props;
    }

    /**
     * Every queue this server offers: each ruleset at each of its seat counts, rated and casual.
     */
    List<QueueKey> queues() {
        List<QueueKey> out = new ArrayList<>();
        for (Ruleset r : rulesets.all()) {
            for (int seats = Math.max(2, r.minSeats());
                    seats <= Math.min(6, r.maxSeats());
                    seats++) {
                out.add(new QueueKey(r.id(), seats, true));
                out.add(new QueueKey(r.id(), seats, false));
            }
        }
        return out;
    }

    /** The options of a queue's matches: rated queues play on the clock. */
    MatchOptions options(QueueKey key) {
        return key.rated()
                ? new MatchOptions(
                        0,
                        props.turnClockSeconds(),
                        props.responseSeconds(),
                        null,
                        null,
                        key.seats())
                : new MatchOptions(0, null, null, null, null, key.seats());
    }

    int waiting(QueueKey key) {
        return waiting.getOrDefault(key.id(), 0);
    }

    /** The median and 95th percentile of the waits of tickets seated in the last hour (ms). */
    long[] waitPercentiles(QueueKey key) {
        Deque<long[]> q = waits.get(key.id());
        if (q == null) {
            return new long[] {0, 0};
        }
        long now = clock.millis();
        List<Long> recent = new ArrayList<>();
        synchronized (q) {
            q.removeIf(w -> w[0] < now - HOUR_MS);
            q.forEach(w -> recent.add(w[1]));
        }
        if (recent.isEmpty()) {
            return new long[] {0, 0};
        }
        recent.sort(null);
        return new long[] {
            recent.get((recent.size() - 1) / 2),
            recent.get((int) Math.ceil(0.95 * recent.size()) - 1)
        };
    }

    /** A ticket joined: counted, and a wave runs at once once the queue holds enough. */
    void opened(QueueKey key, int nowWaiting) {
        waiting.put(key.id(), nowWaiting);
        if (nowWaiting >= Math.max(key.seats(), props.waveAt()) && executor != null) {
            executor.execute(() -> wave(key));
        }
    }

    void runAll() {
        for (QueueKey key : queues()) {
            try {
                wave(key);
            } catch (RuntimeException e) {
                log.warn("wave of {} failed", key.id(), e);
            }
        }
    }

    /** One wave of one queue, and the matches of its tables. */
    synchronized void wave(QueueKey key) {
        WaveOutcome out;
        try {
            out =
                    commands.sendAndWait(
                            new RunWave(
                                    key.id(),
                                    clock.instant(),
                                    props.rules(),
                                    props.ticketTtl(),
                                    props.rematch(),
                                    SEATING));
        } catch (AggregateNotFoundException e) {
            return; // nobody ever queued here
        }
        waiting.put(key.id(), out.waiting());
        long now = clock.millis();
        Deque<long[]> q = waits.computeIfAbsent(key.id(), k -> new ArrayDeque<>());
        synchronized (q) {
            out.seatedWaitsMs().forEach(w -> q.add(new long[] {now, w}));
        }
        for (TablePlan table : out.tables()) {
            try {
                seat(key, table);
            } catch (RuntimeException e) {
                log.error("queue {}: match {} could not be made", key.id(), table.matchId(), e);
                giveBack(key, table, "MATCH_NOT_MADE");
            }
        }
    }

    private void giveBack(QueueKey key, TablePlan table, String reason) {
        try {
            commands.sendAndWait(
                    new QueueCommands.ReturnTable(
                            key.id(), table.matchId(), reason, clock.instant()));
        } catch (RuntimeException e) {
            log.error(
                    "queue {}: table {} not returned (a later wave does it)",
                    key.id(),
                    table.matchId(),
                    e);
        }
    }

    private void seat(QueueKey key, TablePlan table) {
        // a match left half made expires by its seats' deadline (issue 19)
        commands.sendAndWait(
                new CreateMatch(
                        table.matchId(),
                        key.ruleset(),
                        options(key),
                        Tokens.randomBytes(32),
                        (int) SEATING.toSeconds()));
        for (SeatPlan s : table.seats()) {
            JoinOutcome joined =
                    commands.sendAndWait(
                            new TakeSeat(table.matchId(), s.request(), s.seatTokenHash()));
            if (joined.refusal() != null) {
                log.error(
                        "queue {}: ticket {} refused a seat in {}: {}",
                        key.id(),
                        s.ticketId(),
                        table.matchId(),
                        joined.refusal());
                giveBack(key, table, "SEAT_REFUSED");
                return;
            }
        }
        commands.sendAndWait(
                new QueueCommands.MarkSeated(
                        key.id(), table.waveId(), table.matchId(), clock.instant()));
    }

    @Override
    public synchronized void start() {
        executor =
                Executors.newSingleThreadScheduledExecutor(
                        r -> {
                            Thread t = new Thread(r, "queue-waves");
                            t.setDaemon(true);
                            return t;
                        });
        long every = props.wave().toMillis();
        executor.scheduleWithFixedDelay(this::runAll, every, every, TimeUnit.MILLISECONDS);
    }

    @Override
    public synchronized void stop() {
        if (executor != null) {
            executor.shutdownNow();
            executor = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return executor != null;
    }

    Instant now() {
        return clock.instant();
    }
}
