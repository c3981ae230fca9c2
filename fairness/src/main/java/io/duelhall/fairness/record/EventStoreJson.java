package io.duelhall.fairness.record;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * The JSON of the event store: the Jackson 2 mapper of Axon's serializers ({@code
 * AxonConfig.axonObjectMapper}), also used without Spring by whatever reads stored events (the
 * audit command, the public Kafka stream). Records work as is (Jackson 2.12+); java.time values are
 * written as ISO-8601 strings; unknown properties are ignored so that adding an optional field to
 * an event type stays compatible with older readers.
 */
public final class EventStoreJson {
    private EventStoreJson() {}

    /** A new mapper configured as the event store's. */
    public static ObjectMapper newMapper() {
        return JsonMapper.builder()
                .addModule(new JavaTimeModule())
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .build();
    }
}
