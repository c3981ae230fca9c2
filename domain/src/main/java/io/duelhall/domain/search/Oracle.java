package io.duelhall.domain.search;

import io.duelhall.domain.HiddenState;
import io.duelhall.domain.Intent;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.SeatKnowledge;
import java.util.Locale;

/**
 * {@link Ismcts} handed more than its seat may know: a measurement only ({@link Arena.Seeing}; the
 * bench's {@code arena --oracle}), bounding what a fair player could gain, at the same budget, from
 * what its seat cannot see. The server never seats it: its AI seats are {@link SearchPlayer}s and
 * see what their seat sees.
 */
public final class Oracle implements Arena.Seeing {
    /** What the oracle is handed. */
    public enum Sight {
        /**
         * The truth itself as every determinization: every hand, every deck's order and the server
         * seed, so every die and draw to come.
         */
        TRUTH,
        /**
         * The ruleset's own sampler ({@link Ruleset#hiddenState}) over every raw event, unredacted:
         * every card anyone has drawn or shuffled in the order the events name, but not the server
         * seed, so what chance decides later (dice, a shuffle still to come) is sampled as the seat
         * would sample it.
         */
        EVERY_EVENT
    }

    private final Ruleset rules;
    private final SearchPlayer search;
    private final Sight sight;

    public Oracle(Ruleset rules, SearchGame game, Budget budget, long seed, Sight sight) {
        this.rules = rules;
        this.search = new SearchPlayer("ismcts", rules, game, budget, seed);
        this.sight = sight;
    }

    @Override
    public String name() {
        return "ismcts-oracle-" + sight.name().toLowerCase(Locale.ROOT);
    }

    /** The last search's figures, or null before the first. */
    public Ismcts.Result last() {
        return search.last();
    }

    @Override
    public Intent choose(SeatKnowledge knowledge, Arena.Position truth) {
        // the search's own chance (the seed and the match's version), over what it is handed
        HiddenState hidden =
                sight == Sight.TRUTH
                        ? any -> truth.state()
                        : rules.hiddenState(
                                new SeatKnowledge(
                                        knowledge.seat(),
                                        knowledge.version(),
                                        knowledge.view(),
                                        truth.events()));
        return search.choose(knowledge, hidden);
    }

    @Override
    public Intent choose(SeatKnowledge knowledge) {
        throw new IllegalStateException("the oracle plays only in the arena, handed the truth");
    }
}
