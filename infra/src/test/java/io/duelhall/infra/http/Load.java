package io.duelhall.infra.http;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.client.JsonHttp.Res;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.axonframework.eventsourcing.eventstore.EventStore;

/**
 * Matches played over HTTP by threads of a test until it stops them (the load of the reliability
 * figures 4 and 5): {@code aiThreads} threads each create one server-AI-against-server-AI match
 * after another and watch it over HTTP until it has ended; {@code clientThreads} threads each play
 * one match after another from both seats' views with {@link Bot} (every other match between two
 * registered players, so rated; the others between guests), every fourth step also sending an
 * intent from the seat that must not act (a refusal). Anything but the expected answers is
 * collected in {@link #errors}. Every loop ends when {@link #stop} is called.
 */
public final class Load {
    private final Api api;
    private final int aiThreads;
    private final int clientThreads;
    public final Set<String> matches = ConcurrentHashMap.newKeySet();
    public final Set<String> aiMatchIds = ConcurrentHashMap.newKeySet();
    public final ConcurrentLinkedQueue<String> errors = new ConcurrentLinkedQueue<>();
    public final AtomicInteger aiMatches = new AtomicInteger();
    public final AtomicInteger clientMatches = new AtomicInteger();
    public final AtomicInteger ended = new AtomicInteger();
    public final AtomicInteger intents = new AtomicInteger();
    public final AtomicInteger refused = new AtomicInteger();
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final List<Thread> threads = new ArrayList<>();

    public Load(Api api, int aiThreads, int clientThreads) {
        this.api = api;
        this.aiThreads = aiThreads;
        this.clientThreads = clientThreads;
    }

    public Load start() {
        for (int i = 0; i < aiThreads; i++) {
            threads.add(started(new Thread(this::aiMatches, "load-ai-" + i)));
        }
        for (int i = 0; i < clientThreads; i++) {
            long seed = i;
            threads.add(started(new Thread(() -> clientMatches(seed), "load-client-" + i)));
        }
        return this;
    }

    private static Thread started(Thread t) {
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Stops every thread (each finishes the request it is in). */
    public void stop() throws InterruptedException {
        running.set(false);
        for (Thread t : threads) {
            t.join(120_000);
        }
    }

    /**
     * Waits (at most {@code atMost}) until every AI match has ended: the server plays them on after
     * {@link #stop}.
     */
    public boolean awaitAiMatchesEnded(Duration atMost) throws InterruptedException {
        long until = System.nanoTime() + atMost.toNanos();
        for (String id : aiMatchIds) {
            while (!api.get("/api/matches/" + id + "/view", null)
                    .body()
                    .get("status")
                    .asText()
                    .equals("ENDED")) {
                if (System.nanoTime() > until) {
                    return false;
                }
                Thread.sleep(100);
            }
        }
        return true;
    }

    /** Events stored so far for the matches of this load. */
    public long stored(EventStore store) {
        long n = 0;
        for (String id : matches) {
            n += store.lastSequenceNumberFor(id).orElse(-1L) + 1;
        }
        return n;
    }

    private void aiMatches() {
        try {
            while (running.get()) {
                ObjectNode body = Api.JSON.createObjectNode();
                body.putObject("ai").put("A", "greedy").put("B", "random");
                Res created = api.post("/api/matches", body, null);
                if (created.status() != 201) {
                    errors.add("create: " + created.status() + " " + created.raw());
                    return;
                }
                String id = created.body().get("matchId").asText();
                matches.add(id);
                aiMatchIds.add(id);
                aiMatches.incrementAndGet();
                while (running.get()) {
                    Res v = api.get("/api/matches/" + id + "/view", null);
                    if (v.status() != 200) {
                        errors.add("view: " + v.status() + " " + v.raw());
                        return;
                    }
                    if (v.body().get("status").asText().equals("ENDED")) {
                        ended.incrementAndGet();
                        break;
                    }
                    Thread.sleep(200);
                }
            }
        } catch (Throwable e) {
            errors.add(e.toString());
        }
    }

    private void clientMatches(long seed) {
        try {
            Bot bot = new Bot(api, seed);
            // every other match between two registered players (rated), the others between guests
            // (unrated)
            String tag = java.util.UUID.randomUUID().toString().substring(0, 6);
            String[] players = {
                api.registered("Load" + seed + "a-" + tag),
                api.registered("Load" + seed + "b-" + tag)
            };
            for (int played = 0; running.get(); played++) {
                String[] m =
                        played % 2 == 0
                                ? api.ratedMatchOf(players[0], players[1], 0)
                                : api.startedMatch();
                matches.add(m[0]);
                clientMatches.incrementAndGet();
                Map<String, String> tokens = Map.of("A", m[1], "B", m[2]);
                for (int step = 0; step < 3000 && running.get(); step++) {
                    if (step % 4 == 3) {
                        String actor =
                                Api.actor(api.get("/api/matches/" + m[0] + "/view", m[1]).body());
                        String other = "A".equals(actor) ? "B" : "A";
                        Res r =
                                api.post(
                                        "/api/matches/" + m[0] + "/intents",
                                        Api.intent("END_TURN"),
                                        tokens.get(other));
                        if (r.status() != 403 && r.status() != 409) {
                            errors.add("expected a refusal: " + r.status() + " " + r.raw());
                            return;
                        }
                        refused.incrementAndGet();
                    }
                    Res r = bot.step(m[0], tokens);
                    intents.incrementAndGet();
                    if (Bot.ended(r)) {
                        ended.incrementAndGet();
                        break;
                    }
                }
            }
        } catch (Throwable e) {
            errors.add(e.toString());
        }
    }
}
