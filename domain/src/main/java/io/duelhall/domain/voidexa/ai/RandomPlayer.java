package io.duelhall.domain.voidexa.ai;

import io.duelhall.domain.Intent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.VoidexaMoves;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.VoidexaState;
import io.duelhall.domain.voidexa.cards.Catalog;
import java.util.List;
import java.util.SplittableRandom;

/** The baseline the AI is measured against: a uniformly random choice among the legal intents. */
public final class RandomPlayer implements Player {
    public static final String NAME = "random";
    private final VoidexaRuleset rules;
    private final VoidexaMoves moves;
    private final SplittableRandom random;

    public RandomPlayer(Catalog catalog, long seed) {
        this(new VoidexaRuleset(catalog), seed);
    }

    public RandomPlayer(VoidexaRuleset rules, long seed) {
        this.rules = rules;
        this.moves = new VoidexaMoves(rules.catalog());
        this.random = new SplittableRandom(seed);
    }

    @Override
    public VoidexaRuleset rules() {
        return rules;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Intent choose(VoidexaState state, Seat seat) {
        List<Intent> legal = moves.legal(state, seat);
        return legal.isEmpty() ? null : legal.get(random.nextInt(legal.size()));
    }
}
