package io.duelhall.baseline;

import org.hibernate.boot.model.TypeContributions;
import org.hibernate.boot.model.TypeContributor;
import org.hibernate.service.ServiceRegistry;
import org.hibernate.type.SqlTypes;
import org.hibernate.type.descriptor.jdbc.spi.JdbcTypeRegistry;

/**
 * Axon's {@code @Lob byte[]} payloads as plain byte columns ({@code binary varying} on H2), as the
 * app stores them (its V6 migration and its own contributor of this kind); registered by {@code
 * META-INF/services/org.hibernate.boot.model.TypeContributor}.
 */
public class BinaryPayloads implements TypeContributor {
    @Override
    public void contribute(TypeContributions contributions, ServiceRegistry serviceRegistry) {
        JdbcTypeRegistry registry = contributions.getTypeConfiguration().getJdbcTypeRegistry();
        registry.addDescriptor(SqlTypes.BLOB, registry.getDescriptor(SqlTypes.VARBINARY));
    }
}
