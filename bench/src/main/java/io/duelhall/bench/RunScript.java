package io.duelhall.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The app's processes started as the README starts the app, through the project's {@code ./run}:
 * the jar extracted into plain jars and a cache of the classes a start loads (an AOT cache on JDK
 * 25+, a class-data-sharing archive on 17–24), made by one training start. Only where the system
 * property {@code duelhall.child.run-dir} names the directory for the extract and the cache:
 * bench's tests set it (bench/pom.xml; issue 47: a start then costs under half the CPU, and bench's
 * tests start the app about fifteen times); a benchmark started from the command line has no such
 * property and starts {@code java -jar} as before, so its figures are unchanged.
 *
 * <p>The cache is made before the first start by {@code ./run --prepare}, with the child JVMs' own
 * flags ({@code duelhall.child.jvm.flags}), once per build of the jar (the script's lock: bench's
 * other test JVMs find it made): every start then uses it (a start whose own JVM options do not fit
 * the cache is told so by the JVM and starts without it). When the script or its training fails,
 * every start falls back to {@code java -jar}.
 */
final class RunScript {
    private static Path prepared;
    private static boolean tried;

    private RunScript() {}

    /**
     * The {@code run} script ready to start {@code jar} with its cache, or null for a plain start.
     */
    static synchronized Path prepared(Path jar) {
        if (tried) {
            return prepared;
        }
        tried = true;
        if (!enabled()) {
            return null;
        }
        // infra/target/duelhall.jar: the script sits at the project's root
        Path root = jar.toAbsolutePath().getParent();
        for (int i = 0; i < 2 && root != null; i++) {
            root = root.getParent();
        }
        Path script = root == null ? null : root.resolve("run");
        if (script == null || !Files.isRegularFile(script)) {
            return null;
        }
        prepared = prepare(script, jar);
        return prepared;
    }

    /**
     * {@code ./run --prepare}: the extract and the cache of this build, made by the first of
     * bench's test JVMs to ask (the script takes turns on its own lock; the others find them made
     * and start nothing); the script, or null when it failed.
     */
    private static Path prepare(Path script, Path jar) {
        Path log =
                Path.of(System.getProperty("duelhall.child.run-dir"))
                        .resolve("prepare-" + ProcessHandle.current().pid() + ".log");
        ProcessBuilder pb =
                new ProcessBuilder("bash", script.toString(), "--prepare")
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile());
        environment(pb.environment(), jar, AppProcess.childJvmFlags());
        Process p = null;
        try {
            Files.createDirectories(log.getParent());
            p = pb.start();
            if (!p.waitFor(600, TimeUnit.SECONDS)) {
                System.err.println("[bench] ./run --prepare did not end in 600 s; plain starts");
                return null;
            }
            if (p.exitValue() != 0) {
                System.err.println(
                        "[bench] ./run --prepare exited with "
                                + p.exitValue()
                                + " (see "
                                + log
                                + "); plain starts");
                return null;
            }
            return script;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } finally {
            if (p != null && p.isAlive()) {
                // the script's own children too (an extract or a training JVM holds its lock)
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            }
        }
    }

    /** Whether {@code duelhall.child.run-dir} is set (bench's tests): else every start is plain. */
    static boolean enabled() {
        return !System.getProperty("duelhall.child.run-dir", "").isBlank();
    }

    /**
     * The environment {@code ./run} reads: which jar, where its extract goes, which java, its
     * options.
     */
    static void environment(Map<String, String> env, Path jar, List<String> jvmOptions) {
        env.put("DUELHALL_JAR", jar.toString());
        env.put(
                "DUELHALL_RUN_DIR",
                Path.of(System.getProperty("duelhall.child.run-dir")).toAbsolutePath().toString());
        env.put("DUELHALL_JAVA", AppProcess.jdkTool("java"));
        env.put("JAVA_OPTS", String.join(" ", jvmOptions));
    }
}
