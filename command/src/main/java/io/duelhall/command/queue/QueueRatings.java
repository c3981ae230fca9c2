package io.duelhall.command.queue;

/**
 * The ratings a wave weighs, read when it runs: Glicko-2 for two seats, the rating by placing for 3
 * to 6 (both on the Glicko scale); a guest or an unrated player is 1500 ± 350.
 */
public interface QueueRatings {
    record Rating(double rating, double deviation) {
        public static final Rating NEW = new Rating(1500, 350);
    }

    Rating of(String account, int seats);
}
