package io.duelhall.domain.search;

import io.duelhall.domain.AiPlayer;
import io.duelhall.domain.HiddenState;
import io.duelhall.domain.Intent;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.SeatKnowledge;
import java.util.SplittableRandom;

/**
 * The searching AI of any ruleset ({@code "ai": {"B": "ismcts"}}): {@link Ismcts} over the seat's
 * knowledge, within a {@link Budget}. Its chance comes from the seed the seat was given and the
 * match's version alone, so with a budget in iterations the same knowledge gives the same move on
 * any node, after any restart.
 */
public final class SearchPlayer implements AiPlayer {
    private final String name;
    private final Ruleset rules;
    private final SearchGame game;
    private final Ismcts search;
    private final Budget budget;
    private final long seed;
    private volatile Ismcts.Result last;

    public SearchPlayer(String name, Ruleset rules, SearchGame game, Budget budget, long seed) {
        this.name = name;
        this.rules = rules;
        this.game = game;
        this.search = new Ismcts(rules, game);
        this.budget = budget;
        this.seed = seed;
    }

    @Override
    public String name() {
        return name;
    }

    /** What the game lends the search. */
    public SearchGame game() {
        return game;
    }

    public Budget budget() {
        return budget;
    }

    /** The last search's figures (iterations, moves at the root), or null before the first. */
    public Ismcts.Result last() {
        return last;
    }

    @Override
    public Intent choose(SeatKnowledge knowledge) {
        return choose(knowledge, rules.hiddenState(knowledge));
    }

    /**
     * The move for {@code knowledge}'s seat, searched over states drawn from {@code hidden}: the
     * ruleset's sample of the seat's knowledge as played, or what {@link Oracle} hands it in the
     * arena.
     */
    Intent choose(SeatKnowledge knowledge, HiddenState hidden) {
        SplittableRandom random =
                new SplittableRandom(seed * 0x9E3779B97F4A7C15L + knowledge.version());
        Ismcts.Result r = search.search(hidden, knowledge.seat(), budget, random);
        last = r;
        return r.move();
    }
}
