package io.duelhall.command.match;

import static io.duelhall.command.match.MatchAggregateTest.ID;
import static io.duelhall.command.match.MatchAggregateTest.RULES;
import static io.duelhall.command.match.MatchAggregateTest.join;
import static io.duelhall.command.match.MatchClockTest.created;
import static io.duelhall.command.match.MatchClockTest.first;
import static io.duelhall.command.match.MatchClockTest.noPayload;
import static io.duelhall.command.match.MatchClockTest.somePayload;
import static io.duelhall.command.match.MatchClockTest.timeOf;
import static io.duelhall.command.match.MatchClockTest.token;

import io.duelhall.domain.ClockExtended;
import io.duelhall.domain.ClockNeed;
import io.duelhall.domain.ClockSet;
import io.duelhall.domain.Intent;
import io.duelhall.domain.IntentAccepted;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.Seat;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.hamcrest.Description;
import org.hamcrest.Matcher;
import org.hamcrest.TypeSafeMatcher;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A judge's time extension (issue 41): the server's {@link ExtendClock} records a {@link
 * ClockExtended} naming the ruling and the same clock with its deadline moved, and the timeout
 * comes at the new deadline, not the old one; a ruling applied twice acts once; an extension out of
 * range, in a match without a running clock, or after the end changes nothing.
 */
class MatchClockExtensionTest {
    static final int TURN = MatchClockTest.TURN;
    FixtureConfiguration<Match> fixture;
    AggregateTestFixture<Match> timed;

    @BeforeEach
    void setUp() {
        AggregateTestFixture<Match> f = new AggregateTestFixture<>(Match.class);
        fixture = f;
        timed = f;
        fixture.registerInjectableResource(new Rulesets(RULES));
        fixture.registerInjectableResource(MatchAggregateTest.CHAINER);
        fixture.registerInjectableResource(timeOf(f));
    }

    static List<Object> clocked() {
        return created(new MatchOptions(0, TURN, MatchClockTest.RESPONSE).withClockPolicy(3));
    }

    static ExtendClock extend(int seconds) {
        return new ExtendClock(ID, seconds, "cup", 7);
    }

    /** Exactly: ClockExtended for the seat, then its turn clock moved {@code seconds} later. */
    static Matcher<List<EventMessage<?>>> extended(Seat seat, int seconds) {
        return new TypeSafeMatcher<>() {
            @Override
            protected boolean matchesSafely(List<EventMessage<?>> events) {
                return events.size() == 2
                        && events.get(0).getPayload() instanceof ClockExtended x
                        && x.seat() == seat
                        && x.seconds() == seconds
                        && x.tournamentId().equals("cup")
                        && x.rulingEvent() == 7
                        && events.get(1).getPayload() instanceof ClockSet c
                        && c.seat() == seat
                        && c.kind() == ClockNeed.Kind.TURN
                        && c.turn() == 1
                        && c.deadline().equals(x.at().plusSeconds(TURN + seconds));
            }

            @Override
            public void describeTo(Description d) {
                d.appendText("ClockExtended(" + seat + ", " + seconds + ") and the moved ClockSet");
            }
        };
    }

    @Test
    @DisplayName("an extension records ClockExtended and the running clock with a later deadline")
    void anExtensionMovesTheDeadline() {
        Seat first = first();
        fixture.given(clocked().toArray())
                .andGivenCommands(new TakeSeat(ID, join("Bo", 1), "tb"))
                .when(extend(300))
                .expectResultMessagePayloadMatching(clockOf(first, 300))
                .expectEventsMatching(extended(first, 300));
    }

