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
 * on it while it closed, do not close the next one. And a batch of sends stops at its first failure
 * ({@link #batch()}): what it would send after it would go to the next producer, ahead of the
 * failed event's second sending.
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
     * Sends that belong together (a processor's batch, a delayed match's events of one tick): once
     * one of them failed, the rest are not sent — they fail at once — so nothing of the batch is
     * written after the event that failed, on this producer or the next.
     */
    Batch batch() {
        return new Batch(generation.get());
    }

    /** See {@link #batch()}. Used by one thread at a time. */
    final class Batch {
        private final long began;

        private Batch(long began) {
            this.began = began;
        }

        /**
         * Sends one record; the future fails if the broker did not acknowledge it (and then every
         * send made before it but not yet acknowledged fails too), or at once if a send failed
         * since the batch began.
         */
        CompletableFuture<SendResult<String, CloudEvent>> send(
                ProducerRecord<String, CloudEvent> record) {
            if (generation.get() != began) {
                return CompletableFuture.failedFuture(
                        new IllegalStateException(
                                "not sent: a send failed since this batch began; the batch is sent"
                                        + " again"));
            }
            CompletableFuture<SendResult<String, CloudEvent>> sent = template.send(record);
            long now = generation.get();
            if (now != began) {
                // a failure closed the producer while this was handed over, so it may sit in the
                // next one, behind nothing that failed: close that one too, before it sends it
                closeProducer(now);
            }
            // the future is completed on the producer's thread, which runs this before it sends
            // more (if it completed already, the producer is being closed anyway, or the batch is)
            return sent.whenComplete(
                    (result, failure) -> {
                        if (failure != null) {
                            closeProducer(now);
                        }
                    });
        }
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
