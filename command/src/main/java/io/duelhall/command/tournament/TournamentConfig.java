package io.duelhall.command.tournament;

import org.axonframework.config.ConfigurerModule;
import org.axonframework.eventhandling.PropagatingErrorHandler;
import org.axonframework.eventhandling.TrackingEventProcessorConfiguration;
import org.axonframework.messaging.StreamableMessageSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The tables' processor: a tracking processor, one thread, from the store's head the first time
 * (tables of live tournaments, not history), as the AI seats' (AiConfig says why not pooled); an
 * error is propagated, so the batch is tried again after a back-off.
 */
@Configuration(proxyBeanMethods = false)
class TournamentConfig {
    @Bean
    public ConfigurerModule tournamentTablesProcessor() {
        return configurer ->
                configurer.eventProcessing(
                        processing ->
                                processing
                                        // a failed command (the store away) is tried again, not
                                        // skipped: a skipped table would never open or finish.
                                        // Both handlers are safe to repeat (seats are taken once
                                        // each, a settled table ignores a second result)
                                        .registerListenerInvocationErrorHandler(
                                                TournamentTables.GROUP,
                                                c -> PropagatingErrorHandler.instance())
                                        .registerTrackingEventProcessor(
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
