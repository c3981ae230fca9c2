package io.duelhall.infra.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.http.Api;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Issue 21, finding 6: an edge started before the public topic exists is not healthy with nothing
 * to serve (it was UP with 0 partitions), and it waits quietly; once the topic is there it reads it
 * and becomes healthy.
 */
@Tag("kafka")
@Tag("slow")
class EdgeTopicTest {
    @Test
    void anEdgeWithoutItsTopicIsOutOfServiceUntilTheTopicExists() throws Exception {
        try (Broker broker = new Broker()) {
            ConfigurableApplicationContext edge =
                    Nodes.edge(
                            "spring.kafka.bootstrap-servers=" + broker.servers(),
                            "duelhall.kafka.topic=edge-topic-test");
            try {
                Api api = new Api(Nodes.port(edge));
                Thread.sleep(3_000);
                Res health = api.get("/actuator/health", null);
                assertThat(health.status()).as(health.raw()).isEqualTo(503);
                try (Admin admin =
                        Admin.create(
                                Map.of(
                                        AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                                        broker.servers()))) {
                    admin.createTopics(List.of(new NewTopic("edge-topic-test", 3, (short) 1)))
                            .all()
                            .get();
                }
                await().atMost(Duration.ofSeconds(60))
                        .until(() -> api.get("/actuator/health", null).status() == 200);
                assertThat(api.get("/actuator/health", null).body().toString()).contains("UP");
            } finally {
                edge.close();
            }
        }
    }
}
