package io.duelhall.command.match;

import static io.duelhall.command.match.MatchAggregateTest.ID;
import static io.duelhall.command.match.MatchAggregateTest.RULES;
import static io.duelhall.command.match.MatchAggregateTest.SEED;
import static io.duelhall.command.match.MatchAggregateTest.cast;
import static io.duelhall.command.match.MatchAggregateTest.join;
import static io.duelhall.command.match.MatchClockTest.noPayload;
import static io.duelhall.command.match.MatchClockTest.somePayload;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.MatchExpired;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatDeadlineSet;
import io.duelhall.domain.SeatTokenIssued;
import io.duelhall.domain.voidexa.VoidexaEvent.MatchCreated;
import io.duelhall.domain.voidexa.VoidexaState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 19: a match whose seats are not all taken by its seats' deadline expires, recorded as
 * {@link MatchExpired} (the server seed revealed), so the lobby does not fill with matches nobody
 * plays. Through the fixture's own time.
 */
class MatchExpiryTest {
    static final int SEATING = 600;
    FixtureConfiguration<Match> fixture;
    AggregateTestFixture<Match> clock;

    @BeforeEach
    void setUp() {
        AggregateTestFixture<Match> f = new AggregateTestFixture<>(Match.class);
        fixture = f;
        clock = f;
        fixture.registerInjectableResource(new Rulesets(RULES));
        fixture.registerInjectableResource(MatchAggregateTest.CHAINER);
        fixture.registerInjectableResource(MatchClockTest.timeOf(f));
    }

    @Test
    void aMatchCreatedWithSeatingSecondsRecordsItsDeadlineAndSchedulesIt() {
        fixture.givenNoPriorActivity()
                .when(new CreateMatch(ID, "voidexa", MatchOptions.defaults(), SEED, SEATING))
                .expectEventsMatching(
                        somePayload(
                                "the seats' deadline, 600 s from now",
                                p ->
                                        p instanceof SeatDeadlineSet s
                                                && s.deadline()
                                                        .equals(
                                                                clock.currentTime()
                                                                        .plusSeconds(SEATING))))
                .expectScheduledDeadlineWithName(Duration.ofSeconds(SEATING), Match.SEATS);
    }

    @Test
    void withoutSeatingSecondsNothingIsScheduled() {
        fixture.givenNoPriorActivity()
                .when(new CreateMatch(ID, "voidexa", MatchOptions.defaults(), SEED))
                .expectEventsMatching(
                        noPayload("a seats' deadline", SeatDeadlineSet.class::isInstance))
                .expectNoScheduledDeadlines();
    }

    @Test
    void seatingSecondsOutOfRangeAreRefusedAndNothingIsStored() {
        fixture.givenNoPriorActivity()
                .when(new CreateMatch(ID, "voidexa", MatchOptions.defaults(), SEED, 0))
                .expectException(io.duelhall.domain.RefusedException.class)
                .expectNoEvents();
    }

    @Test
    void aSeatStillFreeAtTheDeadlineExpiresTheMatchAndRevealsTheSeed() {
        String serverSeed =
                ((MatchCreated) RULES.create(ID, MatchOptions.defaults(), SEED).events().get(0))
                        .serverSeed();
        fixture.givenCommands(
                        new CreateMatch(ID, "voidexa", MatchOptions.defaults(), SEED, SEATING),
                        new TakeSeat(ID, join("Ada", 0), "ta"))
                .whenTimeElapses(Duration.ofSeconds(SEATING + 1))
                .expectEventsMatching(
                        somePayload(
                                "MatchExpired with B free and the seed revealed",
                                p ->
                                        p instanceof MatchExpired x
                                                && x.freeSeats().equals(List.of(Seat.B))
                                                && x.winner() == null
                                                && x.losers().isEmpty()
                                                && MatchExpired.REASON.equals(x.reason())
                                                && serverSeed.equals(x.serverSeed())
                                                && !x.at().isBefore(x.deadline())))
                .expectState(m -> assertThat(m.state().status()).isEqualTo(MatchStatus.ENDED));
    }

    @Test
    void aMatchWhoseSeatsAreTakenInTimeDoesNotExpire() {
        fixture.givenCommands(
                        new CreateMatch(ID, "voidexa", MatchOptions.defaults(), SEED, SEATING),
                        new TakeSeat(ID, join("Ada", 0), "ta"),
                        new TakeSeat(ID, join("Bo", 1), "tb"))
                .whenTimeElapses(Duration.ofSeconds(SEATING + 1))
                .expectNoEvents()
                .expectState(m -> assertThat(m.state().status()).isEqualTo(MatchStatus.LIVE));
    }

    @Test
    void anExpiredMatchTakesNoSeat() {
        List<Object> events =
                new ArrayList<>(RULES.create(ID, MatchOptions.defaults(), SEED).events());
        Instant deadline = Instant.parse("2026-11-26T10:00:00Z");
        events.add(new SeatDeadlineSet(deadline));
        events.add(new SeatTokenIssued(Seat.A, "ta"));
        events.addAll(
                RULES.join((VoidexaState) RULES.replay(cast(events)), join("Ada", 0)).events());
        events.add(MatchExpired.of("00", deadline, deadline.plusSeconds(1), List.of(Seat.B)));
        assertThat(RULES.replay(cast(events)).status()).isEqualTo(MatchStatus.ENDED);
        fixture.given(events.toArray())
                .when(new TakeSeat(ID, join("Bo", 1), "tb"))
                .expectNoEvents()
                .expectResultMessagePayloadMatching(
                        new org.hamcrest.TypeSafeMatcher<>() {
                            @Override
                            protected boolean matchesSafely(Object o) {
                                return o instanceof JoinOutcome j
                                        && j.seat() == null
                                        && j.refusal() != null;
                            }

                            @Override
                            public void describeTo(org.hamcrest.Description d) {
                                d.appendText("a refused join");
                            }
                        });
    }
}
