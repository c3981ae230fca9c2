package io.duelhall.domain.search;

import io.duelhall.domain.GameState;
import io.duelhall.domain.Intent;
import io.duelhall.domain.Seat;
import java.util.List;

/**
 * What a game's AI lends the search beside its ruleset: a quick policy to play on (the rollouts)
 * and a value of a state for one seat. Both read a full state, which in the search is always a
 * sample ({@link io.duelhall.domain.HiddenState}), never the truth.
 */
public interface SearchGame {
    /** A move {@code seat} makes now in a rollout (the game's greedy player); null when none. */
    Intent policy(GameState state, Seat seat);

    /**
     * The moves the search weighs for {@code seat} in {@code state}: by default the ruleset's legal
     * moves, as listed. A game whose rules accept more than they list (a list that names one way to
     * pay or discard of the many a seat may choose) may add the choices its own player would make,
     * so the search can make them too; every move added must be one the rules accept in {@code
     * state}.
     */
    default List<Intent> moves(GameState state, Seat seat, List<Intent> legal) {
        return legal;
    }

    /**
     * How good {@code state} is for {@code seat}, in [0, 1]: at the end its result (1 won, 0 lost,
     * 0.5 drew; with more seats its placing, first 1 and last 0), before it the game's evaluation.
     */
    double value(GameState state, Seat seat);

    /**
     * How many moves a rollout plays before the state is valued, when the budget does not say: a
     * game whose policy is dear (voidexa's greedy looks at every legal move through the engine)
     * rolls out less.
     */
    default int rolloutDepth() {
        return 8;
    }

    /**
     * The progressive bias towards {@link #policy}'s move ({@link Ismcts}): its worth at the first
     * visit, fading as 1 / (1 + visits). High keeps a small search close to the policy's play.
     */
    default double policyBias() {
        return 2.0;
    }

    /**
     * UCB1's exploration constant ({@link Ismcts}): how far the search looks at moves it values
     * less. Values are in [0, 1], but between two moves of one decision they often differ by
     * hundredths.
     */
    default double exploration() {
        return Ismcts.EXPLORATION;
    }

    /**
     * Whether the search's progressive widening adds a node's moves best first, ranked by {@link
     * #value} of the state each leads to (after the policy's move), rather than at random. Off by
     * default: on the same 40 mirrored voidlit deals at 40 iterations the ordered search scored
     * 57.5 % against greedy, the unordered 67.5 % (voidexa 50 % both; docs/benchmarks.md, the
     * arena's run 3) — ranked moves are the ones greedy's own evaluation already prefers, so the
     * search weighs fewer moves the evaluation misjudges.
     */
    default boolean orderMoves() {
        return false;
    }

    /** A score difference squeezed into (0, 1): 0.5 at even, {@code scale} the score of 73 %. */
    static double squash(double score, double scale) {
        return 1.0 / (1.0 + Math.exp(-score / scale));
    }
}
