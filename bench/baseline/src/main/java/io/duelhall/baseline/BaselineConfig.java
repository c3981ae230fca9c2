package io.duelhall.baseline;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.github.benmanes.caffeine.jcache.configuration.CaffeineConfiguration;
import com.github.benmanes.caffeine.jcache.spi.CaffeineCachingProvider;
import java.net.URI;
import java.util.OptionalLong;
import java.util.UUID;
import javax.cache.CacheManager;
import javax.cache.Caching;
import org.axonframework.common.caching.Cache;
import org.axonframework.common.caching.JCacheAdapter;
import org.axonframework.common.transaction.NoTransactionManager;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.config.ConfigurerModule;
import org.axonframework.eventhandling.tokenstore.TokenStore;
import org.axonframework.eventhandling.tokenstore.inmemory.InMemoryTokenStore;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Axon set up as the app sets it up (infra's AxonConfig) where it applies: a Jackson 2 mapper for
 * the serializers, pooled streaming processors with batches of 100, a strong bounded aggregate
 * cache.
 */
@Configuration(proxyBeanMethods = false)
class BaselineConfig {
    static final String COUNTER_CACHE = "counterCache";

    /** The one Jackson 2 mapper, taken by Axon's JacksonSerializers. */
    @Bean
    ObjectMapper axonObjectMapper() {
        return JsonMapper.builder()
                .addModule(new JavaTimeModule())
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .build();
    }

    @Bean
    ConfigurerModule pooledStreamingProcessorsByDefault(
            @Value("${baseline.eventhandling.batch-size:100}") int batchSize) {
        return configurer ->
                configurer.eventProcessing(
                        processing ->
                                processing.usingPooledStreamingEventProcessors(
                                        (config, builder) -> builder.batchSize(batchSize)));
    }

    /**
     * {@code baseline.store=memory}: Axon with nothing durable — the events in memory (Axon's
     * {@code InMemoryEventStorageEngine}), the processor's tokens in memory ({@code
     * InMemoryTokenStore}), and no transaction around a command or a batch ({@code
     * NoTransactionManager}) — so the baseline's cost per command splits into Axon's own command
     * path and what storing costs (issue 17). Not durable: a measurement only.
     */
    @Bean
    @ConditionalOnProperty(name = "baseline.store", havingValue = "memory")
    EventStorageEngine inMemoryEventStorageEngine() {
        return new InMemoryEventStorageEngine();
    }

    /** With {@code baseline.store=memory}: the processor's tokens in memory. */
    @Bean
    @ConditionalOnProperty(name = "baseline.store", havingValue = "memory")
    TokenStore inMemoryTokenStore() {
        return new InMemoryTokenStore();
    }

    /** With {@code baseline.store=memory}: no transaction (nothing is written to a database). */
    @Bean
    @ConditionalOnProperty(name = "baseline.store", havingValue = "memory")
    TransactionManager noTransactionManager() {
        return NoTransactionManager.INSTANCE;
    }

    @Bean(destroyMethod = "close")
    CacheManager aggregateCacheManager() {
        return Caching.getCachingProvider(CaffeineCachingProvider.class.getName())
                .getCacheManager(
                        URI.create("urn:baseline:aggregate-caches:" + UUID.randomUUID()),
                        BaselineConfig.class.getClassLoader());
    }

    /**
     * Strong (not dropped by the GC), bounded (W-TinyLFU), stored by reference: as the app's {@code
     * matchCache}, without its check against the store (for several writers of one store).
     */
    @Bean(COUNTER_CACHE)
    Cache counterCache(
            @Qualifier("aggregateCacheManager") CacheManager cacheManager,
            @Value("${baseline.cache.max-entries:10000}") long maxEntries) {
        CaffeineConfiguration<Object, Object> configuration = new CaffeineConfiguration<>();
        configuration.setTypes(Object.class, Object.class);
        configuration.setStoreByValue(false);
        configuration.setMaximumSize(OptionalLong.of(maxEntries));
        configuration.setStatisticsEnabled(false);
        configuration.setManagementEnabled(false);
        return new JCacheAdapter(cacheManager.createCache(COUNTER_CACHE, configuration));
    }
}
