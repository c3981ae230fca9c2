package io.duelhall.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.client.JsonHttp;
import io.duelhall.domain.voidexa.ai.Series;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Self-play from the command line: N matches of a first player against a second, seats swapped
 * every other match. In memory on the pure engine, or through the full stack: matches created over
 * HTTP with both seats played by the server's AI ({@code "ai": {"A": …, "B": …}}), which plays
 * through the command path.
 */
public final class SelfPlayCli {
    /**
     * {@code intents}: accepted intents of all matches (the AI seats' intents through the command
     * path).
     */
    public record Tally(
            int matches, int wins, int losses, int draws, long intents, double seconds) {
        public double winRate() {
            return matches == 0 ? 0 : (double) wins / matches;
        }

        public double intentsPerSecond() {
            return seconds == 0 ? 0 : intents / seconds;
        }
    }

    public static Series.Tally inMemory(
            String first, String second, int n, long seed, PrintStream progressOut) {
        Progress progress = new Progress(progressOut, n);
        return new Series(Rules.voidexa()).run(first, second, n, seed, progress::update);
    }

    public static Tally overHttp(
            String url,
            String first,
            String second,
            int n,
            int concurrency,
            PrintStream progressOut)
            throws Exception {
        JsonHttp http = new JsonHttp(url);
        Progress progress = new Progress(progressOut, n);
        AtomicInteger done = new AtomicInteger();
        AtomicInteger wins = new AtomicInteger();
        AtomicInteger losses = new AtomicInteger();
        AtomicInteger draws = new AtomicInteger();
        java.util.concurrent.atomic.AtomicLong intents =
                new java.util.concurrent.atomic.AtomicLong();
        long t0 = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, concurrency));
        List<Future<?>> all = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            boolean firstIsA = i % 2 == 0;
            all.add(
                    pool.submit(
                            () -> {
                                String mine = firstIsA ? "A" : "B";
                                Map<String, String> ai =
                                        firstIsA
                                                ? Map.of("A", first, "B", second)
                                                : Map.of("A", second, "B", first);
                                JsonHttp.Res created =
                                        http.post(
                                                "/api/matches",
                                                Map.of("ruleset", "voidexa", "ai", ai),
                                                null);
                                if (created.status() != 201) {
                                    throw new IllegalStateException(
                                            "create answered "
                                                    + created.status()
                                                    + ": "
                                                    + created.body());
                                }
                                String id = created.body().get("matchId").asText();
                                long deadline = System.currentTimeMillis() + 600_000;
                                JsonNode view;
                                while (!(view =
                                                http.get("/api/matches/" + id + "/view", null)
                                                        .body())
                                        .get("status")
                                        .asText()
                                        .equals("ENDED")) {
                                    if (System.currentTimeMillis() > deadline) {
                                        throw new IllegalStateException(
                                                "match " + id + " did not end in 10 minutes");
                                    }
                                    Thread.sleep(
                                            1000); // a view read folds the whole match: polling is
                                    // load too
                                }
                                for (JsonNode e :
                                        http.get(
                                                        "/api/matches/"
                                                                + id
                                                                + "/events?from=0&limit=5000",
                                                        null)
                                                .body()
                                                .get("events")) {
                                    if (e.get("type").asText().equals("IntentAccepted")) {
                                        intents.incrementAndGet();
                                    }
                                }
                                JsonNode winner = view.at("/result/winner");
                                if (winner.isMissingNode() || winner.isNull()) {
                                    draws.incrementAndGet();
                                } else if (winner.asText().equals(mine)) {
                                    wins.incrementAndGet();
                                } else {
                                    losses.incrementAndGet();
                                }
                                progress.update(done.incrementAndGet());
                                return null;
                            }));
        }
        for (Future<?> f : all) {
            f.get();
        }
        pool.shutdown();
        return new Tally(
                n,
                wins.get(),
                losses.get(),
                draws.get(),
                intents.get(),
                (System.nanoTime() - t0) / 1e9);
    }
}
