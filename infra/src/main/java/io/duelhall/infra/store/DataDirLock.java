package io.duelhall.infra.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Component;

/**
 * One server per embedded data directory. The server trusts that it is the only writer of its
 * embedded H2 store (the aggregate cache and the match-log cache then never ask the store whether
 * someone else wrote), and its turn clocks are picked from the store's {@code scheduled_tasks} by
 * whichever scheduler polls first. A second server on the same directory would answer from stale
 * caches and run the first one's clocks where the first never sees them. H2 refuses a second
 * process on its file, but not a second application in the same JVM, which shares the open
 * database.
 *
 * <p>So the server holds an OS file lock on {@code <data-dir>/duelhall.lock} while it runs (taken
 * before the data source opens) and a second start on the directory, in this process or another,
 * fails at once with a message naming the directory. On PostgreSQL nothing is locked: nodes share
 * that store on purpose (docs/scaling.md).
 */
@Component
public class DataDirLock implements AutoCloseable {
    static final String FILE = "duelhall.lock";

    private final FileChannel channel;
    private final FileLock lock;

    public DataDirLock(
            @Value("${duelhall.data-dir}") Path dataDir,
            @Value("${spring.datasource.url:}") String url) {
        if (!url.startsWith("jdbc:h2:file:")) {
            channel = null;
            lock = null;
            return;
        }
        Path dir = dataDir.toAbsolutePath().normalize();
        Path file = dir.resolve(FILE);
        FileLock held = null;
        FileChannel ch = null;
        try {
            Files.createDirectories(dir);
            ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            held = ch.tryLock();
        } catch (OverlappingFileLockException e) {
            held = null; // another application in this JVM holds it
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot lock the data directory " + dir + " (" + file + ")", e);
        }
        if (held == null) {
            closeQuietly(ch);
            throw new InUse(dir, file);
        }
        channel = ch;
        lock = held;
    }

    /** The data directory is locked by another server. */
    public static final class InUse extends IllegalStateException {
        private final Path dir;

        InUse(Path dir, Path file) {
            super(
                    "The data directory "
                            + dir
                            + " is in use by another duelhall server (it holds "
                            + file
                            + ")."
                            + " One server runs on one embedded data directory: stop the other one, or start this one with"
                            + " another --duelhall.data-dir.");
            this.dir = dir;
        }

        public Path dir() {
            return dir;
        }
    }

    /** Says a refused start in two lines instead of a stack trace (META-INF/spring.factories). */
    public static final class InUseAnalyzer
            extends org.springframework.boot.diagnostics.AbstractFailureAnalyzer<InUse> {
        @Override
        protected org.springframework.boot.diagnostics.FailureAnalysis analyze(
                Throwable root, InUse cause) {
            return new org.springframework.boot.diagnostics.FailureAnalysis(
                    cause.getMessage(),
                    "Stop the server running on "
                            + cause.dir()
                            + ", or start this one with another"
                            + " --duelhall.data-dir (docs/operations.md).",
                    cause);
        }
    }

    /**
     * Whether this server holds the directory's lock (false on PostgreSQL, where nothing is
     * locked).
     */
    public boolean held() {
        return lock != null && lock.isValid();
    }

    @Override
    @jakarta.annotation.PreDestroy
    public void close() {
        try {
            if (lock != null && lock.isValid()) {
                lock.release();
            }
        } catch (IOException ignored) {
            // the channel's close below releases it as well
        }
        closeQuietly(channel);
    }

    private static void closeQuietly(FileChannel ch) {
        if (ch != null) {
            try {
                ch.close();
            } catch (IOException ignored) {
                // nothing left to release
            }
        }
    }

    /**
     * The data source opens only once the lock is held, so a refused second start never touches the
     * store.
     */
    @Bean
    static BeanFactoryPostProcessor dataSourceAfterDataDirLock() {
        return factory -> dependOnLock(factory, "dataSource");
    }

    static void dependOnLock(ConfigurableListableBeanFactory factory, String name) {
        if (!factory.containsBeanDefinition(name)) {
            return;
        }
        BeanDefinition def = factory.getBeanDefinition(name);
        String[] deps = def.getDependsOn() == null ? new String[0] : def.getDependsOn();
        if (Arrays.asList(deps).contains("dataDirLock")) {
            return;
        }
        String[] more = Arrays.copyOf(deps, deps.length + 1);
        more[deps.length] = "dataDirLock";
        def.setDependsOn(more);
    }
}
