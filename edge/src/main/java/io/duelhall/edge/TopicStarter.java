package io.duelhall.edge;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.kafka.listener.KafkaMessageListenerContainer;

/**
 * Starts the edge's consumer once the public topic exists. Subscribed to a topic that does not
 * exist yet, a Kafka consumer logs a WARN at every metadata refresh (about once a second) until the
 * app nodes create it; instead the edge says once that it waits, asks the broker with a growing
 * pause (1 s up to 30 s), and starts reading when the topic is there. Until then its health is
 * OUT_OF_SERVICE (no partition read).
 */
final class TopicStarter implements SmartLifecycle {
    private static final Logger log = LoggerFactory.getLogger(TopicStarter.class);
    private final KafkaMessageListenerContainer<?, ?> consumer;
    private final String topic;
    private final Map<String, Object> adminProps;
    private volatile Thread thread;
    private volatile boolean running;

    TopicStarter(KafkaMessageListenerContainer<?, ?> consumer, String topic, String servers) {
        this.consumer = consumer;
        this.topic = topic;
        this.adminProps =
                Map.of(
                        AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                        servers,
                        AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG,
                        5_000,
                        AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
                        10_000);
    }

    @Override
    public void start() {
        running = true;
        Thread t = new Thread(this::waitAndStart, "edge-topic-starter");
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    private void waitAndStart() {
        long pause = 1_000;
        boolean said = false;
        try (Admin admin = Admin.create(adminProps)) {
            while (running) {
                try {
                    if (admin.listTopics().names().get(10, TimeUnit.SECONDS).contains(topic)) {
                        if (said) {
                            log.info("the public topic {} exists now: reading it", topic);
                        }
                        consumer.start();
                        return;
                    }
                    if (!said) {
                        log.info(
                                "waiting for the public topic {} (the app nodes create it); the edge serves nothing until then",
                                topic);
                        said = true;
                    }
                } catch (java.util.concurrent.ExecutionException
                        | java.util.concurrent.TimeoutException e) {
                    if (!said) {
                        log.info("waiting for the broker to list topics: {}", e.toString());
                        said = true;
                    }
                }
                Thread.sleep(pause);
                pause = Math.min(30_000, pause * 2);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void stop() {
        running = false;
        Thread t = thread;
        if (t != null) {
            t.interrupt();
        }
        if (consumer.isRunning()) {
            consumer.stop();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
