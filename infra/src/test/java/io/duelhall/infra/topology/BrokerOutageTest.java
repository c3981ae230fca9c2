package io.duelhall.infra.topology;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.infra.http.Api;
import io.duelhall.infra.http.Load;
import io.duelhall.infra.topology.TopicReader.Message;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Reliability figure 4 (docs/reliability.md): the broker stopped for {@code -Doutage.seconds} (CI:
 * 8; the recorded figure: 60 or more) while matches are played over HTTP the whole time — server AI
 * against server AI ({@code -Doutage.aiMatches} at once) and clients playing both seats ({@link
 * Load}) ({@code -Doutage.clients}). Afterwards the topic must hold every stored event of every
 * match (missing: 0), each match's events in order (out of order: 0), and any repeat must be the
 * same message again (same {@code ce_id}, headers and data), so a consumer removes it by id.
 * Loopback only; every loop is bounded by the phases' durations.
 */
@Tag("kafka")
@Tag("slow")
class BrokerOutageTest {
    static final int OUTAGE_SECONDS = Integer.getInteger("outage.seconds", 8);
    static final int AI_MATCHES = Integer.getInteger("outage.aiMatches", 2);
    static final int CLIENTS = Integer.getInteger("outage.clients", 2);
    static final int BEFORE_SECONDS = 3;
    static final int AFTER_SECONDS = 5;

    @Test
    void aBrokerOutageUnderLoadLosesNoEventKeepsEachMatchInOrderAndRepeatsOnlyById()
            throws Exception {
        try (Broker broker = new Broker()) {
            Path dir =
                    Path.of("target", "topology", "outage-" + UUID.randomUUID()).toAbsolutePath();
            try (ConfigurableApplicationContext app =
                            Nodes.app(
                                    "duelhall.data-dir=" + dir,
                                    "spring.kafka.bootstrap-servers=" + broker.servers(),
                                    "duelhall.node-name=outage-app",
                                    "duelhall.ai.delay-ms=10");
                    TopicReader reader =
                            new TopicReader(broker.servers(), PublicStreamTest.TOPIC)) {
                Api api = new Api(Nodes.port(app));
                EventStore store = app.getBean(EventStore.class);
                Load load = new Load(api, AI_MATCHES, CLIENTS).start();

                Thread.sleep(BEFORE_SECONDS * 1000L);
                long storedBefore = load.stored(store);
                long t0 = System.nanoTime();
                broker.stop();
                Thread.sleep(OUTAGE_SECONDS * 1000L);
                long storedDuring = load.stored(store) - storedBefore;
                broker.start();
                long outageMillis = (System.nanoTime() - t0) / 1_000_000;
                Thread.sleep(AFTER_SECONDS * 1000L);
                load.stop();
                assertThat(load.errors).as("the load's own failures: %s", load.errors).isEmpty();
                // the server plays its AI matches on: the figure counts every event of every match,
                // so they end first
                assertThat(load.awaitAiMatchesEnded(Duration.ofSeconds(300)))
                        .as("the AI matches end")
                        .isTrue();

                Map<String, List<DomainEventMessage<?>>> stored = new HashMap<>();
                for (String id : load.matches) {
                    stored.put(
                            id,
                            new java.util.ArrayList<>(store.readEvents(id).asStream().toList()));
                }
                long t1 = System.nanoTime();
                List<Message> all =
                        reader.readUntil(
                                read -> PublicStreamTest.coversAll(read, stored),
                                Duration.ofSeconds(300));
                long catchUpMillis = (System.nanoTime() - t1) / 1_000_000;

                long events = stored.values().stream().mapToLong(List::size).sum();
                Set<String> onTopic = new HashSet<>();
                all.forEach(m -> onTopic.add(m.id()));
                long missing = 0;
                long outOfOrder = 0;
                long duplicates = 0;
                long differentRepeats = 0;
                long partitionsSplit = 0;
                long messages = 0;
                for (Map.Entry<String, List<DomainEventMessage<?>>> e : stored.entrySet()) {
                    String id = e.getKey();
                    for (DomainEventMessage<?> ev : e.getValue()) {
                        if (!onTopic.contains(id + ":" + ev.getSequenceNumber())) {
                            missing++;
                        }
                    }
                    List<Message> mine = all.stream().filter(m -> id.equals(m.key())).toList();
                    messages += mine.size();
                    if (mine.stream().map(Message::partition).distinct().count() > 1) {
                        partitionsSplit++;
                    }
                    List<Message> firsts = PublicStreamTest.distinctInOrder(mine);
                    for (int i = 0; i < firsts.size(); i++) {
                        if (firsts.get(i).seq()
                                != i) { // what a consumer de-duplicating by id reads: 0, 1, 2 …
                            outOfOrder++;
                        }
                    }
                    duplicates += mine.size() - firsts.size();
                    Map<String, Message> byId = new HashMap<>();
                    for (Message m : mine) {
                        Message first = byId.putIfAbsent(m.id(), m);
                        if (first != null
                                && (!first.headers().equals(m.headers())
                                        || !first.data().equals(m.data()))) {
                            differentRepeats++;
                        }
                    }
                }
                System.out.printf(
                        "[figure 4] broker down %d ms (outage.seconds=%d) under load: %d matches (%d AI vs AI, "
                                + "%d played by HTTP clients; %d ended while the load ran), %d intents sent by clients (and %d refused); %d events stored, %d of "
                                + "them while the broker was down; %d messages on the topic, topic caught up %d ms after the "
                                + "AI matches ended; missing %d, out of order %d, duplicates %d (differing from their first: %d), "
                                + "matches split over partitions %d%n",
                        outageMillis,
                        OUTAGE_SECONDS,
                        stored.size(),
                        load.aiMatches.get(),
                        load.clientMatches.get(),
                        load.ended.get(),
                        load.intents.get(),
                        load.refused.get(),
                        events,
                        storedDuring,
                        messages,
                        catchUpMillis,
                        missing,
                        outOfOrder,
                        duplicates,
                        differentRepeats,
                        partitionsSplit);

                assertThat(storedDuring)
                        .as("matches went on while the broker was down")
                        .isPositive();
                assertThat(missing).as("events missing from the topic").isZero();
                assertThat(outOfOrder).as("events out of order").isZero();
                assertThat(differentRepeats).as("a repeat is the same message again").isZero();
                assertThat(partitionsSplit).as("one match, one partition").isZero();
            }
        }
    }
}
