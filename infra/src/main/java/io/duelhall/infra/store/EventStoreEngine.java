package io.duelhall.infra.store;

import io.duelhall.command.chain.EventChainer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collections;
import java.util.List;
import javax.sql.DataSource;
import org.axonframework.common.jdbc.ConnectionProvider;
import org.axonframework.common.jdbc.PersistenceExceptionResolver;
import org.axonframework.common.jdbc.UnitOfWorkAwareConnectionProviderWrapper;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.EventUtils;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.eventsourcing.eventstore.jdbc.EventSchema;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcEventStorageEngine;
import org.axonframework.eventsourcing.eventstore.jdbc.statements.JdbcEventStorageEngineStatements;
import org.axonframework.eventsourcing.eventstore.jdbc.statements.TimestampWriter;
import org.axonframework.eventsourcing.eventstore.jpa.SQLErrorCodesResolver;
import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.SerializedType;
import org.axonframework.serialization.Serializer;
import org.axonframework.spring.messaging.unitofwork.SpringTransactionManager;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.support.JdbcUtils;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * The event store's storage engine: Axon's JDBC engine on the tables Axon's JPA engine made (issue
 * 17). Same table, same columns, same bytes: a store written by either engine is read by the other,
 * so every older data directory opens as it is, and nodes of both kinds may share a PostgreSQL
 * store during a rolling upgrade.
 *
 * <p>Why: under load the JPA engine spent more CPU in Hibernate (an entity, a persistence context
 * and a flush per event) than in the insert itself (docs/benchmarks.md, issue 17's profile). The
 * JDBC engine appends a command's events as one JDBC batch in the command's own transaction (the
 * connection Spring's transaction holds), and reads without entities.
 *
 * <p>Two things differ from Axon's defaults:
 *
 * <ul>
 *   <li>The global index comes from the same sequence the JPA mapping used ({@code
 *       domain_event_entry_global_index_seq}, increment 1: {@code V1__axon.sql}), named in the
 *       insert itself, so the table needs no column default and no migration.
 *   <li>A payload is serialized once: {@link EventChainer} serialized it with this same serializer
 *       to hash it into the match's chain, and the insert stores those very bytes ({@link
 *       EventChainer#serialized}); a payload it did not see is serialized here as before.
 * </ul>
 */
@Configuration(proxyBeanMethods = false)
class EventStoreEngine {
    static final String SEQUENCE = "domain_event_entry_global_index_seq";

    @Bean
    public EventStorageEngine eventStorageEngine(
            Serializer defaultSerializer,
            @Qualifier("eventSerializer") Serializer eventSerializer,
            PersistenceExceptionResolver persistenceExceptionResolver,
            org.axonframework.config.Configuration configuration,
            ConnectionProvider connectionProvider,
            TransactionManager transactionManager,
            DataSource dataSource) {
        EventSchema schema = schema();
        String next = nextGlobalIndex(dataSource);
        String insert =
                "INSERT INTO "
                        + schema.domainEventTable()
                        + " ("
                        + schema.globalIndexColumn()
                        + ", "
                        + schema.domainEventFields()
                        + ") VALUES ("
                        + next
                        + ",?,?,?,?,?,?,?,?,?)";
        return JdbcEventStorageEngine.builder()
                .snapshotSerializer(defaultSerializer)
                .upcasterChain(configuration.upcasterChain())
                .persistenceExceptionResolver(persistenceExceptionResolver)
                .eventSerializer(eventSerializer)
                .snapshotFilter(configuration.snapshotFilter())
                .connectionProvider(connectionProvider)
                .transactionManager(transactionManager)
                .schema(schema)
                .dataType(byte[].class)
                .appendEvents(
                        (connection, s, dataType, events, serializer, timestamps) ->
                                append(connection, insert, events, serializer, timestamps))
                .readEventDataWithGaps(EventStoreEngine::readWithGaps)
                .build();
    }

    /**
     * Axon's units of work run in Spring's transactions (the command's appends, a processor batch's
     * token and read-model writes: one commit each), as Axon's auto-configuration makes it when it
     * sees Spring's transaction manager. It no longer sees it in time (its ordering named Boot's
     * JPA set-up, gone with Hibernate) and would fall back to a no-op transaction manager: declared
     * here, and {@code DuelhallApplicationSmokeTest} checks that a failed unit of work writes
     * nothing.
     */
    @Bean
    public TransactionManager axonTransactionManager(PlatformTransactionManager transactions) {
        return new SpringTransactionManager(transactions);
    }

    /**
     * The connection of the Spring transaction in progress (the command's, the processor batch's),
     * as Axon's JDBC auto-configuration makes it. That auto-configuration no longer applies: it
     * waits for a {@link DataSource} bean by an ordering on Axon's JPA auto-configuration, which is
     * gone with Hibernate, so the beans the app uses are declared here and in {@code NodeConfig}.
     * Spring's connection comes through {@link TransactionConnections}, not Axon's {@code
     * SpringDataSourceConnectionProvider}: the latter let every unit of work close the pool's proxy
     * twice, which HikariCP does not survive (see there).
     */
    @Bean
    public ConnectionProvider connectionProvider(DataSource dataSource) {
        return new UnitOfWorkAwareConnectionProviderWrapper(new TransactionConnections(dataSource));
    }

    /**
     * Which SQL error is a duplicate key (a lost append: {@code ConcurrencyException}): the
     * database's own error codes, as Axon's JPA auto-configuration chose before the app dropped JPA
     * (Axon's JDBC default knows only {@link java.sql.SQLIntegrityConstraintViolationException},
     * which PostgreSQL's driver never throws).
     */
    @Bean
    public PersistenceExceptionResolver persistenceExceptionResolver(DataSource dataSource)
            throws SQLException {
        return new SQLErrorCodesResolver(dataSource);
    }

    /**
     * The events after a tracking token that has gaps: those after its index (at most a batch) and
     * those in its gaps (positions below its index whose transactions had not committed when it
     * passed them). The same rows in the same order as Axon's statement, {@code WHERE (gi > ? AND
     * gi <= ?) OR gi IN (...)}, which H2 answers by walking the whole table (its planner takes no
     * index range from an {@code OR}): under load every read of the stream with a gap in it read
     * every stored event (issue 46's profile: the event store's reader 8 % of the app's CPU at 100
     * intents a second, and growing with the store). Here the same condition sits inside the range
     * from the lowest gap to the batch's end, which both H2 and PostgreSQL read from the primary
     * key's index; gaps lie at most {@code maxGapOffset} positions behind the index (Axon drops
     * older ones), so the range is bounded whatever the store's size.
     */
    static PreparedStatement readWithGaps(
            Connection connection,
            EventSchema schema,
            long globalIndex,
            int batchSize,
            List<Long> gaps)
            throws SQLException {
        if (gaps.isEmpty()) { // Axon asks this way only with gaps; the plain range otherwise
            return JdbcEventStorageEngineStatements.readEventDataWithoutGaps(
                    connection, schema, globalIndex, batchSize);
        }
        PreparedStatement statement = connection.prepareStatement(withGapsSql(schema, gaps.size()));
        bindWithGaps(statement, globalIndex, batchSize, gaps);
        return statement;
    }

    /** {@link #readWithGaps}'s SQL for {@code gaps} gaps. */
    static String withGapsSql(EventSchema schema, int gaps) {
        String gi = schema.globalIndexColumn();
        return "SELECT "
                + schema.trackedEventFields()
                + " FROM "
                + schema.domainEventTable()
                + " WHERE "
                + gi
                + " >= ? AND "
                + gi
                + " <= ? AND ("
                + gi
                + " > ? OR "
                + gi
                + " IN ("
                + String.join(",", Collections.nCopies(gaps, "?"))
                + ")) ORDER BY "
                + gi
                + " ASC";
    }

    /** {@link #readWithGaps}'s parameters: from the lowest gap to the batch's end. */
    static void bindWithGaps(
            PreparedStatement statement, long globalIndex, int batchSize, List<Long> gaps)
            throws SQLException {
        long from = globalIndex;
        for (long gap : gaps) {
            from = Math.min(from, gap);
        }
        statement.setLong(1, from);
        statement.setLong(2, globalIndex + batchSize);
        statement.setLong(3, globalIndex);
        for (int i = 0; i < gaps.size(); i++) {
            statement.setLong(4 + i, gaps.get(i));
        }
    }

    /** The tables and columns as Flyway's {@code V1__axon.sql} made them for the JPA engine. */
    static EventSchema schema() {
        return EventSchema.builder()
                .eventTable("domain_event_entry")
                .snapshotTable("snapshot_event_entry")
                .globalIndexColumn("global_index")
                .timestampColumn("time_stamp")
                .eventIdentifierColumn("event_identifier")
                .aggregateIdentifierColumn("aggregate_identifier")
                .sequenceNumberColumn("sequence_number")
                .typeColumn("type")
                .payloadTypeColumn("payload_type")
                .payloadRevisionColumn("payload_revision")
                .payloadColumn("payload")
                .metaDataColumn("meta_data")
                .build();
    }

    /** The SQL for the sequence's next value on this database. */
    static String nextGlobalIndex(DataSource dataSource) {
        String product;
        try {
            product =
                    JdbcUtils.extractDatabaseMetaData(dataSource, m -> m.getDatabaseProductName());
        } catch (Exception e) {
            throw new IllegalStateException("cannot tell which database the store is", e);
        }
        return switch (product) {
            case "H2" -> "NEXT VALUE FOR " + SEQUENCE;
            case "PostgreSQL" -> "nextval('" + SEQUENCE + "')";
            default ->
                    throw new IllegalStateException(
                            "no event store on " + product + ": H2 or PostgreSQL");
        };
    }

    private static PreparedStatement append(
            Connection connection,
            String insert,
            List<? extends EventMessage<?>> events,
            Serializer serializer,
            TimestampWriter timestamps)
            throws SQLException {
        PreparedStatement statement = connection.prepareStatement(insert);
        for (EventMessage<?> m : events) {
            // an event of no aggregate (a refusal's log entry) is stored as Axon's engines store it
            DomainEventMessage<?> event = EventUtils.asDomainEventMessage(m);
            // the bytes the chain hashed, when the chainer made them: the serializer's own bytes
            byte[] chained = EventChainer.serialized(event.getPayload(), serializer);
            SerializedType type;
            byte[] payload;
            if (chained != null) {
                type = serializer.typeForClass(event.getPayloadType());
                payload = chained;
            } else {
                SerializedObject<byte[]> p = event.serializePayload(serializer, byte[].class);
                type = p.getType();
                payload = p.getData();
            }
            SerializedObject<byte[]> metaData = event.serializeMetaData(serializer, byte[].class);
            statement.setString(1, event.getIdentifier());
            statement.setString(2, event.getAggregateIdentifier());
            statement.setLong(3, event.getSequenceNumber());
            statement.setString(4, event.getType());
            timestamps.writeTimestamp(statement, 5, event.getTimestamp());
            statement.setString(6, type.getName());
            statement.setString(7, type.getRevision());
            statement.setBytes(8, payload);
            statement.setBytes(9, metaData.getData());
            statement.addBatch();
        }
        return statement;
    }
}
