package io.duelhall.infra.topology;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.UUID;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Issue 21, finding 5: two nodes on one PostgreSQL share the processors' segments (the second node,
 * started after the first had claimed everything, gets its share), and a node that goes away leaves
 * all of them to the other.
 */
@Tag("postgres")
@Tag("slow")
class SegmentSharingTest {
    static final Path DATA =
            Path.of("target", "topology", "segments-" + UUID.randomUUID()).toAbsolutePath();
    static ConfigurableApplicationContext first;
    static ConfigurableApplicationContext second;

    static ConfigurableApplicationContext node(TestPostgres.Database db, String name) {
        return Nodes.app(
                "spring.profiles.active=postgres",
                "duelhall.data-dir=" + DATA.resolve(name),
                "spring.datasource.url=" + db.url(),
                "spring.datasource.username=" + db.user(),
                "spring.datasource.password=" + db.password(),
                "duelhall.node-name=" + name,
                "duelhall.cluster.balance-interval=PT1S");
    }

    static int held(ConfigurableApplicationContext node, String processor) {
        return node.getBean(EventProcessingConfiguration.class)
                .eventProcessor(processor, StreamingEventProcessor.class)
                .orElseThrow()
                .processingStatus()
                .size();
    }

    @AfterAll
    static void stop() {
        for (ConfigurableApplicationContext c :
                new ConfigurableApplicationContext[] {second, first}) {
            if (c != null && c.isActive()) {
                c.close();
            }
        }
    }

    @Test
    void twoNodesShareTheSegmentsAndOneTakesAllWhenTheOtherGoes() throws Exception {
        TestPostgres.Database db = TestPostgres.freshDatabase("segments");
        first = node(db, "node-1");
        long until = System.currentTimeMillis() + 30_000;
        while (held(first, "match-views") < 4 && System.currentTimeMillis() < until) {
            Thread.sleep(200);
        }
        assertThat(held(first, "match-views"))
                .as("alone, the first node holds every segment")
                .isEqualTo(4);

        second = node(db, "node-2");
        until = System.currentTimeMillis() + 60_000;
        while ((held(first, "match-views") != 2
                        || held(second, "match-views") != 2
                        || held(second, "match-list") == 0)
                && System.currentTimeMillis() < until) {
            Thread.sleep(250);
        }
        assertThat(held(first, "match-views")).as("node 1's share").isEqualTo(2);
        assertThat(held(second, "match-views")).as("node 2's share").isEqualTo(2);
        assertThat(held(second, "match-list")).as("and of the other processors too").isPositive();

        first.close();
        until = System.currentTimeMillis() + 60_000;
        while (held(second, "match-views") < 4 && System.currentTimeMillis() < until) {
            Thread.sleep(250);
        }
        assertThat(held(second, "match-views"))
                .as("the node that stays takes every segment")
                .isEqualTo(4);
    }
}
