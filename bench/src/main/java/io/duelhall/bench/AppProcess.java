package io.duelhall.bench;

import io.duelhall.client.JsonHttp;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The app as a separate process: {@code java -jar infra/target/duelhall.jar} with its own data
 * directory, as a user runs it (the defaults the app ships: H2 file store with WRITE_DELAY=0); in
 * bench's tests through the README's {@code ./run} instead ({@link RunScript}). Measures the time
 * to ready. The spectator edge and the plain-Axon baseline (issue 17) start the same way from their
 * own jars.
 */
public final class AppProcess implements AutoCloseable {
    private final Process process;
    private final int port;
    private final Path dataDir;
    private final long readyMillis;
    private final Path log;
    private final long readyCpuMillis;

    private AppProcess(
            Process process,
            int port,
            Path dataDir,
            long readyMillis,
            long readyCpuMillis,
            Path log) {
        this.process = process;
        this.port = port;
        this.dataDir = dataDir;
        this.readyMillis = readyMillis;
        this.readyCpuMillis = readyCpuMillis;
        this.log = log;
    }

    /** The app jar next to this module, or {@code -Dduelhall.jar=...}. */
    public static Path jar() {
        return built("duelhall.jar", "infra/target/duelhall.jar");
    }

    /** The spectator edge's own jar next to this module, or {@code -Dduelhall.edge-jar=...}. */
    public static Path edgeJar() {
        return built("duelhall.edge-jar", "edge/target/duelhall-edge-exec.jar");
    }

    /**
     * The plain-Axon baseline's jar (issue 17) next to this module, or {@code
     * -Dduelhall.baseline-jar=...}.
     */
    public static Path baselineJar() {
        return built("duelhall.baseline-jar", "bench/baseline/target/baseline.jar");
    }

    private static Path built(String property, String path) {
        String given = System.getProperty(property);
        List<Path> candidates =
                given != null
                        ? List.of(Path.of(given))
                        : List.of(Path.of(path), Path.of("..", path));
        for (Path p : candidates) {
            if (Files.isRegularFile(p)) {
                return p.toAbsolutePath();
            }
        }
        throw new IllegalStateException(
                "jar not found (" + candidates + "): build it with ./mvnw -DskipTests package");
    }

    /** The app from its jar ({@link #jar()}). */
    public static AppProcess start(Path dataDir, List<String> jvmArgs, List<String> appArgs) {
        return start(jar(), dataDir, jvmArgs, appArgs);
    }

    /** A spectator edge from its own jar ({@link #edgeJar()}). */
    public static AppProcess startEdge(Path dataDir, List<String> jvmArgs, List<String> appArgs) {
        return start(edgeJar(), dataDir, jvmArgs, appArgs);
    }

    /**
     * The plain-Axon baseline from its jar ({@link #baselineJar()}), started exactly as the app is
     * (same JVM options, same arguments; those only the app knows are ignored by the baseline).
     */
    public static AppProcess startBaseline(
            Path dataDir, List<String> jvmArgs, List<String> appArgs) {
        return start(baselineJar(), dataDir, jvmArgs, appArgs);
    }

    private static AppProcess start(
            Path jar, Path dataDir, List<String> jvmArgs, List<String> appArgs) {
        int port = freePort();
        try {
            Files.createDirectories(dataDir);
            Path log = dataDir.resolve("app-" + System.nanoTime() + ".log");
            List<String> cmd = new ArrayList<>();
            Path run = RunScript.enabled() && jar.equals(jar()) ? RunScript.prepared(jar) : null;
            List<String> jvm = new ArrayList<>(childJvmFlags());
            jvm.addAll(jvmArgs);
            if (run != null) { // ./run: the extracted jar with its class cache (bench's tests)
                cmd.add("bash");
                cmd.add(run.toString());
            } else {
                cmd.add(jdkTool("java"));
                cmd.addAll(jvm);
                cmd.add("-jar");
                cmd.add(jar.toString());
            }
            cmd.add("--server.port=" + port);
            cmd.add("--duelhall.data-dir=" + dataDir.toAbsolutePath());
            cmd.add("--management.endpoints.web.exposure.include=health,info,metrics");
            // capacity is measured, not the abuse limits: all the load comes from one address here
            cmd.add("--duelhall.limits.enabled=false");
            cmd.addAll(appArgs);
            ProcessBuilder pb =
                    new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
            pb.environment().put("AXONIQ_UPDATE_CHECKER_DISABLED", "true");
            if (run != null) {
                RunScript.environment(pb.environment(), jar, jvm);
            }
            long t0 = System.nanoTime();
            Process p = pb.start();
            JsonHttp http = new JsonHttp("http://127.0.0.1:" + port);
            long deadline = System.currentTimeMillis() + 240_000;
            while (!http.healthy()) {
                if (!p.isAlive()) {
                    throw new IllegalStateException(
                            "the app exited with " + p.exitValue() + "; see " + log);
                }
                if (System.currentTimeMillis() > deadline) {
                    p.destroyForcibly();
                    throw new IllegalStateException(
                            "the app did not become ready in 240 s; see " + log);
                }
                Thread.sleep(50);
            }
            long cpu = Machine.cpuMillis(p.pid());
            return new AppProcess(p, port, dataDir, (System.nanoTime() - t0) / 1_000_000, cpu, log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * JVM flags for every process this class starts, from the system property {@code
     * duelhall.child.jvm.flags} (space-separated), before the caller's own. Unset when a benchmark
     * measures (nothing changes its figures); bench's own tests set it (bench/pom.xml) to C1 and
     * the serial collector, as infra's test JVMs run (issue 47): a smoke run checks that a
     * benchmark works, and an app start then costs half the CPU.
     */
    static List<String> childJvmFlags() {
        String flags = System.getProperty("duelhall.child.jvm.flags", "").trim();
        return flags.isEmpty() ? List.of() : List.of(flags.split("\\s+"));
    }

    /** A tool ({@code java}, {@code jcmd}) of the JDK this benchmark runs on. */
    static String jdkTool(String name) {
        return Path.of(System.getProperty("java.home"), "bin", name).toString();
    }

    static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String url() {
        return "http://127.0.0.1:" + port;
    }

    public long pid() {
        return process.pid();
    }

    /** From starting the JVM to /actuator/health answering UP. */
    public long readyMillis() {
        return readyMillis;
    }

    /**
     * CPU time (user + system, all threads) the app's JVM had used when it answered UP: on a shared
     * machine the wall-clock time to ready depends on what else runs, this much less; -1 where it
     * cannot be read.
     */
    public long readyCpuMillis() {
        return readyCpuMillis;
    }

    public Path dataDir() {
        return dataDir;
    }

    public Path log() {
        return log;
    }

    /** kill -9: no shutdown hook, no flush; what was acknowledged must already be on disk. */
    public void kill9() throws InterruptedException, IOException {
        new ProcessBuilder("kill", "-9", Long.toString(process.pid()))
                .inheritIO()
                .start()
                .waitFor();
        process.waitFor();
    }

    /** Runs {@code jcmd <pid> args...} and returns its output. */
    public String jcmd(String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(jdkTool("jcmd"));
        cmd.add(Long.toString(process.pid()));
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            p.waitFor();
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroy(); // SIGTERM: a graceful stop
            try {
                if (!process.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    public static Path tempDataDir(String label) {
        try {
            return Files.createTempDirectory("duelhall-" + label + "-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void deleteQuietly(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder())
                    .map(Path::toFile)
                    .forEach(File::delete);
        } catch (IOException ignored) {
            // best effort
        }
    }
}
