package io.duelhall.infra.cluster;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import org.axonframework.common.jpa.EntityManagerProvider;
import org.axonframework.eventhandling.tokenstore.TokenStore;
import org.axonframework.eventhandling.tokenstore.jpa.JpaTokenStore;
import org.axonframework.serialization.Serializer;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Who this node is when it shares the store with others. The name marks the processors' token
 * claims (a node only processes the segments it has claimed; a claim not extended within the claim
 * timeout may be taken by another node) and the deadlines db-scheduler has picked. Axon's default
 * name is the JVM's {@code pid@host}: unique across machines and containers, but two app contexts
 * in one JVM (the multi-node tests) would share it and so each other's claims; {@code
 * duelhall.node-name} sets it.
 */
@Configuration(proxyBeanMethods = false)
public class NodeConfig {
    public static final String NODE_NAME = "duelhall.node-name";

    @Bean
    public NodeName nodeName(@Value("${" + NODE_NAME + ":}") String configured) {
        return new NodeName(
                configured == null || configured.isBlank()
                        ? ManagementFactory.getRuntimeMXBean().getName()
                        : configured.trim());
    }

    /**
     * Axon's JPA token store as its auto-configuration builds it, with this node's name as the
     * claim owner.
     */
    @Bean
    public TokenStore tokenStore(
            Serializer serializer,
            EntityManagerProvider entityManagerProvider,
            NodeName node,
            @Value("${axon.eventhandling.tokenstore.claim-timeout:10s}") Duration claimTimeout) {
        return JpaTokenStore.builder()
                .entityManagerProvider(entityManagerProvider)
                .serializer(serializer)
                .claimTimeout(claimTimeout)
                .nodeId(node.value())
                .build();
    }

    public record NodeName(String value) {}
}
