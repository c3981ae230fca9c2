package io.duelhall.infra.topology;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import kafka.server.BrokerServer;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.config.ConfigResource;
import org.springframework.kafka.test.EmbeddedKafkaBroker;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

/**
 * A real Kafka broker (KRaft, one node) in the test JVM, on a fixed port, that can be stopped and
 * started again with its logs kept: a broker outage as the app sees it.
 */
public final class Broker implements AutoCloseable {
    /** Where the embedded broker writes its address as a system property (read by no one). */
    private static final String LIST_PROPERTY = "duelhall.test.broker.servers";

    private final EmbeddedKafkaKraftBroker kafka;

    public Broker() {
        kafka = new EmbeddedKafkaKraftBroker(1, 1);
        // it would set spring.kafka.bootstrap-servers as a system property, and keep it after the
        // broker is gone: every later app in this JVM (AppTest's shared one, KafkaOffByDefaultTest)
        // would then look for a broker. Each test passes the servers to its own app instead.
        kafka.brokerListProperty(LIST_PROPERTY);
        kafka.kafkaPorts(
                freePort()); // fixed, so that the broker comes back where the clients look for it
        kafka.afterPropertiesSet();
    }

    public String servers() {
        return kafka.getBrokersAsString();
    }

    /** The broker goes away (the KRaft controller stays); its logs stay on disk. */
    public void stop() {
        BrokerServer b = server();
        b.shutdown();
        b.awaitShutdown();
    }

    /** The broker comes back on the same port with the same logs. */
    public void start() {
        server().startup();
    }

    /**
     * The broker stays up and keeps serving the topic's metadata, but refuses every write to it
     * (its {@code max.message.bytes} set below any message), or takes them again. A refused send
     * fails at its acknowledgement, not when it is handed to the producer.
     */
    public void refuseWrites(String topic, boolean refuse) {
        kafka.doWithAdmin(
                admin -> {
                    ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
                    AlterConfigOp op =
                            new AlterConfigOp(
                                    new ConfigEntry("max.message.bytes", "64"),
                                    refuse
                                            ? AlterConfigOp.OpType.SET
                                            : AlterConfigOp.OpType.DELETE);
                    try {
                        admin.incrementalAlterConfigs(Map.of(resource, List.of(op)))
                                .all()
                                .get(30, TimeUnit.SECONDS);
                        // the broker applies it a moment later: until it says so, and a second
                        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                        while (refuse
                                != "64"
                                        .equals(
                                                admin.describeConfigs(List.of(resource))
                                                        .all()
                                                        .get(30, TimeUnit.SECONDS)
                                                        .get(resource)
                                                        .get("max.message.bytes")
                                                        .value())) {
                            if (System.nanoTime() > until) {
                                throw new IllegalStateException("max.message.bytes not applied");
                            }
                            Thread.sleep(100);
                        }
                        Thread.sleep(1_000);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
    }

    private BrokerServer server() {
        return kafka.getCluster().brokers().values().iterator().next();
    }

    @Override
    public void close() {
        kafka.destroy();
        System.clearProperty(LIST_PROPERTY);
        System.clearProperty(EmbeddedKafkaBroker.SPRING_EMBEDDED_KAFKA_BROKERS);
    }

    static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
