package io.duelhall.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code ./run --prepare} (README "Run it"), which bench's tests rely on for every app start
 * ({@link RunScript}): a failed preparation there only logs a line and falls back to plain starts,
 * so a broken script would show as slower tests, not as a failure. This class makes it one: the
 * preparation this JVM asked for succeeded and left a cache for the JDK the starts run on, a second
 * {@code --prepare} finds it made (and starts no app), and {@code DUELHALL_CACHE=off} prepares the
 * extract alone. Runs where bench's tests start the app through the script ({@code
 * duelhall.child.run-dir}, set by bench/pom.xml; {@code -Dbench.child.run-dir=} turns it off).
 */
class RunScriptTest {
    @Test
    void prepareLeavesACacheThatASecondPrepareFindsMade() throws Exception {
        assumeTrue(RunScript.enabled(), "bench's starts go through ./run (duelhall.child.run-dir)");
        Path jar = AppProcess.jar();
        Path script = RunScript.prepared(jar);
        assertThat(script)
                .as("./run --prepare succeeded (its log: prepare-*.log in %s)", runDir())
                .isNotNull();

        Prepared again = prepare(script, jar, false);
        assertThat(again.exit()).as(again.output()).isZero();
        assertThat(again.output()).contains("are ready in ").doesNotContain("training start");
        assertThat(again.millis())
                .as("the cache was made already: no app start")
                .isLessThan(15_000);

        // the cache of this build (the directory the script names), for the JDK the starts run on
        // (JDK 25+: an AOT cache; before, a class-data-sharing archive), made by one training start
        String said = again.output().trim();
        Path dir = Path.of(said.substring(said.lastIndexOf("are ready in ") + 13).trim());
        int feature = Runtime.version().feature();
        Path cache = dir.resolve("duelhall-jdk" + feature + (feature >= 25 ? ".aot" : ".jsa"));
        assertThat(cache).as(said).isRegularFile();
        assertThat(Files.size(cache)).as("the cache's size").isGreaterThan(1_000_000L);
        assertThat(dir.getParent()).isEqualTo(runDir());

        Prepared plain = prepare(script, jar, true);
        assertThat(plain.exit()).as(plain.output()).isZero();
        assertThat(plain.output()).contains("are ready").doesNotContain("training start");
    }

    record Prepared(int exit, String output, long millis) {}

    private static Prepared prepare(Path script, Path jar, boolean cacheOff)
            throws IOException, InterruptedException {
        ProcessBuilder pb =
                new ProcessBuilder("bash", script.toString(), "--prepare")
                        .redirectErrorStream(true);
        RunScript.environment(pb.environment(), jar, AppProcess.childJvmFlags());
        if (cacheOff) {
            pb.environment().put("DUELHALL_CACHE", "off");
        }
        long t0 = System.nanoTime();
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("./run --prepare ends").isTrue();
        return new Prepared(
                p.exitValue(),
                new String(out, StandardCharsets.UTF_8),
                (System.nanoTime() - t0) / 1_000_000);
    }

    private static Path runDir() {
        return Path.of(System.getProperty("duelhall.child.run-dir")).toAbsolutePath();
    }
}
