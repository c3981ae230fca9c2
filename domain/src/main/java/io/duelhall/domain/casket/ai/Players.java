package io.duelhall.domain.casket.ai;

import io.duelhall.domain.AiPlayer;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.Seat;
import io.duelhall.domain.casket.CasketIntents;
import io.duelhall.domain.casket.CasketRuleset;
import io.duelhall.domain.casket.Catalog;
import io.duelhall.domain.search.Budget;
import io.duelhall.domain.search.Levels;
import io.duelhall.domain.search.SearchPlayer;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The casket players the server can seat, by name. */
public final class Players {
    public static final List<String> NAMES =
            List.of(
                    Levels.STRONG,
                    Levels.NORMAL,
                    Levels.WEAK,
                    GreedyPlayer.NAME,
                    RandomPlayer.NAME);

    public static final AiPlayer.Roster ROSTER =
            AiPlayer.Roster.of(
                    CasketRuleset.RULESET,
                    CasketRuleset.class,
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
            String name, CasketRuleset rules, long seed, double budgetScale) {
        Optional<Budget> level = Levels.budget(name);
        if (level.isPresent()) {
            return Optional.of(search(name, rules, level.get().scaled(budgetScale), seed));
        }
        return of(name, rules, seed).map(p -> p);
    }

    /** casket's searching AI with {@code budget}. */
    public static SearchPlayer search(String name, CasketRuleset rules, Budget budget, long seed) {
        return new SearchPlayer(name, rules, new CasketSearch(rules), budget, seed);
    }

    public static JoinRequest joinRequest(String name, Catalog.Starter s, String clientSeed) {
        return new JoinRequest(
                name,
                null,
                null,
                s.deck(),
                clientSeed,
                null,
                Map.of(CasketIntents.CASKET, s.id()),
                null);
    }

    public static Optional<Player> of(String name, CasketRuleset rules, long seed) {
        if (GreedyPlayer.NAME.equals(name)) {
            return Optional.of(new GreedyPlayer(rules));
        }
        if (RandomPlayer.NAME.equals(name)) {
            return Optional.of(new RandomPlayer(rules, seed));
        }
        return Optional.empty();
    }

    /** Seat A takes the first starter Casket, B the second, and so on round. */
    private static JoinRequest seatRequest(
            CasketRuleset rules, Seat seat, String name, String clientSeed) {
        List<Catalog.Starter> s = rules.catalog().starters();
        return joinRequest(name, s.get(seat.ordinal() % s.size()), clientSeed);
    }
}
