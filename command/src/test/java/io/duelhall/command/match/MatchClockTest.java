package io.duelhall.command.match;

import static io.duelhall.command.match.MatchAggregateTest.ID;
import static io.duelhall.command.match.MatchAggregateTest.RULES;
import static io.duelhall.command.match.MatchAggregateTest.SEED;
import static io.duelhall.command.match.MatchAggregateTest.cast;
import static io.duelhall.command.match.MatchAggregateTest.join;

import io.duelhall.domain.ClockPolicy;
import io.duelhall.domain.ClockSet;
import io.duelhall.domain.Intent;
import io.duelhall.domain.IntentAccepted;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatTokenIssued;
import io.duelhall.domain.voidexa.VoidexaEvent.MatchEnded;
import io.duelhall.domain.voidexa.VoidexaEvent.TurnTimedOut;
import io.duelhall.domain.voidexa.VoidexaIntents;
import io.duelhall.domain.voidexa.VoidexaState;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.hamcrest.Description;
import org.hamcrest.Matcher;
import org.hamcrest.TypeSafeMatcher;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Turn clocks on the aggregate (D-CLOCK-1..3): deadlines are scheduled when a seat starts to owe a
 * decision and fire through the fixture's own time, so nothing sleeps.
 */
class MatchClockTest {
    static final int TURN = 60;
    static final int RESPONSE = 15;
    FixtureConfiguration<Match> fixture;

    @BeforeEach
    void setUp() {
        AggregateTestFixture<Match> f = new AggregateTestFixture<>(Match.class);
        fixture = f;
        fixture.registerInjectableResource(new Rulesets(RULES));
        fixture.registerInjectableResource(MatchAggregateTest.CHAINER);
        fixture.registerInjectableResource(timeOf(f)); // the aggregate reads the fixture's time
    }

