package io.duelhall.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.client.JsonHttp;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Durability as shipped: an intent answered 200 survives a kill -9 of the server. Plays matches
 * with AI-driven clients against the app jar, kills it with SIGKILL in the middle of the load,
 * starts it again on the same data and sends every acknowledged intent again: each must come back
 * as the same accepted intent (200, same version) — its receipt, and so its events, were on disk
 * when the client was told "accepted".
 */
public final class KillNine {
    public record Result(int acknowledged, int checked, int lost, List<String> firstLost) {
        public String report() {
            return String.format(
                    "kill -9 under load: %d intents acknowledged before the kill, %d checked after the restart, %d lost%s",
                    acknowledged, checked, lost, firstLost.isEmpty() ? "" : " e.g. " + firstLost);
        }
    }

    public static Result run(int clients, int seconds, List<String> jvmArgs) throws Exception {
        return run(clients, seconds, 50, jvmArgs);
    }

    /**
     * Kills after {@code seconds} of load, and not before {@code minAcks} intents were
     * acknowledged.
     */
    public static Result run(int clients, int seconds, int minAcks, List<String> jvmArgs)
            throws Exception {
        Path dir = AppProcess.tempDataDir("kill9");
        try {
            Bot.Stats stats = new Bot.Stats();
            stats.keepAcks = true;
            try (AppProcess app = AppProcess.start(dir, jvmArgs, List.of())) {
                JsonHttp http = new JsonHttp(app.url());
                Map<String, JsonNode> cards = Bot.catalog(http);
                JsonNode decks = http.get("/api/decks/starter", null).body();
                ExecutorService pool = Executors.newFixedThreadPool(clients);
                long end = System.nanoTime() + 3_600_000_000_000L;
                for (int i = 0; i < clients; i++) {
                    pool.submit(
                            () -> {
                                Bot bot = new Bot(http, cards, decks, stats);
                                try {
                                    while (true) {
                                        bot.playMatch(() -> System.nanoTime() < end);
                                    }
                                } catch (RuntimeException e) {
                                    return; // the server is gone
                                }
                            });
                }
                // at least {@code seconds}, and until some intents were acknowledged (a slow
                // machine needs longer)
                long until = System.currentTimeMillis() + seconds * 1000L;
                long giveUp = System.currentTimeMillis() + 300_000L;
                while ((System.currentTimeMillis() < until || stats.acks.size() < minAcks)
                        && System.currentTimeMillis() < giveUp) {
                    Thread.sleep(100);
                }
                app.kill9(); // while the clients are still sending
                pool.shutdownNow();
                pool.awaitTermination(60, TimeUnit.SECONDS);
            }
            List<Bot.Ack> acks = new ArrayList<>(stats.acks);
            int lost = 0;
            List<String> firstLost = new ArrayList<>();
            try (AppProcess again = AppProcess.start(dir, jvmArgs, List.of())) {
                JsonHttp http = new JsonHttp(again.url());
                for (Bot.Ack a : acks) {
                    JsonHttp.Res r =
                            http.post(
                                    "/api/matches/" + a.matchId() + "/intents",
                                    a.body(),
                                    a.token());
                    boolean same =
                            r.status() == 200 && r.body().get("version").asLong() == a.version();
                    if (!same) {
                        lost++;
                        if (firstLost.size() < 5) {
                            firstLost.add(
                                    a.matchId()
                                            + "@"
                                            + a.version()
                                            + " -> "
                                            + r.status()
                                            + " "
                                            + r.body());
                        }
                    }
                }
            }
            return new Result(acks.size(), acks.size(), lost, firstLost);
        } finally {
            AppProcess.deleteQuietly(dir);
        }
    }
}
