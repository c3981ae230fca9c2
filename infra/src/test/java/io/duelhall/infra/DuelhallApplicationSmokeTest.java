package io.duelhall.infra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.duelhall.infra.smoke.SmokeMessages.OpenSmoke;
import io.duelhall.infra.smoke.SmokeMessages.PingSmoke;
import io.duelhall.infra.smoke.SmokeMessages.SmokeOpened;
import io.duelhall.infra.smoke.SmokeMessages.SmokePinged;
import io.duelhall.infra.smoke.SmokeProjection;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.cache.CacheManager;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.common.caching.Cache;
import org.axonframework.common.caching.JCacheAdapter;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventProcessor;
import org.axonframework.eventhandling.pooled.PooledStreamingEventProcessor;
import org.axonframework.eventhandling.tokenstore.TokenStore;
import org.axonframework.eventhandling.tokenstore.jdbc.JdbcTokenStore;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcEventStorageEngine;
import org.axonframework.messaging.timeout.HandlerTimeoutHandlerEnhancerDefinition;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.json.JacksonSerializer;
import org.axonframework.spring.messaging.unitofwork.SpringTransactionManager;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.util.ClassUtils;

/**
 * Starts the whole application on a fresh H2 file database (a directory of its own under target/)
 * with no Axon Server, and checks the infrastructure the modules rely on. A throwaway aggregate
 * from the {@code smoke} package (test sources only) stands in for the Match aggregate.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
// the smoke package's aggregate, controller and processor are this app's alone (profile smoke)
@org.springframework.test.context.ActiveProfiles("smoke")
// no other class shares this app: stopped when the class ends, not left polling its store while
// the rest of the suite runs in this JVM (cached contexts are never paused: spring.properties)
@org.springframework.test.annotation.DirtiesContext
class DuelhallApplicationSmokeTest {

    private static final Path DATA_DIR =
            Path.of("target", "smoke-data", UUID.randomUUID().toString()).toAbsolutePath();

    @DynamicPropertySource
    static void dataDir(DynamicPropertyRegistry registry) {
        registry.add("duelhall.data-dir", DATA_DIR::toString);
    }

    @LocalServerPort int port;

    @Autowired ApplicationContext context;
    @Autowired CommandGateway commandGateway;
    @Autowired EventStore eventStore;
    @Autowired JdbcTemplate jdbc;
    @Autowired ObjectMapper axonObjectMapper;

    @Autowired
    @Qualifier("matchCache")
    Cache matchCache;

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void startsOnTheJdbcEventStoreOnAnH2FileWithoutAxonServer() {
        assertThat(
                        ClassUtils.isPresent(
                                "org.axonframework.axonserver.connector.AxonServerConfiguration",
                                null))
                .as("axon-server-connector must be excluded")
                .isFalse();
        assertThat(eventStore).isInstanceOf(EmbeddedEventStore.class);
        assertThat(context.getBean(EventStorageEngine.class))
                .isInstanceOf(JdbcEventStorageEngine.class);

        String url =
                jdbc.execute(
                        (ConnectionCallback<String>)
                                connection -> connection.getMetaData().getURL());
        assertThat(url).startsWith("jdbc:h2:file:").contains(DATA_DIR.toString());
        // acknowledged commands must survive kill -9: no write delay
        assertThat(
                        jdbc.queryForObject(
                                "select distinct setting_value from information_schema.settings "
                                        + "where setting_name = 'WRITE_DELAY'",
                                String.class))
                .isEqualTo("0");
        assertThat(DATA_DIR.resolve("duelhall.mv.db")).exists();
    }

    /**
     * Issue 46 took Hibernate out, and with it the ordering through which Axon's auto-configuration
     * found Spring's transaction manager: without the app's own bean Axon falls back to a no-op
     * one, and a command's appends or a processor's token and read-model writes would each commit
     * alone. A unit of work that fails must leave nothing written; the token store is Axon's JDBC
     * store on the token table, no JPA provider on the class path.
     */
    @Test
    void axonsUnitsOfWorkAreSpringTransactionsAndTokensAreJdbc() {
        TransactionManager axon = context.getBean(TransactionManager.class);
        assertThat(axon).isInstanceOf(SpringTransactionManager.class);
        assertThat(context.getBean(TokenStore.class)).isInstanceOf(JdbcTokenStore.class);
        assertThat(ClassUtils.isPresent("org.hibernate.SessionFactory", null)).isFalse();
        String name = "tx-check-" + UUID.randomUUID();
        assertThatThrownBy(
                        () ->
                                axon.executeInTransaction(
                                        () -> {
                                            jdbc.update(
                                                    "insert into token_entry (segment, processor_name, timestamp) values (0, ?, 'x')",
                                                    name);
                                            throw new IllegalStateException("rolled back");
                                        }))
                .hasMessage("rolled back");
        assertThat(
                        jdbc.queryForObject(
                                "select count(*) from token_entry where processor_name = ?",
                                Long.class,
                                name))
                .as("the failed unit of work's write")
                .isZero();
        // the processors' tokens are rows of token_entry, claimed by this node
        assertThat(
                        jdbc.queryForObject(
                                "select count(*) from token_entry where owner is not null",
                                Long.class))
                .isPositive();
        // the embedded store has one node: each per-match read model runs on one segment (every
        // segment more queues every event once more; the postgres profile keeps 4, which
        // SegmentSharingTest shares between two nodes)
        for (String readModel : io.duelhall.projections.Projections.ALL) {
            assertThat(
                            jdbc.queryForObject(
                                    "select count(*) from token_entry where processor_name = ?",
                                    Long.class,
                                    readModel))
                    .as("segments of %s", readModel)
                    .isEqualTo(1L);
        }
    }

    @Test
    void flywayCreatedTheSchemaAndTheGlobalIndexHasItsOwnSequence() {
        Map<String, Object> migration =
                jdbc.queryForMap(
                        "select \"version\", \"success\" from \"flyway_schema_history\" where \"version\" = '1'");
        assertThat(migration.get("success")).isEqualTo(true);

        Map<String, Object> sequence =
                jdbc.queryForMap(
                        "select increment from information_schema.sequences "
                                + "where sequence_schema = 'PUBLIC' and sequence_name = 'DOMAIN_EVENT_ENTRY_GLOBAL_INDEX_SEQ'");
        assertThat(((Number) sequence.get("INCREMENT")).longValue()).isEqualTo(1L);
        assertThat(
                        jdbc.queryForObject(
                                "select count(*) from information_schema.sequences "
                                        + "where sequence_name = 'HIBERNATE_SEQUENCE'",
                                Long.class))
                .isZero();
    }

    @Test
    void axonSerializesWithJacksonUsingTheAxonObjectMapper() {
        Serializer general = context.getBean("serializer", Serializer.class);
        Serializer events = context.getBean("eventSerializer", Serializer.class);
        Serializer messages = context.getBean("messageSerializer", Serializer.class);
        org.axonframework.config.Configuration axon =
                context.getBean(org.axonframework.config.Configuration.class);

        for (Serializer serializer :
                List.of(
                        general,
                        events,
                        messages,
                        axon.serializer(),
                        axon.eventSerializer(),
                        axon.messageSerializer())) {
            assertThat(serializer).isInstanceOf(JacksonSerializer.class);
            assertThat(((JacksonSerializer) serializer).getObjectMapper())
                    .isSameAs(axonObjectMapper);
        }
        assertThat(context.getBeanNamesForType(ObjectMapper.class))
                .containsExactly("axonObjectMapper");
    }

    @Test
    void handlerTimeoutsAreOff() {
        assertThat(context.getBeansOfType(HandlerTimeoutHandlerEnhancerDefinition.class)).isEmpty();
        assertThat(context.getEnvironment().getProperty("axon.update-check.disabled"))
                .isEqualTo("true");
    }

    @Test
    void aCommandRoundTripsThroughTheEventStore() throws Exception {
        String id = "smoke-" + UUID.randomUUID();
        Instant openedAt = Instant.parse("2026-11-21T10:15:30.123Z");

        commandGateway.sendAndWait(new OpenSmoke(id, "first light", openedAt));
        commandGateway.sendAndWait(new PingSmoke(id));
        Integer pings = commandGateway.sendAndWait(new PingSmoke(id));
        assertThat(pings).isEqualTo(2);

        List<? extends DomainEventMessage<?>> stored =
                eventStore.readEvents(id).asStream().toList();
        assertThat(stored)
                .extracting(DomainEventMessage::getSequenceNumber)
                .containsExactly(0L, 1L, 2L);
        assertThat(stored.stream().<Object>map(DomainEventMessage::getPayload).toList())
                .containsExactly(
                        new SmokeOpened(id, "first light", openedAt),
                        new SmokePinged(id, 1),
                        new SmokePinged(id, 2));

        // stored as JSON, dates as ISO-8601 strings
        List<Map<String, Object>> rows =
                jdbc.queryForList(
                        "select global_index, payload_type, payload from domain_event_entry "
                                + "where aggregate_identifier = ? order by sequence_number",
                        id);
        assertThat(rows).hasSize(3);
        assertThat(rows.get(0).get("PAYLOAD_TYPE")).isEqualTo(SmokeOpened.class.getName());
        JsonNode payload =
                axonObjectMapper.readTree(
                        new String((byte[]) rows.get(0).get("PAYLOAD"), StandardCharsets.UTF_8));
        assertThat(payload.get("openedAt").asText()).isEqualTo("2026-11-21T10:15:30.123Z");

        // the global index comes from its own sequence one by one: consecutive, and the sequence is
        // not ahead
        List<Long> globalIndexes =
                rows.stream().map(r -> ((Number) r.get("GLOBAL_INDEX")).longValue()).toList();
        long first = globalIndexes.get(0);
        assertThat(globalIndexes).containsExactly(first, first + 1, first + 2);
        Long maxIndex =
                jdbc.queryForObject("select max(global_index) from domain_event_entry", Long.class);
        Long nextValue =
                jdbc.queryForObject(
                        "select base_value from information_schema.sequences "
                                + "where sequence_name = 'DOMAIN_EVENT_ENTRY_GLOBAL_INDEX_SEQ'",
                        Long.class);
        assertThat(nextValue).isEqualTo(maxIndex + 1);

        // the aggregate stays in the strong cache
        assertThat(matchCache.containsKey(id)).isTrue();
    }

    @Test
    void theMatchCacheIsAStrongBoundedCaffeineCache() {
        assertThat(matchCache).isInstanceOf(JCacheAdapter.class);
        CacheManager cacheManager = context.getBean("aggregateCacheManager", CacheManager.class);
        com.github.benmanes.caffeine.cache.Cache<?, ?> caffeine =
                cacheManager
                        .getCache("matchCache")
                        .unwrap(com.github.benmanes.caffeine.cache.Cache.class);
        assertThat(caffeine.policy().eviction()).isPresent();
        assertThat(caffeine.policy().eviction().orElseThrow().getMaximum()).isEqualTo(10_000L);
        assertThat(caffeine.policy().isRecordingStats()).isFalse();
        assertThat(caffeine.policy().expireAfterAccess()).isEmpty();
        assertThat(caffeine.policy().expireAfterWrite()).isEmpty();
    }

    @Test
    void eventProcessorsArePooledStreamingByDefault() {
        String id = "smoke-" + UUID.randomUUID();
        commandGateway.sendAndWait(new OpenSmoke(id, "processors", Instant.now()));

        EventProcessor processor =
                context.getBean(EventProcessingConfiguration.class)
                        .eventProcessor(SmokeProjection.GROUP)
                        .orElseThrow();
        assertThat(processor).isInstanceOf(PooledStreamingEventProcessor.class);

        SmokeProjection projection = context.getBean(SmokeProjection.class);
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(
                        () ->
                                assertThat(projection.seen())
                                        .anySatisfy(
                                                event ->
                                                        assertThat(event)
                                                                .isInstanceOfSatisfying(
                                                                        SmokeOpened.class,
                                                                        opened ->
                                                                                assertThat(
                                                                                                opened
                                                                                                        .id())
                                                                                        .isEqualTo(
                                                                                                id))));
    }

    @Test
    void actuatorHealthIsUp() throws Exception {
        HttpResponse<String> response = get("/actuator/health");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(axonObjectMapper.readTree(response.body()).get("status").asText())
                .isEqualTo("UP");
    }

    @Test
    void springMvcJsonStillWorks() throws Exception {
        HttpResponse<String> response = get("/smoke/echo");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
        JsonNode body = axonObjectMapper.readTree(response.body());
        assertThat(body.get("name").asText()).isEqualTo("duelhall");
        assertThat(body.get("at").asText()).isEqualTo("2026-01-02T03:04:05Z");
    }

    /**
     * The app as shipped stores password hashes of BCrypt cost 10 (docs/identities.md); the shared
     * test app (AppTest) runs cost 4, so this app, started with the shipped settings, is where the
     * shipped cost is checked.
     */
    @Test
    void aRegistrationStoresAHashOfTheShippedCost() {
        String name = "smoke" + UUID.randomUUID().toString().substring(0, 8);
        var registered =
                new io.duelhall.infra.http.Api(port)
                        .post(
                                "/api/players",
                                java.util.Map.of("name", name, "password", "a long passphrase"),
                                null);
        assertThat(registered.status()).as(registered.raw()).isEqualTo(201);
        String hash =
                jdbc.queryForObject(
                        "select password_hash from player_account where account_id = ?",
                        String.class,
                        registered.body().get("accountId").asText());
        assertThat(hash).startsWith("$2a$10$").hasSize(60);
    }

    private HttpResponse<String> get(String path) throws Exception {
        HttpRequest request =
                HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                        .timeout(Duration.ofSeconds(10))
                        .GET()
                        .build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
