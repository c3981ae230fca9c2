package io.duelhall.domain.voidexa.ai;

import io.duelhall.domain.GameState;
import io.duelhall.domain.Intent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.search.SearchGame;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.VoidexaState;

/**
 * What voidexa lends the search: greedy as the rollout policy, {@link Evaluation} (squashed) as the
 * value of a state the rollout stops in. A value that sees the race (the turns each side needs to
 * destroy the other by Hull, Reactor or Life Support from its hand and draws, and a Weapons lock:
 * commit 41d7502, {@code -Drace=true}) scored no better against greedy on the same mirrored deals
 * (docs/benchmarks.md, run 7): between these players the deal and the seat decide most voidexa
 * matches, not the moves.
 */
final class VoidexaSearch implements SearchGame {
    /** An evaluation lead of this much is worth 73 %. */
    static final double SCALE = 25;

    private final GreedyPlayer greedy;
    private final Evaluation evaluation;

    VoidexaSearch(VoidexaRuleset rules) {
        this.greedy = new GreedyPlayer(rules);
        this.evaluation = new Evaluation(rules.catalog());
    }

    /**
     * No rollout: the value of the state the tree stops in (issue 42, run 4). Greedy's rollout
     * moves (greedy decides and folds every legal move to pick one) were half an iteration's cost;
     * without them an iteration is several times cheaper, so a budget searches deeper. Longer
     * rollouts (12 moves) did not score better either: between these players the seat decides
     * voidexa (docs/benchmarks.md, run 4).
     */
    @Override
    public int rolloutDepth() {
        return 0;
    }

    /**
     * A light bias towards greedy's move: values here differ by a few hundredths between moves, and
     * the default 2.0 made the search play greedy's move in every decision measured.
     */
    @Override
    public double policyBias() {
        return 0.1;
    }

    /**
     * UCB1 explores less than the default 0.7: the values of one decision's moves differ by
     * hundredths, and at 0.7 the visits hardly followed them (the most visited move was close to a
     * draw among the widened ones). On the same 20 mirrored deals at 200 iterations 0.2 scored 70 %
     * in voidlit and 65 % in biome where 0.7 scored 55 % and 40 % (docs/benchmarks.md, run 6).
     */
    @Override
    public double exploration() {
        return 0.2;
    }

    @Override
    public Intent policy(GameState state, Seat seat) {
        return greedy.choose((VoidexaState) state, seat);
    }

    @Override
    public double value(GameState state, Seat seat) {
        VoidexaState s = (VoidexaState) state;
        if (s.over()) {
            if (s.result() == null || s.result().winner() == null) {
                return 0.5;
            }
            return s.result().winner() == seat ? 1 : 0;
        }
        return SearchGame.squash(evaluation.of(s, seat), SCALE);
    }
}
