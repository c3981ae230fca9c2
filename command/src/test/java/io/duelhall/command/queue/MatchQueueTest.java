package io.duelhall.command.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.duelhall.command.queue.QueueCommands.CancelTicket;
import io.duelhall.command.queue.QueueCommands.OpenTicket;
import io.duelhall.command.queue.QueueCommands.Outcome;
import io.duelhall.command.queue.QueueCommands.ReadTicket;
import io.duelhall.command.queue.QueueCommands.RunWave;
import io.duelhall.command.queue.QueueCommands.TicketState;
import io.duelhall.command.queue.QueueCommands.WaveOutcome;
import io.duelhall.command.queue.QueueEvents.TicketCancelled;
import io.duelhall.command.queue.QueueEvents.TicketExpired;
import io.duelhall.command.queue.QueueEvents.TicketMatched;
import io.duelhall.command.queue.QueueEvents.TicketOpened;
import io.duelhall.command.queue.QueueEvents.WaveRan;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.matchmaking.PairingRules;
import io.duelhall.domain.matchmaking.WaitingTicket;
import io.duelhall.domain.matchmaking.WaveMatcher;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The queue aggregate, given / when / then, without Spring. */
class MatchQueueTest {
    static final String Q = "voidexa-2-rated";
    static final Instant T0 = Instant.parse("2026-11-28T12:00:00Z");
    static final JoinRequest SEAT =
            new JoinRequest("Ada", "pilot", "core", List.of("c1"), "seed", "acc-a", null);
    static final Map<String, QueueRatings.Rating> RATINGS =
            Map.of(
                    "acc-a",
                    new QueueRatings.Rating(1500, 60),
                    "acc-b",
                    new QueueRatings.Rating(1540, 80),
                    "acc-c",
                    new QueueRatings.Rating(2400, 50));

