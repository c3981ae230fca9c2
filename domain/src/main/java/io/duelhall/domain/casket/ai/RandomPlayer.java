package io.duelhall.domain.casket.ai;

import io.duelhall.domain.Intent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.casket.CasketRuleset;
import io.duelhall.domain.casket.CasketState;
import java.util.List;
import java.util.SplittableRandom;

/** The baseline: a uniformly random choice among the legal moves. */
public final class RandomPlayer implements Player {
    public static final String NAME = "random";
    private final CasketRuleset rules;
    private final SplittableRandom random;

    public RandomPlayer(CasketRuleset rules, long seed) {
        this.rules = rules;
        this.random = new SplittableRandom(seed);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CasketRuleset rules() {
        return rules;
    }

    @Override
    public Intent move(CasketState state, Seat seat) {
        List<Intent> legal = rules.legalMoves(state, seat);
        return legal.isEmpty() ? null : legal.get(random.nextInt(legal.size()));
    }
}
