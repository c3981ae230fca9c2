package io.duelhall.infra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * What each test class costs in CPU, not only in wall clock (issue 47: with three test JVMs on two
 * cores a class's wall time says as much about its neighbours as about itself). At each top-level
 * test class's start and end it reads this JVM's CPU — its own threads and the app it runs, plus
 * the processes it started and waited for (Linux {@code /proc/self/stat}: utime, stime, cutime,
 * cstime) and those still running (a browser, an embedded database, a started jar: {@link
 * ProcessHandle#descendants()}) — and appends a line to {@code target/test-cpu/<pid>.tsv}: the
 * class, wall seconds, CPU seconds. A test JVM runs one class at a time, so the deltas are that
 * class's. Off the machines without {@code /proc}: nothing written. {@code docs/testing.md} says
 * how to sum the files.
 */
public final class CpuPerClass implements TestExecutionListener {
    private static final Path SELF = Path.of("/proc/self/stat");
    private static final Path OUT = Path.of("target", "test-cpu");
    private static final long TICKS = 100; // USER_HZ on Linux

    private record Mark(long wallNanos, long cpuNanos) {}

    private final Map<String, Mark> started = new ConcurrentHashMap<>();

    @Override
    public void executionStarted(TestIdentifier id) {
        // a class run in a JVM of its own (OwnJvm) is counted by the test JVM that waited for it
        if (isTopClass(id) && Files.isReadable(SELF) && !OwnJvm.inChild()) {
            started.put(id.getUniqueId(), new Mark(System.nanoTime(), cpuNanos()));
        }
    }

    @Override
    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        Mark m = started.remove(id.getUniqueId());
        if (m == null) {
            return;
        }
        long now = cpuNanos();
        if (m.cpuNanos() < 0 || now < 0) {
            return; // /proc could not be read at one end: no figure rather than a wrong one
        }
        double wall = (System.nanoTime() - m.wallNanos()) / 1e9;
        double cpu = (now - m.cpuNanos()) / 1e9;
        String name = ((ClassSource) id.getSource().orElseThrow()).getClassName();
        try {
            Files.createDirectories(OUT);
            Files.writeString(
                    OUT.resolve(ProcessHandle.current().pid() + ".tsv"),
                    String.format("%s\t%.1f\t%.1f%n", name, wall, cpu),
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            // a measurement: it never fails a run
            System.err.println("CpuPerClass: " + e);
        }
    }

    private static boolean isTopClass(TestIdentifier id) {
        return id.isContainer()
                && id.getSource().filter(ClassSource.class::isInstance).isPresent()
                && id.getParentId().map(p -> !p.contains("[class:")).orElse(true);
    }

    /**
     * This JVM's CPU, the children it waited for, and its living descendants', in nanoseconds; -1
     * when {@code /proc/self/stat} cannot be read.
     */
    static long cpuNanos() {
        long nanos = 0;
        try {
            String stat = Files.readString(SELF);
            // the fields after the command's closing parenthesis: state is field 3, utime 14
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            for (int i = 11; i <= 14; i++) { // utime, stime, cutime, cstime
                nanos += Long.parseLong(f[i]) * (1_000_000_000L / TICKS);
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        for (ProcessHandle p : ProcessHandle.current().descendants().toList()) {
            nanos += p.info().totalCpuDuration().orElse(Duration.ZERO).toNanos();
        }
        return nanos;
    }
}
