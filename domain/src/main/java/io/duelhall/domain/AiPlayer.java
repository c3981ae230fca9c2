package io.duelhall.domain;

import java.util.List;
import java.util.Optional;

/**
 * A computer player of one ruleset: given what a seat that owes a decision knows ({@link
 * SeatKnowledge}: its redacted view and the history redacted for it, never the state), it picks an
 * intent the rules accept. Fair by construction: what the seat cannot see is not in its input.
 * Pure: no I/O, no clock (but a search budget in milliseconds); a player that needs chance is given
 * its own seed ({@link Roster#player}). The server's AI seats drive any ruleset's players through
 * this alone.
 */
public interface AiPlayer {
    /** The name used in the API ({@code "ai": {"B": "greedy"}}) and on the command line. */
    String name();

    /**
     * The intent {@code knowledge.seat()} sends now; null only when it owes nothing. {@code
     * knowledge} is all the player is given of the match.
     */
    Intent choose(SeatKnowledge knowledge);

    /**
     * A ruleset's AI players, by name: what the server seats for {@code "ai": {"B": "greedy"}}.
     * Each ruleset's plug-in gives one; the wiring finds it by the ruleset's id, so the server
     * never names a ruleset's player classes.
     */
    interface Roster {
        /** The ruleset id these players play. */
        String ruleset();

        /** The names accepted, the strongest first. */
        List<String> names();

        /**
         * A new player of that name for a match played under {@code rules} (the version the match
         * was created with; of this roster's ruleset), or empty if the name is unknown; {@code
         * seed} feeds a player that needs chance.
         */
        default Optional<AiPlayer> player(String name, Ruleset rules, long seed) {
            return player(name, rules, seed, 1.0);
        }

        /**
         * As {@link #player(String, Ruleset, long)}, with the searching players' budgets scaled by
         * {@code budgetScale} (the server's {@code duelhall.ai.search-scale}; tests make it small).
         */
        Optional<AiPlayer> player(String name, Ruleset rules, long seed, double budgetScale);

        /**
         * A player that sends any legal move, chosen by {@code seed}: the server's fallback after
         * refusals.
         */
        AiPlayer anyLegalMove(Ruleset rules, long seed);

        /**
         * What an AI asks for when it takes {@code seat} of a match under {@code rules}: a legal
         * deck of the ruleset (its starter decks), under {@code name}, with {@code clientSeed}.
         */
        JoinRequest seatRequest(Ruleset rules, Seat seat, String name, String clientSeed);

        /**
         * A roster from a ruleset's parts: its id and class, its players' names (the strongest
         * first), how it makes a player by name, which of them sends any legal move (the server's
         * fallback) and what its AI asks for when taking a seat.
         */
        static <R extends Ruleset> Roster of(
                String ruleset,
                Class<R> rulesType,
                List<String> names,
                Players<R> players,
                String anyLegalMove,
                SeatRequests<R> seatRequests) {
            List<String> known = List.copyOf(names);
            if (!known.contains(anyLegalMove)) {
                throw new IllegalArgumentException(anyLegalMove + " is not one of " + known);
            }
            return new Roster() {
                @Override
                public String ruleset() {
                    return ruleset;
                }

                @Override
                public List<String> names() {
                    return known;
                }

                @Override
                public Optional<AiPlayer> player(
                        String name, Ruleset rules, long seed, double budgetScale) {
                    return rulesType.isInstance(rules)
                            ? players.of(name, rulesType.cast(rules), seed, budgetScale).map(p -> p)
                            : Optional.empty();
                }

                @Override
                public AiPlayer anyLegalMove(Ruleset rules, long seed) {
                    return players.of(anyLegalMove, rulesType.cast(rules), seed, 1.0).orElseThrow();
                }

                @Override
                public JoinRequest seatRequest(
                        Ruleset rules, Seat seat, String name, String clientSeed) {
                    return seatRequests.of(rulesType.cast(rules), seat, name, clientSeed);
                }
            };
        }

        /**
         * A ruleset's players by name: empty for a name it does not know; {@code budgetScale}
         * scales a searching player's budget (1 = the level's own).
         */
        @FunctionalInterface
        interface Players<R extends Ruleset> {
            Optional<? extends AiPlayer> of(String name, R rules, long seed, double budgetScale);
        }

        /** What a ruleset's AI asks for when it takes a seat. */
        @FunctionalInterface
        interface SeatRequests<R extends Ruleset> {
            JoinRequest of(R rules, Seat seat, String name, String clientSeed);
        }
    }
}
