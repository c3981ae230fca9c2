package io.duelhall.infra.topology;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.infra.http.Api;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * A plain Kafka consumer that reads the whole topic from its start, as any outside consumer would.
 */
public final class TopicReader implements AutoCloseable {
    /**
     * One message: its key, partition and offset, its headers as strings, and its value as JSON.
     */
    public record Message(
            String key, int partition, long offset, Map<String, String> headers, JsonNode data) {
        public String id() {
            return headers.get("ce_id");
        }

        String type() {
            return headers.get("ce_type");
        }

        long seq() {
            return Long.parseLong(id().substring(id().lastIndexOf(':') + 1));
        }
    }

    private final KafkaConsumer<String, byte[]> consumer;
    private final List<Message> read = new ArrayList<>();

    public TopicReader(String servers, String topic) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, servers);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "test-reader-" + UUID.randomUUID());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        consumer = new KafkaConsumer<>(p, new StringDeserializer(), new ByteArrayDeserializer());
        consumer.subscribe(List.of(topic));
    }

    /**
     * Polls until {@code done} holds for what was read so far (or the time is up); returns
     * everything read.
     */
    public List<Message> readUntil(Predicate<List<Message>> done, Duration atMost) {
        long until = System.nanoTime() + atMost.toNanos();
        while (!done.test(read) && System.nanoTime() < until) {
            for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(300))) {
                Map<String, String> headers = new LinkedHashMap<>();
                for (Header h : r.headers()) {
                    headers.put(h.key(), new String(h.value(), StandardCharsets.UTF_8));
                }
                try {
                    read.add(
                            new Message(
                                    r.key(),
                                    r.partition(),
                                    r.offset(),
                                    headers,
                                    Api.JSON.readTree(r.value())));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return List.copyOf(read);
    }

    @Override
    public void close() {
        consumer.close();
    }
}
