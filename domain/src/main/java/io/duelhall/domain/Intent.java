package io.duelhall.domain;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A player's intent: the common envelope every ruleset's intents share. Flat on purpose: it is
 * stored as-is in {@link IntentAccepted} and replayed by the audit. The vocabulary is the ruleset's
 * ({@link Ruleset#intentTypes()}): which {@code type}s exist, which fields each needs, which target
 * kinds there are. The core knows two types only, {@link #CONCEDE} (every ruleset accepts it while
 * the match is live) and {@link #TIMEOUT} (made by the server's clock, never sent by a client).
 *
 * @param seat who acts (set by the server from the seat token, never from the body)
 * @param type what kind of intent, a name of the ruleset's vocabulary ({@code PLAY_CARD})
 * @param card a card instance id (the card played, activated, banked, attacking …)
 * @param ability index of an ability (null means 0)
 * @param targets chosen targets, in order
 * @param cards card instance ids (cards discarded, returned …)
 * @param choices choices made with the intent (a mode picked, X of a cost, a facing …), by name;
 *     null when none. Absent from intents stored before it existed, and null (not stored) when
 *     empty, so the stored form of an intent without choices is what it always was.
 */
public record Intent(
        Seat seat,
        String type,
        String card,
        Integer ability,
        List<Target> targets,
        List<String> cards,
        Map<String, String> choices) {
    /** Gives up the match: every ruleset accepts it while the match is live. */
    public static final String CONCEDE = "CONCEDE";

    /** The seat's clock ran out: made by the server's clock only, never accepted from a client. */
    public static final String TIMEOUT = "TIMEOUT";

    public Intent {
        targets = targets == null ? List.of() : List.copyOf(targets);
        cards = cards == null ? List.of() : List.copyOf(cards);
        choices =
                choices == null || choices.isEmpty()
                        ? null
                        : Collections.unmodifiableMap(new TreeMap<>(choices));
    }

    /** An intent without choices. */
    public Intent(
            Seat seat,
            String type,
            String card,
            Integer ability,
            List<Target> targets,
            List<String> cards) {
        this(seat, type, card, ability, targets, cards, null);
    }

    /** An intent of {@code type} with no fields. */
    public static Intent of(Seat seat, String type) {
        return new Intent(seat, type, null, null, List.of(), List.of(), null);
    }

    /** The same intent, sent by {@code seat}. */
    public Intent by(Seat seat) {
        return new Intent(seat, type, card, ability, targets, cards, choices);
    }

    /** The choice named {@code name}, or null. */
    public String choice(String name) {
        return choices == null ? null : choices.get(name);
    }

    /** The seat's clock ran out (made by the server, recorded and replayed like any intent). */
    public static Intent timeout(Seat seat) {
        return of(seat, TIMEOUT);
    }

    public static Intent concede(Seat seat) {
        return of(seat, CONCEDE);
    }
}
