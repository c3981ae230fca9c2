package io.duelhall.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * A standalone Kafka broker (KRaft, broker and controller in one) as an operating-system process of
 * its own, started from Kafka's jars as Maven Central ships them ({@code kafka_2.13}: {@code
 * kafka.tools.StorageTool} formats the log directory, {@code kafka.Kafka} runs the broker) — not
 * the in-JVM test fixture. The classpath is this test's (it holds those jars and their
 * dependencies).
 */
final class KafkaProcess implements AutoCloseable {
    private final Process process;
    private final int port;
    private final Path log;

    private KafkaProcess(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    static KafkaProcess start(Path dir) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        int port = freePort();
        int controller = freePort();
        Path props = dir.resolve("server.properties");
        Files.writeString(
                props,
                String.join(
                        "\n",
                        "process.roles=broker,controller",
                        "node.id=1",
                        "controller.quorum.voters=1@127.0.0.1:" + controller,
                        "listeners=PLAINTEXT://127.0.0.1:"
                                + port
                                + ",CONTROLLER://127.0.0.1:"
                                + controller,
                        "advertised.listeners=PLAINTEXT://127.0.0.1:" + port,
                        "controller.listener.names=CONTROLLER",
                        "inter.broker.listener.name=PLAINTEXT",
                        "listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
                        "log.dirs=" + dir.resolve("logs").toAbsolutePath(),
                        "num.partitions=1",
                        "offsets.topic.replication.factor=1",
                        "transaction.state.log.replication.factor=1",
                        "transaction.state.log.min.isr=1",
                        "group.initial.rebalance.delay.ms=0",
                        "auto.create.topics.enable=false",
                        ""));
        Path log = dir.resolve("kafka.log");
        String clusterId = UUID.randomUUID().toString().replace("-", "").substring(0, 22);
        Process format =
                new ProcessBuilder(
                                java(
                                        "kafka.tools.StorageTool",
                                        "format",
                                        "-t",
                                        clusterId,
                                        "-c",
                                        props.toString()))
                        .redirectErrorStream(true)
                        .redirectOutput(dir.resolve("format.log").toFile())
                        .start();
        if (format.waitFor() != 0) {
            throw new IllegalStateException(
                    "kafka storage format failed: " + Files.readString(dir.resolve("format.log")));
        }
        Process p =
                new ProcessBuilder(java("kafka.Kafka", props.toString()))
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile())
                        .start();
        long deadline = System.currentTimeMillis() + 120_000;
        while (!listening(port)) {
            if (!p.isAlive()) {
                throw new IllegalStateException(
                        "the broker exited with " + p.exitValue() + ": " + Files.readString(log));
            }
            if (System.currentTimeMillis() > deadline) {
                p.destroyForcibly();
                throw new IllegalStateException(
                        "the broker did not listen in 120 s: " + Files.readString(log));
            }
            Thread.sleep(200);
        }
        return new KafkaProcess(p, port, log);
    }

    private static List<String> java(String main, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // the flags of every other process bench's tests start (C1 only, the serial collector):
        // bench/pom.xml
        cmd.addAll(AppProcess.childJvmFlags());
        cmd.add("-Xmx512m");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(main);
        cmd.addAll(List.of(args));
        return cmd;
    }

    private static boolean listening(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String servers() {
        return "127.0.0.1:" + port;
    }

    Path log() {
        return log;
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
