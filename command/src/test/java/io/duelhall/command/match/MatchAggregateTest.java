package io.duelhall.command.match;

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
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.VoidexaState;
import io.duelhall.domain.voidexa.cards.StarterDeck;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The Match aggregate as a thin adapter: given events, when a command, then events or a refusal. */
class MatchAggregateTest {
    static final VoidexaRuleset RULES = new VoidexaRuleset(CatalogReader.voidexa());
    static final String ID = "match-1";
    static final byte[] SEED = new byte[32];
    static final Instant AT = Instant.parse("2026-11-21T12:00:00Z");

    FixtureConfiguration<Match> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(Match.class);
        fixture.registerInjectableResource(new Rulesets(RULES));
        fixture.registerInjectableResource(java.time.Clock.fixed(AT, java.time.ZoneOffset.UTC));
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
        List<Object> events = new ArrayList<>(RULES.create(ID, MatchOptions.defaults(), SEED).events());
        VoidexaState s = (VoidexaState) RULES.replay(cast(events));
        events.add(new SeatTokenIssued(Seat.A, "ta"));
        List<MatchEvent> a = RULES.join(s, join("Ada", 0)).events();
        events.addAll(a);
        s = (VoidexaState) RULES.replay(cast(events));
        events.add(new SeatTokenIssued(Seat.B, "tb"));
        events.addAll(RULES.join(s, join("Bo", 1)).events());
        return events;
    }

    static List<MatchEvent> cast(List<Object> events) {
        return events.stream().filter(MatchEvent.class::isInstance).map(MatchEvent.class::cast).toList();
    }

    static VoidexaState stateOf(List<Object> events) {
        return (VoidexaState) RULES.replay(cast(events));
    }

    static String tokenOf(Seat seat) {
        return seat == Seat.A ? "ta" : "tb";
    }

    static SubmitIntent intent(String intentId, Seat tokenSeat, String fingerprint, Intent intent, Long expected) {
        return new SubmitIntent(ID, intentId, tokenOf(tokenSeat), fingerprint, intent, expected, AT);
    }

    @Test
    void creatingAMatchPublishesTheSeedCommitmentNotTheSeedAlone() {
        fixture.givenNoPriorActivity()
                .when(new CreateMatch(ID, "voidexa", MatchOptions.defaults(), SEED))
                .expectSuccessfulHandlerExecution()
                .expectEventsMatching(org.axonframework.test.matchers.Matchers.exactSequenceOf(
                        org.axonframework.test.matchers.Matchers.messageWithPayload(
                                org.hamcrest.Matchers.<Object>instanceOf(VoidexaEvent.MatchCreated.class)),
                        org.axonframework.test.matchers.Matchers.andNoMore()));
    }

    @Test
    void aDeckThatBreaksTheRulesTakesNoSeat() {
        StarterDeck d = deck(0);
        List<String> cards = new ArrayList<>(d.cards().subList(0, 59));
        fixture.given(RULES.create(ID, MatchOptions.defaults(), SEED).events().toArray())
                .when(new TakeSeat(ID, new JoinRequest("Ada", d.pilotClass(), d.shipCore(), cards, "s"), "ta"))
                .expectNoEvents()
                .expectResultMessagePayloadMatching(org.hamcrest.Matchers.hasToString(
                        org.hamcrest.Matchers.containsString("DECK_INVALID")));
    }

    @Test
    void theFirstJoinTakesSeatAAndRecordsOnlyTheTokenHash() {
        fixture.given(RULES.create(ID, MatchOptions.defaults(), SEED).events().toArray())
                .when(new TakeSeat(ID, join("Ada", 0), "hash-a"))
                .expectEventsMatching(org.axonframework.test.matchers.Matchers.exactSequenceOf(
                        org.axonframework.test.matchers.Matchers.messageWithPayload(
                                org.hamcrest.Matchers.<Object>equalTo(new SeatTokenIssued(Seat.A, "hash-a"))),
                        org.axonframework.test.matchers.Matchers.messageWithPayload(
                                org.hamcrest.Matchers.<Object>instanceOf(VoidexaEvent.PlayerJoined.class)),
                        org.axonframework.test.matchers.Matchers.andNoMore()))
                .expectResultMessagePayloadMatching(org.hamcrest.Matchers.<Object>equalTo(
                        new JoinOutcome(Seat.A, 2, MatchStatus.WAITING, null)));
    }

    @Test
    void theSecondJoinStartsTheMatch() {
        List<Object> given = new ArrayList<>(RULES.create(ID, MatchOptions.defaults(), SEED).events());
        given.add(new SeatTokenIssued(Seat.A, "ta"));
        given.addAll(RULES.join(stateOf(given), join("Ada", 0)).events());
        fixture.given(given.toArray())
                .when(new TakeSeat(ID, join("Bo", 1), "tb"))
                .expectSuccessfulHandlerExecution()
                .expectState(m -> assertThat(m.state().status()).isEqualTo(MatchStatus.LIVE));
    }

    @Test
    void aTokenOfNoSeatIsRefusedAndChangesNothing() {
        fixture.given(started().toArray())
                .when(new SubmitIntent(ID, "i1", "not-a-token", "f", Intent.endTurn(null), null, AT))
                .expectNoEvents()
                .expectResultMessagePayloadMatching(org.hamcrest.Matchers.hasToString(
                        org.hamcrest.Matchers.containsString("BAD_TOKEN")));
    }

    @Test
    void theSeatComesFromTheTokenNotFromTheIntent() {
        List<Object> given = started();
        Seat active = stateOf(given).active();
        // the body claims the active seat, but the token is the other seat's: refused as not your turn
        fixture.given(given.toArray())
                .when(intent("i1", active.opponent(), "f", Intent.endTurn(active), null))
                .expectNoEvents()
                .expectResultMessagePayloadMatching(org.hamcrest.Matchers.hasToString(
                        org.hamcrest.Matchers.containsString("NOT_YOUR_TURN")));
    }

    @Test
    void anAcceptedIntentIsRecordedBeforeTheEventsItCaused() {
        List<Object> given = started();
        Seat active = stateOf(given).active();
        fixture.given(given.toArray())
                .when(intent("i1", active, "f1", Intent.endTurn(null), (long) given.size() - 1))
                .expectSuccessfulHandlerExecution()
                .expectEventsMatching(org.axonframework.test.matchers.Matchers.sequenceOf(
                        org.axonframework.test.matchers.Matchers.messageWithPayload(
                                org.hamcrest.Matchers.<Object>equalTo(new IntentAccepted("i1", active, "f1", Intent.endTurn(active), AT))),
                        org.axonframework.test.matchers.Matchers.messageWithPayload(
                                org.hamcrest.Matchers.<Object>instanceOf(VoidexaEvent.EndOfTurnBegan.class))));
    }

    @Test
    void aStaleExpectedVersionIsAConflictAndChangesNothing() {
        List<Object> given = started();
        Seat active = stateOf(given).active();
        fixture.given(given.toArray())
                .when(intent("i1", active, "f1", Intent.endTurn(null), (long) given.size() - 2))
                .expectNoEvents()
                .expectResultMessagePayloadMatching(org.hamcrest.Matchers.hasToString(
                        org.hamcrest.Matchers.containsString("STALE_VERSION")));
    }

    @Test
    void retryingAnIntentWithTheSameBodyRepeatsTheAnswerWithoutNewEvents() {
        List<Object> given = started();
        Seat active = stateOf(given).active();
        VoidexaState s = stateOf(given);
        Intent end = Intent.endTurn(active);
        given.add(new IntentAccepted("i1", active, "f1", end, AT));
        List<MatchEvent> caused = RULES.decide(s, end).events();
        given.addAll(caused);
        long first = given.size() - caused.size() - 1;
        long last = given.size() - 1;
        fixture.given(given.toArray())
                .when(intent("i1", active, "f1", Intent.endTurn(null), null))
                .expectNoEvents()
                .expectResultMessagePayloadMatching(org.hamcrest.Matchers.<Object>equalTo(
                        new IntentOutcome(null, "voidexa", active, last, first, List.of(), true, MatchStatus.LIVE)));
    }

    @Test
    void reusingAnIntentIdWithADifferentBodyIsAConflict() {
        List<Object> given = started();
        Seat active = stateOf(given).active();
        VoidexaState s = stateOf(given);
        given.add(new IntentAccepted("i1", active, "f1", Intent.endTurn(active), AT));
        given.addAll(RULES.decide(s, Intent.endTurn(active)).events());
        fixture.given(given.toArray())
                .when(intent("i1", active, "f2", Intent.concede(null), null))
                .expectNoEvents()
                .expectResultMessagePayloadMatching(org.hamcrest.Matchers.hasToString(
                        org.hamcrest.Matchers.containsString("INTENT_ID_REUSED")));
    }

    @Test
    void concedingInTheOpponentsTurnEndsTheMatchAsALoss() {
        List<Object> given = started();
        Seat waiting = stateOf(given).active().opponent();
        fixture.given(given.toArray())
                .when(intent("c1", waiting, "f", Intent.concede(null), null))
                .expectEventsMatching(org.axonframework.test.matchers.Matchers.exactSequenceOf(
                        org.axonframework.test.matchers.Matchers.messageWithPayload(
                                org.hamcrest.Matchers.<Object>instanceOf(IntentAccepted.class)),
                        org.axonframework.test.matchers.Matchers.messageWithPayload(
                                org.hamcrest.Matchers.<Object>equalTo(new VoidexaEvent.MatchEnded(waiting.opponent(), "CONCEDED",
                                        List.of(waiting), waiting, stateOf(given).serverSeed()))),
                        org.axonframework.test.matchers.Matchers.andNoMore()));
    }

    @Test
    void cannotActOnAnEndedMatch() {
        List<Object> given = started();
        Seat a = stateOf(given).active();
        given.addAll(RULES.decide(stateOf(given), Intent.concede(a)).events());
        fixture.given(given.toArray())
                .when(intent("x", a.opponent(), "f", Intent.endTurn(null), null))
                .expectNoEvents()
                .expectResultMessagePayloadMatching(org.hamcrest.Matchers.hasToString(
                        org.hamcrest.Matchers.containsString("MATCH_OVER")));
    }
}
