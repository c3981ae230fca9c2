package io.duelhall.command.limits;

import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How many streams may be open at once, per client address and on the whole node ({@code
 * duelhall.stream.max-per-address}, {@code duelhall.stream.max-per-node}). Every open stream holds
 * a connection and its container buffers (~100 KB of heap measured, never read or not): without a
 * cap, enough of them exhaust the heap. Past a cap the stream is refused before it opens: {@code
 * 429 TOO_MANY_STREAMS}. A place is given back when its stream closes (a connection the client
 * dropped counts until the server notices, at its next write: a heartbeat at the latest). The match
 * streams (query) and the queue tickets' streams each keep their own.
 */
public final class StreamCaps {
    /**
     * Heap one open stream is reckoned at when the node's cap is derived from the heap (measured:
     * ~100 KB).
     */
    static final long BYTES_PER_STREAM = 128 * 1024;

    private final int perAddress;
    private final int perNode;
    private final AtomicInteger total = new AtomicInteger();
    private final ConcurrentHashMap<String, Integer> byAddress = new ConcurrentHashMap<>();

    /**
     * @param perAddress most streams from one address; 0 or less: no cap
     * @param perNode most streams on this node; 0: derived from the heap ({@link #fromHeap}), less
     *     than 0: no cap
     */
    public StreamCaps(int perAddress, int perNode) {
        this.perAddress = perAddress;
        this.perNode = perNode == 0 ? fromHeap(Runtime.getRuntime().maxMemory()) : perNode;
    }

    /**
     * The caps as configured ({@code duelhall.stream.max-per-address}, {@code max-per-node}), or
     * none at all when the limits are off ({@code duelhall.limits.enabled=false}).
     */
    public static StreamCaps configured(int perAddress, int perNode, boolean limitsEnabled) {
        return limitsEnabled ? new StreamCaps(perAddress, perNode) : new StreamCaps(0, -1);
    }

    /** A quarter of the heap for open streams, at {@link #BYTES_PER_STREAM} each (at least 100). */
    public static int fromHeap(long maxHeapBytes) {
        return (int)
                Math.max(100, Math.min(Integer.MAX_VALUE, maxHeapBytes / 4 / BYTES_PER_STREAM));
    }

    public int perAddress() {
        return perAddress;
    }

    public int perNode() {
        return perNode;
    }

    /** Open streams counted against the node's cap. */
    public int open() {
        return total.get();
    }

    /**
     * Takes a place for a stream from {@code address}.
     *
     * @return gives the place back (the first run only)
     * @throws RefusedException {@code TOO_MANY_STREAMS} (429) past a cap
     */
    public Runnable take(String address) {
        if (perNode > 0 && total.incrementAndGet() > perNode) {
            total.decrementAndGet();
            throw refused(
                    "This node has as many open streams as it serves ("
                            + perNode
                            + "); try again later.");
        }
        if (perNode <= 0) {
            total.incrementAndGet();
        }
        String key = address == null ? "" : address;
        if (perAddress > 0) {
            AtomicBoolean taken = new AtomicBoolean();
            byAddress.compute(
                    key,
                    (k, n) -> {
                        int now = n == null ? 0 : n;
                        if (now >= perAddress) {
                            return n;
                        }
                        taken.set(true);
                        return now + 1;
                    });
            if (!taken.get()) {
                total.decrementAndGet();
                throw refused(
                        "Too many open streams from one address (at most "
                                + perAddress
                                + "); close one or try again later.");
            }
        }
        AtomicBoolean given = new AtomicBoolean();
        return () -> {
            if (given.compareAndSet(false, true)) {
                total.decrementAndGet();
                if (perAddress > 0) {
                    byAddress.computeIfPresent(key, (k, n) -> n <= 1 ? null : n - 1);
                }
            }
        };
    }

    private static RefusedException refused(String message) {
        return new RefusedException(
                new Refusal(
                        Refusal.Category.TOO_MANY, "TOO_MANY_STREAMS", null, message, List.of()));
    }
}
