package io.duelhall.infra.history;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.duelhall.command.queue.QueueEvents;
import io.duelhall.command.tournament.TournamentEvents;
import io.duelhall.domain.EventNames;
import io.duelhall.domain.Rulesets;
import org.axonframework.config.ConfigurerModule;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.json.JacksonSerializer;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * History that survives upgrades (docs/upgrading.md): events are stored under logical names and
 * revisions ({@link StableNameSerializer} as Axon's {@code eventSerializer}), and rows of earlier
 * releases are read through the upcaster chain, starting with {@link LegacyEventNameUpcaster}. The
 * chain serves every read of the event store — aggregates, processors, replays — on H2 and
 * PostgreSQL alike.
 */
@Configuration(proxyBeanMethods = false)
class HistoryConfig {

    @Bean
    public EventNames eventNames(Rulesets rulesets) {
        // the queue's events (issue 40) are stored as queue.<Type>, the tournaments' (issue 41) as
        // tournament.<Type>
        return new EventNames(rulesets.all())
                .with("queue", QueueEvents.TYPES)
                .with(TournamentEvents.NAMESPACE, TournamentEvents.TYPES);
    }

    /**
     * Overrides Axon's auto-configured event serializer (same mapper, same Jackson settings,
     * logical type names).
     */
    @Bean
    @Qualifier("eventSerializer")
    public Serializer eventSerializer(
            @Qualifier("axonObjectMapper") ObjectMapper mapper, EventNames names) {
        return new StableNameSerializer(JacksonSerializer.builder().objectMapper(mapper), names);
    }

    @Bean
    public ConfigurerModule legacyEventNames(EventNames names) {
        return configurer ->
                configurer.registerEventUpcaster(c -> new LegacyEventNameUpcaster(names));
    }
}
