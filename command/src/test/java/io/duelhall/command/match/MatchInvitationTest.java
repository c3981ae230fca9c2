package io.duelhall.command.match;

import static io.duelhall.command.match.MatchAggregateTest.ID;
import static io.duelhall.command.match.MatchAggregateTest.RULES;
import static io.duelhall.command.match.MatchAggregateTest.SEED;
import static io.duelhall.command.match.MatchAggregateTest.join;
import static org.assertj.core.api.Assertions.assertThat;
import static org.axonframework.test.matchers.Matchers.andNoMore;
import static org.axonframework.test.matchers.Matchers.exactSequenceOf;
import static org.axonframework.test.matchers.Matchers.messageWithPayload;

import io.duelhall.domain.InvitationIssued;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatTokenIssued;
import io.duelhall.domain.SeatTokens;
import io.duelhall.domain.voidexa.VoidexaEvent;
import java.util.ArrayList;
import java.util.List;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 45, finding 3: a match by invitation records the hash of its secret right after its
 * opening, and seats a client only with that secret; the server's own seats (AI, queue, tournament)
 * need none; a match open for anyone seats anyone, as before.
 */
class MatchInvitationTest {
    static final String SECRET = "the-invitation-secret";

    FixtureConfiguration<Match> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(Match.class);
        fixture.registerInjectableResource(new Rulesets(RULES));
        fixture.registerInjectableResource(
                java.time.Clock.fixed(MatchAggregateTest.AT, java.time.ZoneOffset.UTC));
        fixture.registerInjectableResource(MatchAggregateTest.CHAINER);
    }

    static List<Object> byInvitation() {
        List<Object> events =
                new ArrayList<>(RULES.create(ID, MatchOptions.defaults(), SEED).events());
        events.add(new InvitationIssued(SeatTokens.hash(SECRET)));
        return events;
    }

    @Test
    void creatingAMatchByInvitationRecordsTheHashOfItsSecretAfterTheOpening() {
        fixture.givenNoPriorActivity()
                .when(
                        new CreateMatch(
                                ID,
                                "voidexa",
                                MatchOptions.defaults(),
                                SEED,
                                null,
                                SeatTokens.hash(SECRET)))
                .expectEventsMatching(
                        exactSequenceOf(
                                messageWithPayload(
                                        Matchers.<Object>instanceOf(
                                                VoidexaEvent.MatchCreated.class)),
                                messageWithPayload(
                                        Matchers.<Object>equalTo(
                                                new InvitationIssued(SeatTokens.hash(SECRET)))),
                                andNoMore()));
        assertThat(SeatTokens.hash(SECRET)).matches("[0-9a-f]{64}").doesNotContain(SECRET);
    }

    @Test
    void aClientWithoutTheSecretTakesNoSeat() {
        fixture.given(byInvitation().toArray())
                .when(TakeSeat.byClient(ID, join("Eve", 1), "te", null))
                .expectNoEvents()
                .expectResultMessagePayloadMatching(
                        Matchers.<Object>equalTo(
                                new JoinOutcome(
                                        null,
                                        1,
                                        MatchStatus.WAITING,
                                        Refusal.forbidden(
                                                "INVITATION_REQUIRED",
                                                null,
                                                "This match is by invitation: send the"
                                                        + " invitation's secret as \"invitation\""
                                                        + " to take a seat."))));
    }

    @Test
    void aClientWithAnotherSecretTakesNoSeat() {
        for (String wrong : new String[] {"", SECRET + "x", SeatTokens.hash(SECRET)}) {
            setUp();
            fixture.given(byInvitation().toArray())
                    .when(TakeSeat.byClient(ID, join("Eve", 1), "te", wrong))
                    .expectNoEvents()
                    .expectResultMessagePayloadMatching(
                            Matchers.hasToString(
                                    Matchers.containsString(
                                            wrong.isEmpty()
                                                    ? "INVITATION_REQUIRED"
                                                    : "WRONG_INVITATION")));
        }
    }

    @Test
    void theSecretSeatsAClient() {
        fixture.given(byInvitation().toArray())
                .when(TakeSeat.byClient(ID, join("Ada", 0), "ta", SECRET))
                .expectEventsMatching(
                        exactSequenceOf(
                                messageWithPayload(
                                        Matchers.<Object>equalTo(
                                                new SeatTokenIssued(Seat.A, "ta", join("Ada", 0)))),
                                messageWithPayload(
                                        Matchers.<Object>instanceOf(
                                                VoidexaEvent.PlayerJoined.class)),
                                andNoMore()));
    }

    @Test
    void theServersOwnSeatNeedsNoSecret() {
        fixture.given(byInvitation().toArray())
                .when(new TakeSeat(ID, join("Greedy", 1), "tai"))
                .expectSuccessfulHandlerExecution()
                .expectResultMessagePayloadMatching(
                        Matchers.<Object>equalTo(
                                new JoinOutcome(Seat.A, 3, MatchStatus.WAITING, null)));
    }

    @Test
    void aMatchOpenForAnyoneSeatsAnyClientAsBefore() {
        fixture.given(RULES.create(ID, MatchOptions.defaults(), SEED).events().toArray())
                .when(TakeSeat.byClient(ID, join("Ada", 0), "ta", null))
                .expectResultMessagePayloadMatching(
                        Matchers.<Object>equalTo(
                                new JoinOutcome(Seat.A, 2, MatchStatus.WAITING, null)));
    }
}
