package io.duelhall.bench;

import java.io.PrintStream;

/** A one-line progress bar on stderr for long runs ({@code [#####.....] 512/1000 12 s}). */
public final class Progress {
    private final PrintStream out;
    private final int total;
    private final long t0 = System.nanoTime();
    private long lastDraw;

    public Progress(PrintStream out, int total) {
        this.out = out;
        this.total = total;
    }

    public synchronized void update(int done) {
        long now = System.nanoTime();
        if (out == null || (done < total && now - lastDraw < 200_000_000L)) {
            return;
        }
        lastDraw = now;
        int width = 30;
        int filled = total == 0 ? width : (int) ((long) done * width / total);
        out.printf(
                "\r[%s%s] %d/%d  %d s",
                "#".repeat(filled),
                ".".repeat(width - filled),
                done,
                total,
                (now - t0) / 1_000_000_000L);
        if (done >= total) {
            out.println();
        }
        out.flush();
    }
}
