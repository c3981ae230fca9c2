package io.duelhall.domain.voidexa.ai;

import io.duelhall.domain.voidexa.VoidexaRuleset;

import java.util.List;
import java.util.Optional;

/** The players the server can seat, by name. */
public final class Players {
    /** Names accepted in {@code "ai": {"A": …, "B": …}} and on the command line. */
    public static final List<String> NAMES = List.of(GreedyPlayer.NAME, RandomPlayer.NAME);

    private Players() {
    }

    /** A new player of that name, or empty if the name is unknown. {@code seed} feeds a random player. */
    public static Optional<Player> of(String name, VoidexaRuleset rules, long seed) {
        if (GreedyPlayer.NAME.equals(name)) {
            return Optional.of(new GreedyPlayer(rules));
        }
        if (RandomPlayer.NAME.equals(name)) {
            return Optional.of(new RandomPlayer(rules.catalog(), seed));
        }
        return Optional.empty();
    }
}
