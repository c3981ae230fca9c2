package io.duelhall.command.ai;

import io.duelhall.command.api.Tokens;
import io.duelhall.command.match.IntentOutcome;
import io.duelhall.command.match.SubmitIntent;
import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatTokens;
import io.duelhall.domain.voidexa.VoidexaMoves;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.VoidexaState;
import io.duelhall.domain.voidexa.ai.Player;
import io.duelhall.domain.voidexa.ai.Players;
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

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Plays the AI seats. It follows the match events in its own processing group ({@value #GROUP}), folds
 * each AI match through the domain exactly as the aggregate does, and when an AI seat owes the next
 * decision — its turn, a response window, a discard — asks the seat's {@link Player} and sends the intent
 * as a {@link SubmitIntent} with the seat's token, like any client. {@code expectedVersion} is the version
 * it decided on, so a decision taken on a state that moved on is refused as stale and taken again.
 */
@Component
@ProcessingGroup(AiDriver.GROUP)
public class AiDriver {
    public static final String GROUP = "ai-seats";
    private static final Logger log = LoggerFactory.getLogger(AiDriver.class);

    private final CommandGateway commands;
    private final EventStore eventStore;
    private final VoidexaRuleset voidexa;
    private final AiSeats seats;
    private final Clock clock;
    private final long delayMillis;
    private final ScheduledExecutorService timer;
    private final Map<String, Live> live = new ConcurrentHashMap<>();
    /** Matches seen to have no AI seat, so their events cost a map look-up only. */
    private final Map<String, Boolean> human = Collections.synchronizedMap(new LinkedHashMap<>(1024, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
            return size() > 100_000;
        }
    });

    /** The state of one AI match as far as the driver has seen it; {@code sentFor}: version last acted on. */
    private static final class Live {
        final Map<Seat, Player> players;
        volatile Snapshot now;
        volatile long sentFor = -1;

        Live(Map<Seat, Player> players, Snapshot now) {
            this.players = players;
            this.now = now;
        }
    }

    private record Snapshot(VoidexaState state, long version) {
    }

    public AiDriver(CommandGateway commands, EventStore eventStore, VoidexaRuleset voidexa, AiSeats seats, Clock clock,
                    @Value("${duelhall.ai.delay-ms:0}") long delayMillis,
                    @Value("${duelhall.ai.threads:2}") int threads) {
        this.commands = commands;
        this.eventStore = eventStore;
        this.voidexa = voidexa;
        this.seats = seats;
        this.clock = clock;
        this.delayMillis = Math.max(0, delayMillis);
        // The AI acts on threads of its own: a command sent from the processor's thread would join the
        // processor's unit of work (already committed when the batch is done).
        java.util.concurrent.atomic.AtomicInteger n = new java.util.concurrent.atomic.AtomicInteger();
        this.timer = Executors.newScheduledThreadPool(Math.max(1, threads), r -> {
            Thread t = new Thread(r, "ai-seats-act-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Takes the message, not the payload: an event of a match without AI seats is skipped before its payload is
     * deserialized (this processor sees every event of every match).
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
                m.now = new Snapshot(voidexa.evolve(voidexa.initial(), event), seq);
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
            return; // already folded when the match was loaded from the store
        }
        VoidexaState next = voidexa.evolve(s.state(), event);
        m.now = new Snapshot(next, seq);
        if (next.over()) {
            live.remove(matchId);
            return;
        }
        afterBatch(matchId);
    }

    /** Whether a match is followed as an AI match (for tests and metrics). */
    public int liveMatches() {
        return live.size();
    }

    /** Starts following an AI match from the store (after a restart, or when it began before this processor). */
    public void resume(String matchId) {
        if (track(matchId) != null) {
            act(matchId);
        }
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
        if (!voidexa.id().equals(o.ruleset()) || options == null || options.ai() == null) {
            return null;
        }
        Map<Seat, Player> players = new EnumMap<>(Seat.class);
        options.ai().forEach((seat, name) -> Players.of(name, voidexa, (o.matchId() + seat).hashCode())
                .ifPresent(p -> players.put(seat, p)));
        return players.isEmpty() ? null : new Live(players, null);
    }

    private Live load(String matchId) {
        DomainEventStream stream = eventStore.readEvents(matchId);
        Live m = null;
        VoidexaState state = voidexa.initial();
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
            state = voidexa.evolve(state, event);
            version = e.getSequenceNumber();
        }
        if (m == null || state.over()) {
            return null;
        }
        m.now = new Snapshot(state, version);
        return m;
    }

    /** Acts once the processor has handled its whole batch, so a decision sees all events of an intent when it can. */
    private void afterBatch(String matchId) {
        if (!CurrentUnitOfWork.isStarted()) {
            later(matchId);
            return;
        }
        CurrentUnitOfWork.get().getOrComputeResource("ai-seats:" + matchId, k -> {
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
        synchronized (m) { // two acts for one match may be queued: only one sends for a given version
            s = m.now;
            Seat toAct = VoidexaMoves.toAct(s.state());
            if (toAct == null || m.players.get(toAct) == null || m.sentFor >= s.version()) {
                return;
            }
            m.sentFor = s.version();
        }
        Seat seat = VoidexaMoves.toAct(s.state());
        Player player = m.players.get(seat);
        Intent intent;
        try {
            intent = player.choose(s.state(), seat);
        } catch (RuntimeException e) {
            log.error("AI {} failed to choose in match {} at version {}", player.name(), matchId, s.version(), e);
            intent = Intent.concede(seat);
        }
        if (intent == null) {
            return;
        }
        submit(matchId, seat, intent, s.version(), player);
    }

    private void submit(String matchId, Seat seat, Intent intent, long version, Player player) {
        boolean concede = intent.type() == io.duelhall.domain.IntentType.CONCEDE;
        String tokenHash = SeatTokens.hash(seats.token(matchId, seat));
        String intentId = "ai-" + seat + "-" + version + (concede ? "-concede" : "");
        String fingerprint = Tokens.sha256Hex((tokenHash + "\n" + intentId + "\n" + intent).getBytes(StandardCharsets.UTF_8));
        Long expected = concede ? null : version;
        commands.<IntentOutcome>send(new SubmitIntent(matchId, intentId, tokenHash, fingerprint, intent, expected, clock.instant()))
                .whenComplete((out, error) -> {
                    if (error != null) {
                        log.warn("AI intent in match {} failed: {}", matchId, error.toString());
                    } else if (out.refusal() != null && !"STALE_VERSION".equals(out.refusal().code())) {
                        // the rules refused what the AI chose: never leave the other seat waiting for ever
                        log.error("AI {} sent a refused intent in match {}: {} -> {}; conceding",
                                player.name(), matchId, intent, out.refusal());
                        if (!concede) {
                            submit(matchId, seat, Intent.concede(seat), version, player);
                        }
                    }
                });
    }
}
