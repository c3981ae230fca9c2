package io.duelhall.projections.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;

/**
 * JDBC helpers shared by the read models (was {@code projections.Rows}): portable time columns and
 * work deferred to the end of a batch.
 */
public final class ReadModelJdbc {
    private ReadModelJdbc() {}

    /** A {@code timestamp with time zone} parameter, portable between H2 and PostgreSQL. */
    public static OffsetDateTime ts(Instant at) {
        return at == null ? null : at.atOffset(ZoneOffset.UTC);
    }

    public static Instant instant(ResultSet rs, String column) throws SQLException {
        OffsetDateTime t = rs.getObject(column, OffsetDateTime.class);
        return t == null ? null : t.toInstant();
    }

    /**
     * Collects what was touched while handling one batch of events and hands it to {@code flush}
     * once, just before the batch's transaction commits (or to {@code rollback} if it rolls back),
     * so a batch of 100 events of one match writes its row once. Without a unit of work (plain
     * tests) it is flushed at once.
     */
    public static <V> void atCommit(
            String resourceKey,
            String key,
            V value,
            Consumer<Map<String, V>> flush,
            Consumer<Map<String, V>> rollback) {
        if (!CurrentUnitOfWork.isStarted()) {
            flush.accept(Map.of(key, value));
            return;
        }
        var uow = CurrentUnitOfWork.get();
        Map<String, V> touched =
                uow.getOrComputeResource(
                        resourceKey,
                        k -> {
                            Map<String, V> m = new LinkedHashMap<>();
                            uow.onPrepareCommit(u -> flush.accept(m));
                            uow.onRollback(u -> rollback.accept(m));
                            return m;
                        });
        touched.put(key, value);
    }
}
