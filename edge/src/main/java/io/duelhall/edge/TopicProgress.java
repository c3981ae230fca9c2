package io.duelhall.edge;

import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.kafka.listener.ConsumerAwareRebalanceListener;

/**
 * Whether the edge has caught up with the public topic: when its consumer is given the topic's
 * partitions it notes their end offsets, and it has caught up once it has read every partition that
 * far. Until then a spectator may be shown an old state of a match (the edge rebuilds from the
 * start of the topic on every start), so the edge's health ({@code /actuator/health}, component
 * {@code publicStream}) is {@code OUT_OF_SERVICE} (503): a load balancer sends spectators
 * elsewhere. Once caught up it stays so (the edge then follows the topic live).
 */
final class TopicProgress implements ConsumerAwareRebalanceListener, HealthIndicator {
    /** Per partition: the end offset when it was assigned. */
    private final Map<TopicPartition, Long> targets = new ConcurrentHashMap<>();

    /** Per partition: the offset of the next message to read. */
    private final Map<TopicPartition, Long> positions = new ConcurrentHashMap<>();

    private volatile boolean assigned;
    private volatile boolean caughtUp;

    @Override
    public void onPartitionsAssigned(
            Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
        for (TopicPartition p : partitions) {
            targets.putIfAbsent(p, ends.getOrDefault(p, 0L));
            positions.merge(p, consumer.position(p), Math::max);
        }
        assigned = true;
        check();
    }

    /** A message at {@code offset} of {@code partition} was read. */
    void read(String topic, int partition, long offset) {
        positions.merge(new TopicPartition(topic, partition), offset + 1, Math::max);
        if (!caughtUp) {
            check();
        }
    }

    private void check() {
        // no partition at all (the topic does not exist yet) is not caught up: there is nothing to
        // serve from
        if (assigned
                && !targets.isEmpty()
                && targets.entrySet().stream()
                        .allMatch(t -> positions.getOrDefault(t.getKey(), 0L) >= t.getValue())) {
            caughtUp = true;
        }
    }

    boolean caughtUp() {
        return caughtUp;
    }

    /** Messages still to read to reach the end offsets noted at assignment. */
    long behind() {
        long n = 0;
        for (Map.Entry<TopicPartition, Long> t : targets.entrySet()) {
            n += Math.max(0, t.getValue() - positions.getOrDefault(t.getKey(), 0L));
        }
        return n;
    }

    @Override
    public Health health() {
        Map<String, Object> details = new TreeMap<>();
        details.put("caughtUp", caughtUp);
        details.put("partitions", targets.size());
        details.put("behind", assigned ? behind() : null);
        return Health.status(caughtUp ? Status.UP : Status.OUT_OF_SERVICE)
                .withDetails(details)
                .build();
    }
}
