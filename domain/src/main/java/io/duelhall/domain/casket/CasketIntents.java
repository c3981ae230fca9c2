package io.duelhall.domain.casket;

import io.duelhall.domain.IntentSpec;
import io.duelhall.domain.Target;
import java.util.List;

/** casket's intent vocabulary (the words of {@link io.duelhall.domain.Intent} it uses). */
public final class CasketIntents {
    public static final String KEEP = "KEEP";
    public static final String MULLIGAN = "MULLIGAN";
    public static final String MOVE = "MOVE";
    public static final String ROTATE = "ROTATE";
    public static final String PLAY = "PLAY";
    public static final String VENT = "VENT";
    public static final String PASS = "PASS";
    public static final String REACT = "REACT";
    public static final String DECLINE = "DECLINE";
    public static final String PAY = "PAY";
    public static final String DISCARD = "DISCARD";

    public static final String HEX_TARGET = "HEX";
    public static final String CASKET_TARGET = "CASKET";
    public static final String FACING = "facing";

    /** The seat request's pick naming the starter Casket. */
    public static final String CASKET = "casket";

    public static final List<String> TARGET_KINDS = List.of(HEX_TARGET, CASKET_TARGET);

    public static final List<IntentSpec> SPECS =
            List.of(
                    new IntentSpec(
                            KEEP,
                            "keep the opening hand (the one mulligan not taken).",
                            List.of(),
                            List.of()),
                    new IntentSpec(
                            MULLIGAN,
                            "shuffle the hand back and draw 6 new cards, once.",
                            List.of(),
                            List.of()),
                    new IntentSpec(
                            MOVE,
                            "move along targets (HEX, id \"q,r\", each next to the last), 1 SP a hex,"
                                    + " +1 in difficult terrain; cards: hand cards paying overspent SP.",
                            List.of("targets"),
                            List.of("cards")),
                    new IntentSpec(
                            ROTATE,
                            "turn to choices.facing (0 N … 5 NW), free, once a turn.",
                            List.of("choices.facing"),
                            List.of()),
                    new IntentSpec(
                            PLAY,
                            "play card; an attack targets a CASKET (seat, subsystem = component);"
                                    + " cards: hand cards paying overspent SP.",
                            List.of("card"),
                            List.of("targets", "cards")),
                    new IntentSpec(
                            VENT, "spend 2 SP to remove 3 Heat.", List.of(), List.of("cards")),
                    new IntentSpec(
                            PASS,
                            "end the action phase (unspent SP stays for reactive cards); draw and end the turn.",
                            List.of(),
                            List.of()),
                    new IntentSpec(
                            REACT,
                            "play one reactive card against the attack.",
                            List.of("card"),
                            List.of()),
                    new IntentSpec(
                            DECLINE,
                            "play no reactive card against the attack.",
                            List.of(),
                            List.of()),
                    new IntentSpec(
                            PAY,
                            "pay the damage: cards from the hand, the rest from the deck.",
                            List.of(),
                            List.of("cards")),
                    new IntentSpec(
                            DISCARD,
                            "discard down to 6: cards from the hand.",
                            List.of("cards"),
                            List.of()));

    private CasketIntents() {}

    static Integer number(String v) {
        if (v == null) {
            return null;
        }
        try {
            return Integer.parseInt(v.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    static Hex hex(Target t) {
        if (t == null || !HEX_TARGET.equals(t.kind()) || t.id() == null) {
            return null;
        }
        try {
            return Hex.parse(t.id());
        } catch (RuntimeException e) {
            return null;
        }
    }

    static Component component(String name) {
        if (name == null) {
            return null;
        }
        for (Component c : Component.values()) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        return null;
    }

    public static Target hexTarget(Hex h) {
        return new Target(HEX_TARGET, null, null, h.toString());
    }

    public static Target casketTarget(io.duelhall.domain.Seat seat, Component c) {
        return new Target(CASKET_TARGET, seat, c.name(), null);
    }
}
