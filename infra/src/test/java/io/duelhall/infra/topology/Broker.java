package io.duelhall.infra.topology;

import kafka.server.BrokerServer;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/**
 * A real Kafka broker (KRaft, one node) in the test JVM, on a fixed port, that can be stopped and started
 * again with its logs kept: a broker outage as the app sees it.
 */
final class Broker implements AutoCloseable {
    private final EmbeddedKafkaKraftBroker kafka;

    Broker() {
        kafka = new EmbeddedKafkaKraftBroker(1, 1);
        kafka.kafkaPorts(freePort()); // fixed, so that the broker comes back where the clients look for it
        kafka.afterPropertiesSet();
    }

    String servers() {
        return kafka.getBrokersAsString();
    }

    /** The broker goes away (the KRaft controller stays); its logs stay on disk. */
    void stop() {
        BrokerServer b = server();
        b.shutdown();
        b.awaitShutdown();
    }

    /** The broker comes back on the same port with the same logs. */
    void start() {
        server().startup();
    }

    private BrokerServer server() {
        return kafka.getCluster().brokers().values().iterator().next();
    }

    @Override
    public void close() {
        kafka.destroy();
    }

    static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
