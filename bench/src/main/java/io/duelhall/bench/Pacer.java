package io.duelhall.bench;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Paces the requests of all of a run's clients together to a rate (issue 46's load curve): each
 * request takes the next free slot, {@code 1 / rate} seconds after the one before, and waits for
 * it. Below the saturating rate the clients wait for their slots, so the latency measured is that
 * of a server not yet saturated; the latency is timed from sending (a request whose slot came while
 * its client was still waiting for an earlier answer is sent late, not counted late).
 */
final class Pacer {
    private final long intervalNanos;
    private final AtomicLong next = new AtomicLong(System.nanoTime());

    private Pacer(double perSecond) {
        this.intervalNanos = Math.max(1, (long) (1_000_000_000L / perSecond));
    }

    /** A pacer at {@code perSecond} requests per second, or null (no pacing) when it is ≤ 0. */
    static Pacer at(double perSecond) {
        return perSecond > 0 ? new Pacer(perSecond) : null;
    }

    /** Waits for this request's slot. */
    void await() {
        long now = System.nanoTime();
        long slot = next.getAndUpdate(n -> Math.max(n, now - intervalNanos) + intervalNanos);
        slot = Math.max(slot, now - intervalNanos) + intervalNanos;
        long wait;
        while ((wait = slot - System.nanoTime()) > 0) {
            LockSupport.parkNanos(wait);
        }
    }
}
