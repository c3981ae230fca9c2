package io.duelhall.query.stream;

import io.duelhall.domain.Viewer;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One open {@code /stream} connection: who watches, the next event it is owed, and its one write in
 * flight.
 *
 * <p>Writes are the servlet's non-blocking output ({@link WriteListener}): a write hands the
 * container at most {@link #CHUNK} bytes at a time, and only while it is ready to take them, so no
 * thread ever waits on a client that does not read, and a connection holds at most one burst (the
 * dispatcher's bytes, shared by everyone who sees the same) plus one chunk in the container's
 * buffer. What the client has not taken yet stays here until {@link #onWritePossible} says it can
 * take more.
 */
final class Subscriber implements WriteListener, AsyncListener {
    /** Bytes handed to the container at once. */
    static final int CHUNK = 8192;

    final String matchId;
    final Viewer viewer;

    /** The Last-Event-ID it came with, or {@link MatchStreams#NONE}. */
    final long lastEventId;

    /** Patch frames ({@code ?frames=patch}, {@link PatchFrames}), or the whole view per burst. */
    final boolean patch;

    /**
     * In patch frames: whether the client holds the view at {@code nextSeq - 1} (it resumed with
     * Last-Event-ID ≥ 0, or has had a burst), so the next burst starts with a patch, not the whole
     * view. Dispatcher thread only.
     */
    boolean holdsView;

    /** The sequence number of the next event to send; set when admitted. */
    volatile long nextSeq = -1;

    volatile boolean closed;
    volatile long lastWriteNanos = System.nanoTime();

    /**
     * A write is in flight: the dispatcher leaves it alone until it is done (or drops it when it
     * takes too long).
     */
    final AtomicBoolean busy = new AtomicBoolean();

    /** When the write in flight began ({@link System#nanoTime()}). */
    volatile long busySince;

    private final AtomicBoolean closedOnce = new AtomicBoolean();

    /**
     * Run once, on the first close (the spectator count of the lobby, the place under the caps).
     */
    private volatile Runnable onClose = () -> {};

    private AsyncContext context;
    private ServletOutputStream out;
    // the write in flight (guarded by this)
    private byte[] pending;
    private int offset;
    private long pendingNext;
    private boolean pendingFinish;

    Subscriber(String matchId, Viewer viewer, long lastEventId, boolean patch) {
        this.matchId = matchId;
        this.viewer = viewer;
        this.lastEventId = lastEventId;
        this.patch = patch;
        this.holdsView = patch && lastEventId >= 0;
    }

    /**
     * Attaches the connection (async started, headers set) and writes {@code opening} as the first
     * write.
     */
    void open(AsyncContext context, byte[] opening) throws IOException {
        synchronized (this) {
            this.context = context;
            this.out = context.getResponse().getOutputStream();
            busy.set(true);
            busySince = System.nanoTime();
            pending = opening;
            offset = 0;
            pendingNext = -1;
            pendingFinish = false;
        }
        context.addListener(this);
        out.setWriteListener(this); // the container calls onWritePossible when it can take bytes
    }

    String viewerKey() {
        return viewer.kind() == Viewer.Kind.SEAT ? viewer.seat().name() : viewer.kind().name();
    }

    /** Adds {@code r} to what runs on the first close (set up before the stream opens). */
    void onClose(Runnable r) {
        Runnable before = onClose;
        onClose =
                () -> {
                    try {
                        before.run();
                    } finally {
                        r.run();
                    }
                };
    }

    /**
     * Starts writing {@code frames} (the caller set {@link #busy}); when all of it is handed over,
     * the subscriber is owed {@code next}, and the stream ends if {@code finish}.
     */
    void send(byte[] frames, long next, boolean finish) {
        synchronized (this) {
            pending = frames;
            offset = 0;
            pendingNext = next;
            pendingFinish = finish;
        }
        drain();
    }

    /** Hands the container what it can take now; finishes the write when all is handed over. */
    private void drain() {
        boolean finish = false;
        synchronized (this) {
            if (closed || pending == null || out == null) {
                return;
            }
            try {
                while (true) {
                    if (!out.isReady()) {
                        return; // onWritePossible comes when the client has taken some
                    }
                    if (offset < pending.length) {
                        int n = Math.min(CHUNK, pending.length - offset);
                        out.write(pending, offset, n);
                        offset += n;
                    } else {
                        out.flush();
                        break;
                    }
                }
            } catch (IOException | RuntimeException e) {
                pending = null;
                busy.set(false);
                close();
                return;
            }
            if (pendingNext >= 0) {
                nextSeq = pendingNext;
            }
            finish = pendingFinish;
            pending = null;
            lastWriteNanos = System.nanoTime();
            busy.set(false);
        }
        if (finish) {
            complete();
        }
    }

    /**
     * Ends the stream (the client's EventSource reconnects with Last-Event-ID unless the match is
     * over).
     */
    void complete() {
        close();
        AsyncContext c;
        synchronized (this) {
            c = context;
        }
        if (c != null) {
            try {
                c.complete();
            } catch (RuntimeException ignored) {
                // already completed or gone
            }
        }
    }

    void close() {
        closed = true;
        if (closedOnce.compareAndSet(false, true)) {
            onClose.run();
        }
    }

    @Override
    public void onWritePossible() {
        drain();
    }

    @Override
    public void onError(Throwable t) {
        complete();
    }

    @Override
    public void onComplete(AsyncEvent event) {
        close();
    }

    @Override
    public void onTimeout(AsyncEvent event) {
        complete(); // duelhall.stream.timeout-seconds: the client reconnects
    }

    @Override
    public void onError(AsyncEvent event) {
        complete();
    }

    @Override
    public void onStartAsync(AsyncEvent event) {
        // not restarted
    }
}
