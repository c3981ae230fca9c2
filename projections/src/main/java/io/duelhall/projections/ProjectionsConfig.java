package io.duelhall.projections;

import io.duelhall.domain.Rulesets;
import io.duelhall.projections.admin.ProjectionAdmin;
import io.duelhall.projections.admin.ReadModelName;
import io.duelhall.projections.history.PlayerHistoryProjection;
import io.duelhall.projections.list.MatchListProjection;
import io.duelhall.projections.ratings.RatingProjection;
import io.duelhall.projections.refusals.RefusalProjection;
import io.duelhall.projections.tournaments.TournamentListProjection;
import io.duelhall.projections.view.EventStoreMatchEvents;
import io.duelhall.projections.view.MatchViewProjection;
import java.util.ArrayList;
import java.util.List;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.config.Configuration;
import org.axonframework.config.ConfigurerModule;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.tokenstore.TokenStore;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Lazy;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * The read models and their processors. Every read model is its own pooled streaming processor,
 * configured here by name with an explicit batch size (a processor configured by name would
 * otherwise fall back to Axon's batch size of 1): {@code duelhall.projections.batch-size}, 1,000 by
 * default. A batch takes only the events already there, so live play still sees small batches; a
 * catch-up or rebuild takes large ones, and {@code match-views} then renders and writes each
 * touched match's view once per 1,000 events instead of once per 100. Ratings run on one segment
 * because they depend on the order matches end in; the others are keyed by match and spread over
 * {@code duelhall.projections.segments} segments: 1 on the embedded store (one node; every event is
 * queued in every segment's work package, so segments cost per event), 4 with the {@code postgres}
 * profile (several nodes share them).
 */
@org.springframework.context.annotation.Configuration(proxyBeanMethods = false)
class ProjectionsConfig {

    @Bean
    public ConfigurerModule projectionProcessors(
            @Value("${duelhall.projections.batch-size:1000}") int batchSize,
            @Value("${duelhall.projections.segments:1}") int segments) {
        return configurer ->
                configurer.eventProcessing(
                        processing -> {
                            for (String name : Projections.ALL) {
                                int segmentCount = Projections.RATINGS.equals(name) ? 1 : segments;
                                processing.registerPooledStreamingEventProcessor(
                                        name,
                                        Configuration::eventStore,
                                        (config, builder) ->
                                                builder.batchSize(batchSize)
                                                        .initialSegmentCount(segmentCount));
                            }
                        });
    }

    @Bean
    public MatchViewProjection matchViewProjection(
            JdbcTemplate jdbc,
            Rulesets rulesets,
            EventStore eventStore,
            JsonMapper json,
            @Value("${duelhall.projections.match-views.cache-size:1000}") int cacheSize) {
        return new MatchViewProjection(
                jdbc,
                rulesets,
                new EventStoreMatchEvents(eventStore),
                json::writeValueAsString,
                cacheSize);
    }

    @Bean
    public MatchListProjection matchListProjection(JdbcTemplate jdbc) {
        return new MatchListProjection(jdbc);
    }

    @Bean
    public PlayerHistoryProjection playerHistoryProjection(JdbcTemplate jdbc) {
        return new PlayerHistoryProjection(jdbc);
    }

    @Bean
    public RatingProjection ratingProjection(JdbcTemplate jdbc) {
        return new RatingProjection(jdbc);
    }

    @Bean
    public RefusalProjection refusalProjection(JdbcTemplate jdbc, JsonMapper json) {
        return new RefusalProjection(jdbc, json::writeValueAsString);
    }

    @Bean
    public TournamentListProjection tournamentListProjection(JdbcTemplate jdbc) {
        return new TournamentListProjection(jdbc);
    }

    @Bean
    public ProjectionAdmin projectionAdmin(
            @Lazy EventProcessingConfiguration processing,
            EventStore eventStore,
            TokenStore tokenStore,
            TransactionManager transactions,
            ObjectProvider<ReadModelName> others) {
        List<String> names = new ArrayList<>(Projections.ALL);
        others.orderedStream().map(ReadModelName::name).forEach(names::add);
        return new ProjectionAdmin(processing, eventStore, tokenStore, transactions, names);
    }
}
