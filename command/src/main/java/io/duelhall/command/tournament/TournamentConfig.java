package io.duelhall.command.tournament;

import org.axonframework.config.ConfigurerModule;
import org.axonframework.eventhandling.TrackingEventProcessorConfiguration;
import org.axonframework.messaging.StreamableMessageSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The tables' processor: a tracking processor, one thread, from the store's head the first time
 * (tables of live tournaments, not history), as the AI seats' (AiConfig says why not pooled).
 */
@Configuration(proxyBeanMethods = false)
class TournamentConfig {
    @Bean
    public ConfigurerModule tournamentTablesProcessor() {
        return configurer ->
                configurer.eventProcessing(
                        processing ->
                                processing.registerTrackingEventProcessor(
                                        TournamentTables.GROUP,
                                        org.axonframework.config.Configuration::eventStore,
                                        c ->
                                                TrackingEventProcessorConfiguration
                                                        .forSingleThreadedProcessing()
                                                        .andBatchSize(10)
                                                        .andInitialTrackingToken(
                                                                StreamableMessageSource
                                                                        ::createHeadToken)));
    }
}
