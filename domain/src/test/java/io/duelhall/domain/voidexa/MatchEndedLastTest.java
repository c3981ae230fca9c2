package io.duelhall.domain.voidexa;

import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * MatchEnded closes the stream: nothing follows it, so the chain value stored with it is the head of
 * the match's hash chain (docs/fairness.md). Checked over random matches ending every way they can.
 */
class MatchEndedLastTest {
    @Test
    void nothingFollowsMatchEnded() {
        VoidexaMoves moves = new VoidexaMoves(Fixtures.CATALOG);
        for (int seed = 0; seed < 60; seed++) {
            Fixtures.Game g = new Fixtures.Game(seed, Fixtures.deck(seed % 2), Fixtures.deck((seed / 3) % 2));
            Random r = new Random(seed);
            while (g.state.status() == MatchStatus.LIVE) {
                Seat seat = VoidexaMoves.toAct(g.state);
                List<Intent> legal = moves.legal(g.state, seat);
                Intent pick = r.nextInt(400) == 0 ? Intent.concede(seat)
                        : r.nextInt(10) < 3 ? legal.get(0) : legal.get(r.nextInt(legal.size()));
                g.act(pick);
            }
            List<MatchEvent> events = g.events;
            assertThat(events.get(events.size() - 1)).as("match %s", seed).isInstanceOf(VoidexaEvent.MatchEnded.class);
            assertThat(events.stream().filter(VoidexaEvent.MatchEnded.class::isInstance)).hasSize(1);
            for (Seat s : List.of(Seat.A, Seat.B)) {
                assertThat(g.act(Intent.endTurn(s)).refusal().code()).isEqualTo("MATCH_OVER");
            }
        }
    }
}
