package io.duelhall.infra.history;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.command.rules.CatalogReader;
import io.duelhall.domain.EventNames;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.CardRef;
import io.duelhall.domain.voidexa.VoidexaEvent;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.fairness.record.EventStoreJson;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.axonframework.eventhandling.GenericDomainEventEntry;
import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.SimpleSerializedObject;
import org.axonframework.serialization.SimpleSerializedType;
import org.axonframework.serialization.json.JacksonSerializer;
import org.axonframework.serialization.upcasting.event.EventUpcasterChain;
import org.axonframework.serialization.upcasting.event.InitialEventRepresentation;
import org.axonframework.serialization.upcasting.event.IntermediateEventRepresentation;
import org.junit.jupiter.api.Test;

/**
 * Issue 25, part 1, without Spring: new events are written under logical names; a row of an earlier
 * release — its payload exactly as that release wrote it, under the class name of the time and no
 * revision — goes through the real upcaster chain to the logical name at revision 1 with its
 * payload byte for byte, and is read back as today's class.
 */
class StableNamesTest {
    static final EventNames NAMES =
            new EventNames(new Rulesets(new VoidexaRuleset(CatalogReader.voidexa())).all());
    static final StableNameSerializer SERIALIZER =
            new StableNameSerializer(
                    JacksonSerializer.builder().objectMapper(EventStoreJson.newMapper()), NAMES);

    @Test
    void eventsAreWrittenUnderTheirLogicalNameAndRevision() {
        SerializedObject<byte[]> s =
                SERIALIZER.serialize(
                        new VoidexaEvent.CardDrawn(Seat.A, new CardRef("c-1", "rail-lance"), 1, 59),
                        byte[].class);
        assertThat(s.getType().getName()).isEqualTo("voidexa.CardDrawn");
        assertThat(s.getType().getRevision()).isEqualTo("1");
        assertThat(SERIALIZER.classForType(new SimpleSerializedType("voidexa.CardDrawn", "1")))
                .isEqualTo(VoidexaEvent.CardDrawn.class);
        // not an event: Axon's own typing
        assertThat(SERIALIZER.serialize("x", byte[].class).getType().getName())
                .isEqualTo("java.lang.String");
    }

    @Test
    void aRowOfAnEarlierReleaseIsUpcastToItsLogicalNameWithItsPayloadUntouched() {
        // CardDrawn exactly as release 5bd33da stored it (a row of the golden data directory)
        byte[] stored =
                "{\"seat\":\"B\",\"card\":{\"id\":\"c9d515930\",\"card\":\"lancer-drone\"},\"handCount\":1,\"deckCount\":59}"
                        .getBytes(StandardCharsets.UTF_8);
        GenericDomainEventEntry<byte[]> row =
                new GenericDomainEventEntry<>(
                        "Match",
                        "m-1",
                        7,
                        "e-7",
                        "2026-11-24T05:00:00Z",
                        "io.duelhall.domain.voidexa.VoidexaEvent$CardDrawn",
                        null,
                        stored,
                        "{}".getBytes(StandardCharsets.UTF_8));
        EventUpcasterChain chain = new EventUpcasterChain(new LegacyEventNameUpcaster(NAMES));
        List<IntermediateEventRepresentation> out =
                chain.upcast(Stream.of(new InitialEventRepresentation(row, SERIALIZER))).toList();
        assertThat(out).hasSize(1);
        IntermediateEventRepresentation r = out.get(0);
        assertThat(r.getType().getName()).isEqualTo("voidexa.CardDrawn");
        assertThat(r.getType().getRevision()).isEqualTo("1");
        byte[] payload = r.getData(byte[].class).getData();
        assertThat(payload).isEqualTo(stored);
        Object event =
                SERIALIZER.deserialize(
                        new SimpleSerializedObject<>(payload, byte[].class, r.getType()));
        assertThat(event)
                .isEqualTo(
                        new VoidexaEvent.CardDrawn(
                                Seat.B, new CardRef("c9d515930", "lancer-drone"), 1, 59));

        // a row already under its logical name is left alone
        GenericDomainEventEntry<byte[]> fresh =
                new GenericDomainEventEntry<>(
                        "Match",
                        "m-1",
                        8,
                        "e-8",
                        "2026-11-25T05:00:00Z",
                        "voidexa.CardDrawn",
                        "1",
                        stored,
                        "{}".getBytes(StandardCharsets.UTF_8));
        assertThat(
                        chain.upcast(Stream.of(new InitialEventRepresentation(fresh, SERIALIZER)))
                                .toList()
                                .get(0)
                                .getType())
                .isEqualTo(new SimpleSerializedType("voidexa.CardDrawn", "1"));
    }

