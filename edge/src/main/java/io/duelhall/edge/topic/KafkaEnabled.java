package io.duelhall.edge.topic;

import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Kafka is off unless bootstrap servers are configured: {@code spring.kafka.bootstrap-servers},
 * which application.yml fills from the environment variable {@code KAFKA_BOOTSTRAP_SERVERS}. The
 * one-machine H2 default needs nothing else.
 */
public class KafkaEnabled implements Condition {
    public static final String SERVERS = "spring.kafka.bootstrap-servers";

    @Override
    public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
        return servers(context.getEnvironment()) != null;
    }

    /** The configured bootstrap servers, or null when Kafka is off. */
    public static String servers(Environment env) {
        String s = env.getProperty(SERVERS);
        if (s == null || s.isBlank()) {
            s = env.getProperty("KAFKA_BOOTSTRAP_SERVERS");
        }
        return s == null || s.isBlank() ? null : s.trim();
    }
}
