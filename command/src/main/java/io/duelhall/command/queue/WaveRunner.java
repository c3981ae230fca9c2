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
import io.duelhall.domain.matchmaking.PairingRules;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;

/**
 * Runs a wave in every queue ({@link #runAll}), then creates each table's match with the queue's
 * options and takes its seats with the tickets' requests and seat-token hashes. Keeps the figures
 * of the last hour (per node, in memory) for GET /api/queues.
 *
 * <p>What calls {@link #runAll} is not this class's business: the server runs it as one
 * cluster-wide recurring task every {@code duelhall.queue.wave} (infra's {@code QueueWavesConfig}:
 * one node at a time, another node's turn when that node is gone), and a queue that reaches {@code
 * wave-at} tickets asks for the next run at once through {@link Wake}.
 */
@Component
@EnableConfigurationProperties(QueueProperties.class)
public class WaveRunner {
    /** Bean name of the queues' aggregate cache ({@code @Aggregate(cache = ...)} of the queue). */
    public static final String QUEUE_CACHE = MatchQueue.CACHE;

    /**
     * The queue aggregate's type, for the cache's store check ({@code StoreCheckedCache} builds its
     * model from it) without making the aggregate itself public.
     */
    public static Class<?> queueAggregate() {
        return MatchQueue.class;
    }

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
    private final ObjectProvider<Wake> wake;
    private final Deque<long[]> runs = new ArrayDeque<>();

    /**
     * Asks for the next run of the waves at once (a queue holds {@code wave-at} tickets): the
     * server's recurring task is due now, on whichever node takes it.
     */
    @FunctionalInterface
    public interface Wake {
        void now();
    }

    WaveRunner(
            CommandGateway commands,
            Rulesets rulesets,
            Clock clock,
            QueueProperties props,
            ObjectProvider<Wake> wake) {
        this.commands = commands;
        this.rulesets = rulesets;
        this.clock = clock;
        this.props = props;
        this.wake = wake;
    }

    /** How often the waves run ({@code duelhall.queue.wave}). */
    public Duration every() {
        return props.wave();
    }

    /**
     * When this node ran the waves in the last hour: {start, end} in epoch ms, oldest first (for
     * operations and the tests that check one node runs them at a time).
     */
    public List<long[]> runs() {
        synchronized (runs) {
            return List.copyOf(runs);
        }
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

    /** The pairing rules of a queue's waves. */
    PairingRules rules(QueueKey key) {
        return props.rules(key.seats());
    }

    /** How long two players are not paired again ({@code duelhall.queue.rematch}). */
    Duration rematch() {
        return props.rematch();
    }

    /**
     * A ticket joined: counted, and the waves run at once when the queue holds enough, or when the
     * newcomer could be seated now ({@code seatableNow}: a waiting ticket within its window), as
     * Showdown pairs a newcomer at once, but through a wave that weighs every waiting ticket.
     */
    void opened(QueueKey key, int nowWaiting, boolean seatableNow) {
        waiting.put(key.id(), nowWaiting);
        if (nowWaiting >= Math.max(key.seats(), props.waveAt()) || seatableNow) {
            Wake w = wake.getIfAvailable();
            if (w != null) {
                try {
                    w.now();
                } catch (RuntimeException e) {
                    log.debug("waves not woken (the next run comes anyway)", e);
                }
            }
        }
    }

    /** A wave in every queue: called by one node of the cluster at a time. */
    public synchronized void runAll() {
        long start = clock.millis();
        for (QueueKey key : queues()) {
            try {
                wave(key);
            } catch (RuntimeException e) {
                log.warn("wave of {} failed", key.id(), e);
            }
        }
        long end = clock.millis();
        synchronized (runs) {
            runs.add(new long[] {start, end});
            while (!runs.isEmpty() && runs.peekFirst()[1] < end - HOUR_MS) {
                runs.removeFirst();
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
                                    props.rules(key.seats()),
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

    Instant now() {
        return clock.instant();
    }
}