    /**
     * Rows exactly as release ef8f61a stored them (golden set 2026-11-26-ef8f61a): the events
     * engine voidexa-1.2.0 added and the match options seats and timeoutLoss, under their logical
     * names at revision 1. They pass the upcaster chain untouched and read back as today's classes
     * with the same values.
     */
    @Test
    void rowsOfReleaseEf8f61aReadBackAsStored() {
        String created =
                "{\"matchId\":\"8443b569-a40d-44c2-a906-8a52ef3f407c\",\"ruleset\":\"voidexa\",\"engineVersion\":\"voidexa-1.2.0\","
                        + "\"catalogVersion\":\"voidexa-cards-2026.11.3\",\"options\":{\"spectatorDelaySeconds\":0,\"turnClockSeconds\":5,"
                        + "\"responseSeconds\":5,\"ai\":null,\"timeoutLoss\":0,\"seats\":2},\"seedCommitment\":"
                        + "\"2280fccd26623c3ca7f8cb4bcde2912e0a5aa028d5cfa79a689f5200461faac8\",\"serverSeed\":"
                        + "\"f87ed215b768628cea1afb055915b58d6b3ac378dbe0df4d05d99cf5161ee4f0\"}";
        assertReadsBack(
                "voidexa.MatchCreated",
                created,
                new VoidexaEvent.MatchCreated(
                        "8443b569-a40d-44c2-a906-8a52ef3f407c",
                        "voidexa",
                        "voidexa-1.2.0",
                        "voidexa-cards-2026.11.3",
                        new io.duelhall.domain.MatchOptions(0, 5, 5, null, 0, 2),
                        "2280fccd26623c3ca7f8cb4bcde2912e0a5aa028d5cfa79a689f5200461faac8",
                        "f87ed215b768628cea1afb055915b58d6b3ac378dbe0df4d05d99cf5161ee4f0"));
        assertReadsBack(
                "voidexa.DronePierceCharged",
                "{\"seat\":\"B\"}",
                new VoidexaEvent.DronePierceCharged(Seat.B));
        assertReadsBack(
                "voidexa.DronePierceSpent",
                "{\"seat\":\"B\"}",
                new VoidexaEvent.DronePierceSpent(Seat.B));
        assertReadsBack(
                "voidexa.WeaponCharged",
                "{\"seat\":\"A\",\"amount\":3,\"charge\":3}",
                new VoidexaEvent.WeaponCharged(Seat.A, 3, 3));
        assertReadsBack(
                "voidexa.WeaponChargeSpent",
                "{\"seat\":\"A\",\"card\":{\"id\":\"c8d1703ab\",\"card\":\"ion-torpedo\"},\"amount\":3}",
                new VoidexaEvent.WeaponChargeSpent(
                        Seat.A, new CardRef("c8d1703ab", "ion-torpedo"), 3));
        assertReadsBack(
                "voidexa.TurnTimedOut",
                "{\"seat\":\"A\",\"clock\":\"TURN\",\"turn\":2,\"timeouts\":1}",
                new VoidexaEvent.TurnTimedOut(Seat.A, "TURN", 2, 1));
    }

    private static void assertReadsBack(String type, String payload, Object expected) {
        byte[] stored = payload.getBytes(StandardCharsets.UTF_8);
        GenericDomainEventEntry<byte[]> row =
                new GenericDomainEventEntry<>(
                        "Match",
                        "m-1",
                        1,
                        "e-1",
                        "2026-11-26T01:44:12.860Z",
                        type,
                        "1",
                        stored,
                        "{}".getBytes(StandardCharsets.UTF_8));
        List<IntermediateEventRepresentation> out =
                new EventUpcasterChain(new LegacyEventNameUpcaster(NAMES))
                        .upcast(Stream.of(new InitialEventRepresentation(row, SERIALIZER)))
                        .toList();
        assertThat(out).as(type).hasSize(1);
        assertThat(out.get(0).getType()).as(type).isEqualTo(new SimpleSerializedType(type, "1"));
        byte[] read = out.get(0).getData(byte[].class).getData();
        assertThat(read).as(type).isEqualTo(stored);
        Object event =
                SERIALIZER.deserialize(
                        new SimpleSerializedObject<>(read, byte[].class, out.get(0).getType()));
        assertThat(event).as(type).isEqualTo(expected);
    }
}
