package io.duelhall.infra.history;

import io.duelhall.domain.EventNames;
import org.axonframework.serialization.SerializedType;
import org.axonframework.serialization.SimpleSerializedType;
import org.axonframework.serialization.json.JacksonSerializer;

/**
 * Axon's Jackson serializer, storing events under their logical names ({@link EventNames}: {@code
 * voidexa.CardDrawn} revision 1) instead of their Java class names, and reading those names back to
 * today's classes. Everything that is not an event (tokens, deadlines, other messages) keeps Axon's
 * class-name typing.
 */
final class StableNameSerializer extends JacksonSerializer {
    private final EventNames names;

    public StableNameSerializer(Builder builder, EventNames names) {
        super(builder);
        this.names = names;
    }

    @Override
    public SerializedType typeForClass(Class type) {
        String name = type == null ? null : names.nameOf(type).orElse(null);
        return name != null
                ? new SimpleSerializedType(name, EventNames.REVISION)
                : super.typeForClass(type);
    }

    @Override
    protected String resolveClassName(SerializedType serializedType) {
        return names.classOf(serializedType.getName())
                .map(Class::getName)
                .orElseGet(() -> super.resolveClassName(serializedType));
    }
}
