package io.duelhall.infra;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.benmanes.caffeine.jcache.configuration.CaffeineConfiguration;
import com.github.benmanes.caffeine.jcache.spi.CaffeineCachingProvider;
import io.duelhall.command.match.Match;
import io.duelhall.fairness.record.EventStoreJson;
import io.duelhall.infra.cluster.StoreCheckedCache;
import io.duelhall.query.log.MatchLogs;
import java.net.URI;
import java.util.OptionalLong;
import java.util.UUID;
import javax.cache.CacheManager;
import javax.cache.Caching;
import javax.cache.spi.CachingProvider;
import org.axonframework.common.caching.Cache;
import org.axonframework.common.caching.JCacheAdapter;
import org.axonframework.config.ConfigurerModule;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.modelling.command.inspection.AnnotatedAggregateMetaModelFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Axon infrastructure shared by all modules.
 *
 * <ul>
 *   <li>Serializer: {@code axon.serializer.general|events|messages=jackson} (application.yml) makes
 *       Axon's auto-configuration build {@link
 *       org.axonframework.serialization.json.JacksonSerializer}s. They use the Jackson 2 {@link
 *       ObjectMapper} bean found in the context, which is {@link #axonObjectMapper()}: keep it the
 *       only {@code com.fasterxml} ObjectMapper bean (the smoke test checks the serializers use
 *       it). HTTP uses Boot 4's Jackson 3 ({@code tools.jackson}) mapper, which is separate.
 *   <li>Event store: Axon's JDBC storage engine on the Boot datasource (H2 file by default), on the
 *       tables Axon's JPA engine used before: {@code store/EventStoreEngine}. The global index has
 *       its own sequence: {@code db/migration/V1__axon.sql}.
 *   <li>Event processors: pooled streaming by default, batch size {@code
 *       duelhall.eventhandling.batch-size}.
 *   <li>Aggregate cache: {@code matchCache}, a strong, bounded Caffeine cache behind Axon's {@link
 *       JCacheAdapter}; checked against the store on every hit when several nodes share it ({@link
 *       StoreCheckedCache}).
 * </ul>
 */
@Configuration(proxyBeanMethods = false)
class AxonConfig {

    /**
     * Bean name of the aggregate cache; the Match aggregate uses {@code @Aggregate(cache =
     * "matchCache")}.
     */
    public static final String MATCH_CACHE = "matchCache";

    /**
     * The Jackson 2 mapper for Axon's serializers (events, snapshots, tokens, messages): {@link
     * EventStoreJson}.
     */
    @Bean("axonObjectMapper")
    public ObjectMapper axonObjectMapper() {
        return EventStoreJson.newMapper();
    }

    /**
     * Registers pooled streaming as the default event processor type, with a batch size above
     * Axon's default of 1. A processor configured by name under {@code
     * axon.eventhandling.processors.<name>} takes its own settings (note that its {@code
     * batch-size} then defaults to 1 again unless set).
     */
    @Bean
    public ConfigurerModule pooledStreamingProcessorsByDefault(
            @Value("${duelhall.eventhandling.batch-size:100}") int batchSize) {
        return configurer ->
                configurer.eventProcessing(
                        processing ->
                                processing.usingPooledStreamingEventProcessors(
                                        (config, builder) -> builder.batchSize(batchSize)));
    }

    /**
     * A JCache manager of this application context alone: a unique URI keeps two contexts in one
     * JVM (tests) from sharing caches. Closed with the context.
     */
    @Bean(destroyMethod = "close")
    public CacheManager aggregateCacheManager() {
        CachingProvider provider =
                Caching.getCachingProvider(CaffeineCachingProvider.class.getName());
        return provider.getCacheManager(
                URI.create("urn:duelhall:aggregate-caches:" + UUID.randomUUID()),
                AxonConfig.class.getClassLoader());
    }

