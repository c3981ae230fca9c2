package io.duelhall.infra.topology;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.infra.http.Api;
import io.duelhall.infra.http.Api.Res;
import io.duelhall.infra.http.Bot;
import io.duelhall.infra.topology.TopicReader.Message;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reliability figure 4 (docs/reliability.md): the broker stopped for {@code -Doutage.seconds} (CI: 8; the recorded
 * figure: 60 or more) while matches are played over HTTP the whole time — server AI against server AI
 * ({@code -Doutage.aiMatches} at once) and clients playing both seats with {@link Bot} ({@code -Doutage.clients}).
 * Afterwards the topic must hold every stored event of every match (missing: 0), each match's events in order
 * (out of order: 0), and any repeat must be the same message again (same {@code ce_id}, headers and data), so a
 * consumer removes it by id. Loopback only; every loop is bounded by the phases' durations.
 */
class BrokerOutageTest {
    static final int OUTAGE_SECONDS = Integer.getInteger("outage.seconds", 8);
    static final int AI_MATCHES = Integer.getInteger("outage.aiMatches", 2);
    static final int CLIENTS = Integer.getInteger("outage.clients", 2);
    static final int BEFORE_SECONDS = 3;
    static final int AFTER_SECONDS = 5;

    @Test
    void aBrokerOutageUnderLoadLosesNoEventKeepsEachMatchInOrderAndRepeatsOnlyById() throws Exception {
        try (Broker broker = new Broker()) {
            Path dir = Path.of("target", "topology", "outage-" + UUID.randomUUID()).toAbsolutePath();
            try (ConfigurableApplicationContext app = Nodes.app("duelhall.data-dir=" + dir,
                    "spring.kafka.bootstrap-servers=" + broker.servers(), "duelhall.node-name=outage-app",
                    "duelhall.ai.delay-ms=10");
                 TopicReader reader = new TopicReader(broker.servers(), PublicStreamTest.TOPIC)) {
                Api api = new Api(Nodes.port(app));
                Load load = new Load(api);
                load.start();

                Thread.sleep(BEFORE_SECONDS * 1000L);
                long storedBefore = load.stored(app);
                long t0 = System.nanoTime();
                broker.stop();
                Thread.sleep(OUTAGE_SECONDS * 1000L);
                long storedDuring = load.stored(app) - storedBefore;
                broker.start();
                long outageMillis = (System.nanoTime() - t0) / 1_000_000;
                Thread.sleep(AFTER_SECONDS * 1000L);
                load.stop();
                assertThat(load.errors).as("the load's own failures: %s", load.errors).isEmpty();

                Map<String, List<DomainEventMessage<?>>> stored = new HashMap<>();
                for (String id : load.matches) {
                    stored.put(id, app.getBean(EventStore.class).readEvents(id).asStream().toList());
                }
                long t1 = System.nanoTime();
                List<Message> all = reader.readUntil(read -> PublicStreamTest.coversAll(read, stored), Duration.ofSeconds(300));
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
                        if (firsts.get(i).seq() != i) { // what a consumer de-duplicating by id reads: 0, 1, 2 …
                            outOfOrder++;
                        }
                    }
                    duplicates += mine.size() - firsts.size();
                    Map<String, Message> byId = new HashMap<>();
                    for (Message m : mine) {
                        Message first = byId.putIfAbsent(m.id(), m);
                        if (first != null && (!first.headers().equals(m.headers()) || !first.data().equals(m.data()))) {
                            differentRepeats++;
                        }
                    }
                }
                System.out.printf("[figure 4] broker down %d ms (outage.seconds=%d) under load: %d matches (%d AI vs AI, "
                                + "%d played by HTTP clients; %d ended), %d intents sent by clients; %d events stored, %d of "
                                + "them while the broker was down; %d messages on the topic, topic caught up %d ms after the "
                                + "load stopped; missing %d, out of order %d, duplicates %d (differing from their first: %d), "
                                + "matches split over partitions %d%n",
                        outageMillis, OUTAGE_SECONDS, stored.size(), load.aiMatches.get(), load.clientMatches.get(),
                        load.endedMatches.get(), load.intents.get(), events, storedDuring, messages, catchUpMillis,
                        missing, outOfOrder, duplicates, differentRepeats, partitionsSplit);

                assertThat(storedDuring).as("matches went on while the broker was down").isPositive();
                assertThat(missing).as("events missing from the topic").isZero();
                assertThat(outOfOrder).as("events out of order").isZero();
                assertThat(differentRepeats).as("a repeat is the same message again").isZero();
                assertThat(partitionsSplit).as("one match, one partition").isZero();
            }
        }
    }

    /** Matches played over HTTP by threads of this test, until stopped. */
    static final class Load {
        final Api api;
        final Set<String> matches = java.util.concurrent.ConcurrentHashMap.newKeySet();
        final ConcurrentLinkedQueue<String> errors = new ConcurrentLinkedQueue<>();
        final AtomicInteger aiMatches = new AtomicInteger();
        final AtomicInteger clientMatches = new AtomicInteger();
        final AtomicInteger endedMatches = new AtomicInteger();
        final AtomicInteger intents = new AtomicInteger();
        final AtomicBoolean running = new AtomicBoolean(true);
        final List<Thread> threads = new ArrayList<>();

        Load(Api api) {
            this.api = api;
        }

        void start() {
            for (int i = 0; i < AI_MATCHES; i++) {
                threads.add(started(new Thread(this::aiMatches, "outage-ai-" + i)));
            }
            for (int i = 0; i < CLIENTS; i++) {
                long seed = i;
                threads.add(started(new Thread(() -> clientMatches(seed), "outage-client-" + i)));
            }
        }

        private static Thread started(Thread t) {
            t.setDaemon(true);
            t.start();
            return t;
        }

        void stop() throws InterruptedException {
            running.set(false);
            for (Thread t : threads) {
                t.join(120_000);
            }
        }

        long stored(ConfigurableApplicationContext app) {
            EventStore store = app.getBean(EventStore.class);
            long n = 0;
            for (String id : matches) {
                n += store.lastSequenceNumberFor(id).orElse(-1L) + 1;
            }
            return n;
        }

        /** One AI-against-AI match after another: created over HTTP, watched over HTTP until it has ended. */
        private void aiMatches() {
            try {
                while (running.get()) {
                    ObjectNode body = Api.JSON.createObjectNode();
                    body.putObject("ai").put("A", "greedy").put("B", "random");
                    Res created = api.post("/api/matches", body, null);
                    if (created.status() != 201) {
                        errors.add("create: " + created.raw());
                        return;
                    }
                    String id = created.body().get("matchId").asText();
                    matches.add(id);
                    aiMatches.incrementAndGet();
                    while (running.get()) {
                        Res v = api.get("/api/matches/" + id + "/view", null);
                        if (v.status() != 200) {
                            errors.add("view: " + v.raw());
                            return;
                        }
                        if (v.body().get("status").asText().equals("ENDED")) {
                            endedMatches.incrementAndGet();
                            break;
                        }
                        Thread.sleep(200);
                    }
                }
            } catch (Throwable e) {
                errors.add(e.toString());
            }
        }

        /** One match after another, both seats played by a client from their views. */
        private void clientMatches(long seed) {
            try {
                Bot bot = new Bot(api, seed);
                while (running.get()) {
                    String[] m = api.startedMatch();
                    matches.add(m[0]);
                    clientMatches.incrementAndGet();
                    Map<String, String> tokens = Map.of("A", m[1], "B", m[2]);
                    for (int step = 0; step < 3000 && running.get(); step++) {
                        Res r = bot.step(m[0], tokens);
                        intents.incrementAndGet();
                        if (Bot.ended(r)) {
                            endedMatches.incrementAndGet();
                            break;
                        }
                    }
                }
            } catch (Throwable e) {
                errors.add(e.toString());
            }
        }
    }
}
