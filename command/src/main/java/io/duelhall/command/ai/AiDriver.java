package io.duelhall.command.ai;

import com.github.benmanes.caffeine.cache.Caffeine;
import io.duelhall.command.match.IntentOutcome;
import io.duelhall.command.match.SubmitIntent;
import io.duelhall.command.match.Tokens;
import io.duelhall.domain.AiPlayer;
import io.duelhall.domain.GameState;
import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatKnowledge;
import io.duelhall.domain.SeatTokenIssued;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Plays the AI seats. It follows the match events in its own processing group ({@value #GROUP}),
 * folds each AI match through the domain exactly as the aggregate does, and when an AI seat owes
 * the next decision — its turn, a response window, a discard — asks the seat's {@link AiPlayer} and
 * sends the intent as a {@link SubmitIntent} signed with the seat's stored token hash (its {@code
 * SeatTokenIssued}: no node secret, see {@link AiSeats}), like any client. {@code expectedVersion}
 * is the version it decided on, so a decision taken on a state that moved on is refused as stale
 * and taken again. Its intent ids are random (a 128-bit hex suffix): nobody can predict them, and
 * idempotency keys are per seat anyway.
 *
 * <p>The AI never concedes because a move was refused or failed. A refusal other than a stale
 * version is a defect of the AI or the engine: it is logged as an ERROR, the match is read again
 * from the store, and the AI acts again — its own choice first, then a uniformly random legal move
 * — at most {@value #MAX_REFUSALS} times for one version; a command that failed (store or network
 * trouble) is sent again after a back-off. If every try is refused the AI stops acting in that
 * match and says so; the match's clock, if it has one, then acts for it.
 */
@Component
@ProcessingGroup(AiDriver.GROUP)
public class AiDriver {
    public static final String GROUP = "ai-seats";
    private static final Logger log = LoggerFactory.getLogger(AiDriver.class);

    /** Refused moves at one version before the AI stops acting in a match. */
    static final int MAX_REFUSALS = 3;

    /** Failed sends (not refusals) at one version before the AI stops trying. */
    static final int MAX_FAILURES = 5;

    private static final java.security.SecureRandom IDS = new java.security.SecureRandom();

    private final CommandGateway commands;
    private final EventStore eventStore;
    private final Rulesets rulesets;
    private final AiPlayers aiPlayers;
    private final Clock clock;
    private final long delayMillis;
    private final ScheduledExecutorService timer;
    private final Map<String, Live> live = new ConcurrentHashMap<>();

    /** Matches seen to have no AI seat, so their events cost a map look-up only. */
    private final Map<String, Boolean> human =
            Caffeine.newBuilder()
                    .maximumSize(100_000)
                    .executor(Runnable::run)
                    .<String, Boolean>build()
                    .asMap();

    /**
     * The state of one AI match as far as the driver has seen it; {@code sentFor}: version last
     * acted on; {@code troubleAt}, {@code refusals}, {@code failures}: how often the move owed at
     * that version was refused or failed to be sent.
     */
    private static final class Live {
        /** The rules the match is played under: the version it was created with. */
        final Ruleset rules;

        final Map<Seat, AiPlayer> players;
        final Map<Seat, AiPlayer> fallbacks;
        final Map<Seat, String> tokenHashes = new EnumMap<>(Seat.class);

        /**
         * Every event of the match so far, as stored: an AI's knowledge is made from them, redacted
         * for its seat ({@link SeatKnowledge#of}); the AI never sees them raw.
         */
        private final List<MatchEvent> events = new ArrayList<>();

        volatile Snapshot now;
        volatile long sentFor = -1;
        long troubleAt = -1;
        int refusals;
        int failures;

        Live(
                Ruleset rules,
                Map<Seat, AiPlayer> players,
                Map<Seat, AiPlayer> fallbacks,
                Snapshot now) {
            this.rules = rules;
            this.players = players;
            this.fallbacks = fallbacks;
            this.now = now;
        }

        /** The first {@code count} events, for a decision on the state after them. */
        synchronized List<MatchEvent> events(int count) {
            return new ArrayList<>(events.subList(0, Math.min(count, events.size())));
        }

        synchronized int eventCount() {
            return events.size();
        }

