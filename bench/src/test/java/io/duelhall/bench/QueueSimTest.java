package io.duelhall.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.duelhall.bench.QueueSim.Figures;
import io.duelhall.bench.QueueSim.Memory;
import io.duelhall.bench.QueueSim.Player;
import io.duelhall.bench.QueueSim.Showdown;
import io.duelhall.bench.QueueSim.Ticket;
import io.duelhall.bench.QueueSim.Waves;
import io.duelhall.domain.matchmaking.PairingRules;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The queue simulation (issue 40) is itself checked: its Showdown baseline keeps Showdown's rule,
 * runs are reproducible from the seed, and every table either matcher forms keeps the rules it
 * claims to keep.
 */
class QueueSimTest {
    @Test
    void showdownsRangeIsShowdowns() {
        // ladders.ts: 100, +1 every 0.3 s; past 300, +1 every 3 s; at most 600
        assertThat(Showdown.range(0)).isEqualTo(100);
        assertThat(Showdown.range(3_000)).isEqualTo(110);
        assertThat(Showdown.range(60_000)).isEqualTo(300);
        assertThat(Showdown.range(90_000)).isEqualTo(310);
        assertThat(Showdown.range(3_600_000)).isEqualTo(600);
    }

    @Test
    void showdownsRuleAtOtherWindowsKeepsItsShape() {
        // the curve's variants: another start and pace, the same slowing past 300 and cap
        assertThat(Showdown.range(0, 50, 600)).isEqualTo(50);
        assertThat(Showdown.range(6_000, 50, 600)).isEqualTo(60);
        assertThat(Showdown.range(150_000, 50, 600)).isEqualTo(300);
        assertThat(Showdown.range(3_600_000, 75, 150)).isEqualTo(600);
        // the default variant is Showdown's own
        List<Player> players = QueueSim.players(300, 3);
        Figures own = QueueSim.run(new Showdown(2), players, 3, 5, 30);
        Figures same = QueueSim.run(new Showdown(2, 100, 300), players, 3, 5, 30);
        assertThat(same.gaps()).containsExactly(own.gaps());
        Figures narrow = QueueSim.run(new Showdown(2, 50, 300), players, 3, 5, 30);
        assertThat(narrow.gapPercentile(0.95)).isLessThan(own.gapPercentile(0.95));
    }

    /**
     * The HTTP run ({@code queuesim --http}) on the app jar: guests meet through the real server's
     * queue, each reads its match from its ticket and concedes, and the server's waits are those of
     * the simulation's waves for the same arrivals but for the server's own latency (its scheduler
     * polls every 0.5 s, a client reads its ticket every 0.25 s).
     */
    @Test
    void theHttpRunMeetsOnTheServerAsTheSimulationSays() throws Exception {
        try (AppProcess app =
                AppProcess.start(
                        AppProcess.tempDataDir("queuehttp"),
                        List.of(),
                        List.of("--duelhall.stream.max-per-address=100000"))) {
            java.io.ByteArrayOutputStream text = new java.io.ByteArrayOutputStream();
            java.io.PrintStream out = new java.io.PrintStream(text, true, "UTF-8");
            List<QueueHttpRun.Seen> seen =
                    QueueHttpRun.run(new io.duelhall.client.JsonHttp(app.url()), 6, 25, 1, out);
            assertThat(seen).as(text.toString()).hasSizeGreaterThanOrEqualTo(6);
            assertThat(seen).allSatisfy(x -> assertThat(x.waitedMs()).isBetween(0L, 10_000L));
            QueueHttpRun.report(seen, 6, 2000, out);
            String report = text.toString("UTF-8");
            assertThat(report).contains("| server over HTTP | " + seen.size() + " |");
            long[] http = seen.stream().mapToLong(QueueHttpRun.Seen::waitedMs).sorted().toArray();
            // a wave every 2 s: half the tickets wait at most about one wave and the poll
            assertThat(http[Figures.index(http.length, 0.5)]).isLessThan(3_500);
        }
    }

    @Test
    void showdownMatchesANewcomerWithTheLongestWaitingSearchThatFits() {
        Memory memory = new Memory();
        Showdown m = new Showdown(2);
        Player old = new Player(0, 1500, 80, "a0", "10.0.0.0");
        Player near = new Player(1, 1580, 80, "a1", "10.0.0.1");
        Player far = new Player(2, 1900, 80, "a2", "10.0.0.2");
        Player newcomer = new Player(3, 1590, 80, "a3", "10.0.0.3");
        assertThat(m.arrive(new Ticket(far, 0, 0), 0, memory)).isEmpty();
        // 1580 is within 100 of 1500 at once: they meet
        assertThat(m.arrive(new Ticket(old, 1_000, 1), 1_000, memory)).isEmpty();
        assertThat(m.waiting).hasSize(2);
        List<List<Ticket>> t = m.arrive(new Ticket(near, 2_000, 2), 2_000, memory);
        assertThat(t).hasSize(1);
        assertThat(t.get(0).stream().map(x -> x.player.account()))
                .containsExactlyInAnyOrder("a0", "a1");
        // 1590 and 1900: 310 apart; the range of the search waiting since 0 is 100 + 2000/300 at
        // 2 s: no match; after 10 minutes (range 600) the periodic match pairs them
        assertThat(m.arrive(new Ticket(newcomer, 2_000, 3), 2_000, memory)).isEmpty();
        assertThat(m.tick(60_000, memory)).isEmpty(); // range 300 + (300-300)/10 = 300 < 310
        assertThat(m.tick(120_000, memory)).hasSize(1); // 300 + (500-300)/10 = 320
    }

