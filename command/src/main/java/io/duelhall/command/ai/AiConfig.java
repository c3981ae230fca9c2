package io.duelhall.command.ai;

import org.axonframework.config.ConfigurerModule;
import org.axonframework.eventhandling.TrackingEventProcessorConfiguration;
import org.axonframework.messaging.StreamableMessageSource;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The AI seats' processor: a tracking processor, one thread, starting at the head of the store the
 * first time it runs (the AI plays live matches, not history) and from its stored token after that.
 *
 * <p>Why not the pooled streaming processor the app uses elsewhere: on the embedded event store its
 * stream offers no availability callback, so an idle pooled processor looks for new events only
 * every 500 ms — half a second per AI move. A tracking processor waits on the store's own signal
 * and sees a commit at once.
 */
@Configuration(proxyBeanMethods = false)
class AiConfig {
    @Bean
    public ConfigurerModule aiSeatsProcessor(
            @Value("${duelhall.eventhandling.batch-size:100}") int batchSize) {
        return configurer ->
                configurer.eventProcessing(
                        processing ->
                                processing.registerTrackingEventProcessor(
                                        AiDriver.GROUP,
                                        org.axonframework.config.Configuration::eventStore,
                                        c ->
                                                TrackingEventProcessorConfiguration
                                                        .forSingleThreadedProcessing()
                                                        .andBatchSize(batchSize)
                                                        .andInitialTrackingToken(
                                                                StreamableMessageSource
                                                                        ::createHeadToken)));
    }
}
