package io.duelhall.infra.kafka;

import io.cloudevents.CloudEvent;
import io.cloudevents.kafka.CloudEventSerializer;
import io.duelhall.domain.Rulesets;
import io.duelhall.edge.topic.KafkaEnabled;
import io.duelhall.edge.topic.PublicEvents;
import io.duelhall.edge.topic.PublicStreamProperties;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.axonframework.config.Configuration;
import org.axonframework.config.ConfigurerModule;
import org.axonframework.eventhandling.PropagatingErrorHandler;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.kafka.config.TopicBuilder;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.core.ProducerFactory;

/**
 * The public event stream, on when Kafka bootstrap servers are configured ({@link KafkaEnabled}): a
 * producer that keeps per-partition order through retries (idempotent, {@code acks=all}) and is
 * closed at its first failed send so nothing is written after it ({@link PublicTopicSender}), the
 * topic, and the publishing processor ({@link PublicEventPublisher}), a pooled streaming processor
 * of its own whose handler errors propagate (the default handler would log and skip, i.e. lose the
 * event) so that a failed batch is retried from its token.
 */
@org.springframework.context.annotation.Configuration(proxyBeanMethods = false)
@Conditional(KafkaEnabled.class)
@EnableConfigurationProperties(PublicStreamProperties.class)
class PublicStreamConfig {

    @Bean
    public ProducerFactory<String, CloudEvent> publicEventProducerFactory(
            KafkaProperties kafka, Environment env) {
        Map<String, Object> p = kafka.buildProducerProperties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, KafkaEnabled.servers(env));
        // not negotiable: these make "acknowledged" mean "stored by all in-sync replicas, once, in
        // order"
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.putIfAbsent(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 5);
        // a broker outage fails a batch within half a minute; the processor then retries it from
        // its token
        p.putIfAbsent(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000);
        p.putIfAbsent(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
        p.putIfAbsent(ProducerConfig.MAX_BLOCK_MS_CONFIG, 10_000);
        p.putIfAbsent(ProducerConfig.LINGER_MS_CONFIG, 5);
        p.putIfAbsent(ProducerConfig.CLIENT_ID_CONFIG, "duelhall-public-events");
        DefaultKafkaProducerFactory<String, CloudEvent> factory =
                new DefaultKafkaProducerFactory<>(
                        p, new StringSerializer(), new CloudEventSerializer());
        // a closed producer drops what it holds at once: after a failed send (PublicTopicSender,
        // from the producer's own thread) and at shutdown. Nothing is lost: the publishers move
        // their tokens only after the broker acknowledged, and send the rest again.
        factory.setPhysicalCloseTimeout(0);
        return factory;
    }

    @Bean
    public PublicTopicSender publicTopicSender(
            KafkaTemplate<String, CloudEvent> publicEventTemplate,
            ProducerFactory<String, CloudEvent> publicEventProducerFactory) {
        return new PublicTopicSender(publicEventTemplate, publicEventProducerFactory);
    }

    @Bean
    public KafkaTemplate<String, CloudEvent> publicEventTemplate(
            ProducerFactory<String, CloudEvent> publicEventProducerFactory) {
        KafkaTemplate<String, CloudEvent> template =
                new KafkaTemplate<>(publicEventProducerFactory);
        // Spring's default listener logs every failed send at ERROR with a stack trace; a failed
        // batch here is sent
        // again from the same token (PublicEventPublisher), so one WARN line per failed send says
        // enough
        template.setProducerListener(
                new org.springframework.kafka.support.ProducerListener<>() {
                    @Override
                    public void onError(
                            org.apache.kafka.clients.producer.ProducerRecord<String, CloudEvent>
                                    record,
                            org.apache.kafka.clients.producer.RecordMetadata metadata,
                            Exception exception) {
                        org.slf4j.LoggerFactory.getLogger(PublicEventPublisher.class)
                                .warn(
                                        "a public event was not acknowledged (its batch is sent again): {}",
                                        exception.toString());
                    }
                });
        return template;
    }

    /**
     * Created at start-up by Spring Kafka's KafkaAdmin when missing (an existing topic is left as
     * it is).
     */
    @Bean
    public NewTopic publicEventTopic(PublicStreamProperties props) {
        return TopicBuilder.name(props.topic())
                .partitions(props.partitions())
                .replicas(props.replicas())
                .build();
    }

    @Bean
    public PublicEvents publicEvents(Rulesets rulesets) {
        return new PublicEvents(rulesets);
    }

    @Bean
    public PublicEventPublisher publicEventPublisher(
            PublicTopicSender publicTopicSender,
            PublicEvents publicEvents,
            Rulesets rulesets,
            EventStore eventStore,
            JdbcTemplate jdbc,
            PublicStreamProperties props) {
        return new PublicEventPublisher(
                publicTopicSender,
                publicEvents,
                rulesets,
                eventStore,
                jdbc,
                props.topic(),
                props.ackTimeout());
    }

    @Bean(destroyMethod = "close")
    public DelayedPublicEvents delayedPublicEvents(
            PublicTopicSender publicTopicSender,
            PublicEvents publicEvents,
            Rulesets rulesets,
            EventStore eventStore,
            JdbcTemplate jdbc,
            PublicStreamProperties props,
            Clock clock,
            @Value("${duelhall.kafka.delayed-interval:PT0.5S}") Duration interval) {
        return new DelayedPublicEvents(
                publicTopicSender,
                publicEvents,
                rulesets,
                eventStore,
                jdbc,
                props.topic(),
                props.ackTimeout(),
                clock,
                interval);
    }

    @Bean
    public ConfigurerModule publicEventProcessor(PublicStreamProperties props) {
        return configurer ->
                configurer.eventProcessing(
                        processing ->
                                processing
                                        .registerPooledStreamingEventProcessor(
                                                PublicEventPublisher.GROUP,
                                                Configuration::eventStore,
                                                (config, builder) -> {
                                                    builder.initialSegmentCount(
                                                                    props.initialSegmentCount())
                                                            .batchSize(props.batchSize());
                                                    if (props.maxClaimedSegments() > 0) {
                                                        builder.maxClaimedSegments(
                                                                props.maxClaimedSegments());
                                                    }
                                                    return builder;
                                                })
                                        .registerListenerInvocationErrorHandler(
                                                PublicEventPublisher.GROUP,
                                                config -> PropagatingErrorHandler.instance()));
    }
}
