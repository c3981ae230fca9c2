package io.duelhall.domain.biome.ai;

import io.duelhall.domain.AiPlayer;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.Seat;
import io.duelhall.domain.biome.BiomeIntents;
import io.duelhall.domain.biome.BiomeRuleset;
import io.duelhall.domain.biome.Catalog;
import io.duelhall.domain.search.Budget;
import io.duelhall.domain.search.Levels;
import io.duelhall.domain.search.SearchPlayer;
import java.util.List;
import java.util.Optional;

/** The biome players the server can seat, by name. */
public final class Players {
    public static final List<String> NAMES =
            List.of(
                    Levels.STRONG,
                    Levels.NORMAL,
                    Levels.WEAK,
                    GreedyPlayer.NAME,
                    RandomPlayer.NAME);

    /** biome's players for the server's AI seats, found by the ruleset's id. */
    public static final AiPlayer.Roster ROSTER =
            AiPlayer.Roster.of(
                    BiomeRuleset.RULESET,
                    BiomeRuleset.class,
                    NAMES,
                    Players::of,
                    RandomPlayer.NAME,
                    Players::seatRequest);

    private Players() {}

    /**
     * Any player of that name, the searching levels ({@link Levels}) included, their budgets times
     * {@code budgetScale}; empty for an unknown name.
     */
    public static Optional<AiPlayer> of(
            String name, BiomeRuleset rules, long seed, double budgetScale) {
        Optional<Budget> level = Levels.budget(name);
        if (level.isPresent()) {
            return Optional.of(search(name, rules, level.get().scaled(budgetScale), seed));
        }
        return of(name, rules, seed).map(p -> p);
    }

    /** biome's searching AI with {@code budget}. */
    public static SearchPlayer search(String name, BiomeRuleset rules, Budget budget, long seed) {
        return new SearchPlayer(name, rules, new BiomeSearch(rules), budget, seed);
    }

    public static Optional<Player> of(String name, BiomeRuleset rules, long seed) {
        if (GreedyPlayer.NAME.equals(name)) {
            return Optional.of(new GreedyPlayer(rules));
        }
        if (RandomPlayer.NAME.equals(name)) {
            return Optional.of(new RandomPlayer(rules, seed));
        }
        return Optional.empty();
    }

    /** Seat A takes the first starter deck, every other seat the second. */
    private static JoinRequest seatRequest(
            BiomeRuleset rules, Seat seat, String name, String clientSeed) {
        List<Catalog.StarterDeck> decks = rules.catalog().starterDecks();
        Catalog.StarterDeck deck = decks.get(seat == Seat.A ? 0 : 1 % decks.size());
        return BiomeIntents.joinRequest(name, deck.cards(), clientSeed);
    }
}
