package io.duelhall.command.queue;

import io.duelhall.command.limits.StreamCaps;
import io.duelhall.command.queue.QueueCommands.ReadTickets;
import io.duelhall.command.queue.QueueCommands.TicketState;
import io.duelhall.command.queue.QueueController.TicketView;
import io.duelhall.domain.SeatTokens;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * The tickets' streams ({@code GET /api/tickets/{id}/stream}): every second, one read per queue
 * with open streams ({@link ReadTickets}, whatever the number of streams), and to each stream its
 * ticket as {@code GET} says it: every tick while it waits, then its end (matched, cancelled,
 * expired), and the stream is completed. Capped per client address and per node as the match
 * streams are ({@link StreamCaps}, {@code duelhall.stream.max-per-address}, {@code max-per-node}).
 * A stream is read from whatever node serves it: the queue's events are in the shared store.
 */
@Component
class TicketStreams implements SmartLifecycle {
    private static final Logger LOG = LoggerFactory.getLogger(TicketStreams.class);
    static final Set<String> ENDS = Set.of("MATCHED", "CANCELLED", "EXPIRED");

    private record Watch(
            String ticketId, QueueKey key, String token, SseEmitter emitter, Runnable place) {}

    private final CommandGateway commands;
    private final WaveRunner runner;
    private final QueueProperties props;
    private final StreamCaps caps;
    private final long tickMillis;
    private final Set<Watch> watches = ConcurrentHashMap.newKeySet();
    private volatile ScheduledExecutorService ticker;

    TicketStreams(
            CommandGateway commands,
            WaveRunner runner,
            QueueProperties props,
            @Value("${duelhall.stream.max-per-address:200}") int maxPerAddress,
            @Value("${duelhall.stream.max-per-node:0}") int maxPerNode,
            @Value("${duelhall.limits.enabled:true}") boolean limitsEnabled,
            @Value("${duelhall.queue.stream-tick-millis:1000}") long tickMillis) {
        this.commands = commands;
        this.runner = runner;
        this.props = props;
        this.caps = StreamCaps.configured(maxPerAddress, maxPerNode, limitsEnabled);
        this.tickMillis = tickMillis;
    }

    /**
     * Opens a stream of a ticket its holder has just read ({@code first}): sends it at once.
     *
     * @throws io.duelhall.domain.RefusedException {@code TOO_MANY_STREAMS} past a cap
     */
    SseEmitter open(QueueKey key, String token, String address, TicketView first) {
        Runnable place = caps.take(address);
        // at most as long as a ticket may wait, and a minute more for its end to be said
        SseEmitter emitter =
                new SseEmitter(props.ticketTtl().plus(Duration.ofMinutes(1)).toMillis());
        Watch w = new Watch(first.ticketId(), key, token, emitter, place);
        Runnable close =
                () -> {
                    watches.remove(w);
                    place.run();
                };
        emitter.onCompletion(close);
        emitter.onTimeout(close);
        emitter.onError(e -> close.run());
        if (!send(w, first)) {
            return emitter;
        }
        if (ENDS.contains(first.status())) {
            emitter.complete();
        } else {
            watches.add(w);
        }
        return emitter;
    }

    /** Open ticket streams on this node. */
    int open() {
        return watches.size();
    }

    void tick() {
        Map<QueueKey, List<Watch>> byQueue = new HashMap<>();
        for (Watch w : watches) {
            byQueue.computeIfAbsent(w.key(), k -> new ArrayList<>()).add(w);
        }
        byQueue.forEach(
                (key, list) -> {
                    Map<String, String> hashes = new HashMap<>();
                    list.forEach(w -> hashes.put(w.ticketId(), SeatTokens.hash(w.token())));
                    Map<String, TicketState> states;
                    try {
                        states = commands.sendAndWait(new ReadTickets(key.id(), hashes));
                    } catch (RuntimeException e) {
                        LOG.warn(
                                "reading the tickets of queue {} failed: {}",
                                key.id(),
                                e.toString());
                        return;
                    }
                    for (Watch w : list) {
                        TicketState t = states == null ? null : states.get(w.ticketId());
                        if (t == null || t.refusal() != null) {
                            w.emitter().complete(); // forgotten meanwhile: nothing more to say
                            continue;
                        }
                        TicketView v =
                                QueueController.view(
                                        w.ticketId(), t, w.token(), runner.now(), props);
                        if (send(w, v) && ENDS.contains(v.status())) {
                            watches.remove(w);
                            w.emitter().complete();
                        }
                    }
                });
    }

    private boolean send(Watch w, TicketView v) {
        try {
            w.emitter()
                    .send(
                            SseEmitter.event()
                                    .name("ticket")
                                    .data(v, MediaType.APPLICATION_JSON)
                                    .reconnectTime(2000));
            return true;
        } catch (IOException | IllegalStateException e) {
            watches.remove(w);
            w.place().run();
            return false;
        }
    }

    @Override
    public void start() {
        ScheduledExecutorService t =
                Executors.newSingleThreadScheduledExecutor(
                        r -> {
                            Thread th = new Thread(r, "ticket-streams");
                            th.setDaemon(true);
                            return th;
                        });
        t.scheduleWithFixedDelay(
                () -> {
                    try {
                        tick();
                    } catch (RuntimeException e) {
                        LOG.warn("ticket streams' tick failed", e);
                    }
                },
                tickMillis,
                tickMillis,
                TimeUnit.MILLISECONDS);
        ticker = t;
    }

    @Override
    public void stop() {
        ScheduledExecutorService t = ticker;
        ticker = null;
        if (t != null) {
            t.shutdownNow();
        }
        for (Watch w : watches) {
            w.emitter().complete(); // the client reconnects to another node
        }
        watches.clear();
    }

    @Override
    public boolean isRunning() {
        return ticker != null;
    }
}
