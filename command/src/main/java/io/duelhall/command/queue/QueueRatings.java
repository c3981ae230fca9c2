package io.duelhall.command.queue;

/**
 * What a wave reads about each waiting player when it runs: the ratings it weighs, read when it
 * runs: the player's rating in the queue's ruleset — Glicko-2 for two seats, by placing for 3 to 6
 * (both on the Glicko scale); a guest or a player new to that ruleset and seat count is 1500 ± 350.
 */
public interface QueueRatings {
    record Rating(double rating, double deviation) {
        public static final Rating NEW = new Rating(1500, 350);
    }

    Rating of(String ruleset, String account, int seats);

    /**
     * The accounts {@code account} blocked (block lists, issue 40): the queue never seats them at
     * one table with it. Read, as the ratings are, when the wave runs; none by default.
     */
    default java.util.Set<String> blocked(String account) {
        return java.util.Set.of();
    }
}
