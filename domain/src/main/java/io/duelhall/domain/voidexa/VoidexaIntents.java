package io.duelhall.domain.voidexa;

import io.duelhall.domain.Intent;
import io.duelhall.domain.IntentSpec;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Target;
import java.util.Arrays;
import java.util.List;

/**
 * voidexa's intent vocabulary (docs/rulesets.md): the types a seat sends, the kinds of target, and
 * makers for both. The names are what the API and every stored {@link
 * io.duelhall.domain.IntentAccepted} have always carried.
 */
public final class VoidexaIntents {
    private VoidexaIntents() {}

    /** voidexa's intent types. {@link #TIMEOUT} is made by the server's clock only. */
    public enum Type {
        PLAY_CARD,
        ACTIVATE,
        END_TURN,
        DISCARD_DOWN,
        PASS,
        CONCEDE,
        TIMEOUT;

        /** The type an intent names, or null for a name that is not voidexa's. */
        public static Type of(Intent intent) {
            if (intent == null || intent.type() == null) {
                return null;
            }
            for (Type t : values()) {
                if (t.name().equals(intent.type())) {
                    return t;
                }
            }
            return null;
        }
    }

    /**
     * What a voidexa intent aims at. {@code subsystem} names a subsystem for SUBSYSTEM; {@code id}
     * a card instance for DRONE and CARD.
     */
    public enum Kind {
        SHIP,
        SUBSYSTEM,
        DRONE,
        CARD;

        /** The kind of a target, or null for one that is not voidexa's. */
        public static Kind of(Target t) {
            if (t == null || t.kind() == null) {
                return null;
            }
            for (Kind k : values()) {
                if (k.name().equals(t.kind())) {
                    return k;
                }
            }
            return null;
        }
    }

    static final List<IntentSpec> TYPES =
            List.of(
                    new IntentSpec(
                            "PLAY_CARD",
                            "play a card from your hand (\"card\": its instance id) at \"targets\" as it needs.",
                            List.of("card"),
                            List.of("targets")),
                    new IntentSpec(
                            "ACTIVATE",
                            "use an ability (\"ability\": its index, 0 if absent) of your card in play (\"card\").",
                            List.of("card"),
                            List.of("ability", "targets")),
                    new IntentSpec("END_TURN", "end your turn.", List.of(), List.of()),
                    new IntentSpec(
                            "DISCARD_DOWN",
                            "discard to the hand limit (\"cards\": the instance ids to discard).",
                            List.of("cards"),
                            List.of()),
                    new IntentSpec(
                            "PASS",
                            "let the card waiting for an answer resolve.",
                            List.of(),
                            List.of()),
                    new IntentSpec("CONCEDE", "give up the match.", List.of(), List.of()));

    static final List<String> KINDS = Arrays.stream(Kind.values()).map(Enum::name).toList();

    public static Intent play(Seat seat, String card, Target... targets) {
        return new Intent(seat, Type.PLAY_CARD.name(), card, null, List.of(targets), List.of());
    }

    public static Intent activate(Seat seat, String card, int ability, Target... targets) {
        return new Intent(seat, Type.ACTIVATE.name(), card, ability, List.of(targets), List.of());
    }

    public static Intent endTurn(Seat seat) {
        return Intent.of(seat, Type.END_TURN.name());
    }

    public static Intent discardDown(Seat seat, List<String> cards) {
        return new Intent(seat, Type.DISCARD_DOWN.name(), null, null, List.of(), cards);
    }

    public static Intent pass(Seat seat) {
        return Intent.of(seat, Type.PASS.name());
    }

    public static Target ship(Seat seat) {
        return new Target(Kind.SHIP.name(), seat, null, null);
    }

    public static Target subsystem(Seat seat, String subsystem) {
        return new Target(Kind.SUBSYSTEM.name(), seat, subsystem, null);
    }

    public static Target drone(Seat seat, String id) {
        return new Target(Kind.DRONE.name(), seat, null, id);
    }

    public static Target card(Seat seat, String id) {
        return new Target(Kind.CARD.name(), seat, null, id);
    }
}
