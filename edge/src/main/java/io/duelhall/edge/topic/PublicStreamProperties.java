package io.duelhall.edge.topic;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The public event stream ({@code duelhall.kafka.*}).
 *
 * @param topic where every stored match event goes, in its public form
 * @param partitions partitions of the topic when the app creates it (the key is the match id)
 * @param replicas replication factor of the topic when the app creates it
 * @param initialSegmentCount segments of the publishing processor; several nodes share them through
 *     token claims
 * @param maxClaimedSegments segments one node may own at once (0: no limit, one node may take them
 *     all)
 * @param batchSize events per batch of the publishing processor; its token moves once per acked
 *     batch
 * @param ackTimeout how long a batch waits for the broker's acknowledgements before it fails and
 *     retries
 */
@ConfigurationProperties("duelhall.kafka")
public record PublicStreamProperties(
        String topic,
        int partitions,
        short replicas,
        int initialSegmentCount,
        int maxClaimedSegments,
        int batchSize,
        Duration ackTimeout) {
    public PublicStreamProperties {
        topic = topic == null || topic.isBlank() ? "voidexa.match-events" : topic;
        partitions = partitions <= 0 ? 6 : partitions;
        replicas = replicas <= 0 ? 1 : replicas;
        initialSegmentCount = initialSegmentCount <= 0 ? 4 : initialSegmentCount;
        batchSize = batchSize <= 0 ? 100 : batchSize;
        ackTimeout = ackTimeout == null ? Duration.ofSeconds(60) : ackTimeout;
    }
}
