package io.duelhall.domain.voidlit;

import io.duelhall.domain.Seat;
import java.util.List;

/**
 * voidlit's moves, independent of the platform's {@code Intent} shape ({@link VoidlitIntents} maps
 * the two, the one file that knows that shape). The vocabulary is in docs/rulesets.md ("voidlit").
 */
public sealed interface VoidlitMove {
    Seat seat();

    /**
     * L-START-1: return these cards (instance ids; none keeps the hand) of the five shown, once.
     */
    record Mulligan(Seat seat, List<String> cards) implements VoidlitMove {
        public Mulligan {
            cards = List.copyOf(cards);
        }
    }

    /** L-ENERGY-1: put a card of the hand into the Bank, once a turn. */
    record Bank(Seat seat, String card) implements VoidlitMove {}

    /** Play a card of the hand; {@code target} is what it names, or null. */
    record Play(Seat seat, String card, TargetRef target) implements VoidlitMove {}

    /** A Unit attacks an enemy Unit or the enemy player (L-FATIGUE-1). */
    record Attack(Seat seat, String attacker, TargetRef target) implements VoidlitMove {}

    record EndTurn(Seat seat) implements VoidlitMove {}

    /** L-END-1: at any time; a loss. */
    record Concede(Seat seat) implements VoidlitMove {}

    /** The seat's clock ran out (made by the server). */
    record Timeout(Seat seat) implements VoidlitMove {}
}
