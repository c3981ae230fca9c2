package io.duelhall.domain.biome.ai;

import io.duelhall.domain.Seat;
import io.duelhall.domain.biome.BiomeMove;
import io.duelhall.domain.biome.BiomeRuleset;
import io.duelhall.domain.biome.BiomeState;
import java.util.List;
import java.util.SplittableRandom;

/** The baseline: a uniformly random choice among the legal moves. */
final class RandomPlayer implements Player {
    public static final String NAME = "random";
    private final BiomeRuleset rules;
    private final SplittableRandom random;

    public RandomPlayer(BiomeRuleset rules, long seed) {
        this.rules = rules;
        this.random = new SplittableRandom(seed);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public BiomeRuleset rules() {
        return rules;
    }

    @Override
    public BiomeMove move(BiomeState state, Seat seat) {
        List<BiomeMove> legal = rules.legal(state, seat);
        return legal.isEmpty() ? null : legal.get(random.nextInt(legal.size()));
    }
}
