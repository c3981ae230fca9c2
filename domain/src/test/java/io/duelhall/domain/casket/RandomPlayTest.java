package io.duelhall.domain.casket;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.casket.ai.Player;
import io.duelhall.domain.casket.ai.RandomPlayer;
import io.duelhall.domain.casket.ai.SelfPlay;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Random players finish matches of every seat count; every move they send is accepted. */
class RandomPlayTest {
    private static final CasketRuleset RULES = new CasketRuleset();

    @ParameterizedTest(name = "{0} seats")
    @ValueSource(ints = {2, 3, 4, 5, 6})
    void randomMatchesFinish(int seats) {
        for (long seed = 1; seed <= 4; seed++) {
            List<Player> players = new ArrayList<>();
            List<Catalog.Starter> caskets = new ArrayList<>();
            for (int i = 0; i < seats; i++) {
                players.add(new RandomPlayer(RULES, seed * 10 + i));
                caskets.add(RULES.catalog().starters().get((int) (seed + i) % 4));
            }
            SelfPlay.Game g = new SelfPlay(RULES).play(seed, players, caskets);
            assertThat(g.state().status()).isEqualTo(MatchStatus.ENDED);
            assertThat(RULES.replay(g.events())).isEqualTo(g.state());
        }
    }
}