        void seen(MatchEvent event) {
            synchronized (this) {
                events.add(event);
            }
            if (event instanceof SeatTokenIssued t
                    && t.tokenHash() != null
                    && players.containsKey(t.seat())) {
                tokenHashes.put(t.seat(), t.tokenHash());
            }
        }

        /**
         * Counts a refusal or failure at {@code version}; returns the count of that kind at that
         * version.
         */
        synchronized int trouble(long version, boolean refused) {
            if (troubleAt != version) {
                troubleAt = version;
                refusals = 0;
                failures = 0;
            }
            return refused ? ++refusals : ++failures;
        }

        synchronized int refusalsAt(long version) {
            return troubleAt == version ? refusals : 0;
        }
    }

    /**
     * The match as last seen, and when it was seen ({@link System#nanoTime()}): the AI's delay
     * counts from then.
     */
    private record Snapshot(GameState state, long version, long seenAt, int events) {
        Snapshot(GameState state, long version, int events) {
            this(state, version, System.nanoTime(), events);
        }
    }

    public AiDriver(
            CommandGateway commands,
            EventStore eventStore,
            Rulesets rulesets,
            AiPlayers aiPlayers,
            Clock clock,
            @Value("${duelhall.ai.delay-ms:0}") long delayMillis,
            @Value("${duelhall.ai.threads:2}") int threads) {
        this.commands = commands;
        this.eventStore = eventStore;
        this.rulesets = rulesets;
        this.aiPlayers = aiPlayers;
        this.clock = clock;
        this.delayMillis = Math.max(0, delayMillis);
        // The AI acts on threads of its own: a command sent from the processor's thread would join
        // the
        // processor's unit of work (already committed when the batch is done).
        java.util.concurrent.atomic.AtomicInteger n =
                new java.util.concurrent.atomic.AtomicInteger();
        this.timer =
                Executors.newScheduledThreadPool(
                        Math.max(1, threads),
                        r -> {
                            Thread t = new Thread(r, "ai-seats-act-" + n.incrementAndGet());
                            t.setDaemon(true);
                            return t;
                        });
    }

    /**
     * Takes the message, not the payload: an event of a match without AI seats is skipped before
     * its payload is deserialized (this processor sees every event of every match).
     */
    @EventHandler(payloadType = MatchEvent.class)
    void on(DomainEventMessage<?> message) {
        String matchId = message.getAggregateIdentifier();
        long seq = message.getSequenceNumber();
        Live m = live.get(matchId);
        if (m == null && human.containsKey(matchId)) {
            return;
        }
        MatchEvent event = (MatchEvent) message.getPayload();
        if (m == null) {
            if (event instanceof MatchOpening o) {
                m = open(o);
                if (m == null) {
                    human.put(matchId, Boolean.TRUE);
                    return;
                }
                m.seen(event);
                m.now = new Snapshot(m.rules.evolve(m.rules.initial(), event), seq, 1);
                live.put(matchId, m);
                return;
            }
            m = track(matchId);
            if (m == null) {
                return;
            }
        }
        Snapshot s = m.now;
        if (seq <= s.version()) {
            // Already folded when the match was loaded from the store: this node has just taken the
            // match over (a
            // start, or a segment claimed from a node that died), and the move owed now may never
            // be followed by
            // another event. Act on what was loaded (act sends at most once per version).
            if (seq == s.version()) {
                afterBatch(matchId);
            }
            return;
        }
        m.seen(event);
        GameState next = m.rules.evolve(s.state(), event);
        m.now = new Snapshot(next, seq, m.eventCount());
        if (next.status() == MatchStatus.ENDED) {
            live.remove(matchId);
            return;
        }
        afterBatch(matchId);
    }

    /** Whether a match is followed as an AI match (for tests and metrics). */
    public int liveMatches() {
        return live.size();
    }

    /**
     * Starts following an AI match from the store (after a restart, or when it began before this
     * processor).
     */
    public void resume(String matchId) {
        if (track(matchId) != null) {
            act(matchId);
        }
    }

    /**
     * Stops following the matches {@code keep} rejects: their events now go to another node (the
     * segment that holds them was released), which plays them from the store.
     */
    public void retainOnly(java.util.function.Predicate<String> keep) {
        live.keySet().removeIf(id -> !keep.test(id));
    }

