package io.duelhall.domain.voidlit;

import io.duelhall.domain.Refusal;
import io.duelhall.domain.Seat;

/**
 * Whether a move is allowed now, checked before anything changes; the first failure is the refusal.
 */
final class Checks {
    static final int MAX_UNITS = 6;
    static final int MAX_RELICS = 3;

    record Play(Refusal refusal, CardRef ref, VoidlitCard card) {}

    private Checks() {}

    /** The seat's own turn, past the mulligans. */
    static Refusal turn(VoidlitState s, Seat seat) {
        if (VoidlitState.MULLIGAN.equals(s.phase())) {
            return Refusal.conflict("MULLIGAN_PENDING", "L-START-1", "The mulligans come first.");
        }
        if (s.active() != seat) {
            return Refusal.forbidden(
                    "NOT_YOUR_TURN", null, "It is seat " + s.active() + "'s turn.");
        }
        return null;
    }

    /**
     * A play: in the hand; Energy ≥ cost; room on the Field (L-D-FIELD-1); the target the card
     * names.
     */
    static Play play(Catalog catalog, VoidlitState s, Seat seat, String cardId, TargetRef target) {
        Side side = s.side(seat);
        CardRef ref = cardId == null ? null : side.inHand(cardId);
        if (ref == null) {
            return refused(
                    Refusal.rules(
                            "CARD_NOT_IN_HAND", null, "Card " + cardId + " is not in your hand."));
        }
        VoidlitCard card = catalog.card(ref.card());
        if (side.energy() < card.cost()) {
            return refused(
                    Refusal.rules(
                            "NOT_ENOUGH_ENERGY",
                            "L-ENERGY-1",
                            card.name()
                                    + " costs "
                                    + card.cost()
                                    + " Energy; you have "
                                    + side.energy()
                                    + "."));
        }
        if (card.type().equals(VoidlitCard.UNIT) && side.units().size() >= MAX_UNITS) {
            return refused(
                    Refusal.rules(
                            "FIELD_FULL",
                            "L-D-FIELD-1",
                            "You have " + MAX_UNITS + " Units on the Field."));
        }
        if (card.type().equals(VoidlitCard.RELIC) && side.relics().size() >= MAX_RELICS) {
            return refused(
                    Refusal.rules(
                            "FIELD_FULL", "L-D-FIELD-1", "You have " + MAX_RELICS + " Relics."));
        }
        Refusal r = target(s, seat, card.target(), target);
        return r != null ? refused(r) : new Play(null, ref, card);
    }

    private static Play refused(Refusal r) {
        return new Play(r, null, null);
    }

    /**
     * What a card's {@code targeting} accepts: NONE takes no target; the others one of their kind.
     */
    static Refusal target(VoidlitState s, Seat seat, String targeting, TargetRef t) {
        if ("NONE".equals(targeting)) {
            return t == null
                    ? null
                    : Refusal.rules("INVALID_TARGET", null, "This card takes no target.");
        }
        if (t == null || t.seat() == null || t.kind() == null) {
            return Refusal.rules(
                    "MISSING_TARGET", null, "This card needs a target (" + targeting + ").");
        }
        Seat enemy = seat.opponent();
        boolean ok =
                switch (targeting) {
                    case "ENEMY_ANY" -> t.seat() == enemy && (t.atPlayer() || isUnit(s, t));
                    case "ENEMY_UNIT" -> t.seat() == enemy && isUnit(s, t);
                    case "OWN_UNIT" -> t.seat() == seat && isUnit(s, t);
                    default -> false;
                };
        return ok
                ? null
                : Refusal.rules(
                        "INVALID_TARGET",
                        null,
                        "Not a valid target (" + targeting + "): " + t + ".");
    }

    static boolean isUnit(VoidlitState s, TargetRef t) {
        return TargetRef.UNIT.equals(t.kind())
                && t.id() != null
                && s.side(t.seat()) != null
                && s.side(t.seat()).unit(t.id()) != null;
    }

    /** L-FATIGUE-1, L-D-ATTACK-1, L-D-GUARD-1. */
    static Refusal attack(
            Catalog catalog, VoidlitState s, Seat seat, String attackerId, TargetRef t) {
        Unit attacker = attackerId == null ? null : s.side(seat).unit(attackerId);
        if (attacker == null) {
            return Refusal.rules(
                    "UNIT_NOT_FOUND", null, "Unit " + attackerId + " is not one of your Units.");
        }
        if (attacker.fatigued()) {
            return Refusal.rules(
                    "UNIT_FATIGUED",
                    "L-FATIGUE-1",
                    "A Unit cannot attack in the turn it was played.");
        }
        if (attacker.attacked()) {
            return Refusal.rules(
                    "ALREADY_ATTACKED", "L-D-ATTACK-1", "That Unit has attacked this turn.");
        }
        if (attacker.attack() <= 0) {
            return Refusal.rules(
                    "NO_ATTACK", "L-D-ATTACK-1", "A Unit with 0 attack does not attack.");
        }
        Seat enemy = seat.opponent();
        if (t == null || t.seat() != enemy || !(t.atPlayer() || isUnit(s, t))) {
            return Refusal.rules(
                    "INVALID_TARGET", "L-FATIGUE-1", "Attack an enemy Unit or the enemy player.");
        }
        boolean guarded = s.side(enemy).units().stream().anyMatch(u -> u.has("GUARD"));
        if (guarded && (t.atPlayer() || !s.side(enemy).unit(t.id()).has("GUARD"))) {
            return Refusal.rules(
                    "GUARDED", "L-D-GUARD-1", "An enemy Guard Unit must be attacked first.");
        }
        return null;
    }
}
