package io.duelhall.infra.queue;

import io.duelhall.command.queue.QueueRatings;
import io.duelhall.projections.ratings.RatingProjection;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The queue reads the ratings read model (issue 40): the player's rating in the queue's ruleset,
 * Glicko-2 for two seats, by placing for 3 to 6, both on the Glicko scale; a player with none there
 * is new (1500 ± 350) — the numbers of {@code GET /api/leaderboard?ruleset=…&seats=…}; and the
 * accounts each player blocked ({@code player_block}).
 */
@Configuration(proxyBeanMethods = false)
class QueueRatingsConfig {
    @Bean
    QueueRatings queueRatings(
            RatingProjection ratings, io.duelhall.infra.accounts.PlayerBlocks blocks) {
        return new QueueRatings() {
            @Override
            public Rating of(String ruleset, String account, int seats) {
                return ratings.inRuleset(ruleset, seats, account)
                        .map(r -> new QueueRatings.Rating(r.rating(), r.rd()))
                        .orElse(QueueRatings.Rating.NEW);
            }

            @Override
            public java.util.Set<String> blocked(String account) {
                return blocks.blockedBy(account);
            }
        };
    }

    /** A tournament records each entrant's rating as the queue reads it (issue 41): rounded. */
    @Bean
    io.duelhall.command.tournament.TournamentRatings tournamentRatings(QueueRatings queue) {
        return (ruleset, account, seats) ->
                (int) Math.round(queue.of(ruleset, account, seats).rating());
    }
}
