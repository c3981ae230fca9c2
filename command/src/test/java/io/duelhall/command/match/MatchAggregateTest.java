package io.duelhall.command.match;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.duelhall.command.chain.EventChainer;
import io.duelhall.command.rules.CatalogReader;
import io.duelhall.domain.Intent;
import io.duelhall.domain.IntentAccepted;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatTokenIssued;
import io.duelhall.domain.voidexa.VoidexaEvent;
import io.duelhall.domain.voidexa.VoidexaIntents;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.VoidexaState;
import io.duelhall.domain.voidexa.cards.StarterDeck;
import io.duelhall.fairness.chain.EventChain;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.messaging.MetaData;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.json.JacksonSerializer;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Match aggregate as a thin adapter: given events, when a command, then events or a refusal.
 */
class MatchAggregateTest {
    static final VoidexaRuleset RULES = new VoidexaRuleset(CatalogReader.voidexa());
    static final String ID = "match-1";
    static final byte[] SEED = new byte[32];
    static final Instant AT = Instant.parse("2026-11-21T12:00:00Z");

    /** Serializes like the app's event serializer: Jackson 2, java.time as ISO strings. */
    static final Serializer SERIALIZER =
            JacksonSerializer.builder()
                    .objectMapper(
                            JsonMapper.builder()
                                    .addModule(new JavaTimeModule())
                                    .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                                    .build())
                    .build();

    static final EventChainer CHAINER = new EventChainer(SERIALIZER);

