package io.duelhall.command.ai;

import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.ai.Player;
import io.duelhall.domain.voidexa.ai.Players;
import org.springframework.stereotype.Component;

import java.util.Optional;

/**
 * The players the {@link AiDriver} seats, by the names of {@code "ai": {"B": "greedy"}}. The server's are the
 * domain's {@link Players}; a test may put a {@code @Primary} bean of its own in front (a defective player, to show
 * what the driver does when a move is refused).
 */
public interface AiPlayers {
    /**
     * A new player of that name for a match played under {@code rules} (the version the match was created with), or
     * empty if the name is unknown; {@code seed} feeds a player that needs chance.
     */
    Optional<Player> of(String name, VoidexaRuleset rules, long seed);

    /** The domain's players. */
    @Component
    class Server implements AiPlayers {
        @Override
        public Optional<Player> of(String name, VoidexaRuleset rules, long seed) {
            return Players.of(name, rules, seed);
        }
    }
}
