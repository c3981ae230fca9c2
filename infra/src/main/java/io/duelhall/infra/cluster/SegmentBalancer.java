package io.duelhall.infra.cluster;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventProcessor;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Shares the event processors' segments between the nodes of one store (docs/scaling.md). Axon's
 * streaming processors claim every unclaimed segment they may, and never give one back while they
 * run, so the node that starts first would hold every segment and the others none — failover, not
 * load sharing. Every {@code duelhall.cluster.balance-interval} (default 10 s; PT0S turns it off)
 * every node writes that it is alive (table {@code cluster_node}); a node counts the nodes seen
 * alive within three intervals (or the claim timeout, if longer), itself included, and when it
 * holds more of a processor's segments than its fair share (segments ÷ nodes, rounded up) it
 * releases the surplus for a while ({@code releaseSegment}) so that a node with fewer takes them.
 * It never caps what a node may claim: when a node dies, its claims run out and the others take all
 * its segments.
 */
@Component
class SegmentBalancer {
    private static final Logger log = LoggerFactory.getLogger(SegmentBalancer.class);
    private final ObjectProvider<EventProcessingConfiguration> processing;
    private final JdbcTemplate jdbc;
    private final String me;
    private final Duration interval;
    private final Duration claimTimeout;
    private final ScheduledExecutorService timer;

    /**
     * Per processor: until when released segments are left to others (no second release before).
     */
    private final Map<String, Instant> releasedUntil =
            new java.util.concurrent.ConcurrentHashMap<>();

    public SegmentBalancer(
            ObjectProvider<EventProcessingConfiguration> processing,
            JdbcTemplate jdbc,
            NodeConfig.NodeName node,
            @Value("${duelhall.cluster.balance-interval:PT10S}") Duration interval,
            @Value("${axon.eventhandling.tokenstore.claim-timeout:10s}") Duration claimTimeout) {
        this.processing = processing;
        this.jdbc = jdbc;
        this.me = node.value();
        this.interval = interval;
        this.claimTimeout = claimTimeout;
        this.timer =
                Executors.newSingleThreadScheduledExecutor(
                        r -> {
                            Thread t = new Thread(r, "segment-balancer");
                            t.setDaemon(true);
                            return t;
                        });
    }

    @EventListener(ApplicationReadyEvent.class)
    public void onReady() {
        if (!interval.isZero() && !interval.isNegative()) {
            timer.scheduleWithFixedDelay(
                    this::balance, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    @jakarta.annotation.PreDestroy
    void stop() {
        timer.shutdownNow();
        if (!interval.isZero() && !interval.isNegative()) {
            try {
                jdbc.update(
                        "delete from cluster_node where name = ?",
                        me); // gone: the others need not wait for it
            } catch (RuntimeException ignored) {
                // the database may be gone first; the row then ages out
            }
        }
    }

    void balance() {
        EventProcessingConfiguration config = processing.getIfAvailable();
        if (config == null) {
            return;
        }
        Set<String> nodes;
        try {
            nodes = heartbeat();
        } catch (RuntimeException ex) {
            log.warn("could not write this node's heartbeat: {}", ex.toString());
            return;
        }
        for (Map.Entry<String, EventProcessor> e : config.eventProcessors().entrySet()) {
            if (e.getValue() instanceof StreamingEventProcessor p && p.isRunning()) {
                try {
                    balance(e.getKey(), p, nodes);
                } catch (RuntimeException ex) {
                    log.warn("could not balance the segments of {}: {}", e.getKey(), ex.toString());
                }
            }
        }
    }

    /** Writes this node's heartbeat; returns the nodes seen alive, this one included. */
    private Set<String> heartbeat() {
        Instant now = Instant.now();
        if (jdbc.update("update cluster_node set last_seen = ? where name = ?", now.toString(), me)
                == 0) {
            try {
                jdbc.update(
                        "insert into cluster_node (name, last_seen) values (?, ?)",
                        me,
                        now.toString());
            } catch (org.springframework.dao.DuplicateKeyException raced) {
                jdbc.update(
                        "update cluster_node set last_seen = ? where name = ?", now.toString(), me);
            }
        }
        Instant alive =
                now.minus(
                        Duration.ofMillis(
                                Math.max(interval.toMillis() * 3, claimTimeout.toMillis())));
        Set<String> nodes = new HashSet<>();
        nodes.add(me);
        jdbc.query(
                "select name, last_seen from cluster_node",
                rs -> {
                    if (isAfter(rs.getString(2), alive)) {
                        nodes.add(rs.getString(1));
                    }
                });
        return nodes;
    }

    private void balance(String name, StreamingEventProcessor p, Set<String> nodes) {
        Instant now = Instant.now();
        Instant wait = releasedUntil.get(name);
        if (wait != null && now.isBefore(wait)) {
            return; // what was released is still being handed over
        }
        Set<Integer> held = p.processingStatus().keySet();
        if (held.size() <= 1) {
            return;
        }
        Integer count =
                jdbc.queryForObject(
                        "select count(*) from token_entry where processor_name = ?",
                        Integer.class,
                        name);
        int[] total = {count == null ? 0 : count};
        Set<String> owners = nodes;
        int fair = (total[0] + owners.size() - 1) / owners.size();
        int surplus = held.size() - fair;
        if (surplus <= 0) {
            return;
        }
        List<Integer> mine = new ArrayList<>(held);
        mine.sort(null);
        // long enough for another node's processor to notice the unclaimed segment (it looks every
        // few seconds)
        Duration away =
                Duration.ofMillis(
                        Math.max(interval.toMillis() * 2, claimTimeout.toMillis() + 10_000));
        releasedUntil.put(name, now.plus(away));
        for (int i = 0; i < surplus; i++) {
            int segment = mine.get(mine.size() - 1 - i);
            p.releaseSegment(segment, away.toMillis(), TimeUnit.MILLISECONDS);
            log.info(
                    "released segment {} of {} to share it: {} node(s) alive, {} segment(s), this node held {}",
                    segment,
                    name,
                    owners.size(),
                    total[0],
                    held.size());
        }
    }

    private static boolean isAfter(String timestamp, Instant instant) {
        try {
            return timestamp != null && Instant.parse(timestamp).isAfter(instant);
        } catch (RuntimeException unreadable) {
            return false;
        }
    }
}