    @Test
    @DisplayName("the timeout comes at the extended deadline, not at the old one")
    void theTimeoutWaitsForTheNewDeadline() {
        Seat first = first();
        fixture.given(clocked().toArray())
                .andGivenCommands(new TakeSeat(ID, join("Bo", 1), "tb"), extend(120))
                .whenTimeElapses(Duration.ofSeconds(TURN + 60))
                .expectEventsMatching(
                        noPayload(
                                "a TIMEOUT",
                                p ->
                                        p instanceof IntentAccepted a
                                                && Intent.TIMEOUT.equals(a.intent().type())));
        setUp();
        fixture.given(clocked().toArray())
                .andGivenCommands(new TakeSeat(ID, join("Bo", 1), "tb"), extend(120))
                .whenTimeElapses(Duration.ofSeconds(TURN + 121))
                .expectEventsMatching(
                        somePayload(
                                "the first seat's TIMEOUT for the moved clock",
                                p ->
                                        p instanceof IntentAccepted a
                                                && a.seat() == first
                                                && Intent.TIMEOUT.equals(a.intent().type())
                                                && a.intentId().startsWith("clock-")));
    }

    @Test
    @DisplayName("the same ruling delivered twice extends once")
    void aRulingActsOnce() {
        fixture.given(clocked().toArray())
                .andGivenCommands(new TakeSeat(ID, join("Bo", 1), "tb"), extend(60))
                .when(extend(60))
                .expectResultMessagePayloadMatching(clockOf(first(), 60))
                .expectNoEvents();
    }

    @Test
    @DisplayName("out of range, no clock, after the end: refused, nothing recorded")
    void refusals() {
        fixture.given(clocked().toArray())
                .andGivenCommands(new TakeSeat(ID, join("Bo", 1), "tb"))
                .when(extend(5))
                .expectResultMessagePayloadMatching(code("OUT_OF_RANGE"))
                .expectNoEvents();
        setUp();
        fixture.given(clocked().toArray())
                .andGivenCommands(new TakeSeat(ID, join("Bo", 1), "tb"))
                .when(extend(3601))
                .expectResultMessagePayloadMatching(code("OUT_OF_RANGE"))
                .expectNoEvents();
        setUp();
        // no clocks in this match
        fixture.given(created(new MatchOptions(0, null, null)).toArray())
                .andGivenCommands(new TakeSeat(ID, join("Bo", 1), "tb"))
                .when(extend(60))
                .expectResultMessagePayloadMatching(code("NO_CLOCK_RUNNING"))
                .expectNoEvents();
        setUp();
        // still waiting for its second seat
        fixture.given(clocked().toArray())
                .when(extend(60))
                .expectResultMessagePayloadMatching(code("NO_CLOCK_RUNNING"))
                .expectNoEvents();
        setUp();
        Seat first = first();
        fixture.given(clocked().toArray())
                .andGivenCommands(
                        new TakeSeat(ID, join("Bo", 1), "tb"),
                        new SubmitIntent(
                                ID,
                                "give-up",
                                token(first),
                                "f",
                                Intent.concede(null),
                                null,
                                Instant.now()))
                .when(extend(60))
                .expectResultMessagePayloadMatching(code("TABLE_ENDED"))
                .expectNoEvents();
    }

    /**
     * The answer of an extension: the running clock of {@code seat}, its deadline {@code seconds}
     * past the turn's (the fixture's time stands still, so the turn began at its current time).
     */
    Matcher<Object> clockOf(Seat seat, int seconds) {
        return new TypeSafeMatcher<>() {
            @Override
            protected boolean matchesSafely(Object o) {
                return o instanceof ClockSet c
                        && c.seat() == seat
                        && c.deadline().equals(timed.currentTime().plusSeconds(TURN + seconds));
            }

            @Override
            public void describeTo(Description d) {
                d.appendText("the clock of " + seat + " moved " + seconds + " s");
            }
        };
    }

    static Matcher<Object> code(String code) {
        return new TypeSafeMatcher<>() {
            @Override
            protected boolean matchesSafely(Object o) {
                return o instanceof Refusal r && r.code().equals(code);
            }

            @Override
            public void describeTo(Description d) {
                d.appendText("a refusal " + code);
            }
        };
    }
}
