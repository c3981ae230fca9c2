package io.duelhall.query.stream;

import io.duelhall.command.limits.StreamCaps;
import io.duelhall.domain.GameState;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.duelhall.domain.Viewer;
import jakarta.annotation.PreDestroy;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Server-Sent Events behind {@code GET /api/matches/{id}/stream}, for any number of subscribers
 * on a fixed, small number of threads: one dispatcher thread reads a {@link StreamSource} (one
 * shared stream for all matches: the event store on an app node, the public Kafka topic on a
 * spectator edge) and folds each watched match through its ruleset; a small pool writes to the
 * connections, with non-blocking servlet writes ({@link Subscriber}). No thread waits per
 * subscriber, nor on a client that does not read: one that takes no burst in {@code
 * duelhall.stream.slow-reader-seconds} is dropped (it resumes with Last-Event-ID). Open streams are
 * capped per client address and per node ({@link StreamCaps}).
 *
 * <p>Each stored event is one SSE message whose {@code id} is the event's sequence number and whose
 * data is {@code {"seq", "event", "view"}}: the event as the subscriber may see it, and, on the
 * last message of each burst, the view after it (the same view {@code /view} serves; null on the
 * others). A subscriber coming back with {@code Last-Event-ID: n} gets every event after n, none
 * twice; one without gets the current view. Spectators get events only once they are {@code
 * spectatorDelaySeconds} old; seats get them live. A comment line is sent when a connection has
 * been quiet for the heartbeat interval, so proxies keep it open. The stream of an ended match
 * closes after its last event.
 *
 * <p>With {@code ?frames=patch} (see {@link PatchFrames}) a subscriber gets the whole view once and
 * then, on every message, an RFC 6902 JSON Patch from the view after the event before; {@code
 * ?frames=view} (the default) is the format above.
 */
@Component
public class MatchStreams implements SmartLifecycle {
    /** No Last-Event-ID: start with the current view. */
    public static final long NONE = Long.MIN_VALUE;

    static final String EVENT_STREAM = "text/event-stream;charset=UTF-8";
    private static final byte[] HEARTBEAT = ": heartbeat\n\n".getBytes(StandardCharsets.UTF_8);
    private static final Logger log = LoggerFactory.getLogger(MatchStreams.class);
    private static final int WAIT_MILLIS = 10;

    private final StreamSource source;
    private final Clock clock;
    private final JsonMapper json;
    private final long heartbeatNanos;
    private final long tickMillis;
    private final int maxBurst;
    private final long timeoutMillis;
    private final long slowReaderNanos;
    private final ExecutorService senders;
    private final int senderThreads;
    private final StreamCaps caps;
    private final Queue<Subscriber> joining = new ConcurrentLinkedQueue<>();
    private final PatchFrames patches;

    /** Watched matches, by id: dispatcher thread only. */
    private final Map<String, WatchedMatch> hot = new HashMap<>();

    /**
     * Watched matches with new events or subscribers since the last pass: dispatcher thread only.
     */
    private final Set<WatchedMatch> changed = new LinkedHashSet<>();

    private final AtomicInteger open = new AtomicInteger();

    /**
     * Open spectator streams per match and client address (the lobby's spectator count is the
     * number of addresses, so one client opening many streams counts once); matches without one are
     * absent.
     */
    private final Map<String, Map<String, Integer>> spectators =
            new java.util.concurrent.ConcurrentHashMap<>();

    private volatile boolean running = true;
    private Thread dispatcher;

