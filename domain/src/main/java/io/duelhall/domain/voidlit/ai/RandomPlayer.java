package io.duelhall.domain.voidlit.ai;

import io.duelhall.domain.Seat;
import io.duelhall.domain.voidlit.VoidlitMove;
import io.duelhall.domain.voidlit.VoidlitRuleset;
import io.duelhall.domain.voidlit.VoidlitState;
import java.util.List;
import java.util.SplittableRandom;

/** The baseline: a uniformly random choice among the legal moves. */
public final class RandomPlayer implements Player {
    public static final String NAME = "random";
    private final VoidlitRuleset rules;
    private final SplittableRandom random;

    public RandomPlayer(VoidlitRuleset rules, long seed) {
        this.rules = rules;
        this.random = new SplittableRandom(seed);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public VoidlitRuleset rules() {
        return rules;
    }

    @Override
    public VoidlitMove move(VoidlitState state, Seat seat) {
        List<VoidlitMove> legal = rules.legal(state, seat);
        return legal.isEmpty() ? null : legal.get(random.nextInt(legal.size()));
    }
}
