package io.duelhall.infra.queue;

import io.duelhall.command.queue.QueueRatings;
import io.duelhall.projections.ratings.PlacingRatings.PlacingRating;
import io.duelhall.projections.ratings.RatingProjection;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The queue reads the ratings read model (issue 40): Glicko-2 for two seats, the rating by placing
 * for 3 to 6, both on the Glicko scale; a player with none is new (1500 ± 350).
 */
@Configuration(proxyBeanMethods = false)
class QueueRatingsConfig {
    @Bean
    QueueRatings queueRatings(RatingProjection ratings) {
        return (account, seats) -> {
            if (seats == 2) {
                return ratings.byAccount(account)
                        .map(r -> new QueueRatings.Rating(r.rating(), r.rd()))
                        .orElse(QueueRatings.Rating.NEW);
            }
            return ratings.placing(account, seats)
                    .map((PlacingRating r) -> new QueueRatings.Rating(r.mu(), r.sigma()))
                    .orElse(QueueRatings.Rating.NEW);
        };
    }

    /** A tournament records each entrant's rating as the queue reads it (issue 41): rounded. */
    @Bean
    io.duelhall.command.tournament.TournamentRatings tournamentRatings(QueueRatings queue) {
        return (account, seats) -> (int) Math.round(queue.of(account, seats).rating());
    }
}