    public MatchStreams(
            StreamSource source,
            Clock clock,
            JsonMapper json,
            @Value("${duelhall.stream.heartbeat-seconds:15}") long heartbeatSeconds,
            @Value("${duelhall.stream.tick-millis:100}") long tickMillis,
            @Value("${duelhall.stream.max-burst:500}") int maxBurst,
            @Value("${duelhall.stream.timeout-seconds:3600}") long timeoutSeconds,
            @Value("${duelhall.stream.sender-threads:2}") int senderThreads,
            @Value("${duelhall.stream.max-per-address:200}") int maxPerAddress,
            @Value("${duelhall.stream.max-per-node:0}") int maxPerNode,
            @Value("${duelhall.limits.enabled:true}") boolean limitsEnabled,
            @Value("${duelhall.stream.slow-reader-seconds:30}") long slowReaderSeconds) {
        this.source = source;
        this.clock = clock;
        this.json = json;
        this.patches = new PatchFrames(json);
        this.heartbeatNanos = TimeUnit.SECONDS.toNanos(heartbeatSeconds);
        this.tickMillis = tickMillis;
        this.maxBurst = maxBurst;
        this.timeoutMillis = TimeUnit.SECONDS.toMillis(timeoutSeconds);
        this.slowReaderNanos = TimeUnit.SECONDS.toNanos(slowReaderSeconds);
        this.caps = StreamCaps.configured(maxPerAddress, maxPerNode, limitsEnabled);
        log.info(
                "streams: at most {} per address, {} on this node",
                caps.perAddress() > 0 ? caps.perAddress() : "any",
                caps.perNode() > 0 ? caps.perNode() : "any");
        AtomicInteger n = new AtomicInteger();
        this.senderThreads = Math.max(1, senderThreads);
        this.senders =
                Executors.newFixedThreadPool(
                        senderThreads,
                        r -> {
                            Thread t = new Thread(r, "sse-sender-" + n.incrementAndGet());
                            t.setDaemon(true);
                            return t;
                        });
    }

    /**
     * Answers {@code GET /api/matches/{id}/stream}, on an app node and on an edge alike: {@code
     * 204} when the match is over and the client already has its last event ({@code Last-Event-ID},
     * from the header or else {@code ?lastEventId=}), which tells an EventSource not to reconnect;
     * otherwise the stream ({@link #subscribe}) and null (the stream has answered).
     *
     * <p>Frames in the format {@code frames} asks for ({@code ?frames=}: {@code view}, the default,
     * or {@code patch}; {@link #patchFrames}).
     *
     * @param over whether the match, as this viewer sees it, has ended
     * @param version the sequence number of the last event this viewer may see
     */
    public ResponseEntity<?> answer(
            String matchId,
            Viewer viewer,
            boolean over,
            long version,
            String lastEventIdHeader,
            String lastEventIdParam,
            String frames,
            HttpServletRequest request,
            HttpServletResponse response) {
        long last = lastEventId(lastEventIdHeader != null ? lastEventIdHeader : lastEventIdParam);
        boolean patch = patchFrames(frames);
        if (over && last != NONE && last >= version) {
            return ResponseEntity.noContent().build();
        }
        subscribe(matchId, viewer, last, patch, request, response);
        return null;
    }

    /**
     * {@code ?frames=}: whether the stream sends patches ({@code patch}) or the whole view on each
     * burst's last message ({@code view}, or none given).
     *
     * @throws RefusedException {@code INVALID_PARAMETER} (400) for any other value
     */
    public static boolean patchFrames(String frames) {
        if (frames == null || frames.isBlank() || frames.trim().equals("view")) {
            return false;
        }
        if (frames.trim().equals("patch")) {
            return true;
        }
        throw new RefusedException(
                Refusal.malformed(
                        "INVALID_PARAMETER",
                        "frames must be view (the whole view on the last message of each burst, the default) or "
                                + "patch (the whole view once, then an RFC 6902 JSON Patch per event)."));
    }

