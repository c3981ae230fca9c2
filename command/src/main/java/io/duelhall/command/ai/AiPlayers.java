package io.duelhall.command.ai;

import io.duelhall.domain.AiPlayer;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Seat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * The players the {@link AiDriver} seats, by the names of {@code "ai": {"B": "greedy"}}, for any
 * ruleset whose plug-in gives an {@link AiPlayer.Roster} (a bean the wiring makes, found here by
 * the ruleset's id). A test may put a {@code @Primary} bean of its own in front (a defective
 * player, to show what the driver does when a move is refused).
 */
public interface AiPlayers {
    /**
     * A new player of that name for a match played under {@code rules} (the version the match was
     * created with), or empty if the name is unknown; {@code seed} feeds a player that needs
     * chance.
     */
    Optional<AiPlayer> of(String name, Ruleset rules, long seed);

    /**
     * The AI names a match of {@code ruleset} may seat, the strongest first; empty when it has no
     * AI.
     */
    List<String> names(String ruleset);

    /**
     * A player that sends any legal move (the driver's fallback after refusals), if the ruleset has
     * one.
     */
    Optional<AiPlayer> anyLegalMove(Ruleset rules, long seed);

    /**
     * The seat request an AI takes {@code seat} of a match under {@code rules} with (a starter
     * deck).
     */
    JoinRequest seatRequest(Ruleset rules, Seat seat, String name, String clientSeed);

    /** Every ruleset's roster, by ruleset id. */
    @Component
    class Server implements AiPlayers {
        private final Map<String, AiPlayer.Roster> rosters = new LinkedHashMap<>();
        private final double searchScale;

        public Server(List<AiPlayer.Roster> rosters) {
            this(rosters, 1.0);
        }

        /**
         * {@code searchScale} ({@code duelhall.ai.search-scale}, 1 by default) scales the budget of
         * every searching level ({@code ismcts}: 200 ms times it); tests make it small.
         */
        @org.springframework.beans.factory.annotation.Autowired
        public Server(
                List<AiPlayer.Roster> rosters,
                @org.springframework.beans.factory.annotation.Value(
                                "${duelhall.ai.search-scale:1.0}")
                        double searchScale) {
            rosters.forEach(r -> this.rosters.put(r.ruleset(), r));
            this.searchScale = searchScale > 0 ? searchScale : 1.0;
        }

        @Override
        public Optional<AiPlayer> of(String name, Ruleset rules, long seed) {
            return Optional.ofNullable(rosters.get(rules.id()))
                    .flatMap(r -> r.player(name, rules, seed, searchScale));
        }

        @Override
        public List<String> names(String ruleset) {
            AiPlayer.Roster r = rosters.get(ruleset);
            return r == null ? List.of() : r.names();
        }

        @Override
        public Optional<AiPlayer> anyLegalMove(Ruleset rules, long seed) {
            return Optional.ofNullable(rosters.get(rules.id()))
                    .map(r -> r.anyLegalMove(rules, seed));
        }

        @Override
        public JoinRequest seatRequest(Ruleset rules, Seat seat, String name, String clientSeed) {
            AiPlayer.Roster r = rosters.get(rules.id());
            if (r == null) {
                throw new IllegalStateException("no AI players for ruleset " + rules.id());
            }
            return r.seatRequest(rules, seat, name, clientSeed);
        }
    }
}
