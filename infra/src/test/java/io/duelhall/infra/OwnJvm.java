package io.duelhall.infra;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * Runs a test class's tests in a JVM of its own, with both of the JIT's compilers (issue 47).
 *
 * <p>The test JVMs run C1 only ({@code -XX:TieredStopAtLevel=1}, infra's {@code test.jvm.flags}):
 * most classes start apps and run short, and C2 would compile their one-off code in vain. A class
 * that runs the same hot paths for minutes ({@code HiddenInformationTest}: 200 matches) pays twice
 * the CPU for that, and a JVM's flags are one for all the classes it runs. With
 * {@code @ExtendWith(OwnJvm.class)} such a class starts, when it begins, a JVM with the test JVM's
 * flags but C2 on (and its assertions, its {@code duelhall.*} properties, its class path and
 * directory), which runs the whole class with the JUnit Platform launcher; each of its tests in the
 * test JVM waits for that run and passes, fails (with the failure's stack trace) or is aborted as
 * it did there. The class's output is copied to this JVM's, its figures included. The test JVM's
 * other forks go on meanwhile.
 *
 * <p>For {@code @Test} methods only (a test factory's or template's tests would run in both JVMs).
 * The started JVM runs the whole class: {@code -Dtest=Class#method} still runs every test of it
 * there, and reports the one asked for. {@code -Dduelhall.test.own-jvm=false} runs the class in the
 * test JVM as any other (to run one method alone, to debug it, or to profile it there). The started
 * JVM stops with the test JVM; {@link CpuPerClass} counts its CPU in the class's line of the test
 * JVM that waited for it (it writes none of its own).
 */
public final class OwnJvm implements BeforeAllCallback, InvocationInterceptor {
    /** Set in the JVM this starts: there the tests run as written. */
    static final String CHILD = "duelhall.test.own-jvm.child";

    /** {@code false}: the tests run in the test JVM. */
    static final String ENABLED = "duelhall.test.own-jvm";

    /** The longest a class may run in its JVM. */
    static final long TIMEOUT_MINUTES = 45;

    private static final ExtensionContext.Namespace NS =
            ExtensionContext.Namespace.create(OwnJvm.class);

    static boolean inChild() {
        return Boolean.getBoolean(CHILD);
    }

    private static boolean delegating() {
        return !inChild() && !"false".equals(System.getProperty(ENABLED));
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        if (delegating()) {
            Class<?> c = context.getRequiredTestClass();
            context.getStore(NS).getOrComputeIfAbsent(c.getName(), k -> Run.start(c), Run.class);
        }
    }

    @Override
    public void interceptTestMethod(
            Invocation<Void> invocation,
            ReflectiveInvocationContext<Method> method,
            ExtensionContext context)
            throws Throwable {
        if (!delegating()) {
            invocation.proceed();
            return;
        }
        invocation.skip();
        Run run = context.getStore(NS).get(context.getRequiredTestClass().getName(), Run.class);
        run.outcome(method.getExecutable().getName());
    }

    /** The class run in its JVM: the process, its output, and the outcome of each test. */
    static final class Run {
        private final Process process;
        private final Path results;
        private final Deque<String> tail = new ArrayDeque<>();
        private final Thread copier;
        private Map<String, String[]> outcomes;

        private Run(Process process, Path results) {
            this.process = process;
            this.results = results;
            this.copier = new Thread(this::copyOutput, "own-jvm-output");
            copier.setDaemon(true);
            copier.start();
            Thread stop = new Thread(process::destroyForcibly, "own-jvm-stop");
            Runtime.getRuntime().addShutdownHook(stop);
        }

        static Run start(Class<?> testClass) {
            try {
                Path dir = Path.of("target", "own-jvm").toAbsolutePath();
                Files.createDirectories(dir);
                Path results =
                        dir.resolve(testClass.getSimpleName() + "-" + UUID.randomUUID() + ".tsv");
                String java = ProcessHandle.current().info().command().orElse("java");
                List<String> command = new ArrayList<>(List.of(java));
                if (OwnJvm.class.desiredAssertionStatus()) {
                    command.add("-ea"); // as Surefire enables them; the flags below may narrow it
                }
                for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
                    if (!a.startsWith("-XX:TieredStopAtLevel")
                            && !a.startsWith("-XX:StartFlightRecording")
                            && !a.startsWith("-XX:FlightRecorderOptions")
                            && !a.startsWith("-agentlib")
                            && !a.startsWith("-javaagent")
                            && !a.startsWith("-Xrunjdwp")) {
                        command.add(a);
                    }
                }
                System.getProperties().stringPropertyNames().stream()
                        .filter(k -> k.startsWith("duelhall.") && !k.equals(CHILD))
                        .sorted()
                        .forEach(k -> command.add("-D" + k + "=" + System.getProperty(k)));
                command.add("-D" + CHILD + "=true");
                command.add("-Daxoniq.update-checker.disabled=true");
                command.addAll(
                        List.of(
                                "-cp",
                                System.getProperty("java.class.path"),
                                OwnJvm.class.getName(),
                                testClass.getName(),
                                results.toString(),
                                Long.toString(ProcessHandle.current().pid())));
                Process p =
                        new ProcessBuilder(command)
                                .directory(Path.of("").toAbsolutePath().toFile())
                                .redirectErrorStream(true)
                                .start();
                return new Run(p, results);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private void copyOutput() {
            try (BufferedReader r =
                    new BufferedReader(
                            new InputStreamReader(
                                    process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    System.out.println(line);
                    synchronized (tail) {
                        tail.addLast(line);
                        if (tail.size() > 60) {
                            tail.removeFirst();
                        }
                    }
                }
            } catch (IOException e) {
                System.out.println("own JVM's output: " + e);
            }
        }

        /** Waits for the run, then passes, fails or aborts as test {@code method} did there. */
        synchronized void outcome(String method) throws InterruptedException {
            if (outcomes == null) {
                outcomes = await();
            }
            String[] o = outcomes.get(method);
            if (o == null) {
                String why = outcomes.containsKey("") ? outcomes.get("")[1] : lastLines();
                throw new AssertionFailedError(
                        "test "
                                + method
                                + " did not run in its own JVM (exit "
                                + exit()
                                + "):\n"
                                + why);
            }
            switch (o[0]) {
                case "SUCCESSFUL" -> {}
                case "ABORTED", "SKIPPED" -> throw new TestAbortedException(o[1]);
                default -> throw new AssertionFailedError("in its own JVM:\n" + o[1]);
            }
        }

        private String exit() {
            return process.isAlive() ? "none: still running" : String.valueOf(process.exitValue());
        }

        private String lastLines() {
            synchronized (tail) {
                return String.join("\n", tail);
            }
        }

        private Map<String, String[]> await() throws InterruptedException {
            if (!process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                process.destroyForcibly().waitFor();
                Map<String, String[]> none = new HashMap<>();
                none.put(
                        "",
                        new String[] {
                            "FAILED", "stopped after " + TIMEOUT_MINUTES + " min:\n" + lastLines()
                        });
                return none;
            }
            copier.join(10_000);
            Map<String, String[]> out = new HashMap<>();
            try {
                if (Files.exists(results)) {
                    for (String line : Files.readAllLines(results, StandardCharsets.UTF_8)) {
                        String[] f = line.split("\t", 3);
                        out.put(f[0], new String[] {f[1], unescape(f[2])});
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return out;
        }
    }

    /**
     * The started JVM: runs {@code args[0]}'s tests, writes each test's method name, status and
     * failure to {@code args[1]} (a line each; a failure of the class itself under the empty name),
     * and exits 0 when all passed. It stops when the test JVM ({@code args[2]}) does.
     */
    public static void main(String[] args) throws IOException {
        ProcessHandle.of(Long.parseLong(args[2]))
                .ifPresent(parent -> parent.onExit().thenRun(() -> Runtime.getRuntime().halt(3)));
        Map<String, String> lines = new java.util.LinkedHashMap<>();
        boolean[] failed = {false};
        Launcher launcher = LauncherFactory.create();
        launcher.execute(
                LauncherDiscoveryRequestBuilder.request()
                        .selectors(DiscoverySelectors.selectClass(args[0]))
                        .build(),
                new TestExecutionListener() {
                    @Override
                    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                        String name = name(id);
                        if (name == null) {
                            return;
                        }
                        if (result.getStatus() == TestExecutionResult.Status.FAILED) {
                            failed[0] = true;
                        }
                        if (!name.isEmpty()
                                || result.getStatus() != TestExecutionResult.Status.SUCCESSFUL) {
                            lines.put(
                                    name,
                                    name
                                            + "\t"
                                            + result.getStatus()
                                            + "\t"
                                            + escape(
                                                    result.getThrowable()
                                                            .map(OwnJvm::trace)
                                                            .orElse("")));
                        }
                    }

                    @Override
                    public void executionSkipped(TestIdentifier id, String reason) {
                        String name = name(id);
                        if (name != null && !name.isEmpty()) {
                            lines.put(name, name + "\tSKIPPED\t" + escape(reason));
                        }
                    }
                });
        Files.write(Path.of(args[1]), lines.values(), StandardCharsets.UTF_8);
        System.out.flush();
        System.exit(failed[0] || lines.isEmpty() ? 1 : 0);
    }

    /** A test method's name, "" for its class, null for anything else. */
    private static String name(TestIdentifier id) {
        Object source = id.getSource().orElse(null);
        if (id.isTest() && source instanceof MethodSource m) {
            return m.getMethodName();
        }
        return source instanceof ClassSource ? "" : null;
    }

    private static String trace(Throwable t) {
        StringWriter w = new StringWriter();
        t.printStackTrace(new PrintWriter(w));
        return w.toString();
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "");
    }

    private static String unescape(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(++i);
                out.append(n == 'n' ? '\n' : n == 't' ? '\t' : n);
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
