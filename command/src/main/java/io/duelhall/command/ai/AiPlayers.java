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
    /** A new player of that name, or empty if the name is unknown; {@code seed} feeds a player that needs chance. */
    Optional<Player> of(String name, long seed);

    /** The domain's players. */
    @Component
    class Server implements AiPlayers {
        private final VoidexaRuleset voidexa;

        public Server(VoidexaRuleset voidexa) {
            this.voidexa = voidexa;
        }

        @Override
        public Optional<Player> of(String name, long seed) {
            return Players.of(name, voidexa, seed);
        }
    }
}
