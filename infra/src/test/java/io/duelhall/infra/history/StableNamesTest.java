package io.duelhall.infra.history;

import io.duelhall.domain.EventNames;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.CardRef;
import io.duelhall.domain.voidexa.VoidexaEvent;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.command.rules.CatalogReader;
import io.duelhall.infra.AxonConfig;
import org.axonframework.eventhandling.GenericDomainEventEntry;
import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.SimpleSerializedObject;
import org.axonframework.serialization.SimpleSerializedType;
import org.axonframework.serialization.json.JacksonSerializer;
import org.axonframework.serialization.upcasting.event.EventUpcasterChain;
import org.axonframework.serialization.upcasting.event.InitialEventRepresentation;
import org.axonframework.serialization.upcasting.event.IntermediateEventRepresentation;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 25, part 1, without Spring: new events are written under logical names; a row of an earlier release — its
 * payload exactly as that release wrote it, under the class name of the time and no revision — goes through the real
 * upcaster chain to the logical name at revision 1 with its payload byte for byte, and is read back as today's class.
 */
class StableNamesTest {
    static final EventNames NAMES = new EventNames(new Rulesets(new VoidexaRuleset(CatalogReader.voidexa())).all());
    static final StableNameSerializer SERIALIZER = new StableNameSerializer(
            JacksonSerializer.builder().objectMapper(AxonConfig.newAxonObjectMapper()), NAMES);

    @Test
    void eventsAreWrittenUnderTheirLogicalNameAndRevision() {
        SerializedObject<byte[]> s = SERIALIZER.serialize(new VoidexaEvent.CardDrawn(Seat.A, new CardRef("c-1", "rail-lance"), 1, 59), byte[].class);
        assertThat(s.getType().getName()).isEqualTo("voidexa.CardDrawn");
        assertThat(s.getType().getRevision()).isEqualTo("1");
        assertThat(SERIALIZER.classForType(new SimpleSerializedType("voidexa.CardDrawn", "1"))).isEqualTo(VoidexaEvent.CardDrawn.class);
        // not an event: Axon's own typing
        assertThat(SERIALIZER.serialize("x", byte[].class).getType().getName()).isEqualTo("java.lang.String");
    }

    @Test
    void aRowOfAnEarlierReleaseIsUpcastToItsLogicalNameWithItsPayloadUntouched() {
        // CardDrawn exactly as release 5bd33da stored it (a row of the golden data directory)
        byte[] stored = "{\"seat\":\"B\",\"card\":{\"id\":\"c9d515930\",\"card\":\"lancer-drone\"},\"handCount\":1,\"deckCount\":59}".getBytes(StandardCharsets.UTF_8);
        GenericDomainEventEntry<byte[]> row = new GenericDomainEventEntry<>("Match", "m-1", 7, "e-7", "2026-11-24T05:00:00Z",
                "io.duelhall.domain.voidexa.VoidexaEvent$CardDrawn", null, stored, "{}".getBytes(StandardCharsets.UTF_8));
        EventUpcasterChain chain = new EventUpcasterChain(new LegacyEventNameUpcaster(NAMES));
        List<IntermediateEventRepresentation> out = chain.upcast(Stream.of(new InitialEventRepresentation(row, SERIALIZER))).toList();
        assertThat(out).hasSize(1);
        IntermediateEventRepresentation r = out.get(0);
        assertThat(r.getType().getName()).isEqualTo("voidexa.CardDrawn");
        assertThat(r.getType().getRevision()).isEqualTo("1");
        byte[] payload = r.getData(byte[].class).getData();
        assertThat(payload).isEqualTo(stored);
        Object event = SERIALIZER.deserialize(new SimpleSerializedObject<>(payload, byte[].class, r.getType()));
        assertThat(event).isEqualTo(new VoidexaEvent.CardDrawn(Seat.B, new CardRef("c9d515930", "lancer-drone"), 1, 59));

        // a row already under its logical name is left alone
        GenericDomainEventEntry<byte[]> fresh = new GenericDomainEventEntry<>("Match", "m-1", 8, "e-8", "2026-11-25T05:00:00Z",
                "voidexa.CardDrawn", "1", stored, "{}".getBytes(StandardCharsets.UTF_8));
        assertThat(chain.upcast(Stream.of(new InitialEventRepresentation(fresh, SERIALIZER))).toList().get(0).getType())
                .isEqualTo(new SimpleSerializedType("voidexa.CardDrawn", "1"));
    }
}
