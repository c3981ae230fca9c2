package io.duelhall.bench;

import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The measured window of a load benchmark ({@link LoadDriver}, {@link BaselineLoad}): opened when
 * the warm-up is over (the caller then takes its counters' starting values), run to its end with a
 * progress line, and measured in wall seconds and the app's CPU time.
 */
final class Window {
    private final long appPid;
    private final long cpu0;
    private final long t0;
    private final int plannedSeconds;
    private final long end;
    private double seconds;
    private long cpu1 = -1;
    private long settledCpu = -1;
    private double settleSeconds;

    private Window(long appPid, int plannedSeconds) {
        this.appPid = appPid;
        this.cpu0 = appPid < 0 ? -1 : Machine.cpuMillis(appPid);
        this.t0 = System.nanoTime();
        this.plannedSeconds = plannedSeconds;
        this.end = t0 + TimeUnit.SECONDS.toNanos(plannedSeconds);
    }

    /** The longest the window waits, after the warm-up, for the first accepted intent. */
    static final long FIRST_ACCEPTED_WAIT_NANOS = TimeUnit.SECONDS.toNanos(120);

    /**
     * When the load's clients stop: not known until the window opens ({@link #open}), which sets it
     * to the window's start plus its length. The clients keep sending until then.
     */
    static final class Stop {
        private volatile long at = Long.MAX_VALUE;

        /** Whether the clients should go on ({@link System#nanoTime} before the stop). */
        boolean notYet() {
            return System.nanoTime() < at;
        }

        /** The stop instant ({@link System#nanoTime}); {@link Long#MAX_VALUE} until set. */
        long at() {
            return at;
        }
    }

    /**
     * Opens the window once the warm-up is over: not before {@code measureFrom} (a {@link
     * System#nanoTime} instant), and not before the load's first accepted intent ({@code accepted}
     * above 0), waiting at most {@link #FIRST_ACCEPTED_WAIT_NANOS} more for it. A window that
     * opened before the app had answered anything (a cold app on a busy machine) would measure its
     * warm-up: a short one could then count no intent at all. Sets {@code stop} to the window's
     * start plus {@code seconds}.
     *
     * @param appPid the app's process id, to count its CPU time; -1 if unknown
     */
    static Window open(long measureFrom, LongSupplier accepted, int seconds, Stop stop, long appPid)
            throws InterruptedException {
        return open(measureFrom, accepted, FIRST_ACCEPTED_WAIT_NANOS, seconds, stop, appPid);
    }

    /** {@link #open(long, LongSupplier, int, Stop, long)} with its wait for the first intent. */
    static Window open(
            long measureFrom,
            LongSupplier accepted,
            long firstAcceptedWaitNanos,
            int seconds,
            Stop stop,
            long appPid)
            throws InterruptedException {
        sleepUntil(measureFrom);
        long giveUp = System.nanoTime() + firstAcceptedWaitNanos;
        while (accepted.getAsLong() == 0 && System.nanoTime() < giveUp) {
            Thread.sleep(20);
        }
        Window w = new Window(appPid, seconds);
        stop.at = w.end;
        return w;
    }

    /**
     * Shows progress until the window's end (its start plus its planned length, when the clients
     * stop: {@link Stop}), then closes the window; its length in seconds.
     */
    double run(PrintStream log) throws InterruptedException {
        Progress progress = new Progress(log, plannedSeconds);
        while (System.nanoTime() < end) {
            Thread.sleep(200);
            progress.update(
                    (int) Math.min(plannedSeconds, (System.nanoTime() - t0) / 1_000_000_000L));
        }
        seconds = (System.nanoTime() - t0) / 1e9;
        cpu1 = appPid < 0 ? -1 : Machine.cpuMillis(appPid);
        return seconds;
    }

    /**
     * After the window and its clients' end: waits until the app is quiet (under a fifth of a core
     * for 2 s; at most 300 s), so that the work the window left behind is counted too — the read
     * models and other processors catching up with the events stored in it, the store's compaction.
     * Without it an app that defers work past the window looks cheaper than it is (issue 46: at the
     * saturating rate the app's processors fell behind); {@link #settledCpuMillis()} then has the
     * app's CPU time from the window's start until quiet. Nothing to wait for when the app's
     * process is unknown.
     */
    void settle() throws InterruptedException {
        if (cpu0 < 0) {
            return;
        }
        long from = System.nanoTime();
        long deadline = from + 300_000_000_000L;
        long prev = Machine.cpuMillis(appPid);
        long now = prev;
        while (System.nanoTime() < deadline) {
            Thread.sleep(2000);
            now = Machine.cpuMillis(appPid);
            if (now - prev < 400) {
                break;
            }
            prev = now;
        }
        settleSeconds = (System.nanoTime() - from) / 1e9;
        settledCpu = now;
    }

    /** Seconds {@link #settle()} waited for the app to become quiet after the window. */
    double settleSeconds() {
        return settleSeconds;
    }

    /** The app's CPU time from the window's start until quiet (ms), or -1 when not settled. */
    long settledCpuMillis() {
        return settledCpu < 0 || cpu0 < 0 ? -1 : settledCpu - cpu0;
    }

    /** When the window opened ({@link System#nanoTime}). */
    long openedAt() {
        return t0;
    }

    /** The app's CPU time over the window (ms), or -1 when unknown. */
    long appCpuMillis() {
        return cpu0 < 0 || cpu1 < 0 ? -1 : cpu1 - cpu0;
    }

    /** Stops taking clients and waits for each to end; a client's failure fails the run. */
    static void join(ExecutorService pool, List<Future<?>> clients) throws Exception {
        pool.shutdown();
        for (Future<?> f : clients) {
            try {
                f.get(120, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                throw new IllegalStateException("a client failed", e.getCause());
            }
        }
    }

    static void sleepUntil(long nanoTime) throws InterruptedException {
        long left;
        while ((left = nanoTime - System.nanoTime()) > 0) {
            Thread.sleep(Math.min(200, Math.max(1, left / 1_000_000)));
        }
    }
}
