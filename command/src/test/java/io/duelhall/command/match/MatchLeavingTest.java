package io.duelhall.command.match;

import static io.duelhall.command.match.MatchAggregateTest.ID;
import static io.duelhall.command.match.MatchAggregateTest.RULES;
import static io.duelhall.command.match.MatchAggregateTest.join;
import static io.duelhall.command.match.MatchClockTest.created;
import static io.duelhall.command.match.MatchClockTest.first;
import static io.duelhall.command.match.MatchClockTest.lastPayload;
import static io.duelhall.command.match.MatchClockTest.noPayload;
import static io.duelhall.command.match.MatchClockTest.somePayload;
import static io.duelhall.command.match.MatchClockTest.timeOf;

import io.duelhall.domain.ClockPolicy;
import io.duelhall.domain.ClockSet;
import io.duelhall.domain.Intent;
import io.duelhall.domain.IntentAccepted;
import io.duelhall.domain.Leaving;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.VoidexaEvent.MatchEnded;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Leaving the game (D-LEAVE-1, clock policy 3): a seat whose turn clock runs out in three turns in
 * a row has left, in any match, rated or not; the server concedes for it. Unrated guests here, so
 * the third-timeout loss of D-CLOCK-5 does not apply and only leaving ends the match.
 */
class MatchLeavingTest {
    static final int TURN = MatchClockTest.TURN;
    FixtureConfiguration<Match> fixture;

    @BeforeEach
    void setUp() {
        AggregateTestFixture<Match> f = new AggregateTestFixture<>(Match.class);
        fixture = f;
        fixture.registerInjectableResource(new Rulesets(RULES));
        fixture.registerInjectableResource(MatchAggregateTest.CHAINER);
        fixture.registerInjectableResource(timeOf(f));
    }

    static MatchOptions policy(int version) {
        return new MatchOptions(0, TURN, MatchClockTest.RESPONSE).withClockPolicy(version);
    }

    @Test
    @DisplayName(
            "D-LEAVE-1 three turns in a row timed out: the seat has left, the server concedes for it")
    void threeTurnsTimedOutInARowLeaveTheGame() {
        Seat first = first();
        // turns 1, 3 and 5 are the first seat's; both seats let every clock run out
        fixture.given(created(policy(ClockPolicy.V3)).toArray())
                .andGivenCommands(new TakeSeat(ID, join("Bo", 1), "tb"))
                .whenTimeElapses(Duration.ofSeconds(5 * TURN + 5))
                .expectEventsMatching(
                        somePayload(
                                "the server's concession for the first seat",
                                p ->
                                        p instanceof IntentAccepted a
                                                && a.seat() == first
                                                && Leaving.isLeave(a)
                                                && a.intentId().startsWith("left-")))
                .expectEventsMatching(
                        lastPayload(
                                "MatchEnded: the first seat conceded, the other wins",
                                p ->
                                        p instanceof MatchEnded e
                                                && e.reason().equals("CONCEDED")
                                                && e.winner() == first.opponent()
                                                && e.losers().equals(List.of(first))))
                .expectNoScheduledDeadlines();
    }

    @Test
    @DisplayName("D-LEAVE-1 two turns timed out are not leaving")
    void twoTurnsAreNotLeaving() {
        fixture.given(created(policy(ClockPolicy.V3)).toArray())
                .andGivenCommands(new TakeSeat(ID, join("Bo", 1), "tb"))
                .whenTimeElapses(Duration.ofSeconds(4 * TURN + 5))
                .expectEventsMatching(
                        noPayload(
                                "a concession",
                                p -> p instanceof IntentAccepted a && Leaving.isLeave(a)))
                .expectEventsMatching(noPayload("MatchEnded", p -> p instanceof MatchEnded));
    }

    @Test
    @DisplayName("D-LEAVE-1 an intent of the seat's own starts the count again")
    void actingStartsTheCountAgain() {
        Seat first = first();
        // the first seat ends its first turn itself, then lets turns 3 and 5 run out: two in a
        // row; the other seat lets turns 2, 4 and 6 run out and is the one that left
        fixture.given(created(policy(ClockPolicy.V3)).toArray())
                .andGivenCommands(
                        new TakeSeat(ID, join("Bo", 1), "tb"),
                        new SubmitIntent(
                                ID,
                                "e1",
                                MatchClockTest.token(first),
                                "f",
                                Intent.of(null, "END_TURN"),
                                null,
                                Instant.now()))
                .whenTimeElapses(Duration.ofSeconds(5 * TURN + 5))
                .expectEventsMatching(
                        noPayload(
                                "a concession for the first seat",
                                p ->
                                        p instanceof IntentAccepted a
                                                && Leaving.isLeave(a)
                                                && a.seat() == first))
                .expectEventsMatching(
                        lastPayload(
                                "MatchEnded: the other seat left",
                                p ->
                                        p instanceof MatchEnded e
                                                && e.reason().equals("CONCEDED")
                                                && e.losers().equals(List.of(first.opponent()))));
    }

    @Test
    @DisplayName("D-LEAVE-1 a match under clock policy 2 keeps its rules: nobody leaves")
    void underPolicy2NobodyLeaves() {
        fixture.given(created(policy(ClockPolicy.V2)).toArray())
                .andGivenCommands(new TakeSeat(ID, join("Bo", 1), "tb"))
                .whenTimeElapses(Duration.ofSeconds(5 * TURN + 5))
                .expectEventsMatching(
                        noPayload(
                                "a concession",
                                p -> p instanceof IntentAccepted a && Leaving.isLeave(a)))
                .expectEventsMatching(noPayload("MatchEnded", p -> p instanceof MatchEnded))
                .expectEventsMatching(somePayload("a clock", p -> p instanceof ClockSet));
    }
}
