package io.duelhall.infra.store;

import java.sql.Connection;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.MVStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Keeps the embedded H2 file from growing without bound while the server runs (docs/operations.md).
 * With {@code WRITE_DELAY=0} — kept so that every acknowledged intent is on disk before its answer
 * — every commit writes a chunk of its own, and H2's background writer, the only thing that
 * compacts, does not run; chunks stay partly live and the file grows by several KB per event. So
 * every {@code duelhall.store.compact.interval} (default 1 s) this asks H2's MVStore to rewrite the
 * live pages of its emptiest chunks, at most {@code duelhall.store.compact.write-bytes} (8 MiB) a
 * pass, while the chunks' fill rate is under {@code duelhall.store.compact.fill-rate} (default 85
 * %): short passes, each taking H2's store lock only for what it writes. Freed chunks are reused
 * once older than H2's retention time ({@code RETENTION_TIME=1000} in the datasource URL). At a
 * graceful stop {@code DEFRAG_ALWAYS} compacts the whole file.
 */
@Component
class StoreCompactor {
    private static final Logger log = LoggerFactory.getLogger(StoreCompactor.class);
    private final DataSource dataSource;
    private final boolean embedded;
    private final Duration interval;
    private final int fillRate;
    private final int writeBytes;
    private final ScheduledExecutorService timer;
    private final AtomicLong passes = new AtomicLong();
    private final AtomicLong rewrites = new AtomicLong();
    private final AtomicLong nanos = new AtomicLong();
    private volatile MVStore store;

    public StoreCompactor(
            DataSource dataSource,
            @Value("${spring.datasource.url:}") String url,
            @Value("${duelhall.store.compact.interval:PT1S}") Duration interval,
            @Value("${duelhall.store.compact.fill-rate:85}") int fillRate,
            @Value("${duelhall.store.compact.write-bytes:8388608}") int writeBytes) {
        this.dataSource = dataSource;
        this.embedded = url.startsWith("jdbc:h2:file:");
        this.interval = interval;
        this.fillRate = fillRate;
        this.writeBytes = writeBytes;
        this.timer =
                Executors.newSingleThreadScheduledExecutor(
                        r -> {
                            Thread t = new Thread(r, "store-compactor");
                            t.setDaemon(true);
                            return t;
                        });
    }

    @EventListener(ApplicationReadyEvent.class)
    public void onReady() {
        if (embedded && !interval.isZero() && !interval.isNegative()) {
            timer.scheduleWithFixedDelay(
                    this::pass, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    @jakarta.annotation.PreDestroy
    void stop() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(
                    5, TimeUnit.SECONDS); // a pass in progress ends before the pool closes the
            // database
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Compaction passes made, those that rewrote chunks, and the time they took (for the operations
     * figures).
     */
    public long passes() {
        return passes.get();
    }

    public long rewrites() {
        return rewrites.get();
    }

    public long millis() {
        return nanos.get() / 1_000_000;
    }

    void pass() {
        try {
            MVStore s = store();
            if (s == null || s.isClosed()) {
                return;
            }
            long start = System.nanoTime();
            if (s.compact(fillRate, writeBytes)) {
                rewrites.incrementAndGet();
                s.tryCommit();
            }
            passes.incrementAndGet();
            nanos.addAndGet(System.nanoTime() - start);
        } catch (RuntimeException e) {
            log.warn("store compaction pass failed: {}", e.toString());
        }
    }

    private MVStore store() {
        MVStore s = store;
        if (s == null) {
            try (Connection c = dataSource.getConnection()) {
                SessionLocal session = (SessionLocal) c.unwrap(JdbcConnection.class).getSession();
                s = session.getDatabase().getStore().getMvStore();
                store = s;
            } catch (Exception e) {
                log.warn("no H2 MVStore to compact: {}", e.toString());
                return null;
            }
        }
        return s;
    }
}
