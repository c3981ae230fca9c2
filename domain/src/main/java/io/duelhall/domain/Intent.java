package io.duelhall.domain;

import java.util.List;

/**
 * A player's intent, as sent over the API. Flat on purpose: it is stored as-is in
 * {@link IntentAccepted} and replayed by the audit.
 *
 * @param seat    who acts (set by the server from the seat token, never from the body)
 * @param type    what kind of intent
 * @param card    card instance id for PLAY_CARD and ACTIVATE
 * @param ability index of the ability for ACTIVATE (null means 0)
 * @param targets chosen targets, in order
 * @param cards   card instance ids for DISCARD_DOWN
 */
public record Intent(Seat seat, IntentType type, String card, Integer ability, List<Target> targets, List<String> cards) {
    public Intent {
        targets = targets == null ? List.of() : List.copyOf(targets);
        cards = cards == null ? List.of() : List.copyOf(cards);
    }

    public static Intent play(Seat seat, String card, Target... targets) {
        return new Intent(seat, IntentType.PLAY_CARD, card, null, List.of(targets), List.of());
    }

    public static Intent activate(Seat seat, String card, int ability, Target... targets) {
        return new Intent(seat, IntentType.ACTIVATE, card, ability, List.of(targets), List.of());
    }

    public static Intent endTurn(Seat seat) {
        return new Intent(seat, IntentType.END_TURN, null, null, List.of(), List.of());
    }

    public static Intent discardDown(Seat seat, List<String> cards) {
        return new Intent(seat, IntentType.DISCARD_DOWN, null, null, List.of(), cards);
    }

    public static Intent pass(Seat seat) {
        return new Intent(seat, IntentType.PASS, null, null, List.of(), List.of());
    }

    /** The seat's clock ran out (made by the server, recorded and replayed like any intent). */
    public static Intent timeout(Seat seat) {
        return new Intent(seat, IntentType.TIMEOUT, null, null, List.of(), List.of());
    }

    public static Intent concede(Seat seat) {
        return new Intent(seat, IntentType.CONCEDE, null, null, List.of(), List.of());
    }
}