    private Live track(String matchId) {
        Live m = live.computeIfAbsent(matchId, this::load);
        if (m == null) {
            human.put(matchId, Boolean.TRUE);
        }
        return m;
    }

    private Live open(MatchOpening o) {
        MatchOptions options = o.options();
        Ruleset rules = rulesets.findForMatch(o).orElse(null);
        if (options == null || options.ai() == null || rules == null) {
            return null;
        }
        Map<Seat, AiPlayer> players = new EnumMap<>(Seat.class);
        Map<Seat, AiPlayer> fallbacks = new EnumMap<>(Seat.class);
        options.ai()
                .forEach(
                        (seat, name) ->
                                aiPlayers
                                        .of(name, rules, (o.matchId() + seat).hashCode())
                                        .ifPresent(
                                                p -> {
                                                    players.put(seat, p);
                                                    aiPlayers
                                                            .anyLegalMove(
                                                                    rules,
                                                                    (o.matchId() + seat).hashCode()
                                                                                    * 31L
                                                                            + 7)
                                                            .ifPresent(f -> fallbacks.put(seat, f));
                                                }));
        return players.isEmpty() ? null : new Live(rules, players, fallbacks, null);
    }

    private Live load(String matchId) {
        DomainEventStream stream = eventStore.readEvents(matchId);
        Live m = null;
        List<MatchEvent> events = new ArrayList<>();
        long version = -1;
        while (stream.hasNext()) {
            DomainEventMessage<?> e = stream.next();
            if (!(e.getPayload() instanceof MatchEvent event)) {
                continue;
            }
            if (version < 0) {
                m = event instanceof MatchOpening o ? open(o) : null;
                if (m == null) {
                    return null;
                }
            }
            m.seen(event);
            events.add(event);
            version = e.getSequenceNumber();
        }
        if (m == null) {
            return null;
        }
        GameState state = m.rules.replay(events);
        if (state.status() == MatchStatus.ENDED) {
            return null;
        }
        m.now = new Snapshot(state, version, events.size());
        return m;
    }

    /**
     * Acts once the processor has handled its whole batch, so a decision sees all events of an
     * intent when it can.
     */
    private void afterBatch(String matchId) {
        if (!CurrentUnitOfWork.isStarted()) {
            later(matchId);
            return;
        }
        CurrentUnitOfWork.get()
                .getOrComputeResource(
                        "ai-seats:" + matchId,
                        k -> {
                            CurrentUnitOfWork.get().afterCommit(u -> later(matchId));
                            return Boolean.TRUE;
                        });
    }

    private void later(String matchId) {
        if (delayMillis == 0) {
            timer.execute(() -> act(matchId));
        } else {
            timer.schedule(() -> act(matchId), delayMillis, TimeUnit.MILLISECONDS);
        }
    }

    @jakarta.annotation.PreDestroy
    void stop() {
        timer.shutdownNow();
    }

    private void act(String matchId) {
        Live m = live.get(matchId);
        if (m == null) {
            return;
        }
        Snapshot s;
        Seat seat;
        synchronized (
                m) { // two acts for one match may be queued: only one sends for a given version
            s = m.now;
            seat = m.rules.toAct(s.state());
            if (seat == null || m.players.get(seat) == null || m.sentFor >= s.version()) {
                return;
            }
            // an act scheduled after an earlier event may fire just after a newer one: the delay
            // counts from the
            // newest event seen, so every AI move waits it (issue 19: 17 of 88 moves came 5-25 ms
            // after the last)
            long waited = (System.nanoTime() - s.seenAt()) / 1_000_000;
            if (delayMillis > 0 && waited < delayMillis) {
                timer.schedule(() -> act(matchId), delayMillis - waited, TimeUnit.MILLISECONDS);
                return;
            }
            m.sentFor = s.version();
        }
        // after a refused move, the AI's own choice once more on the state read again, then a
        // random legal move
        AiPlayer player =
                m.refusalsAt(s.version()) >= 2 && m.fallbacks.containsKey(seat)
                        ? m.fallbacks.get(seat)
                        : m.players.get(seat);
        // the player is given what its seat knows, never the state (fair by construction)
        SeatKnowledge knowledge =
                SeatKnowledge.of(m.rules, s.state(), m.events(s.events()), seat, s.version());
        Intent intent;
        try {
            intent = player.choose(knowledge);
        } catch (RuntimeException e) {
            log.error(
                    "AI defect: {} failed to choose in match {} at version {}; a random legal move instead",
                    player.name(),
                    matchId,
                    s.version(),
                    e);
            player = m.fallbacks.get(seat);
            intent = player.choose(knowledge);
        }
        if (intent == null) {
            return;
        }
        submit(matchId, m, seat, intent, s.version(), player);
    }

