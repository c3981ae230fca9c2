package io.duelhall.domain.voidexa;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * MatchEnded closes the stream: nothing follows it, so the chain value stored with it is the head
 * of the match's hash chain (docs/fairness.md). Checked over random matches with concessions and
 * server timeouts mixed in, so that matches end by concession, turn timeouts, Hull, Reactor and
 * deck-out (the test counts the ways and fails if one of them is no longer reached; with these
 * seeds: 19, 2, 29, 2, 8).
 */
class MatchEndedLastTest {
    @Test
    void nothingFollowsMatchEnded() {
        VoidexaMoves moves = new VoidexaMoves(Fixtures.CATALOG);
        Map<String, Integer> reasons = new TreeMap<>();
        for (int seed = 0; seed < 60; seed++) {
            // two guests: without the option their timeouts would never lose (D-CLOCK-5), so the
            // third does here
            Fixtures.Game g =
                    new Fixtures.Game(
                            seed,
                            Fixtures.deck(seed % 2),
                            Fixtures.deck((seed / 3) % 2),
                            new io.duelhall.domain.MatchOptions(0, null, null, null, 3));
            Random r = new Random(seed);
            for (int step = 0; step < 5_000 && g.state.status() == MatchStatus.LIVE; step++) {
                Seat seat = VoidexaMoves.toAct(g.state);
                List<Intent> legal = moves.legal(g.state, seat);
                int roll = r.nextInt(400);
                Intent pick =
                        roll == 0
                                ? Intent.concede(seat)
                                : roll < 8
                                        ? Intent.timeout(
                                                seat) // D-CLOCK-1..3: the server acts for a seat
                                        // whose clock ran out
                                        : r.nextInt(10) < 3
                                                ? legal.get(0)
                                                : legal.get(r.nextInt(legal.size()));
                assertThat(g.act(pick).accepted()).as("match %s: %s", seed, pick).isTrue();
            }
            assertThat(g.state.status()).as("match %s ends", seed).isEqualTo(MatchStatus.ENDED);
            List<MatchEvent> events = g.events;
            assertThat(events.get(events.size() - 1))
                    .as("match %s", seed)
                    .isInstanceOf(VoidexaEvent.MatchEnded.class);
            assertThat(events.stream().filter(VoidexaEvent.MatchEnded.class::isInstance))
                    .hasSize(1);
            reasons.merge(g.state.result().reason(), 1, Integer::sum);
            for (Seat s : List.of(Seat.A, Seat.B)) {
                assertThat(g.act(VoidexaIntents.endTurn(s)).refusal().code())
                        .isEqualTo("MATCH_OVER");
            }
        }
        assertThat(reasons)
                .as("the ways the matches ended")
                .containsKeys(
                        "CONCEDED", "TIMEOUT", "HULL_DESTROYED", "REACTOR_DESTROYED", "DECK_OUT");
    }
}
