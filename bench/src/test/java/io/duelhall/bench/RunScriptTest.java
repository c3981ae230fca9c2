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
 * {@code --prepare} finds it made (no training start) and names it, and {@code DUELHALL_CACHE=off}
 * prepares the extract alone. Runs where bench's tests start the app through the script ({@code
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

        // a second preparation finds the cache made: no training start, and its line names the
        // cache (the script's own names: the JDK's version is in the file's name)
        Prepared again = prepare(script, jar, false);
        assertThat(again.exit()).as(again.output()).isZero();
        assertThat(again.output()).doesNotContain("training start");
        java.util.regex.Matcher ready =
                java.util.regex.Pattern.compile(
                                "run: ready in (\\S+): the extract of \\S+ and the cache (\\S+)")
                        .matcher(again.output());
        assertThat(ready.find()).as(again.output()).isTrue();
        Path dir = Path.of(ready.group(1));
        Path cache = Path.of(ready.group(2));
        assertThat(dir.getParent())
                .as("this build's directory under %s", runDir())
                .isEqualTo(runDir());
        assertThat(cache.getParent()).isEqualTo(dir);
        assertThat(cache).isRegularFile();
        assertThat(cache.getFileName().toString())
                .as("a cache for the JDK the starts run on (this JVM's)")
                .contains("jdk" + Runtime.version().feature());
        assertThat(Files.size(cache)).as("the cache's size").isGreaterThan(1_000_000L);

        Prepared plain = prepare(script, jar, true);
        assertThat(plain.exit()).as(plain.output()).isZero();
        assertThat(plain.output())
                .contains("run: ready in " + dir + ": the extract of ")
                .contains("(no cache: DUELHALL_CACHE=off)")
                .doesNotContain("training start");
    }

    record Prepared(int exit, String output) {}

    private static Prepared prepare(Path script, Path jar, boolean cacheOff)
            throws IOException, InterruptedException {
        ProcessBuilder pb =
                new ProcessBuilder("bash", script.toString(), "--prepare")
                        .redirectErrorStream(true);
        RunScript.environment(pb.environment(), jar, AppProcess.childJvmFlags());
        if (cacheOff) {
            pb.environment().put("DUELHALL_CACHE", "off");
        }
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("./run --prepare ends").isTrue();
        return new Prepared(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    private static Path runDir() {
        return Path.of(System.getProperty("duelhall.child.run-dir")).toAbsolutePath();
    }
}