    private void submit(
            String matchId, Live m, Seat seat, Intent intent, long version, AiPlayer player) {
        String tokenHash = m.tokenHashes.get(seat);
        if (tokenHash == null) {
            log.error(
                    "AI defect: no stored seat token for AI seat {} of match {}; not acting",
                    seat,
                    matchId);
            return;
        }
        String intentId = "ai-" + seat + "-" + randomHex();
        String fingerprint =
                Tokens.sha256Hex(
                        (tokenHash + "\n" + intentId + "\n" + intent)
                                .getBytes(StandardCharsets.UTF_8));
        commands.<IntentOutcome>send(
                        new SubmitIntent(
                                matchId,
                                intentId,
                                tokenHash,
                                fingerprint,
                                intent,
                                version,
                                clock.instant()))
                .whenComplete(
                        (out, error) -> {
                            if (error != null) {
                                int failures = m.trouble(version, false);
                                if (failures >= MAX_FAILURES) {
                                    log.error(
                                            "AI intent in match {} at version {} failed {} times; the AI stops acting here: {}",
                                            matchId,
                                            version,
                                            failures,
                                            error.toString());
                                    return;
                                }
                                log.warn(
                                        "AI intent in match {} at version {} failed ({} of {}), sent again: {}",
                                        matchId,
                                        version,
                                        failures,
                                        MAX_FAILURES,
                                        error.toString());
                                retry(matchId, m, version, 250L << failures);
                            } else if (out.refusal() != null
                                    && !"STALE_VERSION".equals(out.refusal().code())) {
                                // a defect: the AI chose a move the rules refuse. Never concede for
                                // it: read the match again
                                // and act again, a bounded number of times.
                                int refusals = m.trouble(version, true);
                                if (refusals >= MAX_REFUSALS) {
                                    log.error(
                                            "AI defect: {} in match {} at version {} sent {} refused intents (last {} -> {});"
                                                    + " the AI stops acting here",
                                            player.name(),
                                            matchId,
                                            version,
                                            refusals,
                                            intent,
                                            out.refusal());
                                    return;
                                }
                                log.error(
                                        "AI defect: {} sent a refused intent in match {} at version {}: {} -> {}; reading the"
                                                + " match again and acting again ({} of {})",
                                        player.name(),
                                        matchId,
                                        version,
                                        intent,
                                        out.refusal(),
                                        refusals,
                                        MAX_REFUSALS);
                                reload(matchId, m);
                            }
                        });
    }

    /**
     * Sends the move owed at {@code version} again after {@code delay} ms, unless the match moved
     * on.
     */
    private void retry(String matchId, Live m, long version, long delay) {
        timer.schedule(
                () -> {
                    synchronized (m) {
                        if (m.sentFor == version) {
                            m.sentFor = version - 1;
                        }
                    }
                    act(matchId);
                },
                Math.min(delay, 10_000),
                TimeUnit.MILLISECONDS);
    }

    /**
     * Reads the match again from the store (keeping the count of refusals) and acts on what was
     * read.
     */
    private void reload(String matchId, Live old) {
        Live fresh = load(matchId);
        if (fresh == null) {
            live.remove(matchId);
            return;
        }
        synchronized (old) {
            fresh.troubleAt = old.troubleAt;
            fresh.refusals = old.refusals;
            fresh.failures = old.failures;
        }
        live.put(matchId, fresh);
        later(matchId);
    }

    private static String randomHex() {
        byte[] b = new byte[16];
        IDS.nextBytes(b);
        return java.util.HexFormat.of().formatHex(b);
    }
}