    FixtureConfiguration<MatchQueue> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(MatchQueue.class);
        fixture.registerInjectableResource(
                (QueueRatings)
                        (ruleset, account, seats) ->
                                RATINGS.getOrDefault(account, QueueRatings.Rating.NEW));
    }

    static TicketOpened opened(String ticket, String account, String address, Instant at) {
        return new TicketOpened(
                Q,
                Q + "." + ticket,
                "hash-" + ticket,
                "seat-" + ticket,
                account,
                false,
                address,
                SEAT,
                at);
    }

    static OpenTicket open(String ticket, String account, String address, Instant at) {
        return new OpenTicket(
                Q,
                Q + "." + ticket,
                "hash-" + ticket,
                "seat-" + ticket,
                account,
                false,
                address,
                SEAT,
                at,
                PairingRules.DEFAULT,
                Duration.ofMinutes(10));
    }

    static RunWave wave(Instant at) {
        return new RunWave(
                Q,
                at,
                PairingRules.DEFAULT,
                Duration.ofMinutes(10),
                Duration.ofMinutes(10),
                Duration.ofSeconds(60));
    }

    @Test
    void aTicketOpensAQueue() {
        fixture.givenNoPriorActivity()
                .when(open("a", "acc-a", "10.0.0.1", T0))
                .expectEvents(opened("a", "acc-a", "10.0.0.1", T0))
                .expectResultMessagePayload(new Outcome(null, 1));
    }

    @Test
    void aNewcomerWithinAWaitingTicketsWindowAsksForAWaveAtOnce() {
        // acc-b (1540) is 40 from acc-a (1500): within ±100, so the waves should run now
        fixture.given(opened("a", "acc-a", "10.0.0.1", T0))
                .when(open("b", "acc-b", "10.0.0.2", T0.plusMillis(300)))
                .expectEvents(opened("b", "acc-b", "10.0.0.2", T0.plusMillis(300)))
                .expectResultMessagePayload(new Outcome(null, 2, true));
    }

    @Test
    void aNewcomerNobodyCanMeetYetWaitsForTheNextWave() {
        // acc-c (2400) is 900 from acc-a, who waited 20 s (window ±200): no wave at once
        fixture.given(opened("a", "acc-a", "10.0.0.1", T0))
                .when(open("c", "acc-c", "10.0.0.3", T0.plusSeconds(20)))
                .expectResultMessagePayload(new Outcome(null, 2, false));
    }

    @Test
    void twoSeatsFromOneAddressNeverAskForAWaveAtOnceInARatedQueue() {
        fixture.given(opened("a", "acc-a", "10.0.0.1", T0))
                .when(open("b", "acc-b", "10.0.0.1", T0.plusSeconds(1)))
                .expectResultMessagePayload(new Outcome(null, 2, false));
    }

    @Test
    void oneOpenTicketPerAccountAndQueue() {
        fixture.given(opened("a", "acc-a", "10.0.0.1", T0))
                .when(open("a2", "acc-a", "10.0.0.9", T0.plusSeconds(1)))
                .expectNoEvents()
                .expectResultMessagePayloadMatching(
                        that(
                                "ALREADY_QUEUED, one waiting",
                                (Outcome o) ->
                                        o.refusal().code().equals("ALREADY_QUEUED")
                                                && o.waiting() == 1));
    }

    @Test
    void aWaveSeatsTwoCloseTicketsAndStoresWhatItSaw() {
        List<Object> payloads = new java.util.ArrayList<>();
        fixture.given(
                        opened("a", "acc-a", "10.0.0.1", T0),
                        opened("b", "acc-b", "10.0.0.2", T0.plusSeconds(1)))
                .when(wave(T0.plusSeconds(2)))
                .expectSuccessfulHandlerExecution()
                .expectEventsMatching(collect(payloads));
        assertThat(payloads).hasSize(3);
        assertThat(payloads.get(0)).isInstanceOf(WaveRan.class);
        assertThat(payloads.subList(1, 3))
                .allSatisfy(p -> assertThat(p).isInstanceOf(TicketMatched.class));
        TicketMatched first = (TicketMatched) payloads.get(1);
        TicketMatched second = (TicketMatched) payloads.get(2);
        assertThat(first.matchId()).isEqualTo(second.matchId());
        assertThat(List.of(first.seat(), second.seat())).containsExactly("A", "B");
        assertThat(first.ratingGap()).isEqualTo(40);
        assertThat(second.waitedMs()).isEqualTo(1000);
    }

    @Test
    void theStoredWaveRunsAgainToTheSameTables() {
        var result =
                fixture.given(
                                opened("a", "acc-a", "10.0.0.1", T0),
                                opened("b", "acc-b", "10.0.0.2", T0),
                                opened("c", "acc-c", "10.0.0.3", T0))
                        .when(wave(T0.plusSeconds(2)));
        List<Object> payloads = new java.util.ArrayList<>();
        result.expectEventsMatching(collect(payloads));
        WaveRan ran = (WaveRan) payloads.get(0);
        assertThat(ran.tickets()).hasSize(3);
        assertThat(ran.tickets())
                .filteredOn(t -> t.account().equals("acc-c"))
                .singleElement()
                .satisfies(t -> assertThat(t.rating()).isEqualTo(2400));
        var again = WaveMatcher.run(ran.seats(), ran.rated(), ran.tickets(), ran.rules());
        List<TicketMatched> matched =
                payloads.stream()
                        .filter(TicketMatched.class::isInstance)
                        .map(TicketMatched.class::cast)
                        .toList();
        assertThat(matched).hasSize(2);
        assertThat(again.tables()).hasSize(1);
        assertThat(again.tables().get(0).ticketIds()).isEqualTo(matched.get(0).table());
        assertThat(again.tables().get(0).cost()).isEqualTo(matched.get(0).cost());
        assertThat(again.waiting())
                .containsExactly(Q + ".c"); // 900 points away: outside the window
    }

    @Test
    void aWaveStoredBeforeVersionsRunsAgainAsVersionOne() throws Exception {
        // a waited 40 s (±300 by version 1's longest waiter), b just came (±100): 200 apart
        var a = new WaitingTicket(Q + ".a", 1500, 60, 40_000, "acc-a", "10.0.0.1", Set.of());
        var b = new WaitingTicket(Q + ".b", 1700, 60, 0, "acc-b", "10.0.0.2", Set.of());
        var mapper = io.duelhall.fairness.record.EventStoreJson.newMapper();
        var stored =
                mapper.valueToTree(
                        new WaveRan(
                                Q,
                                "w1",
                                T0,
                                2,
                                true,
                                new PairingRules(100, 5, 600, 0.02, 4, 1, 1),
                                List.of(a, b)));
        // as the event was stored before the rules had a version (or a population)
        ((com.fasterxml.jackson.databind.node.ObjectNode) stored.get("rules"))
                .remove(List.of("version", "ratingMean", "ratingSd"));
        assertThat(stored.get("rules").has("version")).isFalse();
        assertThat(stored.get("rules").has("ratingSd")).isFalse();
        WaveRan old = mapper.treeToValue(stored, WaveRan.class);
        assertThat(old.rules().version()).isEqualTo(1);
        var again = WaveMatcher.run(old.seats(), old.rated(), old.tickets(), old.rules());
        assertThat(again.tables())
                .singleElement()
                .satisfies(t -> assertThat(t.ratingGap()).isEqualTo(200));
        // the same tickets under version 2 (b's own window): nobody is seated, so the version
        // read back is what makes the re-run give the old pairing
        var v2 = new PairingRules(100, 5, 600, 0.02, 4, 1, 2);
        assertThat(WaveMatcher.run(2, true, old.tickets(), v2).tables()).isEmpty();
        // a stored version 2 reads back as 2
        var latest =
                mapper.treeToValue(
                        mapper.valueToTree(new WaveRan(Q, "w2", T0, 2, true, v2, List.of(a, b))),
                        WaveRan.class);
        assertThat(latest.rules()).isEqualTo(v2);
    }

    @Test
    void aVersionThreeWaveStoresTheQueuesRatingsAndRunsAgainToTheSameTables() throws Exception {
        // 40 earlier tickets a stored wave seated: the ratings the queue has seen
        List<Object> given = new java.util.ArrayList<>();
        List<WaitingTicket> earlier = new java.util.ArrayList<>();
        var expected = new io.duelhall.domain.matchmaking.RatingPopulation();
        for (int i = 0; i < 40; i++) {
            given.add(opened("e" + i, "acc-e" + i, "10.1.0." + i, T0));
            earlier.add(
                    new WaitingTicket(
                            Q + ".e" + i,
                            1300 + 10 * i,
                            60,
                            1_000,
                            "acc-e" + i,
                            "10.1.0." + i,
                            Set.of()));
        }
        given.add(new WaveRan(Q, "w0", T0.plusSeconds(1), 2, true, PairingRules.PAIRS, earlier));
        for (int i = 0; i < 40; i += 2) {
            List<String> table = List.of(Q + ".e" + i, Q + ".e" + (i + 1));
            for (int k = 0; k < 2; k++) {
                given.add(
                        new TicketMatched(
                                Q,
                                table.get(k),
                                "w0",
                                "m" + i,
                                k == 0 ? "A" : "B",
                                table,
                                0.1,
                                10,
                                1_000));
                expected.add(1300 + 10 * (i + k));
            }
            given.add(new QueueEvents.TableSeated(Q, "w0", "m" + i, T0.plusSeconds(2)));
        }
        given.add(opened("a", "acc-a", "10.0.0.1", T0.plusSeconds(60)));
        given.add(opened("b", "acc-b", "10.0.0.2", T0.plusSeconds(60)));
        given.add(opened("c", "acc-c", "10.0.0.3", T0.plusSeconds(60)));
        RunWave v3 =
                new RunWave(
                        Q,
                        T0.plusSeconds(62),
                        PairingRules.PAIRS,
                        Duration.ofMinutes(10),
                        Duration.ofMinutes(10),
                        Duration.ofSeconds(60));
        var result = fixture.given(given).when(v3);
        List<Object> payloads = new java.util.ArrayList<>();
        result.expectEventsMatching(collect(payloads));
        WaveRan ran = (WaveRan) payloads.get(0);
        assertThat(ran.rules().version()).isEqualTo(3);
        assertThat(ran.rules().ratingMean())
                .isEqualTo(expected.mean())
                .isCloseTo(1495, within(1e-6));
        assertThat(ran.rules().ratingSd()).isEqualTo(expected.sd()).isGreaterThan(100);
        // stored and read back through the store's mapper, it runs again to the same tables
        var mapper = io.duelhall.fairness.record.EventStoreJson.newMapper();
        WaveRan back = mapper.treeToValue(mapper.valueToTree(ran), WaveRan.class);
        assertThat(back.rules()).isEqualTo(ran.rules());
        var again = WaveMatcher.run(back.seats(), back.rated(), back.tickets(), back.rules());
        List<TicketMatched> matched =
                payloads.stream()
                        .filter(TicketMatched.class::isInstance)
                        .map(TicketMatched.class::cast)
                        .toList();
        assertThat(again.tables()).singleElement();
        assertThat(again.tables().get(0).ticketIds()).isEqualTo(matched.get(0).table());
        assertThat(again.tables().get(0).cost()).isEqualTo(matched.get(0).cost());
        assertThat(again.waiting()).containsExactly(Q + ".c");
        // the window its holder is shown: c, 2400 (z = 7.8), widens 16 times as fast as one at the
        // mean would; a ticket at the mean as fast
        fixture.given(given)
                .when(new ReadTicket(Q, Q + ".c", "hash-c"))
                .expectResultMessagePayloadMatching(
                        that(
                                "c widens 16 times as fast",
                                (TicketState t) -> t.scarcity() == PairingRules.MAX_SCARCITY));
        fixture.given(given)
                .when(new ReadTicket(Q, Q + ".a", "hash-a"))
                .expectResultMessagePayloadMatching(
                        that(
                                "a, at the mean, as fast as the mean",
                                (TicketState t) -> t.scarcity() >= 1 && t.scarcity() < 1.01));
    }

    @Test
    void aLoneTicketStoresNoWave() {
        fixture.given(opened("a", "acc-a", "10.0.0.1", T0))
                .when(wave(T0.plusSeconds(2)))
                .expectNoEvents()
                .expectResultMessagePayload(new WaveOutcome(List.of(), 1, List.of()));
    }

    @Test
    void aTicketExpiresAfterItsTimeToLive() {
        fixture.given(opened("a", "acc-a", "10.0.0.1", T0))
                .when(wave(T0.plus(Duration.ofMinutes(10))))
                .expectEvents(new TicketExpired(Q, Q + ".a", T0.plus(Duration.ofMinutes(10))));
    }

    @Test
    void cancelNeedsTheTicketsToken() {
        fixture.given(opened("a", "acc-a", "10.0.0.1", T0))
                .when(new CancelTicket(Q, Q + ".a", "hash-wrong", T0))
                .expectNoEvents()
                .expectResultMessagePayloadMatching(
                        that(
                                "INVALID_TICKET_TOKEN",
                                (Outcome o) -> o.refusal().code().equals("INVALID_TICKET_TOKEN")));
        fixture.given(opened("a", "acc-a", "10.0.0.1", T0))
                .when(new CancelTicket(Q, Q + ".a", "hash-a", T0.plusSeconds(3)))
                .expectEvents(new TicketCancelled(Q, Q + ".a", T0.plusSeconds(3)));
    }

    @Test
    void aMatchedTicketShowsItsMatchOnlyOnceSeated() {
        fixture.given(
                        opened("a", "acc-a", "10.0.0.1", T0),
                        new TicketMatched(
                                Q,
                                Q + ".a",
                                "w1",
                                "m1",
                                "A",
                                List.of(Q + ".a", Q + ".b"),
                                0.1,
                                40,
                                2000))
                .when(new ReadTicket(Q, Q + ".a", "hash-a"))
                .expectResultMessagePayload(new TicketState(null, "QUEUED", T0, null, null, null));
        fixture.given(
                        opened("a", "acc-a", "10.0.0.1", T0),
                        new TicketMatched(
                                Q,
                                Q + ".a",
                                "w1",
                                "m1",
                                "A",
                                List.of(Q + ".a", Q + ".b"),
                                0.1,
                                40,
                                2000),
                        new QueueEvents.TableSeated(Q, "w1", "m1", T0.plusSeconds(3)))
                .when(new ReadTicket(Q, Q + ".a", "hash-a"))
                .expectResultMessagePayloadMatching(
                        that(
                                "MATCHED in m1 at A",
                                (TicketState t) ->
                                        t.status().equals("MATCHED")
                                                && t.matchId().equals("m1")
                                                && t.seat().equals("A")));
    }

    @SuppressWarnings("unchecked")
    static <T> org.hamcrest.Matcher<T> that(String description, java.util.function.Predicate<T> p) {
        return new org.hamcrest.CustomMatcher<T>(description) {
            @Override
            public boolean matches(Object o) {
                try {
                    return o != null && p.test((T) o);
                } catch (ClassCastException e) {
                    return false;
                }
            }
        };
    }

    @Test
    void aTableNotSeatedInTimeWaitsAgainAndMayBeCancelled() {
        WaveRan ran =
                new WaveRan(Q, "w1", T0.plusSeconds(2), 2, true, PairingRules.DEFAULT, List.of());
        TicketMatched a =
                new TicketMatched(
                        Q, Q + ".a", "w1", "m1", "A", List.of(Q + ".a", Q + ".b"), 0.1, 40, 2000);
        TicketMatched b =
                new TicketMatched(
                        Q, Q + ".b", "w1", "m1", "B", List.of(Q + ".a", Q + ".b"), 0.1, 40, 1000);
        // within the seating time: nothing yet (a wave of two matched tickets seats nobody)
        fixture.given(
                        opened("a", "acc-a", "10.0.0.1", T0),
                        opened("b", "acc-b", "10.0.0.2", T0.plusSeconds(1)),
                        ran,
                        a,
                        b)
                .when(wave(T0.plusSeconds(30)))
                .expectNoEvents();
        // past it: the table goes back and both wait again (and are paired again in the same wave)
        List<Object> payloads = new java.util.ArrayList<>();
        fixture.given(
                        opened("a", "acc-a", "10.0.0.1", T0),
                        opened("b", "acc-b", "10.0.0.2", T0.plusSeconds(1)),
                        ran,
                        a,
                        b)
                .when(wave(T0.plusSeconds(62)))
                .expectEventsMatching(collect(payloads));
        assertThat(payloads.get(0))
                .isEqualTo(
                        new QueueEvents.TableReturned(
                                Q, "m1", "NOT_SEATED_IN_TIME", T0.plusSeconds(62)));
        assertThat(payloads.get(1)).isInstanceOf(WaveRan.class);
        // the runner gives a table back at once when its match cannot be made; then it may be
        // cancelled
        fixture.given(
                        opened("a", "acc-a", "10.0.0.1", T0),
                        opened("b", "acc-b", "10.0.0.2", T0.plusSeconds(1)),
                        ran,
                        a,
                        b,
                        new QueueEvents.TableReturned(Q, "m1", "MATCH_NOT_MADE", T0.plusSeconds(3)))
                .when(new CancelTicket(Q, Q + ".a", "hash-a", T0.plusSeconds(4)))
                .expectEvents(new TicketCancelled(Q, Q + ".a", T0.plusSeconds(4)));
    }

    @Test
    void theRunnerGivesBackATableWhoseMatchItCouldNotMakeButNeverASeatedOne() {
        TicketMatched a =
                new TicketMatched(Q, Q + ".a", "w1", "m1", "A", List.of(Q + ".a"), 0.1, 40, 2000);
        fixture.given(opened("a", "acc-a", "10.0.0.1", T0), a)
                .when(new QueueCommands.ReturnTable(Q, "m1", "MATCH_NOT_MADE", T0.plusSeconds(3)))
                .expectEvents(
                        new QueueEvents.TableReturned(
                                Q, "m1", "MATCH_NOT_MADE", T0.plusSeconds(3)));
        fixture.given(
                        opened("a", "acc-a", "10.0.0.1", T0),
                        a,
                        new QueueEvents.TableSeated(Q, "w1", "m1", T0.plusSeconds(2)))
                .when(new QueueCommands.ReturnTable(Q, "m1", "MATCH_NOT_MADE", T0.plusSeconds(3)))
                .expectNoEvents();
    }

    @Test
    void aTicketClosedADayAgoIsForgotten() {
        fixture.given(
                        opened("a", "acc-a", "10.0.0.1", T0),
                        new TicketCancelled(Q, Q + ".a", T0.plusSeconds(5)),
                        opened(
                                "b",
                                "acc-b",
                                "10.0.0.2",
                                T0.plus(Duration.ofDays(1)).plusSeconds(6)))
                .when(new ReadTicket(Q, Q + ".a", "hash-a"))
                .expectResultMessagePayloadMatching(
                        that(
                                "TICKET_NOT_FOUND",
                                (TicketState t) -> t.refusal().code().equals("TICKET_NOT_FOUND")));
        fixture.given(
                        opened("a", "acc-a", "10.0.0.1", T0),
                        new TicketCancelled(Q, Q + ".a", T0.plusSeconds(5)),
                        opened("b", "acc-b", "10.0.0.2", T0.plus(Duration.ofHours(23))))
                .when(new ReadTicket(Q, Q + ".a", "hash-a"))
                .expectResultMessagePayloadMatching(
                        that("CANCELLED", (TicketState t) -> "CANCELLED".equals(t.status())));
    }

    /** Collects the payloads of the events published, and matches them all. */
    static org.hamcrest.Matcher<java.util.List<org.axonframework.eventhandling.EventMessage<?>>>
            collect(List<Object> into) {
        return new org.hamcrest.CustomMatcher<>("any events (collected)") {
            @Override
            public boolean matches(Object o) {
                for (Object m : (List<?>) o) {
                    into.add(((org.axonframework.eventhandling.EventMessage<?>) m).getPayload());
                }
                return true;
            }
        };
    }
}
