package io.duelhall.domain.matchmaking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WaveMatcherTest {
    static final PairingRules RULES = PairingRules.DEFAULT;

    static WaitingTicket ticket(String id, double rating, long waitedMs) {
        return new WaitingTicket(
                id, rating, 60, waitedMs, "acc-" + id, "10.0.0." + id.hashCode() % 200, Set.of());
    }

    static List<List<String>> seated(Wave wave) {
        return wave.tables().stream().map(Table::ticketIds).toList();
    }

    @Test
    void twoCloseTicketsArePaired() {
        Wave wave =
                WaveMatcher.run(
                        2, true, List.of(ticket("a", 1500, 0), ticket("b", 1550, 0)), RULES);
        assertThat(seated(wave)).containsExactly(List.of("a", "b"));
        assertThat(wave.waiting()).isEmpty();
        assertThat(wave.tables().get(0).ratingGap()).isEqualTo(50);
        assertThat(wave.tables().get(0).cost())
                .isCloseTo(50 / Math.sqrt(2 * 60 * 60), org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void aGapOutsideTheWindowWaitsUntilTheWindowHasWidened() {
        var fresh = List.of(ticket("a", 1500, 0), ticket("b", 1800, 0));
        assertThat(WaveMatcher.run(2, true, fresh, RULES).tables()).isEmpty();
        // 300 points: 100 + 5/s, so 40 s of the longer wait is enough
        var later = List.of(ticket("a", 1500, 40_000), ticket("b", 1800, 1_000));
        assertThat(seated(WaveMatcher.run(2, true, later, RULES)))
                .containsExactly(List.of("a", "b"));
        var almost = List.of(ticket("a", 1500, 39_000), ticket("b", 1800, 39_000));
        assertThat(WaveMatcher.run(2, true, almost, RULES).tables()).isEmpty();
    }

    @Test
    void aNewcomerIsSeatableNowWhenAWaitingTicketIsWithinTheLongerWaitersWindow() {
        WaitingTicket fresh = ticket("n", 1500, 0);
        // 150 away: outside ±100 of a fresh pair, inside a waiter's window after 10 s (±150)
        assertThat(
                        WaveMatcher.seatableNow(
                                2, true, fresh, List.of(ticket("w", 1650, 9_000)), RULES))
                .isFalse();
        assertThat(
                        WaveMatcher.seatableNow(
                                2, true, fresh, List.of(ticket("w", 1650, 10_000)), RULES))
                .isTrue();
        // the newcomer itself among the waiting is not a partner
        assertThat(WaveMatcher.seatableNow(2, true, fresh, List.of(fresh), RULES)).isFalse();
        // a pod of 4 needs three
        var two = List.of(ticket("x", 1510, 0), ticket("y", 1490, 0));
        assertThat(WaveMatcher.seatableNow(4, true, fresh, two, RULES)).isFalse();
        assertThat(
                        WaveMatcher.seatableNow(
                                4,
                                true,
                                fresh,
                                List.of(
                                        ticket("x", 1510, 0),
                                        ticket("y", 1490, 0),
                                        ticket("z", 1520, 0)),
                                RULES))
                .isTrue();
    }

    @Test
    void aNewcomerIsNotSeatableNowWithWhomItMayNotSit() {
        WaitingTicket fresh =
                new WaitingTicket("n", 1500, 60, 0, "acc-n", "10.0.0.1", Set.of("acc-old"));
        var sameAddress = new WaitingTicket("w", 1510, 60, 0, "acc-w", "10.0.0.1", Set.of());
        assertThat(WaveMatcher.seatableNow(2, true, fresh, List.of(sameAddress), RULES)).isFalse();
        assertThat(WaveMatcher.seatableNow(2, false, fresh, List.of(sameAddress), RULES)).isTrue();
        var rematch = new WaitingTicket("o", 1510, 60, 0, "acc-old", "10.0.0.2", Set.of());
        assertThat(WaveMatcher.seatableNow(2, false, fresh, List.of(rematch), RULES)).isFalse();
        var sameAccount = new WaitingTicket("s", 1510, 60, 0, "acc-n", "10.0.0.3", Set.of());
        assertThat(WaveMatcher.seatableNow(2, false, fresh, List.of(sameAccount), RULES)).isFalse();
    }

    @Test
    void versionTwoSeatsAGapOnlyWithinEverySeatsOwnWindow() {
        var v1 = new PairingRules(100, 5, 600, 0.02, 4, 1, 1);
        var v2 = new PairingRules(100, 5, 600, 0.02, 4, 1, 2);
        // a waited 40 s (±300), b has just come (±100): 200 apart
        var tickets = List.of(ticket("a", 1500, 40_000), ticket("b", 1700, 0));
        assertThat(seated(WaveMatcher.run(2, true, tickets, v1)))
                .containsExactly(List.of("a", "b"));
        assertThat(WaveMatcher.run(2, true, tickets, v2).tables()).isEmpty();
        assertThat(WaveMatcher.seatableNow(2, true, tickets.get(1), tickets.subList(0, 1), v1))
                .isTrue();
        assertThat(WaveMatcher.seatableNow(2, true, tickets.get(1), tickets.subList(0, 1), v2))
                .isFalse();
        // once b has waited 20 s (±200) it accepts the gap too
        var later = List.of(ticket("a", 1500, 60_000), ticket("b", 1700, 20_000));
        assertThat(seated(WaveMatcher.run(2, true, later, v2))).containsExactly(List.of("a", "b"));
        // pods: the shortest wait of the four decides
        var pod =
                List.of(
                        ticket("p", 1500, 60_000),
                        ticket("q", 1550, 60_000),
                        ticket("r", 1600, 60_000),
                        ticket("s", 1650, 5_000));
        assertThat(WaveMatcher.run(4, true, pod, v2).tables()).isEmpty(); // 150 > ±125
        assertThat(WaveMatcher.run(4, true, pod, v1).tables()).hasSize(1);
    }

    @Test
    void aRuleWithoutAVersionIsVersionOneAndAnUnknownVersionIsRefused() {
        assertThat(new PairingRules(100, 5, 600, 0.02, 4, 1, 0).version()).isEqualTo(1);
        assertThat(new PairingRules(100, 5, 600, 0.02, 4, 1).version()).isEqualTo(1);
        assertThat(PairingRules.forSeats(2).version()).isEqualTo(3);
        assertThat(PairingRules.forSeats(4).version()).isEqualTo(2);
        assertThatThrownBy(() -> new PairingRules(100, 5, 600, 0.02, 4, 1, 4))
                .isInstanceOf(IllegalArgumentException.class);
        // a population is version 3's only, and must be a real one
        assertThatThrownBy(() -> new PairingRules(100, 5, 600, 0.02, 4, 1, 2, 1500, 300))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PairingRules(100, 5, 600, 0.02, 4, 1, 3, 1500, -1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PairingRules(100, 5, 600, 0.02, 4, 1, 3, Double.NaN, 300))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void versionThreeWidensEachSeatsWindowAsFastAsPartnersAreScarceAtItsRating() {
        var v2 = new PairingRules(100, 5, 600, 0.02, 4, 1, 2);
        var v3 = new PairingRules(100, 5, 600, 0.02, 4, 1, 3, 1500, 300);
        // at the mean as version 2; at z = 1 e^{1/2} times as fast; at z = 2 e^2; at most 16 times
        assertThat(v3.seatWindow(1500, 10_000)).isEqualTo(v2.window(10_000)).isEqualTo(150);
        assertThat(v3.seatWindow(1800, 10_000)).isCloseTo(100 + 50 * Math.exp(0.5), within(1e-9));
        assertThat(v3.seatWindow(900, 4_000)).isCloseTo(100 + 20 * Math.exp(2), within(1e-9));
        assertThat(v3.seatWindow(3000, 1_000)).isCloseTo(100 + 5 * 16, within(1e-9));
        assertThat(v3.seatWindow(3000, 60_000)).isEqualTo(600);
        assertThat(v3.seatWindow(2100, 0)).as("the start is everyone's").isEqualTo(100);
        // two strong players 230 apart: both windows reach it (2150 at 10 s: ±600; 1920 at 15 s:
        // 100 + 75 e^{0.98} = ±300): version 3 seats them, version 2 (±150 at 10 s) does not
        var strong = List.of(ticket("x", 1920, 15_000), ticket("y", 2150, 10_000));
        assertThat(seated(WaveMatcher.run(2, true, strong, v3))).containsExactly(List.of("x", "y"));
        assertThat(WaveMatcher.run(2, true, strong, v2).tables()).isEmpty();
        assertThat(WaveMatcher.seatableNow(2, true, strong.get(1), strong.subList(0, 1), v3))
                .isTrue();
        // every seat's own: the narrower of the two decides (1900 at 10 s: ±222 < 250)
        var notYet = List.of(ticket("x", 1900, 10_000), ticket("y", 2150, 10_000));
        assertThat(WaveMatcher.run(2, true, notYet, v3).tables()).isEmpty();
        // without a population version 3 weighs as version 2
        var none = new PairingRules(100, 5, 600, 0.02, 4, 1, 3);
        assertThat(WaveMatcher.run(2, true, strong, none).tables()).isEmpty();
        assertThat(none.seatWindow(2150, 10_000)).isEqualTo(v2.window(10_000));
    }

    @Test
    void aPopulationIsVersionThreesAndStandsOnEnoughTickets() {
        var population = new RatingPopulation();
        var random = new java.util.Random(7);
        for (int i = 0; i < RatingPopulation.MIN_TICKETS - 1; i++) {
            population.add(1500 + 300 * random.nextGaussian());
        }
        assertThat(population.sd()).as("too few to say").isZero();
        var v3 = PairingRules.forSeats(2);
        assertThat(v3.withPopulation(population).ratingSd()).isZero();
        assertThat(v3.withPopulation(population).ratingMean()).isZero();
        for (int i = 0; i < 5_000; i++) {
            population.add(1500 + 300 * random.nextGaussian());
        }
        assertThat(population.mean()).isCloseTo(1500, within(60.0));
        assertThat(population.sd()).isCloseTo(300, within(40.0));
        var weighed = v3.withPopulation(population);
        assertThat(weighed.ratingMean()).isEqualTo(population.mean());
        assertThat(weighed.ratingSd()).isEqualTo(population.sd());
        assertThat(PairingRules.PODS.withPopulation(population)).isEqualTo(PairingRules.PODS);
        // the latest tickets weigh most: a queue whose players moved up follows them
        for (int i = 0; i < 3_000; i++) {
            population.add(1900 + 300 * random.nextGaussian());
        }
        assertThat(population.mean()).isCloseTo(1900, within(60.0));
        assertThatThrownBy(() -> population.add(Double.NaN))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theNearestRatingsMeet() {
        var tickets =
                List.of(
                        ticket("a", 1500, 0),
                        ticket("b", 1510, 0),
                        ticket("c", 1590, 0),
                        ticket("d", 1600, 0));
        assertThat(seated(WaveMatcher.run(2, false, tickets, RULES)))
                .containsExactly(List.of("a", "b"), List.of("c", "d"));
    }

    @Test
    void theLongerWaitingTicketGetsTheSeatWhenOnlyOnePairCanForm() {
        var tickets =
                List.of(ticket("a", 1500, 0), ticket("b", 1520, 30_000), ticket("c", 1540, 0));
        // a-b and b-c cost the same gap; c-a also fits. Any pair leaves one waiting:
        // the pairs with b carry b's credit, and a-b, b-c tie on gap: the lower cost is b's.
        Wave wave = WaveMatcher.run(2, false, tickets, RULES);
        assertThat(wave.tables()).hasSize(1);
        assertThat(wave.tables().get(0).ticketIds()).contains("b");
    }

    @Test
    void seatingMoreTablesWinsOverASmallerGap() {
        // a-b-c-d: b-c is the closest pair, but a-b plus c-d seats everyone
        var tickets =
                List.of(
                        ticket("a", 1400, 0),
                        ticket("b", 1490, 0),
                        ticket("c", 1500, 0),
                        ticket("d", 1590, 0));
        assertThat(seated(WaveMatcher.run(2, false, tickets, RULES)))
                .containsExactly(List.of("a", "b"), List.of("c", "d"));
    }

    @Test
    void oneAddressNeverTakesTwoSeatsOfARatedTableButMayInACasualOne() {
        var a = new WaitingTicket("a", 1500, 60, 0, "ada", "10.0.0.1", Set.of());
        var b = new WaitingTicket("b", 1500, 60, 0, "bo", "10.0.0.1", Set.of());
        assertThat(WaveMatcher.run(2, true, List.of(a, b), RULES).tables()).isEmpty();
        assertThat(WaveMatcher.run(2, false, List.of(a, b), RULES).tables()).hasSize(1);
    }

    @Test
    void noImmediateRematchEitherWay() {
        var a = new WaitingTicket("a", 1500, 60, 0, "ada", "10.0.0.1", Set.of("bo"));
        var b = new WaitingTicket("b", 1500, 60, 0, "bo", "10.0.0.2", Set.of());
        var c = new WaitingTicket("c", 1700, 60, 60_000, "cy", "10.0.0.3", Set.of());
        Wave wave = WaveMatcher.run(2, false, List.of(a, b, c), RULES);
        assertThat(wave.tables()).hasSize(1);
        assertThat(wave.tables().get(0).ticketIds()).doesNotContainSequence("a", "b").contains("c");
        var b2 = new WaitingTicket("b", 1500, 60, 0, "bo", "10.0.0.2", Set.of("ada"));
        var a2 = new WaitingTicket("a", 1500, 60, 0, "ada", "10.0.0.1", Set.of());
        assertThat(WaveMatcher.run(2, false, List.of(a2, b2), RULES).tables()).isEmpty();
    }

    @Test
    void oneAccountNeverSitsTwiceAtATable() {
        var a = new WaitingTicket("a", 1500, 60, 0, "ada", "10.0.0.1", Set.of());
        var b = new WaitingTicket("b", 1500, 60, 0, "ada", "10.0.0.2", Set.of());
        assertThat(WaveMatcher.run(2, false, List.of(a, b), RULES).tables()).isEmpty();
    }

    @Test
    void fourSeatPodsOfNeighbours() {
        var tickets = new java.util.ArrayList<WaitingTicket>();
        for (int i = 0; i < 9; i++) {
            tickets.add(ticket("t" + i, 1500 + 20 * i, 0));
        }
        Wave wave = WaveMatcher.run(4, true, tickets, RULES);
        assertThat(seated(wave))
                .containsExactly(List.of("t0", "t1", "t2", "t3"), List.of("t4", "t5", "t6", "t7"));
        assertThat(wave.waiting()).containsExactly("t8");
        assertThat(wave.tables().get(0).ratingGap()).isEqualTo(60);
    }

    @Test
    void aPodLeavesOutASecondSeatFromOneAddress() {
        var tickets =
                List.of(
                        new WaitingTicket("a", 1500, 60, 0, "ada", "10.0.0.1", Set.of()),
                        new WaitingTicket("b", 1510, 60, 0, "bo", "10.0.0.1", Set.of()),
                        new WaitingTicket("c", 1520, 60, 0, "cy", "10.0.0.3", Set.of()),
                        new WaitingTicket("d", 1530, 60, 0, "di", "10.0.0.4", Set.of()));
        Wave wave = WaveMatcher.run(3, true, tickets, RULES);
        assertThat(wave.tables()).hasSize(1);
        assertThat(wave.tables().get(0).ticketIds()).containsAnyOf("a", "b").contains("c", "d");
    }

    @Test
    void sixSeats() {
        var tickets = new java.util.ArrayList<WaitingTicket>();
        for (int i = 0; i < 12; i++) {
            tickets.add(ticket("t" + (char) ('a' + i), 1500 + 10 * i, 0));
        }
        Wave wave = WaveMatcher.run(6, false, tickets, RULES);
        assertThat(wave.tables()).hasSize(2);
        assertThat(wave.waiting()).isEmpty();
    }

    @Test
    void refusesBadInput() {
        assertThatThrownBy(() -> WaveMatcher.run(7, false, List.of(), RULES))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(
                        () ->
                                WaveMatcher.run(
                                        2,
                                        false,
                                        List.of(ticket("a", 1, 0), ticket("a", 2, 0)),
                                        RULES))
                .hasMessageContaining("twice");
        assertThatThrownBy(() -> new WaitingTicket("a", Double.NaN, 60, 0, "x", "y", Set.of()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new WaitingTicket("a", 1500, 0, 0, "x", "y", Set.of()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(WaveMatcher.run(2, false, List.of(), RULES))
                .isEqualTo(new Wave(List.of(), List.of()));
    }

    @Test
    void theWindowWidensWithTheWaitUpToItsMaximum() {
        assertThat(RULES.window(0)).isEqualTo(100);
        assertThat(RULES.window(10_000)).isEqualTo(150);
        assertThat(RULES.window(1_000_000)).isEqualTo(600);
    }
}
