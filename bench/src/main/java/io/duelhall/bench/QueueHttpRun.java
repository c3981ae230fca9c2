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
 * jar (or {@code --url}), arriving over the first 10 s; each, once matched (read from its ticket,
 * as a client does), concedes its match at once and queues again after an exponential think time (3
 * s on average). The server's own waits ({@code waitedMs} of each matched ticket) are then compared
 * with what the simulation's {@link Waves} (the server's {@code WaveMatcher}, every 2 s) gives for
 * the same arrivals. Guests are all rated 1500 ± 350, so this run checks the waits, not the rating
 * gaps: those come from the in-process simulation alone.
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
            List<Seen> seen = run(new JsonHttp(url), players, seconds, seed, out);
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
                                JsonNode matched = null;
                                while (matched == null && System.currentTimeMillis() < end) {
                                    Thread.sleep(250);
                                    JsonNode v = http.get("/api/tickets/" + ticket, token).body();
                                    if (v != null && "MATCHED".equals(v.path("status").asText())) {
                                        matched = v;
                                    }
                                }
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
                "%d guests, %d s over HTTP: %d tickets matched, %d errors%n",
                players, seconds, seen.size(), errors.get());
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