    @Test
    void runsAreReproducibleAndEveryTableKeepsItsRules() {
        List<Player> players = QueueSim.players(300, 7);
        for (int seats : new int[] {2, 4}) {
            Figures a =
                    QueueSim.run(new Waves(seats, PairingRules.forSeats(seats)), players, 7, 5, 40);
            Figures b =
                    QueueSim.run(new Waves(seats, PairingRules.forSeats(seats)), players, 7, 5, 40);
            assertThat(a.tables()).isGreaterThan(100);
            assertThat(b.tables()).isEqualTo(a.tables());
            assertThat(b.waitsMs()).containsExactly(a.waitsMs());
            assertThat(b.gaps()).containsExactly(a.gaps());
            // no gap wider than the widest window
            assertThat(a.gaps()[a.gaps().length - 1]).isLessThanOrEqualTo(600);
            Figures s = QueueSim.run(new Showdown(seats), players, 7, 5, 40);
            assertThat(s.tables()).isGreaterThan(100);
            assertThat(s.gaps()[s.gaps().length - 1]).isLessThanOrEqualTo(600);
        }
    }

    @Test
    void aNewcomerWhoFitsAWaitingTicketIsSeatedAtOnceAsTheServerDoes() {
        Memory memory = new Memory();
        Player a = new Player(0, 1500, 60, "a", "10.0.0.1");
        Player b = new Player(1, 1580, 60, "b", "10.0.0.2");
        Player far = new Player(2, 1900, 60, "far", "10.0.0.3");
        Waves m = new Waves(2, PairingRules.DEFAULT, 2_000);
        m.arrive(new Ticket(a, 100, 0), 100, memory);
        assertThat(m.nextTick(100)).isEqualTo(2_000); // alone: the next wave
        m.arrive(new Ticket(far, 300, 1), 300, memory);
        assertThat(m.nextTick(300)).isEqualTo(2_000); // 400 away: no wave at once
        m.arrive(new Ticket(b, 500, 2), 500, memory);
        assertThat(m.nextTick(500)).isEqualTo(500); // 80 away: a wave now
        List<List<Ticket>> tables = m.tick(500, memory);
        assertThat(tables).hasSize(1);
        assertThat(tables.get(0).stream().map(t -> t.player.account()))
                .containsExactlyInAnyOrder("a", "b");
        // without the wave on arrival (the waves before): the next wave
        Waves before = new Waves(2, PairingRules.DEFAULT, 2_000);
        before.eagerMs = -1;
        before.arrive(new Ticket(a, 100, 0), 100, new Memory());
        before.arrive(new Ticket(b, 500, 2), 500, new Memory());
        assertThat(before.nextTick(500)).isEqualTo(2_000);
    }

    @Test
    void theSimulationKeepsTheQueuesRatingsAsTheServerDoesAndVersionThreeWeighsThem() {
        List<Player> players = QueueSim.players(300, 11);
        Waves m = new Waves(2, PairingRules.forSeats(2));
        Figures f = QueueSim.run(m, players, 11, 5, 40);
        // every seated ticket counted once, as the queue aggregate counts its matched tickets
        assertThat(m.population.seen()).isEqualTo(2L * f.tables());
        assertThat(m.population.mean()).isCloseTo(1500, within(60.0));
        assertThat(m.population.sd()).isCloseTo(300, within(60.0));
        PairingRules weighed = PairingRules.forSeats(2).withPopulation(m.population);
        assertThat(weighed.version()).isEqualTo(3);
        // a player two deviations out widens e^2 times as fast as one at the mean
        double far = m.population.mean() + 2 * m.population.sd();
        assertThat(weighed.seatWindow(far, 2_000) - weighed.windowStart())
                .isCloseTo(
                        Math.exp(2)
                                * (weighed.seatWindow(m.population.mean(), 2_000)
                                        - weighed.windowStart()),
                        within(1e-6));
    }

    @Test
    void theEnvelopeIsEachWaitsBestGapLinearBetweenItsPoints() {
        List<QueueSim.Point> points =
                List.of(
                        new QueueSim.Point("x", "a", 4, 120, 0, 0),
                        new QueueSim.Point("x", "b", 6, 80, 0, 0),
                        new QueueSim.Point("x", "c", 5, 110, 0, 0), // beaten by the line? no: kept
                        new QueueSim.Point("x", "d", 7, 90, 0, 0)); // beaten by b: off
        assertThat(QueueSim.envelope(points, 3.9)).isNaN();
        assertThat(QueueSim.envelope(points, 4)).isEqualTo(120);
        assertThat(QueueSim.envelope(points, 4.5)).isCloseTo(115, within(1e-9));
        assertThat(QueueSim.envelope(points, 5.5)).isCloseTo(95, within(1e-9));
        assertThat(QueueSim.envelope(points, 6)).isEqualTo(80);
        assertThat(QueueSim.envelope(points, 6.5)).isNaN(); // d is not on it; nothing waits longer
    }
}
