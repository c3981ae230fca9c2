package io.duelhall.infra.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.edge.topic.KafkaEnabled;
import io.duelhall.infra.AppTest;
import org.axonframework.config.EventProcessingConfiguration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;

/**
 * The one-machine default needs no broker: without bootstrap servers nothing of the public stream
 * is started.
 */
class KafkaOffByDefaultTest extends AppTest {
    @Autowired ApplicationContext context;

    @Test
    void noPublisherNoProcessorNoTopicWithoutBootstrapServers() {
        assertThat(KafkaEnabled.servers(context.getEnvironment())).isNull();
        assertThat(context.getBeansOfType(PublicEventPublisher.class)).isEmpty();
        assertThat(context.getBeanNamesForType(org.apache.kafka.clients.admin.NewTopic.class))
                .isEmpty();
        assertThat(
                        context.getBean(EventProcessingConfiguration.class)
                                .eventProcessor(PublicEventPublisher.GROUP))
                .isEmpty();
    }
}
