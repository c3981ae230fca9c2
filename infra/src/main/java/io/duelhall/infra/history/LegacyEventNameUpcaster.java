package io.duelhall.infra.history;

import io.duelhall.domain.EventNames;
import java.util.function.Function;
import org.axonframework.serialization.SimpleSerializedType;
import org.axonframework.serialization.upcasting.event.IntermediateEventRepresentation;
import org.axonframework.serialization.upcasting.event.SingleEventUpcaster;

/**
 * The first link of the upcaster chain: a row stored by a release before names were logical carries
 * its event's Java class name of that time and no revision; it is read as the logical name the
 * plug-in's frozen {@code legacy-event-types.txt} gives it, at revision {@value
 * EventNames#REVISION}. The payload is untouched (byte for byte: the hash chain covers it). Rows
 * are not rewritten: the store stays as it was written.
 */
final class LegacyEventNameUpcaster extends SingleEventUpcaster {
    private final EventNames names;

    public LegacyEventNameUpcaster(EventNames names) {
        this.names = names;
    }

    @Override
    protected boolean canUpcast(IntermediateEventRepresentation r) {
        return r.getType().getRevision() == null
                && names.fromLegacy(r.getType().getName()).isPresent();
    }

    @Override
    protected IntermediateEventRepresentation doUpcast(IntermediateEventRepresentation r) {
        String name = names.fromLegacy(r.getType().getName()).orElseThrow();
        return r.upcastPayload(
                new SimpleSerializedType(name, EventNames.REVISION),
                byte[].class,
                Function.identity());
    }
}
