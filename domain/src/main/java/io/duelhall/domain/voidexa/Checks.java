package io.duelhall.domain.voidexa;

import io.duelhall.domain.Refusal;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Target;
import io.duelhall.domain.voidexa.cards.Card;
import io.duelhall.domain.voidexa.cards.CardType;
import io.duelhall.domain.voidexa.cards.Catalog;
import io.duelhall.domain.voidexa.cards.Keyword;
import io.duelhall.domain.voidexa.cards.Subsystem;
import io.duelhall.domain.voidexa.cards.Targeting;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The checks before a card is played or an ability activated, in the ruled order (V-PLAY-1). Shared
 * by decide, by the "playable" flags of the view and by the response-window test (V-REACT-2), so
 * there is one answer to "may this be played now".
 */
final class Checks {
    private Checks() {}

    /** Either a refusal, or the checked targets (defaults filled in). */
    record Checked(Refusal refusal, Card card, CardRef ref, int totalCost, List<Target> targets) {
        boolean ok() {
            return refusal == null;
        }

        static Checked no(Refusal r) {
            return new Checked(r, null, null, 0, List.of());
        }
    }

    /** Whether {@code seat} may act on its own (main phase) or as responder now; null if it may. */
    static Refusal phase(VoidexaState s, Seat seat, boolean responseAllowed) {
        if (s.phase() == Phase.MAIN && s.active() == seat && s.pending() == null) {
            return null;
        }
        if (responseAllowed && s.phase() == Phase.RESPONSE && s.responder() == seat) {
            return null;
        }
        if (s.phase() == Phase.RESPONSE && s.active() == seat) {
            return Refusal.conflict(
                    "RESPONSE_PENDING",
                    "V-REACT-1",
                    "Seat "
                            + s.responder()
                            + " may answer your card first; wait for the response window to close.");
        }
        if (s.phase() == Phase.DISCARD && s.active() == seat) {
            return Refusal.conflict(
                    "DISCARD_REQUIRED",
                    "V-END-2",
                    "Discard "
                            + s.discardOwed()
                            + " card(s) down to your maximum hand size first.");
        }
        return Refusal.forbidden(
                "NOT_YOUR_TURN",
                "V-PLAY-1",
                "It is seat "
                        + s.active()
                        + "'s turn"
                        + (s.phase() == Phase.RESPONSE
                                ? " and the response window is seat " + s.responder() + "'s."
                                : "."));
    }

    /**
     * V-PLAY-1: phase, card in hand, energy, subsystem, targets, zone limits — the first failure is
     * returned. {@code targets == null} asks only whether some legal choice of targets exists.
     */
    static Checked play(
            Catalog catalog, VoidexaState s, Seat seat, String cardId, List<Target> targets) {
        Refusal r = phase(s, seat, true);
        if (r != null) {
            return Checked.no(r);
        }
        boolean responding = s.phase() == Phase.RESPONSE;
        Ship ship = s.ship(seat);
        CardRef ref = ship.inHand(cardId);
        if (ref == null) {
            return Checked.no(
                    Refusal.rules(
                            "CARD_NOT_IN_HAND",
                            "V-PLAY-1",
                            "Card " + cardId + " is not in your hand."));
        }
        Card card = catalog.card(ref.card());
        if (!responding && card.has(Keyword.REACTIVE)) {
            return Checked.no(
                    Refusal.rules(
                            "REACTIVE_ONLY",
                            "V-REACT-1",
                            card.name()
                                    + " is Reactive: it can only answer an enemy card in a response window."));
        }
        if (responding && !card.has(Keyword.REACTIVE)) {
            return Checked.no(
                    Refusal.rules(
                            "NOT_REACTIVE",
                            "V-REACT-1",
                            "Only a Reactive card can answer in a response window; "
                                    + card.name()
                                    + " is not Reactive."));
        }
        int cost = Passives.totalCost(catalog, s, seat, card);
        if (ship.energy() < cost) {
            return Checked.no(
                    Refusal.rules(
                            "NOT_ENOUGH_ENERGY",
                            "V-PLAY-2",
                            card.name()
                                    + " costs "
                                    + cost
                                    + " energy (printed "
                                    + card.cost()
                                    + ", with Heat and field modifiers); you have "
                                    + ship.energy()
                                    + "."));
        }
        if (card.type() == CardType.WEAPON && ship.value(Subsystem.WEAPONS) == 0) {
            return Checked.no(
                    Refusal.rules(
                            "SUBSYSTEM_OFFLINE",
                            "V-PLAY-3",
                            "Weapons Array is at 0: Weapon cards cannot be played."));
        }
        if (card.type() == CardType.MANEUVER && ship.value(Subsystem.ENGINES) == 0) {
            return Checked.no(
                    Refusal.rules(
                            "SUBSYSTEM_OFFLINE",
                            "V-PLAY-3",
                            "Engines are at 0: Maneuver cards cannot be played."));
        }
        if (Passives.forbidden(catalog, s, seat, card)) {
            return Checked.no(
                    Refusal.rules(
                            "FORBIDDEN_BY_FIELD",
                            "V-FIELD-1",
                            "A field in play forbids " + card.type() + " cards."));
        }
        Checked t = targets(s, seat, card.targeting(), card.maxTargets(), card.name(), targets);
        if (!t.ok()) {
            return t;
        }
        if (card.type() == CardType.DRONE && ship.drones().size() >= Ship.MAX_DRONES) {
            return Checked.no(
                    Refusal.rules(
                            "ZONE_FULL",
                            "V-DRONE-1",
                            "You already have " + Ship.MAX_DRONES + " drones."));
        }
        return new Checked(null, card, ref, cost, t.targets());
    }

