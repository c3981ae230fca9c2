package io.duelhall.infra.cluster;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import org.axonframework.common.jdbc.ConnectionProvider;
import org.axonframework.eventhandling.tokenstore.TokenStore;
import org.axonframework.eventhandling.tokenstore.jdbc.JdbcTokenStore;
import org.axonframework.eventhandling.tokenstore.jdbc.TokenSchema;
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
     * Axon's JDBC token store on the table its JPA token store made ({@code token_entry}, {@code
     * V1__axon.sql}), with this node's name as the claim owner. Same rows, same bytes: the token
     * serialized by the same serializer, its type's name, the claim's time as the same ISO string,
     * so tokens written by the JPA store (every older data directory, a node of an older build on a
     * shared PostgreSQL) are read and claimed as they are. It takes the connection of the
     * transaction it runs in (the processor's batch, with the read models' writes), as the JPA
     * store did through the entity manager. Hibernate is no longer on the class path (issue 46: ~6
     * s and ~5,500 classes of every start went to building a JPA persistence unit for this table
     * alone).
     */
    @Bean
    public TokenStore tokenStore(
            Serializer serializer,
            ConnectionProvider connectionProvider,
            NodeName node,
            @Value("${axon.eventhandling.tokenstore.claim-timeout:10s}") Duration claimTimeout) {
        return JdbcTokenStore.builder()
                .connectionProvider(connectionProvider)
                .schema(tokenSchema())
                .contentType(byte[].class)
                .serializer(serializer)
                .claimTimeout(claimTimeout)
                .nodeId(node.value())
                .build();
    }

    /** The token table and its columns as Flyway's {@code V1__axon.sql} made them. */
    static TokenSchema tokenSchema() {
        return TokenSchema.builder()
                .setTokenTable("token_entry")
                .setProcessorNameColumn("processor_name")
                .setSegmentColumn("segment")
                .setTokenColumn("token")
                .setTokenTypeColumn("token_type")
                .setTimestampColumn("timestamp")
                .setOwnerColumn("owner")
                .build();
    }

    public record NodeName(String value) {}
}
