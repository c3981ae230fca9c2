package io.duelhall.domain.search;

import io.duelhall.domain.GameState;
import io.duelhall.domain.Intent;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.SeatKnowledge;
import java.util.SplittableRandom;

/**
 * {@link Ismcts} over the truth instead of samples of it: every determinization is the match as it
 * stands — every hand, every deck's order and the server seed, so every die to come. A measurement
 * only ({@link Arena.Seeing}; the bench's {@code arena --oracle}): it bounds what any fair player
 * could gain, at the same budget, from what its seat cannot see. The server never seats it: its AI
 * seats are {@link SearchPlayer}s and see what their seat sees.
 */
public final class Oracle implements Arena.Seeing {
    private final Ismcts search;
    private final Budget budget;
    private final long seed;
    private volatile Ismcts.Result last;

    public Oracle(Ruleset rules, SearchGame game, Budget budget, long seed) {
        this.search = new Ismcts(rules, game);
        this.budget = budget;
        this.seed = seed;
    }

    @Override
    public String name() {
        return "ismcts-oracle";
    }

    /** The last search's figures, or null before the first. */
    public Ismcts.Result last() {
        return last;
    }

    @Override
    public Intent choose(SeatKnowledge knowledge, GameState truth) {
        // the same chance as SearchPlayer's: the seed and the match's version
        SplittableRandom random =
                new SplittableRandom(seed * 0x9E3779B97F4A7C15L + knowledge.version());
        Ismcts.Result r = search.search(any -> truth, knowledge.seat(), budget, random);
        last = r;
        return r.move();
    }

    @Override
    public Intent choose(SeatKnowledge knowledge) {
        throw new IllegalStateException("the oracle plays only in the arena, handed the truth");
    }
}