    /** V-PLAY-1 step 5. With {@code given == null}, only whether a legal choice exists. */
    static Checked targets(
            VoidexaState s,
            Seat seat,
            Targeting targeting,
            int max,
            String what,
            List<Target> given) {
        Seat enemy = seat.opponent();
        Ship foe = s.ship(enemy);
        if (given == null) {
            boolean exists =
                    switch (targeting) {
                        case ENEMY_DRONE -> !foe.drones().isEmpty();
                        case ENEMY_CARD -> !foe.inPlay().isEmpty() || foe.field() != null;
                        default -> true;
                    };
            return exists
                    ? new Checked(null, null, null, 0, List.of())
                    : Checked.no(invalid(what + " has no valid target."));
        }
        switch (targeting) {
            case NONE -> {
                if (!given.isEmpty()) {
                    return Checked.no(invalid(what + " takes no target."));
                }
                return new Checked(null, null, null, 0, List.of());
            }
            case ENEMY_SHIP_OR_DRONE -> {
                if (given.isEmpty()) {
                    return new Checked(null, null, null, 0, List.of(VoidexaIntents.ship(enemy)));
                }
                if (given.size() > max) {
                    return Checked.no(invalid(what + " takes at most " + max + " target(s)."));
                }
                Set<String> seen = new HashSet<>();
                List<Target> out = new ArrayList<>();
                for (Target t : given) {
                    if (t == null || t.kind() == null || t.seat() != enemy) {
                        return Checked.no(
                                invalid(what + " must target the enemy ship or enemy drones."));
                    }
                    if (VoidexaIntents.Kind.of(t) == VoidexaIntents.Kind.SHIP) {
                        out.add(VoidexaIntents.ship(enemy));
                    } else if (VoidexaIntents.Kind.of(t) == VoidexaIntents.Kind.DRONE
                            && foe.drone(t.id()) != null) {
                        out.add(VoidexaIntents.drone(enemy, t.id()));
                    } else {
                        return Checked.no(
                                invalid(
                                        what
                                                + " must target the enemy ship or an enemy drone in play."));
                    }
                    if (!seen.add(t.kind() + ":" + t.id())) {
                        return Checked.no(invalid(what + " cannot take the same target twice."));
                    }
                }
                return new Checked(null, null, null, 0, out);
            }
            case ENEMY_SUBSYSTEM -> {
                Subsystem sub =
                        given.size() == 1
                                        && given.get(0) != null
                                        && VoidexaIntents.Kind.of(given.get(0))
                                                == VoidexaIntents.Kind.SUBSYSTEM
                                        && given.get(0).seat() == enemy
                                ? parse(given.get(0).subsystem())
                                : null;
                if (sub == null || sub == Subsystem.SHIELD) {
                    return Checked.no(
                            invalid(
                                    what
                                            + " needs exactly one enemy subsystem (HULL, REACTOR, WEAPONS, ENGINES or LIFE_SUPPORT)."));
                }
                return new Checked(
                        null, null, null, 0, List.of(VoidexaIntents.subsystem(enemy, sub.name())));
            }
            case ENEMY_DRONE -> {
                if (given.size() != 1
                        || given.get(0) == null
                        || VoidexaIntents.Kind.of(given.get(0)) != VoidexaIntents.Kind.DRONE
                        || given.get(0).seat() != enemy
                        || foe.drone(given.get(0).id()) == null) {
                    return Checked.no(invalid(what + " needs exactly one enemy drone in play."));
                }
                return new Checked(
                        null,
                        null,
                        null,
                        0,
                        List.of(VoidexaIntents.drone(enemy, given.get(0).id())));
            }
            case ENEMY_CARD -> {
                if (given.size() != 1
                        || given.get(0) == null
                        || VoidexaIntents.Kind.of(given.get(0)) != VoidexaIntents.Kind.CARD
                        || given.get(0).seat() != enemy
                        || foe.inPlayCard(given.get(0).id()) == null) {
                    return Checked.no(
                            invalid(
                                    what
                                            + " needs exactly one enemy card in play (module, equipment, AI routine or field)."));
                }
                return new Checked(
                        null,
                        null,
                        null,
                        0,
                        List.of(VoidexaIntents.card(enemy, given.get(0).id())));
            }
            default -> throw new IllegalStateException("unknown targeting " + targeting);
        }
    }

    static Subsystem parse(String name) {
        if (name == null) {
            return null;
        }
        try {
            return Subsystem.valueOf(name.trim().toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static Refusal invalid(String message) {
        return Refusal.rules("INVALID_TARGET", "V-PLAY-1", message);
    }

    /** Targets still there when a card comes to resolve after a response (V-REACT-1). */
    static List<Target> stillThere(VoidexaState s, List<Target> targets) {
        List<Target> out = new ArrayList<>();
        for (Target t : targets) {
            Ship owner = s.ship(t.seat());
            VoidexaIntents.Kind kind = VoidexaIntents.Kind.of(t);
            boolean present =
                    kind == null
                            || switch (kind) {
                                case DRONE -> owner.drone(t.id()) != null;
                                case CARD -> owner.inPlayCard(t.id()) != null;
                                default -> true;
                            };
            if (present) {
                out.add(t);
            }
        }
        return out;
    }
}
