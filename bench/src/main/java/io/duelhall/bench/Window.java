package io.duelhall.bench;

import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The measured window of a load benchmark ({@link LoadDriver}, {@link BaselineLoad}): opened when
 * the warm-up is over (the caller then takes its counters' starting values), run to its end with a
 * progress line, and measured in wall seconds and the app's CPU time.
 */
final class Window {
    private final long appPid;
    private final long cpu0;
    private final long t0;
    private double seconds;
    private long cpu1 = -1;
    private long settledCpu = -1;
    private double settleSeconds;

    private Window(long appPid) {
        this.appPid = appPid;
        this.cpu0 = appPid < 0 ? -1 : Machine.cpuMillis(appPid);
        this.t0 = System.nanoTime();
    }

    /**
     * Waits until {@code measureFrom} (a {@link System#nanoTime} instant) and opens the window.
     *
     * @param appPid the app's process id, to count its CPU time; -1 if unknown
     */
    static Window openAt(long measureFrom, long appPid) throws InterruptedException {
        sleepUntil(measureFrom);
        return new Window(appPid);
    }

    /** Shows progress until {@code end}, then closes the window; its length in seconds. */
    double runUntil(long end, int plannedSeconds, PrintStream log) throws InterruptedException {
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
