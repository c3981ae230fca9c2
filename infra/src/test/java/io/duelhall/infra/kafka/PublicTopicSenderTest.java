package io.duelhall.infra.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.cloudevents.CloudEvent;
import io.cloudevents.core.builder.CloudEventBuilder;
import io.duelhall.edge.topic.KafkaEnabled;
import io.duelhall.infra.topology.Broker;
import io.duelhall.infra.topology.TopicReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.core.ProducerFactory;
import org.springframework.mock.env.MockEnvironment;

/**
 * Nothing of a partition is written after a send that failed (what {@code BrokerOutageTest} once
 * caught as "out of order 57"), with a real broker and the app's own producer settings: the broker
 * goes away, event 1 is handed to the producer, event 2 five seconds later; event 1's delivery
 * times out; the broker comes back while event 2 could still be delivered. Kafka's idempotent
 * producer alone then writes event 2 without event 1 (with a new epoch) — a consumer dropping
 * repeats would read 2 before 1 once both are sent again. With {@link PublicTopicSender} event 2
 * fails with event 1, and the topic holds 0, 1, 2 once both are sent again.
 */
@Tag("kafka")
class PublicTopicSenderTest {
    static final String TOPIC = "sender-order";

    @Test
    void afterAFailedSendNothingSentBeforeItsRetryIsWritten() throws Exception {
        // one event per batch (as a full batch is in the app), so the two expire apart; keep
        // the cluster's metadata while the broker is away, so event 1 is queued in the producer at
        // once (by default it re-bootstraps, forgets the partition, and a send waits for it
        // instead: event 2's path when it reached the topic alone)
        try (Sending sending =
                new Sending(
                        Map.of(
                                "delivery.timeout.ms", "8000",
                                "request.timeout.ms", "3000",
                                "batch.size", "64",
                                "metadata.recovery.strategy", "none"))) {
            Broker broker = sending.broker;
            PublicTopicSender sender = sending.sender;
            sender.batch().send(event("m:0")).get(30, TimeUnit.SECONDS); // the partition known
            broker.stop();
            CompletableFuture<?> first = sender.batch().send(event("m:1"));
            Thread.sleep(5_000);
            // from another thread, as a publisher's (a batch of its own: the close alone)
            CompletableFuture<?> second =
                    CompletableFuture.supplyAsync(() -> sender.batch().send(event("m:2")))
                            .thenCompose(sent -> sent);
            assertThat(first)
                    .as("event 1 times out while the broker is away")
                    .failsWithin(Duration.ofSeconds(30));
            broker.start(); // event 2 has about five seconds left
            assertThat(second)
                    .as("event 2 fails with event 1, whatever the broker does now")
                    .failsWithin(Duration.ofSeconds(30));
            assertThat(sender.closedAfterFailure())
                    .as("the producer closed once, not once per failed send")
                    .isEqualTo(1);
            Thread.sleep(6_000); // event 2's own delivery timeout is long past

            sending.sendAgainAndCheckTheTopic();
        }
    }

    /**
     * A batch sends nothing after one of its sends failed: the broker refuses event 1 (too large
     * for the topic: an error not retried), takes writes again, and the batch's event 2 fails at
     * once instead of reaching the topic ahead of event 1's second sending.
     */
    @Test
    void aBatchSendsNothingAfterOneOfItsSendsFailed() throws Exception {
        try (Sending sending = new Sending(Map.of())) {
            Broker broker = sending.broker;
            PublicTopicSender sender = sending.sender;
            sender.batch().send(event("m:0")).get(30, TimeUnit.SECONDS);
            PublicTopicSender.Batch batch = sender.batch();
            broker.refuseWrites(TOPIC, true);
            assertThat(batch.send(event("m:1")))
                    .as("event 1 refused")
                    .failsWithin(Duration.ofSeconds(30));
            broker.refuseWrites(TOPIC, false);
            assertThat(batch.send(event("m:2")))
                    .as("event 2 of the same batch, after event 1 failed")
                    .failsWithin(Duration.ofSeconds(5));
            assertThat(sender.closedAfterFailure()).isEqualTo(1);
            sending.sendAgainAndCheckTheTopic();
        }
    }

    /**
     * A broker with the topic (one partition), and a sender on the app's own producer factory with
     * these producer properties on top.
     */
    static final class Sending implements AutoCloseable {
        final Broker broker = new Broker();
        final ProducerFactory<String, CloudEvent> factory;
        final KafkaTemplate<String, CloudEvent> template;
        final PublicTopicSender sender;

        Sending(Map<String, String> producerProperties) throws Exception {
            try (Admin admin =
                    Admin.create(
                            Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.servers()))) {
                admin.createTopics(List.of(new NewTopic(TOPIC, 1, (short) 1)))
                        .all()
                        .get(30, TimeUnit.SECONDS);
            }
            KafkaProperties props = new KafkaProperties();
            props.getProducer().getProperties().putAll(producerProperties);
            factory =
                    new PublicStreamConfig()
                            .publicEventProducerFactory(
                                    props,
                                    new MockEnvironment()
                                            .withProperty(KafkaEnabled.SERVERS, broker.servers()));
            template = new KafkaTemplate<>(factory);
            sender = new PublicTopicSender(template, factory);
        }

        /**
         * What the publishers do: events 1 and 2 again, in a new batch; then the topic must hold 0,
         * 1, 2 and nothing else.
         */
        void sendAgainAndCheckTheTopic() throws Exception {
            PublicTopicSender.Batch again = sender.batch();
            again.send(event("m:1")).get(30, TimeUnit.SECONDS);
            again.send(event("m:2")).get(30, TimeUnit.SECONDS);
            assertThat(idsOnTopic(broker.servers(), 3))
                    .as("the topic, in order: no event written after one that was not")
                    .containsExactly("m:0", "m:1", "m:2");
        }

        @Override
        public void close() {
            template.destroy();
            factory.reset();
            broker.close();
        }
    }

    private static ProducerRecord<String, CloudEvent> event(String id) {
        CloudEvent ce =
                CloudEventBuilder.v1()
                        .withId(id)
                        .withSource(URI.create("/test"))
                        .withType("Test")
                        .withData("{}".getBytes(StandardCharsets.UTF_8))
                        .build();
        return new ProducerRecord<>(TOPIC, "m", ce);
    }

    /** Every ce_id on the topic from its start, once {@code atLeast} are read and 2 s more. */
    private static List<String> idsOnTopic(String servers, int atLeast) {
        try (TopicReader reader = new TopicReader(servers, TOPIC)) {
            reader.readUntil(read -> read.size() >= atLeast, Duration.ofSeconds(30));
            // a stray extra message must show
            return reader.readUntil(read -> false, Duration.ofSeconds(2)).stream()
                    .map(TopicReader.Message::id)
                    .toList();
        }
    }
}
