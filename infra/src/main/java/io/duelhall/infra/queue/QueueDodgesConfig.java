package io.duelhall.infra.queue;

import io.duelhall.projections.admin.ReadModelName;
import org.axonframework.config.ConfigurerModule;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The dodges read model (issue 40, {@link QueueDodgeProjection}): one pooled streaming processor of
 * one segment, so the queue's pairing of a match is handled before the match's end. Its first token
 * is the start of the store (the processor's default): on a server upgraded to it, it counts the
 * dodges of every queue match already stored.
 */
@Configuration(proxyBeanMethods = false)
class QueueDodgesConfig {
    @Bean
    QueueDodgeProjection queueDodgeProjection(JdbcTemplate jdbc, EventStore store) {
        return new QueueDodgeProjection(jdbc, store);
    }

    /**
     * Rebuilt and reported like the other read models: {@code POST/GET
     * /api/admin/projections/queue-dodges/rebuild}.
     */
    @Bean
    ReadModelName queueDodgesReadModel() {
        return new ReadModelName(QueueDodgeProjection.GROUP);
    }

    @Bean
    ConfigurerModule queueDodgesProcessor() {
        return configurer ->
                configurer.eventProcessing(
                        processing ->
                                processing.registerPooledStreamingEventProcessor(
                                        QueueDodgeProjection.GROUP,
                                        org.axonframework.config.Configuration::eventStore,
                                        (config, builder) ->
                                                builder.batchSize(100).initialSegmentCount(1)));
    }
}
