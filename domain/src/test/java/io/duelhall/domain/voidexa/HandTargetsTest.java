package io.duelhall.domain.voidexa;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Target;
import io.duelhall.domain.Viewer;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The target choices of a seat's own hand (what the web page offers) are exactly the legal moves'
 * targets.
 */
class HandTargetsTest {
    @Test
    void handTargetsAreTheLegalPlaysOfEachCard() {
        VoidexaMoves moves = new VoidexaMoves(Fixtures.CATALOG);
        int withChoice = 0;
        for (int seed = 0; seed < 40; seed++) {
            Fixtures.Game g =
                    new Fixtures.Game(seed, Fixtures.deck(seed % 2), Fixtures.deck((seed / 2) % 2));
            Random r = new Random(seed);
            for (int step = 0; step < 5000 && g.state.status() == MatchStatus.LIVE; step++) {
                Seat seat = VoidexaMoves.toAct(g.state);
                List<Intent> legal = moves.legal(g.state, seat);
                Map<String, Set<List<Target>>> expected = new HashMap<>();
                for (Intent i : legal) {
                    if (VoidexaIntents.Type.PLAY_CARD.name().equals(i.type())) {
                        expected.computeIfAbsent(i.card(), k -> new HashSet<>()).add(i.targets());
                    }
                }
                VoidexaView view = Fixtures.RULES.view(g.state, Viewer.seat(seat), 0);
                for (VoidexaView.HandCard c : view.seats().get(seat).hand()) {
                    assertThat(new HashSet<>(c.targets()))
                            .as("targets of %s", c.card())
                            .isEqualTo(expected.getOrDefault(c.id(), Set.of()));
                    assertThat(c.targets())
                            .as("a card with target choices is playable")
                            .satisfiesAnyOf(
                                    t -> assertThat(t).isEmpty(),
                                    t -> assertThat(c.playable()).isTrue());
                    withChoice += c.targets().size() > 1 ? 1 : 0;
                }
                // the other seat's view has no hand of this seat, so no choices either
                assertThat(
                                Fixtures.RULES
                                        .view(g.state, Viewer.seat(seat.opponent()), 0)
                                        .seats()
                                        .get(seat)
                                        .hand())
                        .isNull();
                g.act(legal.get(r.nextInt(legal.size())));
            }
        }
        assertThat(withChoice).as("some cards offered several targets").isPositive();
    }
}
