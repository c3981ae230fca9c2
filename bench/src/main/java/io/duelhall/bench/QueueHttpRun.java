package io.duelhall.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.bench.QueueSim.Memory;
import io.duelhall.bench.QueueSim.Player;
import io.duelhall.bench.QueueSim.Ticket;
import io.duelhall.bench.QueueSim.Waves;
import io.duelhall.client.JsonHttp;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.domain.matchmaking.PairingRules;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code queuesim --http}: the queue over the real server's HTTP API, to check the simulation's
 * model of the waves against it. Guests queue casual voidexa (2 seats) on a server started from its
 * jar (or {@code --url}), arriving over the first 10 s; each, once matched (told by its ticket's
 * stream, as the lobby is, or with {@code --poll} by reading the ticket every 250 ms), concedes its
 * match at once and queues again after an exponential think time (3 s on average). The server's own
 * waits ({@code waitedMs} of each matched ticket) are then compared with what the simulation's
 * {@link Waves} (the server's {@code WaveMatcher}, every 2 s) gives for the same arrivals. Guests
 * are all rated 1500 ± 350, so this run checks the waits, not the rating gaps: those come from the
 * in-process simulation alone.
 */
final class QueueHttpRun {
    private QueueHttpRun() {}

    /** One matched ticket: when it was opened (ms after the start), the player, its wait. */
    record Seen(long openedAt, int player, long waitedMs) {}

    static void main(Args args, PrintStream out) throws Exception {
        int players = args.getInt("players", 40);
        int seconds = args.getInt("seconds", 120);
        long seed = args.getInt("seed", 1);
        String url = args.get("url", null);
        AppProcess app = null;
        if (url == null) {
            app =
                    AppProcess.start(
                            AppProcess.tempDataDir("queuehttp"),
                            List.of(),
                            List.of(
                                    "--duelhall.queue.wave="
                                            + args.getInt("wave-ms", 2000)
                                            + "ms"));
            url = app.url();
            out.printf("app ready in %d ms%n", app.readyMillis());
        }
        try {
            List<Seen> seen = run(new JsonHttp(url), players, seconds, seed, args.has("poll"), out);
            report(seen, players, args.getInt("wave-ms", 2000), out);
            JsonNode queues = new JsonHttp(url).get("/api/queues", null).body();
            for (JsonNode q : queues) {
                if (q.get("ruleset").asText().equals("voidexa")
                        && q.get("seats").asInt() == 2
                        && !q.get("rated").asBoolean()) {
                    out.printf(
                            "GET /api/queues, voidexa-2-casual: waitP50Ms %d, waitP95Ms %d%n",
                            q.get("waitP50Ms").asLong(), q.get("waitP95Ms").asLong());
                }
            }
        } finally {
            if (app != null) {
                app.close();
            }
        }
    }

    static List<Seen> run(JsonHttp http, int players, int seconds, long seed, PrintStream out)
            throws InterruptedException {
        return run(http, players, seconds, seed, false, out);
    }

    /**
     * Reads the ticket every 250 ms until it is matched (each read replays the queue on the
     * server); null when the run ends first.
     */
    static JsonNode polled(JsonHttp http, String ticket, String token, long end)
            throws InterruptedException {
        while (System.currentTimeMillis() < end) {
            Thread.sleep(250);
            JsonNode v = http.get("/api/tickets/" + ticket, token).body();
            if (v != null && "MATCHED".equals(v.path("status").asText())) {
                return v;
            }
        }
        return null;
    }

    private static final java.net.http.HttpClient SSE = java.net.http.HttpClient.newHttpClient();

    /** Closes the ticket streams still open when a run ends. */
    private static final java.util.concurrent.ScheduledExecutorService ENDS =
            Executors.newSingleThreadScheduledExecutor(
                    r -> {
                        Thread t = new Thread(r, "queue-run-ends");
                        t.setDaemon(true);
                        return t;
                    });

    /**
     * Follows the ticket's stream (as the lobby does: the server reads each queue's open tickets
     * once a second, however many streams are open) until it says MATCHED; null when the run ends
     * or the stream ends otherwise. A request's timeout bounds only the wait for the response's
     * head, not the body: the stream of a ticket still waiting when the run ends is closed then,
     * else its guest would wait on it until the pool's grace ran out (120 s more).
     */
    static JsonNode streamed(JsonHttp http, String ticket, String token, long end) {
        long left = end - System.currentTimeMillis();
        if (left <= 0) {
            return null;
        }
        try {
            java.net.http.HttpResponse<java.util.stream.Stream<String>> r =
                    SSE.send(
                            java.net.http.HttpRequest.newBuilder(
                                            java.net.URI.create(
                                                    http.base()
                                                            + "/api/tickets/"
                                                            + ticket
                                                            + "/stream?access_token="
                                                            + token))
                                    .header("Accept", "text/event-stream")
                                    .timeout(java.time.Duration.ofMillis(left))
                                    .build(),
                            java.net.http.HttpResponse.BodyHandlers.ofLines());
            if (r.statusCode() != 200) {
                return null;
            }
            try (java.util.stream.Stream<String> lines = r.body()) {
                java.util.concurrent.ScheduledFuture<?> close =
                        ENDS.schedule(
                                lines::close,
                                Math.max(0, end - System.currentTimeMillis()),
                                TimeUnit.MILLISECONDS);
                try {
                    for (String line : (Iterable<String>) lines::iterator) {
                        if (line.startsWith("data:")) {
                            JsonNode v = JsonHttp.JSON.readTree(line.substring(5));
                            if ("MATCHED".equals(v.path("status").asText())) {
                                return v;
                            }
                        }
                    }
                } finally {
                    close.cancel(false);
                }
            }
            return null;
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            return null; // timed out at the end of the run, or the stream broke
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    static List<Seen> run(
            JsonHttp http, int players, int seconds, long seed, boolean poll, PrintStream out)
            throws InterruptedException {
        JsonNode decks = http.get("/api/rulesets/voidexa/decks/starter", null).body();
        long t0 = System.currentTimeMillis();
        long end = t0 + seconds * 1000L;
        List<Seen> seen = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger errors = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(players);
        for (int i = 0; i < players; i++) {
            int id = i;
            pool.submit(
                    () -> {
                        Random r = new Random(seed * 1_000 + id);
                        try {
                            Thread.sleep((long) (r.nextDouble() * 10_000));
                            while (System.currentTimeMillis() < end) {
                                ObjectNode body = JsonHttp.JSON.createObjectNode();
                                ObjectNode seat = decks.get(id % decks.size()).deepCopy();
                                seat.put("name", "P" + id);
                                body.put("seats", 2).put("rated", false).set("seat", seat);
                                long opened = System.currentTimeMillis() - t0;
                                Res t = http.post("/api/queues/voidexa/tickets", body, null);
                                if (t.status() != 201) {
                                    errors.incrementAndGet();
                                    Thread.sleep(1_000);
                                    continue;
                                }
                                String ticket = t.body().get("ticketId").asText();
                                String token = t.body().get("ticketToken").asText();
                                JsonNode matched =
                                        poll
                                                ? polled(http, ticket, token, end)
                                                : streamed(http, ticket, token, end);
                                if (matched == null) {
                                    break; // the run is over
                                }
                                seen.add(new Seen(opened, id, matched.get("waitedMs").asLong()));
                                JsonNode m = matched.get("match");
                                http.post(
                                        "/api/matches/" + m.get("matchId").asText() + "/intents",
                                        JsonHttp.intent("CONCEDE"),
                                        m.get("playerToken").asText());
                                Thread.sleep((long) (-Math.log(1 - r.nextDouble()) * 3_000));
                            }
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        } catch (RuntimeException e) {
                            errors.incrementAndGet();
                        }
                    });
        }
        pool.shutdown();
        pool.awaitTermination(seconds + 120L, TimeUnit.SECONDS);
        out.printf(
                "%d guests, %d s over HTTP (%s): %d tickets matched, %d errors%n",
                players,
                seconds,
                poll ? "each reads its ticket every 250 ms" : "each follows its ticket's stream",
                seen.size(),
                errors.get());
        return new ArrayList<>(seen);
    }

    /**
     * The same arrivals through the simulation's waves (ratings all 1500 ± 350, as guests), waves
     * every {@code waveMs}; the waits of both side by side.
     */
    static void report(List<Seen> seen, int players, int waveMs, PrintStream out) {
        List<Seen> byTime = new ArrayList<>(seen);
        byTime.sort((a, b) -> Long.compare(a.openedAt(), b.openedAt()));
        List<Player> ps = new ArrayList<>();
        for (int i = 0; i < players; i++) {
            ps.add(new Player(i, 1500, 350, "acc" + i, "10.0.0." + i));
        }
        Waves m = new Waves(2, PairingRules.DEFAULT, waveMs);
        Memory memory = new Memory();
        List<Long> simWaits = new ArrayList<>();
        int next = 0;
        long now = 0;
        long seq = 0;
        long last = byTime.isEmpty() ? 0 : byTime.get(byTime.size() - 1).openedAt() + 60_000;
        while (now < last) {
            long tick = m.nextTick(now);
            long arrival = next < byTime.size() ? byTime.get(next).openedAt() : Long.MAX_VALUE;
            now = Math.min(tick, arrival);
            List<List<Ticket>> formed;
            if (arrival <= tick) {
                Seen s = byTime.get(next++);
                formed = m.arrive(new Ticket(ps.get(s.player()), now, seq++), now, memory);
            } else {
                formed = m.tick(now, memory);
            }
            for (List<Ticket> table : formed) {
                memory.met(table, now);
                for (Ticket t : table) {
                    simWaits.add(now - t.since);
                }
            }
        }
        long[] http = seen.stream().mapToLong(Seen::waitedMs).sorted().toArray();
        long[] sim = simWaits.stream().mapToLong(Long::longValue).sorted().toArray();
        out.println("| source | tickets matched | wait p50 | wait p95 | wait p99 |");
        out.println("|---|---|---|---|---|");
        out.printf("| server over HTTP | %d | %s |%n", http.length, percentiles(http));
        out.printf("| simulation, same arrivals | %d | %s |%n", sim.length, percentiles(sim));
    }

    static String percentiles(long[] sorted) {
        if (sorted.length == 0) {
            return "— | — | —";
        }
        return String.format(
                "%.2f s | %.2f s | %.2f s",
                sorted[QueueSim.Figures.index(sorted.length, 0.5)] / 1000.0,
                sorted[QueueSim.Figures.index(sorted.length, 0.95)] / 1000.0,
                sorted[QueueSim.Figures.index(sorted.length, 0.99)] / 1000.0);
    }
}