    /**
     * Strong, bounded aggregate cache. Strong: entries are not dropped by the GC (Axon's
     * WeakReferenceCache empties on almost every collection). Bounded: at most {@code
     * duelhall.cache.match.max-entries} aggregates, evicted by Caffeine's W-TinyLFU policy.
     * Store-by-reference (JCache defaults to store-by-value, which would copy every aggregate
     * through Java serialization).
     */
    @Bean(MATCH_CACHE)
    public Cache matchCache(
            @Qualifier("aggregateCacheManager") CacheManager cacheManager,
            @Value("${duelhall.cache.match.max-entries:10000}") long maxEntries,
            @Value("${duelhall.cache.match.check-store:auto}") String checkStore,
            @Value("${spring.datasource.url:}") String datasourceUrl,
            ObjectProvider<EventStore> eventStore,
            ObjectProvider<org.axonframework.config.Configuration> axon) {
        return aggregateCache(
                MATCH_CACHE,
                Match.class,
                cacheManager,
                maxEntries,
                checkStore,
                datasourceUrl,
                eventStore,
                axon);
    }

    /**
     * The queues' aggregate cache (issue 40): a few entries, one per queue, checked against the
     * store as the matches' are where other nodes write (any node opens tickets; one runs the
     * waves). Without it each command sourced the queue's whole stream again.
     */
    @Bean(io.duelhall.command.queue.WaveRunner.QUEUE_CACHE)
    public Cache queueCache(
            @Qualifier("aggregateCacheManager") CacheManager cacheManager,
            @Value("${duelhall.cache.match.check-store:auto}") String checkStore,
            @Value("${spring.datasource.url:}") String datasourceUrl,
            ObjectProvider<EventStore> eventStore,
            ObjectProvider<org.axonframework.config.Configuration> axon) {
        return aggregateCache(
                io.duelhall.command.queue.WaveRunner.QUEUE_CACHE,
                io.duelhall.command.queue.WaveRunner.queueAggregate(),
                cacheManager,
                1000,
                checkStore,
                datasourceUrl,
                eventStore,
                axon);
    }

    private static Cache aggregateCache(
            String name,
            Class<?> type,
            CacheManager cacheManager,
            long maxEntries,
            String checkStore,
            String datasourceUrl,
            ObjectProvider<EventStore> eventStore,
            ObjectProvider<org.axonframework.config.Configuration> axon) {
        CaffeineConfiguration<Object, Object> configuration = new CaffeineConfiguration<>();
        configuration.setTypes(Object.class, Object.class);
        configuration.setStoreByValue(false);
        configuration.setMaximumSize(OptionalLong.of(maxEntries));
        configuration.setStatisticsEnabled(false);
        configuration.setManagementEnabled(false);
        javax.cache.Cache<Object, Object> cache = cacheManager.createCache(name, configuration);
        JCacheAdapter adapter = new JCacheAdapter(cache);
        // The model is built as Axon builds the aggregate's own: with the application's parameter
        // resolvers and handler definitions (a model built with the classpath's defaults alone
        // cannot resolve the handlers' Spring-bean parameters and failed the start of every node on
        // a shared store; tests hid it, as axon-test's fixture resolver on the test classpath
        // answers any parameter).
        return checksStore(checkStore, datasourceUrl)
                ? new StoreCheckedCache(
                        adapter,
                        eventStore::getObject,
                        () ->
                                AnnotatedAggregateMetaModelFactory.inspectAggregate(
                                        type,
                                        axon.getObject().parameterResolverFactory(),
                                        axon.getObject().handlerDefinition(type)))
                : adapter;
    }

    /**
     * Whether cache hits are checked against the store ({@link StoreCheckedCache}): needed when
     * other nodes write the same store, that is unless this process is the store's only writer (one
     * rule for the aggregate cache and the match logs: {@link MatchLogs#onlyWriter}).
     */
    static boolean checksStore(String setting, String datasourceUrl) {
        return !MatchLogs.onlyWriter(setting, datasourceUrl);
    }
}