    /**
     * Opens a stream of {@code matchId} for {@code viewer} (a seat or the spectator) on {@code
     * request}'s connection: starts the request's async cycle, answers {@code 200
     * text/event-stream}, not cached, not buffered by a proxy, and writes the opening comment; the
     * dispatcher writes the rest. The caller answers nothing more.
     *
     * @param lastEventId the last event the client has, or {@link #NONE}
     * @throws RefusedException {@code TOO_MANY_STREAMS} (429) past the cap of the client's address
     *     or of the node ({@code duelhall.stream.max-per-address}, {@code max-per-node}), before
     *     anything is sent
     * @param patch patch frames ({@link PatchFrames}), else the whole view on each burst's last
     *     message
     */
    public void subscribe(
            String matchId,
            Viewer viewer,
            long lastEventId,
            boolean patch,
            HttpServletRequest request,
            HttpServletResponse response) {
        Runnable place = caps.take(request.getRemoteAddr());
        Subscriber s = new Subscriber(matchId, viewer, lastEventId, patch);
        s.onClose(place);
        if (viewer.kind() == Viewer.Kind.SPECTATOR) {
            String address = request.getRemoteAddr();
            String from = address == null ? "" : address;
            spectators.compute(
                    matchId,
                    (k, byAddress) -> {
                        Map<String, Integer> m = byAddress == null ? new HashMap<>() : byAddress;
                        m.merge(from, 1, Integer::sum);
                        return m;
                    });
            s.onClose(
                    () ->
                            spectators.computeIfPresent(
                                    matchId,
                                    (k, byAddress) -> {
                                        byAddress.computeIfPresent(
                                                from, (a, n) -> n <= 1 ? null : n - 1);
                                        return byAddress.isEmpty() ? null : byAddress;
                                    }));
        }
        try {
            AsyncContext context = request.startAsync(request, response);
            context.setTimeout(timeoutMillis);
            response.setStatus(200);
            response.setContentType(EVENT_STREAM);
            response.setHeader("Cache-Control", "no-cache");
            response.setHeader("X-Accel-Buffering", "no");
            // the first write: flushed with the headers, so clients see the stream open at once
            s.open(
                    context,
                    (": match " + matchId + "\nretry: 2000\n\n").getBytes(StandardCharsets.UTF_8));
        } catch (Exception e) {
            s.complete();
            return;
        }
        startDispatcher();
        open.incrementAndGet();
        joining.add(s);
        if (!running) {
            s.complete(); // shutting down: the client reconnects to another node
        }
    }

    /**
     * {@code Last-Event-ID} (header or {@code ?lastEventId=}) as a sequence number; {@link #NONE}
     * when absent.
     */
    public static long lastEventId(String value) {
        if (value == null || value.isBlank()) {
            return NONE;
        }
        try {
            long id = Long.parseLong(value.trim());
            if (id >= -1) {
                return id;
            }
        } catch (NumberFormatException ignored) {
            // refused below
        }
        throw new RefusedException(
                Refusal.malformed(
                        "INVALID_PARAMETER",
                        "Last-Event-ID must be an event sequence number (-1 for the whole log from the start)."));
    }

    /**
     * Spectators of {@code matchId}: client addresses with an open spectator stream (a closed
     * connection counts until the server notices it; several streams from one address count once).
     */
    public int spectators(String matchId) {
        Integer[] n = {0};
        spectators.computeIfPresent(
                matchId,
                (k, byAddress) -> {
                    n[0] = byAddress.size();
                    return byAddress;
                });
        return n[0];
    }

    /** Streams counted against the caps (open, or closed by the client and not noticed yet). */
    public int cappedStreams() {
        return caps.open();
    }

    /** Open subscribers (admitted or waiting to be). */
    public int openStreams() {
        return open.get();
    }

    private synchronized void startDispatcher() {
        if (dispatcher == null && running) {
            dispatcher = new Thread(this::run, "sse-dispatcher");
            dispatcher.setDaemon(true);
            dispatcher.start();
        }
    }

