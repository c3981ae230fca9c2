package io.duelhall.domain.voidexa.ai;

import io.duelhall.domain.AiPlayer;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.Seat;
import io.duelhall.domain.search.Budget;
import io.duelhall.domain.search.Levels;
import io.duelhall.domain.search.SearchPlayer;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.cards.StarterDeck;
import java.util.List;
import java.util.Optional;

/** The players the server can seat, by name. */
public final class Players {
    /** Names accepted in {@code "ai": {"A": …, "B": …}} and on the command line. */
    public static final List<String> NAMES =
            List.of(
                    Levels.STRONG,
                    Levels.NORMAL,
                    Levels.WEAK,
                    GreedyPlayer.NAME,
                    RandomPlayer.NAME);

    /** voidexa's players for the server's AI seats, found by the ruleset's id. */
    public static final AiPlayer.Roster ROSTER =
            AiPlayer.Roster.of(
                    VoidexaRuleset.RULESET,
                    VoidexaRuleset.class,
                    NAMES,
                    Players::of,
                    RandomPlayer.NAME,
                    Players::seatRequest);

    private Players() {}

    /**
     * A new player of that name, or empty if the name is unknown. {@code seed} feeds a random
     * player.
     */
    public static Optional<Player> of(String name, VoidexaRuleset rules, long seed) {
        if (GreedyPlayer.NAME.equals(name)) {
            return Optional.of(new GreedyPlayer(rules));
        }
        if (RandomPlayer.NAME.equals(name)) {
            return Optional.of(new RandomPlayer(rules, seed));
        }
        return Optional.empty();
    }

    /**
     * Any player of that name, the searching levels ({@link Levels}) included, their budgets times
     * {@code budgetScale}; empty for an unknown name.
     */
    public static Optional<AiPlayer> of(
            String name, VoidexaRuleset rules, long seed, double budgetScale) {
        Optional<Budget> level = Levels.budget(name);
        if (level.isPresent()) {
            return Optional.of(search(name, rules, level.get().scaled(budgetScale), seed));
        }
        return of(name, rules, seed).map(p -> p);
    }

    /** voidexa's searching AI with {@code budget}. */
    public static SearchPlayer search(String name, VoidexaRuleset rules, Budget budget, long seed) {
        return new SearchPlayer(name, rules, new VoidexaSearch(rules), budget, seed);
    }

    /** Seat A takes the first starter deck, every other seat the second. */
    private static JoinRequest seatRequest(
            VoidexaRuleset rules, Seat seat, String name, String clientSeed) {
        List<StarterDeck> decks = rules.catalog().starterDecks();
        StarterDeck deck = decks.get(seat == Seat.A ? 0 : 1 % decks.size());
        return new JoinRequest(name, deck.pilotClass(), deck.shipCore(), deck.cards(), clientSeed);
    }
}