    FixtureConfiguration<Match> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(Match.class);
        fixture.registerInjectableResource(new Rulesets(RULES));
        fixture.registerInjectableResource(java.time.Clock.fixed(AT, java.time.ZoneOffset.UTC));
        fixture.registerInjectableResource(CHAINER);
    }

    static StarterDeck deck(int i) {
        return RULES.catalog().starterDecks().get(i);
    }

    static JoinRequest join(String name, int deck) {
        StarterDeck d = deck(deck);
        return new JoinRequest(name, d.pilotClass(), d.shipCore(), d.cards(), name + "-seed");
    }

    /** The events of a created match with both seats taken: A with token "ta", B with "tb". */
    static List<Object> started() {
        List<Object> events =
                new ArrayList<>(RULES.create(ID, MatchOptions.defaults(), SEED).events());
        VoidexaState s = (VoidexaState) RULES.replay(cast(events));
        events.add(new SeatTokenIssued(Seat.A, "ta", join("Ada", 0)));
        List<MatchEvent> a = RULES.join(s, join("Ada", 0)).events();
        events.addAll(a);
        s = (VoidexaState) RULES.replay(cast(events));
        events.add(new SeatTokenIssued(Seat.B, "tb", join("Bo", 1)));
        events.addAll(RULES.join(s, join("Bo", 1)).events());
        return events;
    }

    static List<MatchEvent> cast(List<Object> events) {
        return events.stream()
                .filter(MatchEvent.class::isInstance)
                .map(MatchEvent.class::cast)
                .toList();
    }

    static VoidexaState stateOf(List<Object> events) {
        return (VoidexaState) RULES.replay(cast(events));
    }

    static String tokenOf(Seat seat) {
        return seat == Seat.A ? "ta" : "tb";
    }

    static SubmitIntent intent(
            String intentId, Seat tokenSeat, String fingerprint, Intent intent, Long expected) {
        return new SubmitIntent(
                ID, intentId, tokenOf(tokenSeat), fingerprint, intent, expected, AT);
    }

    /**
     * SHA-256 of the 32 zero bytes of {@link #SEED}, from {@code head -c 32 /dev/zero | sha256sum},
     * not from this code.
     */
    static final String SEED_COMMITMENT =
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925";

    @Test
    void creatingAMatchPublishesTheSeedCommitmentNotTheSeedAlone() {
        fixture.givenNoPriorActivity()
                .when(new CreateMatch(ID, "voidexa", MatchOptions.defaults(), SEED))
                .expectSuccessfulHandlerExecution()
                .expectEventsMatching(
                        org.axonframework.test.matchers.Matchers.exactSequenceOf(
                                org.axonframework.test.matchers.Matchers.messageWithPayload(
                                        org.hamcrest.Matchers.<Object>instanceOf(
                                                VoidexaEvent.MatchCreated.class)),
                                org.axonframework.test.matchers.Matchers.andNoMore()))
                .expectEventsMatching(
                        org.axonframework.test.matchers.Matchers.exactSequenceOf(
                                org.axonframework.test.matchers.Matchers.predicate(
                                        m -> {
                                            if (!(((org.axonframework.eventhandling.EventMessage<?>)
                                                                    m)
                                                            .getPayload()
                                                    instanceof VoidexaEvent.MatchCreated c)) {
                                                return false;
                                            }
                                            // the commitment is the hash of the seed, published
                                            // with the event (redacted views drop the seed)
                                            return c.matchId().equals(ID)
                                                    && SEED_COMMITMENT.equals(c.seedCommitment())
                                                    && "00".repeat(32).equals(c.serverSeed());
                                        }),
                                org.axonframework.test.matchers.Matchers.andNoMore()));
    }

    @Test
    void aDeckThatBreaksTheRulesTakesNoSeat() {
        StarterDeck d = deck(0);
        List<String> cards = new ArrayList<>(d.cards().subList(0, 59));
        fixture.given(RULES.create(ID, MatchOptions.defaults(), SEED).events().toArray())
                .when(
                        new TakeSeat(
                                ID,
                                new JoinRequest("Ada", d.pilotClass(), d.shipCore(), cards, "s"),
                                "ta"))
                .expectNoEvents()
                .expectResultMessagePayloadMatching(
                        org.hamcrest.Matchers.hasToString(
                                org.hamcrest.Matchers.containsString("DECK_INVALID")));
    }

    @Test
    void theFirstJoinTakesSeatAAndRecordsOnlyTheTokenHash() {
        fixture.given(RULES.create(ID, MatchOptions.defaults(), SEED).events().toArray())
                .when(new TakeSeat(ID, join("Ada", 0), "hash-a"))
                .expectEventsMatching(
                        org.axonframework.test.matchers.Matchers.exactSequenceOf(
                                org.axonframework.test.matchers.Matchers.messageWithPayload(
                                        org.hamcrest.Matchers.<Object>equalTo(
                                                new SeatTokenIssued(
                                                        Seat.A, "hash-a", join("Ada", 0)))),
                                org.axonframework.test.matchers.Matchers.messageWithPayload(
                                        org.hamcrest.Matchers.<Object>instanceOf(
                                                VoidexaEvent.PlayerJoined.class)),
                                org.axonframework.test.matchers.Matchers.andNoMore()))
                .expectResultMessagePayloadMatching(
                        org.hamcrest.Matchers.<Object>equalTo(
                                new JoinOutcome(Seat.A, 2, MatchStatus.WAITING, null)));
    }

    @Test
    void theSecondJoinStartsTheMatch() {
        List<Object> given =
                new ArrayList<>(RULES.create(ID, MatchOptions.defaults(), SEED).events());
        given.add(new SeatTokenIssued(Seat.A, "ta", join("Ada", 0)));
        given.addAll(RULES.join(stateOf(given), join("Ada", 0)).events());
        fixture.given(given.toArray())
                .when(new TakeSeat(ID, join("Bo", 1), "tb"))
                .expectSuccessfulHandlerExecution()
                // the token is recorded for the seat the join took (B), then the rules' join, then
                // the start
                .expectEventsMatching(
                        org.axonframework.test.matchers.Matchers.sequenceOf(
                                org.axonframework.test.matchers.Matchers.messageWithPayload(
                                        org.hamcrest.Matchers.<Object>equalTo(
                                                new SeatTokenIssued(Seat.B, "tb", join("Bo", 1)))),
                                org.axonframework.test.matchers.Matchers.messageWithPayload(
                                        org.hamcrest.Matchers.<Object>instanceOf(
                                                VoidexaEvent.PlayerJoined.class)),
                                org.axonframework.test.matchers.Matchers.messageWithPayload(
                                        org.hamcrest.Matchers.<Object>instanceOf(
                                                VoidexaEvent.MatchStarted.class))))
                .expectResultMessagePayloadMatching(
                        org.axonframework.test.matchers.Matchers.<Object>predicate(
                                o ->
                                        o instanceof JoinOutcome j
                                                && j.seat() == Seat.B
                                                && j.status() == MatchStatus.LIVE
                                                && j.refusal() == null))
                .expectState(
                        m -> {
                            VoidexaState s = (VoidexaState) m.state();
                            assertThat(s.status()).isEqualTo(MatchStatus.LIVE);
                            // V-SETUP-1 and D-SETUP-2: 5 cards each over 55, and the first seat's
                            // turn-1 draw
                            Seat first = s.firstSeat();
                            assertThat(s.ship(first).hand()).hasSize(6);
                            assertThat(s.ship(first).deck()).hasSize(54);
                            assertThat(s.ship(first.opponent()).hand()).hasSize(5);
                            assertThat(s.ship(first.opponent()).deck()).hasSize(55);
                            assertThat(s.turn()).isEqualTo(1);
                            assertThat(s.active()).isEqualTo(first);
                        });
    }

    @Test
    void aTokenOfNoSeatIsRefusedAndChangesNothing() {
        fixture.given(started().toArray())
                .when(
                        new SubmitIntent(
                                ID,
                                "i1",
                                "not-a-token",
                                "f",
                                VoidexaIntents.endTurn(null),
                                null,
                                AT))
                .expectNoEvents()
                .expectResultMessagePayloadMatching(
                        org.hamcrest.Matchers.hasToString(
                                org.hamcrest.Matchers.containsString("BAD_TOKEN")));
    }

    @Test
    void theSeatComesFromTheTokenNotFromTheIntent() {
        List<Object> given = started();
        Seat active = stateOf(given).active();
        // the body claims the active seat, but the token is the other seat's: refused as not your
        // turn
        fixture.given(given.toArray())
                .when(intent("i1", active.opponent(), "f", VoidexaIntents.endTurn(active), null))
                .expectNoEvents()
                .expectResultMessagePayloadMatching(
                        org.hamcrest.Matchers.hasToString(
                                org.hamcrest.Matchers.containsString("NOT_YOUR_TURN")));
    }

    @Test
    void anAcceptedIntentIsRecordedBeforeTheEventsItCaused() {
        List<Object> given = started();
        Seat active = stateOf(given).active();
        fixture.given(given.toArray())
                .when(
                        intent(
                                "i1",
                                active,
                                "f1",
                                VoidexaIntents.endTurn(null),
                                (long) given.size() - 1))
                .expectSuccessfulHandlerExecution()
                .expectEventsMatching(
                        org.axonframework.test.matchers.Matchers.sequenceOf(
                                org.axonframework.test.matchers.Matchers.messageWithPayload(
                                        org.hamcrest.Matchers.<Object>equalTo(
                                                new IntentAccepted(
                                                        "i1",
                                                        active,
                                                        "f1",
                                                        VoidexaIntents.endTurn(active),
                                                        AT))),
                                org.axonframework.test.matchers.Matchers.messageWithPayload(
                                        org.hamcrest.Matchers.<Object>instanceOf(
                                                VoidexaEvent.EndOfTurnBegan.class))));
    }

    @Test
    void aStaleExpectedVersionIsAConflictAndChangesNothing() {
        List<Object> given = started();
        Seat active = stateOf(given).active();
        fixture.given(given.toArray())
                .when(
                        intent(
                                "i1",
                                active,
                                "f1",
                                VoidexaIntents.endTurn(null),
                                (long) given.size() - 2))
                .expectNoEvents()
                .expectResultMessagePayloadMatching(
                        org.hamcrest.Matchers.hasToString(
                                org.hamcrest.Matchers.containsString("STALE_VERSION")));
    }

    @Test
    void retryingAnIntentWithTheSameBodyRepeatsTheAnswerWithoutNewEvents() {
        List<Object> given = started();
        Seat active = stateOf(given).active();
        VoidexaState s = stateOf(given);
        Intent end = VoidexaIntents.endTurn(active);
        given.add(new IntentAccepted("i1", active, "f1", end, AT));
        List<MatchEvent> caused = RULES.decide(s, end).events();
        given.addAll(caused);
        long first = given.size() - caused.size() - 1;
        long last = given.size() - 1;
        fixture.given(given.toArray())
                .when(intent("i1", active, "f1", VoidexaIntents.endTurn(null), null))
                .expectNoEvents()
                .expectResultMessagePayloadMatching(
                        org.hamcrest.Matchers.<Object>equalTo(
                                new IntentOutcome(
                                        null,
                                        "voidexa",
                                        RULES.version(),
                                        active,
                                        last,
                                        first,
                                        List.of(),
                                        true,
                                        MatchStatus.LIVE)));
    }

    @Test
    void reusingAnIntentIdWithADifferentBodyIsAConflict() {
        List<Object> given = started();
        Seat active = stateOf(given).active();
        VoidexaState s = stateOf(given);
        given.add(new IntentAccepted("i1", active, "f1", VoidexaIntents.endTurn(active), AT));
        given.addAll(RULES.decide(s, VoidexaIntents.endTurn(active)).events());
        fixture.given(given.toArray())
                .when(intent("i1", active, "f2", Intent.concede(null), null))
                .expectNoEvents()
                .expectResultMessagePayloadMatching(
                        org.hamcrest.Matchers.hasToString(
                                org.hamcrest.Matchers.containsString("INTENT_ID_REUSED")));
    }

    /**
     * Issue 20, finding 1: intent ids are public (IntentAccepted), so a seat must not be able to
     * spend another seat's next id. The opponent's END_TURN under the id the active seat used is
     * the opponent's own intent (refused by the rules as not its turn, not as a reused id), and the
     * active seat's retry of its id still gets its receipt.
     */
    @Test
    void intentIdsAreScopedPerSeatSoAnotherSeatCannotSpendThem() {
        List<Object> given = started();
        Seat active = stateOf(given).active();
        VoidexaState s = stateOf(given);
        given.add(new IntentAccepted("ai-next", active, "f1", VoidexaIntents.endTurn(active), AT));
        given.addAll(RULES.decide(s, VoidexaIntents.endTurn(active)).events());
        Seat nowActive = stateOf(given).active();
        assertThat(nowActive).isEqualTo(active.opponent());
        // the seat now to act may use the id the other seat used: a fresh intent of its own,
        // accepted
        fixture.given(given.toArray())
                .when(intent("ai-next", nowActive, "f2", VoidexaIntents.endTurn(null), null))
                .expectSuccessfulHandlerExecution()
                .expectEventsMatching(
                        org.axonframework.test.matchers.Matchers.sequenceOf(
                                org.axonframework.test.matchers.Matchers.messageWithPayload(
                                        org.hamcrest.Matchers.<Object>equalTo(
                                                new IntentAccepted(
                                                        "ai-next",
                                                        nowActive,
                                                        "f2",
                                                        VoidexaIntents.endTurn(nowActive),
                                                        AT)))));
        // and once both seats used the id, each seat's retry gets its own receipt back
        setUp();
        long first =
                given.size() - RULES.decide(s, VoidexaIntents.endTurn(active)).events().size() - 1;
        long last = given.size() - 1;
        VoidexaState s2 = stateOf(given);
        given.add(
                new IntentAccepted(
                        "ai-next", nowActive, "f2", VoidexaIntents.endTurn(nowActive), AT));
        given.addAll(RULES.decide(s2, VoidexaIntents.endTurn(nowActive)).events());
        fixture.given(given.toArray())
                .when(intent("ai-next", active, "f1", VoidexaIntents.endTurn(null), null))
                .expectNoEvents()
                .expectResultMessagePayloadMatching(
                        org.hamcrest.Matchers.<Object>equalTo(
                                new IntentOutcome(
                                        null,
                                        "voidexa",
                                        RULES.version(),
                                        active,
                                        last,
                                        first,
                                        List.of(),
                                        true,
                                        MatchStatus.LIVE)));
    }

    @Test
    void concedingInTheOpponentsTurnEndsTheMatchAsALoss() {
        List<Object> given = started();
        Seat waiting = stateOf(given).active().opponent();
        fixture.given(given.toArray())
                .when(intent("c1", waiting, "f", Intent.concede(null), null))
                .expectEventsMatching(
                        org.axonframework.test.matchers.Matchers.exactSequenceOf(
                                org.axonframework.test.matchers.Matchers.messageWithPayload(
                                        org.hamcrest.Matchers.<Object>instanceOf(
                                                IntentAccepted.class)),
                                org.axonframework.test.matchers.Matchers.messageWithPayload(
                                        org.hamcrest.Matchers.<Object>equalTo(
                                                new VoidexaEvent.MatchEnded(
                                                        waiting.opponent(),
                                                        "CONCEDED",
                                                        List.of(waiting),
                                                        waiting,
                                                        stateOf(given).serverSeed()))),
                                org.axonframework.test.matchers.Matchers.andNoMore()));
    }

    @Test
    void cannotActOnAnEndedMatch() {
        List<Object> given = started();
        Seat a = stateOf(given).active();
        given.addAll(RULES.decide(stateOf(given), Intent.concede(a)).events());
        fixture.given(given.toArray())
                .when(intent("x", a.opponent(), "f", VoidexaIntents.endTurn(null), null))
                .expectNoEvents()
                .expectResultMessagePayloadMatching(
                        org.hamcrest.Matchers.hasToString(
                                org.hamcrest.Matchers.containsString("MATCH_OVER")));
    }

    /**
     * The chain values stored with {@code events}, checked to link one to the next from the genesis
     * value.
     */
    static List<String> checkedChain(List<? extends DomainEventMessage<?>> events) {
        List<String> chain = new ArrayList<>();
        String previous = EventChain.GENESIS;
        for (DomainEventMessage<?> m : events) {
            String json =
                    new String(
                            SERIALIZER.serialize(m.getPayload(), byte[].class).getData(),
                            java.nio.charset.StandardCharsets.UTF_8);
            String expected =
                    EventChain.link(
                            previous,
                            m.getSequenceNumber(),
                            ((MatchEvent) m.getPayload()).type(),
                            json);
            assertThat(m.getMetaData().get(EventChain.METADATA_KEY))
                    .as("chain of event %d", m.getSequenceNumber())
                    .isEqualTo(expected);
            chain.add(expected);
            previous = expected;
        }
        return chain;
    }

    @Test
    void everyEventIsStoredWithItsChainValueLinkedToThePreviousOne() {
        fixture.givenCommands(
                        new CreateMatch(ID, "voidexa", MatchOptions.defaults(), SEED),
                        new TakeSeat(ID, join("Ada", 0), "ta"),
                        new TakeSeat(ID, join("Bo", 1), "tb"))
                .when(new SubmitIntent(ID, "i1", "ta", "f", Intent.concede(null), null, AT))
                .expectSuccessfulHandlerExecution();
        List<DomainEventMessage<?>> stored = new ArrayList<>();
        DomainEventStream stream = fixture.getEventStore().readEvents(ID);
        stream.forEachRemaining(stored::add);
        assertThat(stored).hasSizeGreaterThan(10);
        assertThat(stored.get(0).getSequenceNumber()).isZero();
        checkedChain(stored);
    }

    @Test
    void afterAReloadTheChainGoesOnFromTheStoredHead() {
        // the given events carry chain values, as stored ones do: a reloaded aggregate links on
        // from the last
        List<Object> payloads = started();
        List<DomainEventMessage<?>> given = new ArrayList<>();
        String previous = EventChain.GENESIS;
        for (int seq = 0; seq < payloads.size(); seq++) {
            MatchEvent e = (MatchEvent) payloads.get(seq);
            previous = CHAINER.link(previous, seq, e);
            given.add(
                    new GenericDomainEventMessage<>(
                            "Match", ID, seq, e, MetaData.with(EventChain.METADATA_KEY, previous)));
        }
        Seat active = stateOf(payloads).active();
        String head = previous;
        int next = payloads.size();
        fixture.given(given)
                .when(intent("i1", active, "f1", VoidexaIntents.endTurn(null), null))
                .expectEventsMatching(
                        org.axonframework.test.matchers.Matchers.sequenceOf(
                                org.axonframework.test.matchers.Matchers.predicate(
                                        m -> {
                                            DomainEventMessage<?> d = (DomainEventMessage<?>) m;
                                            return d.getSequenceNumber() == next
                                                    && CHAINER.link(
                                                                    head,
                                                                    next,
                                                                    (MatchEvent) d.getPayload())
                                                            .equals(
                                                                    d.getMetaData()
                                                                            .get(
                                                                                    EventChain
                                                                                            .METADATA_KEY));
                                        })));
        List<DomainEventMessage<?>> all = new ArrayList<>();
        fixture.getEventStore().readEvents(ID).forEachRemaining(all::add);
        assertThat(all).hasSizeGreaterThan(next + 1);
        checkedChain(all);
    }
}