    @Override
    public void start() {
        // the dispatcher starts with the first stream
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /**
     * Ends every stream. A lifecycle bean of the last phase: it stops before the web server's
     * graceful shutdown, which otherwise waits for the open streams (the clients reconnect, to
     * another node, with Last-Event-ID).
     */
    @PreDestroy
    @Override
    public void stop() {
        running = false;
        Thread d;
        synchronized (this) {
            d = dispatcher;
        }
        if (d != null) {
            // no interrupt: the dispatcher may be reading the database, and H2 closes its file on
            // an interrupt;
            // it sees `running` within WAIT_MILLIS
            try {
                d.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (WatchedMatch h : hot.values()) {
            h.subscribers.forEach(Subscriber::complete);
        }
        joining.forEach(Subscriber::complete);
        senders.shutdownNow();
    }

    private void run() {
        long nextTick = 0;
        StreamSource.Sink sink =
                new StreamSource.Sink() {
                    @Override
                    public boolean wants(String matchId) {
                        WatchedMatch h = hot.get(matchId);
                        return h != null && !h.stale;
                    }

                    @Override
                    public void accept(String matchId, RecordedEvent e) {
                        MatchStreams.this.accept(matchId, e);
                    }
                };
        while (running) {
            try {
                // Short waits on the source: an event wakes the dispatcher at once, a new
                // subscriber within
                // WAIT_MILLIS; the full pass over every subscriber (delays, heartbeats) runs once
                // per tick.
                source.poll(WAIT_MILLIS, sink);
                admit();
                long now = System.nanoTime();
                if (now >= nextTick) {
                    nextTick = now + TimeUnit.MILLISECONDS.toNanos(tickMillis);
                    deliver(new ArrayList<>(hot.values()));
                } else if (!changed.isEmpty()) {
                    deliver(new ArrayList<>(changed));
                }
                changed.clear();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            } catch (Exception e) {
                if (!running) {
                    break;
                }
                log.warn("stream dispatcher: {}; reopening the event source", e.toString());
                source.reset();
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        source.close();
    }

    /** A new event from the source: kept if its match is watched. */
    private void accept(String matchId, RecordedEvent e) {
        WatchedMatch h = hot.get(matchId);
        if (h == null || h.stale) {
            return;
        }
        if (!h.append(e)) {
            h.stale = true;
        }
        changed.add(h);
    }

    /** New subscribers join their match, which is read from the store if nobody watched it yet. */
    private void admit() {
        for (Subscriber s; (s = joining.poll()) != null; ) {
            if (s.closed) {
                open.decrementAndGet();
                continue;
            }
            WatchedMatch h = hot.get(s.matchId);
            try {
                if (h == null) {
                    // Read here, on the dispatcher: whatever the source has handed over is in it.
                    h = new WatchedMatch(source.load(s.matchId), source.form());
                    hot.put(s.matchId, h);
                }
            } catch (RefusedException e) {
                s.complete();
                open.decrementAndGet();
                continue;
            } catch (RuntimeException e) {
                log.warn("stream of {}: {}; the client will reconnect", s.matchId, e.toString());
                s.complete();
                open.decrementAndGet();
                continue;
            }
            h.advanceSpectators(clock.instant());
            s.nextSeq =
                    s.lastEventId == NONE ? Math.max(0, h.horizon(s.viewer)) : s.lastEventId + 1;
            h.subscribers.add(s);
            changed.add(h);
        }
    }

    private void deliver(Collection<WatchedMatch> matches) {
        long now = System.nanoTime();
        // the writes of this pass, handed to the senders in one slice per thread (a task per
        // subscriber cost a queue insert and a thread wake-up per write)
        List<Runnable> writes = new ArrayList<>();
        for (WatchedMatch h : matches) {
            h.subscribers.removeIf(
                    s -> {
                        if (s.closed) {
                            open.decrementAndGet();
                        }
                        return s.closed;
                    });
            if (h.subscribers.isEmpty()) {
                hot.remove(h.matchId);
                continue;
            }
            if (h.stale) {
                h.reset(source.load(h.matchId));
            }
            h.advanceSpectators(clock.instant());
            Map<String, String> rendered = new HashMap<>();
            Map<String, byte[]> pieces = new HashMap<>();
            // subscribers who see alike and are at the same point get the very same bytes: built
            // once
            Map<String, byte[]> encoded = new HashMap<>();
            for (Subscriber s : h.subscribers) {
                if (s.busy.get()) {
                    if (now - s.busySince > slowReaderNanos) {
                        // it has not taken one burst in duelhall.stream.slow-reader-seconds:
                        // dropped; its EventSource
                        // reconnects with Last-Event-ID (retry: 2000) and resumes after the last
                        // event it did get
                        log.info(
                                "stream of {}: a slow reader dropped (no burst taken in {} s); it resumes with Last-Event-ID",
                                s.matchId,
                                TimeUnit.NANOSECONDS.toSeconds(slowReaderNanos));
                        s.complete();
                    }
                    continue;
                }
                long horizon = h.horizon(s.viewer);
                if (s.nextSeq <= horizon) {
                    long from = s.nextSeq;
                    long to = Math.min(horizon, from + maxBurst - 1);
                    boolean finish = h.ended() && to == h.last();
                    // patch frames: the whole view first unless the subscriber holds the view at
                    // from - 1
                    boolean whole = !s.holdsView;
                    byte[] frames =
                            !s.patch
                                    ? encoded.computeIfAbsent(
                                            s.viewerKey() + ":" + from + ":" + to,
                                            k -> frames(h, s, from, to, rendered, pieces))
                                    : encoded.computeIfAbsent(
                                            s.viewerKey()
                                                    + ":"
                                                    + from
                                                    + ":"
                                                    + to
                                                    + (whole ? ":whole" : ":patch"),
                                            k ->
                                                    patches.burst(
                                                            h,
                                                            s.viewer,
                                                            s.viewerKey(),
                                                            from,
                                                            to,
                                                            whole,
                                                            rendered));
                    s.holdsView = true;
                    s.busySince = now;
                    s.busy.set(true);
                    writes.add(() -> s.send(frames, to + 1, finish));
                } else if (h.ended() && horizon == h.last() && s.nextSeq > h.last()) {
                    s.complete();
                } else if (now - s.lastWriteNanos > heartbeatNanos) {
                    s.busySince = now;
                    s.busy.set(true);
                    writes.add(() -> s.send(HEARTBEAT, -1, false));
                }
            }
        }
        send(writes);
    }

    /** Runs {@code writes} on the senders: at most one task per sender thread. */
    private void send(List<Runnable> writes) {
        int slices = Math.min(senderThreads, writes.size());
        for (int i = 0; i < slices; i++) {
            List<Runnable> slice =
                    writes.subList(writes.size() * i / slices, writes.size() * (i + 1) / slices);
            senders.execute(
                    () -> {
                        for (Runnable w : slice) {
                            try {
                                w.run();
                            } catch (RuntimeException e) {
                                log.warn("stream write: {}", e.toString());
                            }
                        }
                    });
        }
    }

    /**
     * The SSE frames for events {@code from..to}, redacted as the state at {@code to} allows, the
     * view on the last, as UTF-8. Each frame's bytes are made once per pass for everyone who sees
     * it alike ({@code pieces}), so a subscriber costs a copy of bytes, not a rendering.
     */
    private byte[] frames(
            WatchedMatch h,
            Subscriber s,
            long from,
            long to,
            Map<String, String> rendered,
            Map<String, byte[]> pieces) {
        GameState state = h.stateAt(to);
        Viewer viewer = h.form.viewer(h.ruleset, state, s.viewer);
        String key = s.viewerKey() + ":" + viewer.kind();
        List<byte[]> parts = new ArrayList<>((int) (to - from + 1));
        int size = 0;
        for (long n = from; n <= to; n++) {
            final long seq = n;
            byte[] part =
                    pieces.computeIfAbsent(
                            (seq == to ? "last:" : "frame:") + seq + ":" + key,
                            k -> {
                                String event = patches.eventJson(h, seq, viewer);
                                String view =
                                        seq != to
                                                ? "null"
                                                : rendered.computeIfAbsent(
                                                        PatchFrames.viewKey(
                                                                s.viewerKey(), viewer, to),
                                                        k2 ->
                                                                patches.wholeView(
                                                                        h,
                                                                        state,
                                                                        viewer,
                                                                        to,
                                                                        patches.outer(
                                                                                h,
                                                                                s.viewerKey(),
                                                                                state,
                                                                                viewer,
                                                                                to)));
                                return ("id: "
                                                + seq
                                                + "\ndata: {\"seq\":"
                                                + seq
                                                + ",\"event\":"
                                                + event
                                                + ",\"view\":"
                                                + view
                                                + "}\n\n")
                                        .getBytes(StandardCharsets.UTF_8);
                            });
            parts.add(part);
            size += part.length;
        }
        byte[] out = new byte[size];
        int at = 0;
        for (byte[] part : parts) {
            System.arraycopy(part, 0, out, at, part.length);
            at += part.length;
        }
        return out;
    }
}
