package io.duelhall.infra.db;

import org.hibernate.boot.model.TypeContributions;
import org.hibernate.boot.model.TypeContributor;
import org.hibernate.service.ServiceRegistry;
import org.hibernate.type.SqlTypes;
import org.hibernate.type.descriptor.jdbc.spi.JdbcTypeRegistry;

/**
 * Axon's JPA entities (events, snapshots, tokens, sagas, dead letters) mark their payloads
 * {@code @Lob byte[]}. Hibernate maps that to {@code oid} large objects on PostgreSQL (kept outside
 * the table, never vacuumed with it, read through the large-object API) and to a {@code blob} on
 * H2. Here a BLOB is bound like any byte array ({@code VARBINARY}): {@code bytea} on PostgreSQL,
 * {@code binary varying} on H2, which is what the schema holds since {@code
 * V6__payloads_bytea.sql}. Registered by {@code
 * META-INF/services/org.hibernate.boot.model.TypeContributor}, after the dialect's own types, so it
 * wins on every database.
 */
public class BinaryPayloads implements TypeContributor {
    @Override
    public void contribute(TypeContributions contributions, ServiceRegistry serviceRegistry) {
        JdbcTypeRegistry registry = contributions.getTypeConfiguration().getJdbcTypeRegistry();
        registry.addDescriptor(SqlTypes.BLOB, registry.getDescriptor(SqlTypes.VARBINARY));
    }
}
