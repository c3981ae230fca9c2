package io.duelhall.infra.topology;

import io.duelhall.edge.EdgeApplication;
import io.duelhall.infra.DuelhallApplication;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Starts app nodes and spectator edges as separate Spring contexts in this JVM, each on its own
 * port.
 */
final class Nodes {
    /**
     * What every test node shares: a random port, limits a test client does not hit, quiet Kafka
     * clients.
     */
    static final List<String> COMMON =
            List.of(
                    "server.port=0",
                    "duelhall.limits.intents-per-token-per-second=5000",
                    "duelhall.limits.intents-per-token-burst=10000",
                    "duelhall.limits.intents-per-address-per-second=50000",
                    "duelhall.limits.intents-per-address-burst=100000",
                    "duelhall.limits.creates-per-address-per-minute=100000",
                    "duelhall.limits.seats-per-address-per-minute=100000",
                    io.duelhall.infra.AppTest.PASSWORD_COST_PROPERTY,
                    "logging.level.org.apache.kafka=WARN",
                    "logging.level.kafka=WARN",
                    "logging.level.org.apache.zookeeper=WARN",
                    // an outage fails a batch within seconds instead of half a minute
                    "spring.kafka.producer.properties.delivery.timeout.ms=6000",
                    "spring.kafka.producer.properties.request.timeout.ms=2000",
                    "spring.kafka.producer.properties.max.block.ms=3000",
                    "spring.kafka.producer.properties.reconnect.backoff.max.ms=500");

    private Nodes() {}

    static ConfigurableApplicationContext app(String... properties) {
        List<String> all = new ArrayList<>(COMMON);
        all.addAll(List.of(properties));
        return new SpringApplicationBuilder(DuelhallApplication.class).run(args(all));
    }

    static ConfigurableApplicationContext edge(String... properties) {
        List<String> all = new ArrayList<>(COMMON);
        all.addAll(List.of(properties));
        return EdgeApplication.builder().run(args(all));
    }

    /** As command-line arguments: they win over application.yml (builder properties would not). */
    private static String[] args(List<String> properties) {
        return properties.stream().map(p -> "--" + p).toArray(String[]::new);
    }

    static int port(ConfigurableApplicationContext c) {
        return ((WebServerApplicationContext) c).getWebServer().getPort();
    }
}
