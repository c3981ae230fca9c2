package io.duelhall.edge;

import io.cloudevents.CloudEvent;
import io.cloudevents.kafka.CloudEventDeserializer;
import io.duelhall.domain.Rulesets;
import io.duelhall.edge.topic.KafkaEnabled;
import io.duelhall.edge.topic.PublicEvents;
import io.duelhall.edge.topic.PublicStreamProperties;
import io.duelhall.query.stream.MatchStreams;
import java.time.Clock;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.listener.CommonLoggingErrorHandler;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.KafkaMessageListenerContainer;
import org.springframework.kafka.listener.MessageListener;
import org.springframework.kafka.support.serializer.ErrorHandlingDeserializer;
import tools.jackson.databind.json.JsonMapper;

/**
 * The edge's parts: one Kafka consumer that reads the whole public topic from its start (a group of
 * its own, so every edge sees every match), the in-memory public logs it feeds, the live streams
 * (the app node's {@link MatchStreams}, fed from those logs), how far it has read ({@link
 * TopicProgress}, its health) and the spectator controller.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(
        name = EdgeApplication.MODE,
        havingValue = "edge") // never in an app node's context
@EnableConfigurationProperties(PublicStreamProperties.class)
class EdgeConfig {

    @Bean
    public PublicEvents publicEvents(Rulesets rulesets) {
        return new PublicEvents(rulesets);
    }

    @Bean
    public PublicMatches publicMatches(
            PublicEvents publicEvents,
            @Value("${duelhall.edge.max-matches:20000}") int maxMatches) {
        return new PublicMatches(publicEvents, maxMatches);
    }

    @Bean
    public MatchStreams edgeStreams(
            PublicMatches matches,
            Clock clock,
            JsonMapper json,
            @Value("${duelhall.stream.heartbeat-seconds:15}") long heartbeatSeconds,
            @Value("${duelhall.stream.tick-millis:100}") long tickMillis,
            @Value("${duelhall.stream.max-burst:500}") int maxBurst,
            @Value("${duelhall.stream.timeout-seconds:3600}") long timeoutSeconds,
            @Value("${duelhall.stream.sender-threads:2}") int senderThreads,
            @Value("${duelhall.stream.max-per-address:200}") int maxPerAddress,
            @Value("${duelhall.stream.max-per-node:0}") int maxPerNode,
            @Value("${duelhall.limits.enabled:true}") boolean limitsEnabled,
            @Value("${duelhall.stream.slow-reader-seconds:30}") long slowReaderSeconds) {
        return new MatchStreams(
                new PublicStreamSource(matches),
                clock,
                json,
                heartbeatSeconds,
                tickMillis,
                maxBurst,
                timeoutSeconds,
                senderThreads,
                maxPerAddress,
                maxPerNode,
                limitsEnabled,
                slowReaderSeconds);
    }

    @Bean
    public EdgeController edgeController(PublicMatches matches, MatchStreams streams, Clock clock) {
        return new EdgeController(matches, streams, clock);
    }

    /**
     * The edge's health: {@code OUT_OF_SERVICE} until it has read the topic as far as it stood at
     * the start.
     */
    @Bean
    public TopicProgress publicStream() {
        return new TopicProgress();
    }

    @Bean
    public KafkaMessageListenerContainer<String, CloudEvent> publicStreamConsumer(
            KafkaProperties kafka,
            Environment env,
            PublicStreamProperties props,
            PublicMatches matches,
            TopicProgress progress) {
        String servers = KafkaEnabled.servers(env);
        if (servers == null) {
            throw new IllegalStateException(
                    "The spectator edge reads the public Kafka stream: set "
                            + "KAFKA_BOOTSTRAP_SERVERS (or spring.kafka.bootstrap-servers).");
        }
        Map<String, Object> p = kafka.buildConsumerProperties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, servers);
        // a group of its own: this edge reads every partition from the start, and commits nothing
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "duelhall-edge-" + UUID.randomUUID());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        DefaultKafkaConsumerFactory<String, CloudEvent> factory =
                new DefaultKafkaConsumerFactory<>(
                        p,
                        new StringDeserializer(),
                        new ErrorHandlingDeserializer<>(new CloudEventDeserializer()));
        ContainerProperties container = new ContainerProperties(props.topic());
        container.setMessageListener(
                (MessageListener<String, CloudEvent>)
                        record -> {
                            try {
                                matches.accept(record.value());
                            } finally {
                                // read, even if it could not be used: health must not wait for it
                                progress.read(record.topic(), record.partition(), record.offset());
                            }
                        });
        container.setConsumerRebalanceListener(progress);
        KafkaMessageListenerContainer<String, CloudEvent> consumer =
                new KafkaMessageListenerContainer<>(factory, container);
        consumer.setCommonErrorHandler(
                new CommonLoggingErrorHandler()); // a message it cannot read is logged and skipped
        consumer.setAutoStartup(false); // started by publicStreamStarter once the topic exists
        return consumer;
    }

    /**
     * Starts {@link #publicStreamConsumer} when the topic exists (no WARN a second while it does
     * not).
     */
    @Bean
    public TopicStarter publicStreamStarter(
            KafkaMessageListenerContainer<String, CloudEvent> publicStreamConsumer,
            PublicStreamProperties props,
            Environment env) {
        return new TopicStarter(publicStreamConsumer, props.topic(), KafkaEnabled.servers(env));
    }
}