    /**
     * A clock that reads the fixture's time, so deadlines fire through {@code whenTimeElapses},
     * nothing sleeps.
     */
    static Clock timeOf(AggregateTestFixture<Match> f) {
        return new Clock() {
            @Override
            public ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return f.currentTime();
            }
        };
    }

    static Matcher<List<EventMessage<?>>> somePayload(String what, Predicate<Object> p) {
        return new TypeSafeMatcher<>() {
            @Override
            protected boolean matchesSafely(List<EventMessage<?>> events) {
                return events.stream().anyMatch(m -> p.test(m.getPayload()));
            }

            @Override
            public void describeTo(Description d) {
                d.appendText("an event that is " + what);
            }
        };
    }

    static Matcher<List<EventMessage<?>>> noPayload(String what, Predicate<Object> p) {
        return new TypeSafeMatcher<>() {
            @Override
            protected boolean matchesSafely(List<EventMessage<?>> events) {
                return events.stream().noneMatch(m -> p.test(m.getPayload()));
            }

            @Override
            public void describeTo(Description d) {
                d.appendText("no event that is " + what);
            }
        };
    }

    /** Created with clocks (60 s a turn, 15 s a response); seat A taken. */
    static List<Object> created(MatchOptions options) {
        List<Object> events = new ArrayList<>(RULES.create(ID, options, SEED).events());
        events.add(new SeatTokenIssued(Seat.A, "ta"));
        events.addAll(
                RULES.join((VoidexaState) RULES.replay(cast(events)), join("Ada", 0)).events());
        return events;
    }

    static List<Object> created() {
        return created(new MatchOptions(0, TURN, RESPONSE));
    }

    /**
     * Who moves first once B has joined (decided by the seeds, known to the test through the
     * rules).
     */
    static Seat first() {
        List<Object> events = created();
        events.add(new SeatTokenIssued(Seat.B, "tb"));
        events.addAll(
                RULES.join((VoidexaState) RULES.replay(cast(events)), join("Bo", 1)).events());
        return ((VoidexaState) RULES.replay(cast(events))).active();
    }

    static String token(Seat s) {
        return s == Seat.A ? "ta" : "tb";
    }

    @Test
    void theSecondSeatStartsTheFirstTurnClock() {
        Seat first = first();
        fixture.given(created().toArray())
                .when(new TakeSeat(ID, join("Bo", 1), "tb"))
                .expectEventsMatching(
                        somePayload(
                                "a ClockSet for the first seat's turn",
                                p ->
                                        p instanceof ClockSet c
                                                && c.seat() == first
                                                && c.kind().name().equals("TURN")
                                                && c.turn() == 1))
                .expectScheduledDeadlineWithName(Duration.ofSeconds(TURN), Match.CLOCK);
    }

    @Test
    void aMatchWithoutClocksSchedulesNothing() {
        fixture.given(created(MatchOptions.defaults()).toArray())
                .when(new TakeSeat(ID, join("Bo", 1), "tb"))
                .expectNoScheduledDeadlines()
                .expectEventsMatching(noPayload("a ClockSet", p -> p instanceof ClockSet));
    }

    @Test
    void whenTheTurnClockRunsOutTheServerEndsTheTurnThroughTheRules() {
        Seat first = first();
        fixture.given(created().toArray())
                .andGivenCommands(new TakeSeat(ID, join("Bo", 1), "tb"))
                .whenTimeElapses(Duration.ofSeconds(TURN + 1))
                .expectEventsMatching(
                        somePayload(
                                "the TIMEOUT intent recorded for the first seat",
                                p ->
                                        p instanceof IntentAccepted a
                                                && a.seat() == first
                                                && VoidexaIntents.Type.TIMEOUT
                                                        .name()
                                                        .equals(a.intent().type())))
                .expectEventsMatching(
                        somePayload(
                                "TurnTimedOut",
                                p -> p.equals(new TurnTimedOut(first, "TURN", 1, 1))))
                .expectEventsMatching(
                        somePayload(
                                "a ClockSet for the other seat",
                                p -> p instanceof ClockSet c && c.seat() == first.opponent()));
    }

    @Test
    void beforeItsTimeTheClockDoesNothing() {
        fixture.given(created().toArray())
                .andGivenCommands(new TakeSeat(ID, join("Bo", 1), "tb"))
                .whenTimeElapses(Duration.ofSeconds(TURN - 1))
                .expectNoEvents();
    }

    @Test
    void endingTheTurnCancelsItsClockAndStartsTheOtherSeats() {
        Seat first = first();
        fixture.given(created().toArray())
                .andGivenCommands(
                        new TakeSeat(ID, join("Bo", 1), "tb"),
                        new SubmitIntent(
                                ID,
                                "e1",
                                token(first),
                                "f",
                                VoidexaIntents.endTurn(null),
                                null,
                                Instant.now()))
                .whenTimeElapses(Duration.ofSeconds(TURN + 1))
                .expectEventsMatching(
                        noPayload(
                                "a timeout of the seat that ended its turn in time",
                                p -> p instanceof TurnTimedOut t && t.seat() == first))
                .expectEventsMatching(
                        somePayload(
                                "the other seat's turn timeout",
                                p ->
                                        p instanceof TurnTimedOut t
                                                && t.seat() == first.opponent()
                                                && t.clock().equals("TURN")));
    }

    static final Instant T0 = Instant.parse("2026-11-21T12:00:00Z");

    /**
     * The second seat's first card that opens a response window for the first seat, once the first
     * seat has ended turn 1 without spending its energy (so it can pay for a Reactive answer).
     * Found by the rules.
     */
    static Intent windowOpeningPlay(Seat first) {
        List<Object> events = created();
        events.add(new SeatTokenIssued(Seat.B, "tb"));
        events.addAll(
                RULES.join((VoidexaState) RULES.replay(cast(events)), join("Bo", 1)).events());
        VoidexaState s = (VoidexaState) RULES.replay(cast(events));
        for (io.duelhall.domain.MatchEvent e :
                RULES.decide(s, VoidexaIntents.endTurn(first)).events()) {
            s = RULES.evolve(s, e);
        }
        for (Intent i :
                new io.duelhall.domain.voidexa.VoidexaMoves(RULES.catalog())
                        .legal(s, first.opponent())) {
            if (VoidexaIntents.Type.PLAY_CARD.name().equals(i.type())
                    && RULES.decide(s, i).events().stream()
                            .anyMatch(
                                    e ->
                                            e
                                                    instanceof
                                                    io.duelhall.domain.voidexa.VoidexaEvent
                                                            .ResponseWindowOpened)) {
                return new Intent(null, i.type(), i.card(), i.ability(), i.targets(), i.cards());
            }
        }
        throw new AssertionError(
                "with these seeds no play of turn 2 opens a response window: pick other seeds");
    }

    @Test
    void aResponseWindowPausesTheTurnClockWhichResumesWithWhatWasLeft() {
        // D-CLOCK-2. Turn 2 starts at T0 (the first seat ends turn 1 at once). 20 s in, the second
        // seat plays a card
        // that opens a window: its turn clock stops with 40 s left and the responder gets 15 s, to
        // T0 + 35 s. That
        // window times out (passed, not counted as a turn timeout) and the turn clock resumes with
        // the 40 s left:
        // it runs out at T0 + 75 s - not T0 + 60 s (never paused) nor T0 + 95 s (restarted in
        // full).
        Seat first = first();
        Seat second = first.opponent();
        Intent play = windowOpeningPlay(first);
        Instant atPlay = T0.plusSeconds(20);
        fixture.givenCurrentTime(T0)
                .andGiven(created().toArray())
                .andGivenCommands(
                        new TakeSeat(ID, join("Bo", 1), "tb"),
                        new SubmitIntent(
                                ID,
                                "e1",
                                token(first),
                                "f1",
                                VoidexaIntents.endTurn(null),
                                null,
                                T0),
                        // received 20 s into the turn: the aggregate reads the time from the
                        // command
                        // (the fixture's clock cannot be moved in the given phase once deadlines
                        // are scheduled)
                        new SubmitIntent(ID, "p1", token(second), "f2", play, null, atPlay))
                .whenTimeElapses(Duration.ofSeconds(36)) // to T0 + 36 s
                .expectEventsMatching(
                        somePayload(
                                "the responder's window timed out, not counted",
                                p -> p.equals(new TurnTimedOut(first, "RESPONSE", 2, 0))))
                .expectEventsMatching(
                        somePayload(
                                "the turn clock resumed with the 40 s that were left",
                                p ->
                                        p instanceof ClockSet c
                                                && c.seat() == second
                                                && c.kind().name().equals("TURN")
                                                && c.turn() == 2
                                                && T0.plusSeconds(75).equals(c.deadline())))
                .expectEventsMatching(
                        noPayload(
                                "a turn timeout",
                                p -> p instanceof TurnTimedOut t && t.clock().equals("TURN")))
                .expectScheduledDeadlineWithName(Duration.ofSeconds(39), Match.CLOCK); // T0 + 75 s
    }

    @Test
    void withoutResponseSecondsAWindowIsTimedByTheTurnClockSetting() {
        // D-CLOCK-4: responseSeconds absent, so the window gets turnClockSeconds (60 s) from when
        // it opens, T0 + 20 s.
        Seat first = first();
        Seat second = first.opponent();
        Intent play = windowOpeningPlay(first);
        Instant atPlay = T0.plusSeconds(20);
        fixture.givenCurrentTime(T0)
                .andGiven(created(new MatchOptions(0, TURN, null)).toArray())
                .andGivenCommands(
                        new TakeSeat(ID, join("Bo", 1), "tb"),
                        new SubmitIntent(
                                ID,
                                "e1",
                                token(first),
                                "f1",
                                VoidexaIntents.endTurn(null),
                                null,
                                T0))
                .when(new SubmitIntent(ID, "p1", token(second), "f2", play, null, atPlay))
                .expectEventsMatching(
                        somePayload(
                                "a response clock of 60 s for the first seat",
                                p ->
                                        p instanceof ClockSet c
                                                && c.seat() == first
                                                && c.kind().name().equals("RESPONSE")
                                                && T0.plusSeconds(80).equals(c.deadline())
                                                && c.turnLeftMillis() == 40_000))
                .expectScheduledDeadlineWithName(Duration.ofSeconds(80), Match.CLOCK);
    }

    @Test
    void aSeatThatLetsThreeTurnsRunOutLoses() {
        // D-CLOCK-1: nobody acts. Turns 1, 3 and 5 are the first seat's (D-SETUP-4), so its third
        // timeout comes
        // at the end of turn 5, 5 × 60 s in; the other seat has timed out only twice (turns 2 and
        // 4) and wins.
        Seat first = first();
        String serverSeed = "00".repeat(32); // SEED is 32 zero bytes, revealed by MatchEnded
        // two guests: the third timeout loses because the match says so (D-CLOCK-5; without it only
        // rated matches)
        fixture.given(created(new MatchOptions(0, TURN, RESPONSE, null, 3)).toArray())
                .andGivenCommands(new TakeSeat(ID, join("Bo", 1), "tb"))
                .whenTimeElapses(Duration.ofSeconds(6 * TURN + 5))
                .expectEventsMatching(
                        somePayload(
                                "the first seat's third turn timeout, in turn 5",
                                p -> p.equals(new TurnTimedOut(first, "TURN", 5, 3))))
                .expectEventsMatching(
                        noPayload(
                                "a third timeout of the other seat",
                                p ->
                                        p instanceof TurnTimedOut t
                                                && t.seat() == first.opponent()
                                                && t.timeouts() >= 3))
                .expectEventsMatching(
                        somePayload(
                                "the match lost on time by the first seat",
                                p ->
                                        p.equals(
                                                new MatchEnded(
                                                        first.opponent(),
                                                        "TIMEOUT",
                                                        List.of(first),
                                                        first,
                                                        serverSeed))))
                .expectEventsMatching(
                        somePayload(
                                "the clock stopped",
                                p -> p instanceof ClockSet c && c.seat() == null));
    }

    static Matcher<List<EventMessage<?>>> lastPayload(String what, Predicate<Object> p) {
        return new TypeSafeMatcher<>() {
            @Override
            protected boolean matchesSafely(List<EventMessage<?>> events) {
                return !events.isEmpty() && p.test(events.get(events.size() - 1).getPayload());
            }

            @Override
            public void describeTo(Description d) {
                d.appendText("a last event that is " + what);
            }
        };
    }

    /** The options the server opens a clocked match with now: clock policy 2 (D-CLOCK-6). */
    static MatchOptions policy2(MatchOptions options) {
        return ClockPolicy.forNewMatch(options);
    }

    @Test
    void theServerChoosesTheClockPolicyNotTheClient() {
        // D-CLOCK-6: a clocked match is opened under the current clock policy whatever the options
        // carried; a match
        // without clocks records none (its opening event stays as before).
        MatchOptions asked = new MatchOptions(0, TURN, RESPONSE, null, null, null, 1);
        fixture.givenNoPriorActivity()
                .when(new CreateMatch(ID, "voidexa", asked, SEED))
                .expectEvents(
                        RULES.create(
                                        ID,
                                        new MatchOptions(
                                                0,
                                                TURN,
                                                RESPONSE,
                                                null,
                                                null,
                                                null,
                                                ClockPolicy.CURRENT),
                                        SEED)
                                .events()
                                .toArray());
    }

    @Test
    void aMatchWithoutClocksRecordsNoClockPolicy() {
        fixture.givenNoPriorActivity()
                .when(
                        new CreateMatch(
                                ID,
                                "voidexa",
                                new MatchOptions(0, null, null, null, null, null, 7),
                                SEED))
                .expectEvents(RULES.create(ID, MatchOptions.defaults(), SEED).events().toArray());
    }

    @Test
    void underClockPolicy2AConcessionIsTheLastEventAndNoDeadlineIsLeft() {
        // D-CLOCK-6, docs/fairness.md "The chain head and the end event": no ClockSet after
        // MatchEnded.
        Seat first = first();
        fixture.given(created(policy2(new MatchOptions(0, TURN, RESPONSE))).toArray())
                .andGivenCommands(new TakeSeat(ID, join("Bo", 1), "tb"))
                .when(new SubmitIntent(ID, "c1", token(first), "f", Intent.concede(null), null, T0))
                .expectEventsMatching(
                        lastPayload(
                                "MatchEnded (conceded)",
                                p -> p instanceof MatchEnded e && e.reason().equals("CONCEDED")))
                .expectEventsMatching(noPayload("a ClockSet", p -> p instanceof ClockSet))
                .expectNoScheduledDeadlines();
    }

    @Test
    void underClockPolicy2ALossOnTimeIsTheLastEvent() {
        // D-CLOCK-1, D-CLOCK-5, D-CLOCK-6: the third turn timeout ends the match and nothing
        // follows MatchEnded.
        Seat first = first();
        fixture.given(created(policy2(new MatchOptions(0, TURN, RESPONSE, null, 3))).toArray())
                .andGivenCommands(new TakeSeat(ID, join("Bo", 1), "tb"))
                .whenTimeElapses(Duration.ofSeconds(6 * TURN + 5))
                .expectEventsMatching(
                        lastPayload(
                                "MatchEnded, lost on time by the first seat",
                                p ->
                                        p instanceof MatchEnded e
                                                && e.reason().equals("TIMEOUT")
                                                && e.losers().equals(List.of(first))))
                .expectEventsMatching(
                        noPayload(
                                "the cleared ClockSet of clock policy 1",
                                p -> p instanceof ClockSet c && c.seat() == null))
                .expectNoScheduledDeadlines();
    }

    @Test
    void underClockPolicy1AnOlderMatchStillClearsItsClockAfterTheEnd() {
        // An older match (no clockPolicy in its options) is played on under its own policy, as it
        // was recorded and
        // as the audit re-simulates it (docs/upgrading.md, "How to ship a rules change", point 4).
        Seat first = first();
        fixture.given(created().toArray())
                .andGivenCommands(new TakeSeat(ID, join("Bo", 1), "tb"))
                .when(new SubmitIntent(ID, "c1", token(first), "f", Intent.concede(null), null, T0))
                .expectEventsMatching(
                        lastPayload(
                                "the cleared ClockSet",
                                p -> p.equals(new ClockSet(null, null, 0, null, 0))));
    }
}
