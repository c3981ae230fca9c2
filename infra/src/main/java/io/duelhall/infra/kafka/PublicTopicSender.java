package io.duelhall.infra.kafka;

import io.cloudevents.CloudEvent;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.core.ProducerFactory;
import org.springframework.kafka.support.SendResult;

/**
 * Sends the public topic's records so that nothing is written after a send that failed.
 *
 * <p>Kafka's idempotent producer keeps a partition in order through retries, but not past a record
 * whose delivery timed out: once a batch has expired, later batches of the same partition are still
 * sent (with a new epoch), so a broker that comes back between the two expiries gets event 7 of a
 * match without event 5. The publishers send the whole batch again from event 5, but a consumer
 * that drops repeats would already have read 7 before 5 (a CI run of {@code BrokerOutageTest}
 * counted 57 such places). So the first failed send closes the producer at once, from the
 * producer's own thread, before it sends anything more: every send still queued in it fails too,
 * and the publishers send them again, in order, on a new producer.
 *
 * <p>A failure is counted once per producer: the failures of the sends it aborts, or of sends made
 * on it while it closed, do not close the next one.
 */
final class PublicTopicSender {
    private final KafkaTemplate<String, CloudEvent> template;
    private final ProducerFactory<String, CloudEvent> factory;

    /** Moves each time the producer is closed after a failure. */
    private final AtomicLong generation = new AtomicLong();

    PublicTopicSender(
            KafkaTemplate<String, CloudEvent> template,
            ProducerFactory<String, CloudEvent> factory) {
        this.template = template;
        this.factory = factory;
    }

    /**
     * Sends one record; the future fails if the broker did not acknowledge it, and then every send
     * made before it but not yet acknowledged fails too.
     */
    CompletableFuture<SendResult<String, CloudEvent>> send(
            ProducerRecord<String, CloudEvent> record) {
        long sentIn = generation.get();
        // the future is completed on the producer's thread, which runs this before it sends more
        return template.send(record)
                .whenComplete(
                        (result, failure) -> {
                            if (failure != null) {
                                closeProducer(sentIn);
                            }
                        });
    }

    /** How many times a failure closed the producer. */
    long closedAfterFailure() {
        return generation.get();
    }

    private void closeProducer(long sentIn) {
        if (generation.compareAndSet(sentIn, sentIn + 1)) {
            // closes the shared producer without waiting (physical close timeout 0), drops what it
            // still holds; the next send makes a new one
            factory.reset();
        }
    }
}
