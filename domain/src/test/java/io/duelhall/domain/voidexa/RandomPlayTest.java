package io.duelhall.domain.voidexa;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Decision;
import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RandomPlayTest {
    @Test
    void randomMatchesEndAndReplayToTheSameState() {
        VoidexaMoves moves = new VoidexaMoves(Fixtures.CATALOG);
        int ended = 0;
        for (int seed = 0; seed < 200; seed++) {
            Fixtures.Game g =
                    new Fixtures.Game(seed, Fixtures.deck(seed % 2), Fixtures.deck((seed / 2) % 2));
            Random r = new Random(seed);
            for (int step = 0; step < 5000 && g.state.status() == MatchStatus.LIVE; step++) {
                Seat seat = VoidexaMoves.toAct(g.state);
                List<Intent> legal = moves.legal(g.state, seat);
                assertThat(legal).as("someone can always act").isNotEmpty();
                Intent pick = r.nextInt(10) < 3 ? legal.get(0) : legal.get(r.nextInt(legal.size()));
                Decision d = g.act(pick);
                assertThat(d.accepted())
                        .as("legal move refused: %s -> %s", pick, d.refusal())
                        .isTrue();
            }
            if (g.state.status() == MatchStatus.ENDED) {
                ended++;
            }
            assertThat(Fixtures.RULES.replay(g.events)).isEqualTo(g.state);
        }
        assertThat(ended).isEqualTo(200);
    }
}
