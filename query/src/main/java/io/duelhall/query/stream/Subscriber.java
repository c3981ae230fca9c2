package io.duelhall.query.stream;

import io.duelhall.domain.Viewer;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter;

import java.util.concurrent.atomic.AtomicBoolean;

/** One open {@code /stream} connection: who watches, and the next event it is owed. */
final class Subscriber {
    final String matchId;
    final Viewer viewer;
    /** The Last-Event-ID it came with, or {@link MatchStreams#NONE}. */
    final long lastEventId;
    final ResponseBodyEmitter emitter;
    /** The sequence number of the next event to send; set when admitted. */
    volatile long nextSeq = -1;
    volatile boolean closed;
    volatile long lastWriteNanos = System.nanoTime();
    /** A write is in flight on a sender thread: the dispatcher leaves it alone until it is done. */
    final AtomicBoolean busy = new AtomicBoolean();
    private final AtomicBoolean closedOnce = new AtomicBoolean();
    /** Run once, on the first close (the spectator count of the lobby). */
    private volatile Runnable onClose = () -> { };

    Subscriber(String matchId, Viewer viewer, long lastEventId, ResponseBodyEmitter emitter) {
        this.matchId = matchId;
        this.viewer = viewer;
        this.lastEventId = lastEventId;
        this.emitter = emitter;
    }

    String viewerKey() {
        return viewer.kind() == Viewer.Kind.SEAT ? viewer.seat().name() : viewer.kind().name();
    }

    /** Adds {@code r} to what runs on the first close (set up before the stream opens). */
    void onClose(Runnable r) {
        Runnable before = onClose;
        onClose = () -> {
            try {
                before.run();
            } finally {
                r.run();
            }
        };
    }

    void close() {
        closed = true;
        if (closedOnce.compareAndSet(false, true)) {
            onClose.run();
        }
    }
}
