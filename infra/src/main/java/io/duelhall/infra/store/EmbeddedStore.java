package io.duelhall.infra.store;

import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The store on disk, for operators (docs/operations.md): its size as metrics, and online backups of
 * the embedded H2 store.
 *
 * <ul>
 *   <li>Gauges {@code duelhall.store.bytes} (the data directory's files, backups excluded; on
 *       PostgreSQL the database's size), {@code duelhall.store.events} (events stored) and {@code
 *       duelhall.store.bytes.per.event}, read at most every 10 s.
 *   <li>{@link #backup()}: H2's {@code BACKUP TO} writes a consistent copy of the running database
 *       (writers go on), and the signing key is added beside it, into one zip under {@code
 *       duelhall.backup.dir}; restoring is unzipping it into an empty data directory. Taken on
 *       request by the admin ({@code POST /api/admin/backup}) and every {@code
 *       duelhall.backup.interval} if set, keeping the newest {@code duelhall.backup.keep}.
 * </ul>
 */
@Component
class EmbeddedStore implements MeterBinder {
    private static final Logger log = LoggerFactory.getLogger(EmbeddedStore.class);
    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS").withZone(ZoneOffset.UTC);

    private final JdbcTemplate jdbc;
    private final Path dataDir;
    private final Path backupDir;
    private final boolean embedded;
    private final boolean postgres;
    private final int keep;
    private final Clock clock;
    private final ScheduledExecutorService timer;
    private volatile Sample sample;

    /**
     * One reading of the store's size, kept for 10 s so that a scrape costs no more than one query.
     */
    record Sample(long bytes, long events, long at) {}

    /** A backup written: its file, its size, how long it took, and the events it holds. */
    public record Backup(String file, long bytes, long millis, long events) {}

    public EmbeddedStore(
            JdbcTemplate jdbc,
            Clock clock,
            @Value("${duelhall.data-dir}") Path dataDir,
            @Value("${spring.datasource.url:}") String url,
            @Value("${duelhall.backup.dir:${duelhall.data-dir}/backups}") Path backupDir,
            @Value("${duelhall.backup.interval:PT0S}") Duration interval,
            @Value("${duelhall.backup.keep:7}") int keep) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.dataDir = dataDir.toAbsolutePath().normalize();
        this.backupDir = backupDir.toAbsolutePath().normalize();
        this.embedded = url.startsWith("jdbc:h2:file:");
        this.postgres = url.startsWith("jdbc:postgresql:");
        this.keep = Math.max(1, keep);
        this.timer =
                Executors.newSingleThreadScheduledExecutor(
                        r -> {
                            Thread t = new Thread(r, "store-backup");
                            t.setDaemon(true);
                            return t;
                        });
        if (embedded && !interval.isZero() && !interval.isNegative()) {
            timer.scheduleWithFixedDelay(
                    this::scheduled,
                    interval.toMillis(),
                    interval.toMillis(),
                    TimeUnit.MILLISECONDS);
        }
    }

    @jakarta.annotation.PreDestroy
    void stop() {
        timer.shutdownNow();
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauge.builder("duelhall.store.bytes", this, s -> s.sample().bytes())
                .description(
                        "bytes the event store takes on disk (H2: the data directory without backups)")
                .baseUnit("bytes")
                .register(registry);
        Gauge.builder("duelhall.store.events", this, s -> s.sample().events())
                .description("events stored")
                .register(registry);
        Gauge.builder(
                        "duelhall.store.bytes.per.event",
                        this,
                        s -> {
                            Sample x = s.sample();
                            return x.events() == 0 ? 0 : (double) x.bytes() / x.events();
                        })
                .description("bytes on disk per stored event")
                .baseUnit("bytes")
                .register(registry);
    }

    /** The store's size now (read at most every 10 s). */
    public Sample sample() {
        Sample s = sample;
        long now = System.nanoTime();
        if (s == null || now - s.at() > 10_000_000_000L) {
            s = new Sample(bytes(), events(), now);
            sample = s;
        }
        return s;
    }

    private long events() {
        try {
            Long n = jdbc.queryForObject("select count(*) from domain_event_entry", Long.class);
            return n == null ? 0 : n;
        } catch (RuntimeException e) {
            return 0;
        }
    }

    private long bytes() {
        if (postgres) {
            try {
                Long n =
                        jdbc.queryForObject(
                                "select pg_database_size(current_database())", Long.class);
                return n == null ? 0 : n;
            } catch (RuntimeException e) {
                return 0;
            }
        }
        if (!Files.isDirectory(dataDir)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(dataDir)) {
            return files.filter(Files::isRegularFile)
                    .filter(p -> !p.startsWith(backupDir))
                    .mapToLong(
                            p -> {
                                try {
                                    return Files.size(p);
                                } catch (IOException gone) {
                                    return 0;
                                }
                            })
                    .sum();
        } catch (IOException | UncheckedIOException e) {
            return 0;
        }
    }

    private void scheduled() {
        try {
            Backup b = backup();
            log.info(
                    "backup written: {} ({} bytes, {} events, {} ms)",
                    b.file(),
                    b.bytes(),
                    b.events(),
                    b.millis());
        } catch (RuntimeException e) {
            log.error("scheduled backup failed: {}", e.toString());
        }
    }

    /**
     * Writes an online backup of the embedded store; refused when the store is not the embedded
     * one.
     */
    public synchronized Backup backup() {
        if (!embedded) {
            throw new RefusedException(
                    Refusal.conflict(
                            "NOT_EMBEDDED",
                            null,
                            "This server's store is not the embedded H2"
                                    + " file: back it up with the database's own tools (PostgreSQL: pg_dump or base backups)."));
        }
        long start = System.nanoTime();
        try {
            Files.createDirectories(backupDir);
            String name = "duelhall-" + STAMP.format(clock.instant());
            Path db = backupDir.resolve(name + ".h2.zip");
            long events = events();
            jdbc.execute("BACKUP TO '" + db.toString().replace("'", "''") + "'");
            Path zip = backupDir.resolve(name + ".zip");
            try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip));
                    ZipInputStream in = new ZipInputStream(Files.newInputStream(db))) {
                for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                    out.putNextEntry(new ZipEntry(e.getName()));
                    in.transferTo(out);
                    out.closeEntry();
                }
                Path key = dataDir.resolve("signing-key.pem");
                if (Files.exists(key)) {
                    out.putNextEntry(new ZipEntry("signing-key.pem"));
                    Files.copy(key, out);
                    out.closeEntry();
                }
            }
            Files.delete(db);
            prune();
            return new Backup(
                    zip.toString(),
                    Files.size(zip),
                    (System.nanoTime() - start) / 1_000_000,
                    events);
        } catch (IOException e) {
            throw new UncheckedIOException("backup failed", e);
        }
    }

    private void prune() throws IOException {
        List<Path> all;
        try (Stream<Path> files = Files.list(backupDir)) {
            all =
                    files.filter(p -> p.getFileName().toString().matches("duelhall-.*\\.zip"))
                            .filter(p -> !p.getFileName().toString().endsWith(".h2.zip"))
                            .sorted(Comparator.comparing(Path::getFileName).reversed())
                            .toList();
        }
        for (int i = keep; i < all.size(); i++) {
            Files.deleteIfExists(all.get(i));
        }
    }

    /**
     * Unzips a backup into an empty data directory (what an operator does with {@code unzip}; the
     * tests use it).
     */
    public static void restore(Path backup, Path emptyDataDir) throws IOException {
        Files.createDirectories(emptyDataDir);
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(backup))) {
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                Path to = emptyDataDir.resolve(e.getName()).normalize();
                if (!to.startsWith(emptyDataDir.normalize())) {
                    throw new IOException("entry outside the directory: " + e.getName());
                }
                try (OutputStream out = Files.newOutputStream(to)) {
                    in.transferTo(out);
                }
            }
        }
    }
}
