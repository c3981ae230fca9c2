package io.duelhall.domain.voidexa;

import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.cards.Card;
import io.duelhall.domain.voidexa.cards.CardType;
import io.duelhall.domain.voidexa.cards.Catalog;
import io.duelhall.domain.voidexa.cards.Keyword;
import io.duelhall.domain.voidexa.cards.Modifier;
import io.duelhall.domain.voidexa.cards.ModifierKind;
import io.duelhall.domain.voidexa.cards.PilotClass;
import java.util.ArrayList;
import java.util.List;

/**
 * Standing modifiers that apply to a seat: its pilot, ship core and cards in play, and both fields
 * (V-FIELD-1). Asked on every card played and every turn: {@link #sum} and {@link #forbidden} walk
 * the sources in place (indexed loops, no list built) — the same modifiers {@link #of} lists.
 */
final class Passives {
    static final int HEAT_PENALTY_FROM = 6;
    private static final Seat[] SEATS = {Seat.A, Seat.B};

    private Passives() {}

    /** Every modifier that applies to {@code seat}, in source order. */
    static List<Modifier> of(Catalog catalog, VoidexaState s, Seat seat) {
        List<Modifier> out = new ArrayList<>();
        visit(catalog, s, seat, out::addAll);
        return out;
    }

    /** Calls {@code each} with the modifier list of every source that applies to {@code seat}. */
    private static void visit(
            Catalog catalog,
            VoidexaState s,
            Seat seat,
            java.util.function.Consumer<List<Modifier>> each) {
        Ship ship = s.ship(seat);
        PilotClass pilot =
                ship.pilotClass() == null ? null : catalog.pilot(ship.pilotClass()).orElse(null);
        if (pilot != null) {
            each.accept(pilot.modifiers());
        }
        Card core = ship.shipCore() == null ? null : catalog.find(ship.shipCore()).orElse(null);
        if (core != null) {
            each.accept(core.modifiers());
        }
        List<CardRef> inPlay = ship.inPlay();
        for (int i = 0; i < inPlay.size(); i++) {
            each.accept(catalog.card(inPlay.get(i).card()).modifiers());
        }
        for (Seat side : SEATS) {
            Ship other = s.ship(side);
            CardRef f = other == null ? null : other.field();
            if (f == null) {
                continue;
            }
            Card field = catalog.card(f.card());
            if (side == seat || !field.has(Keyword.FRIENDLY_ONLY)) {
                each.accept(field.modifiers());
            }
        }
    }

    static int sum(List<Modifier> mods, ModifierKind kind, CardType type) {
        int total = 0;
        for (int i = 0; i < mods.size(); i++) {
            Modifier m = mods.get(i);
            if (m.kind() == kind && (m.cardType() == null || m.cardType() == type)) {
                total += m.amount();
            }
        }
        return total;
    }

    /** The total of {@code kind} modifiers for {@code seat} (of {@code type}, or untyped). */
    static int sum(Catalog catalog, VoidexaState s, Seat seat, ModifierKind kind, CardType type) {
        int[] total = {0};
        visit(catalog, s, seat, mods -> total[0] += sum(mods, kind, type));
        return total[0];
    }

    /**
     * V-PLAY-2: printed cost, +1 at Heat 6–10, plus field and other cost modifiers; never below 0.
     */
    /**
     * What a Weapon card of {@code seat} would add to each of its damage blocks if played now
     * (D-DMG-1: pilot and modules; D-CAT-3: an Overcharge's charge); 0 for other cards. The view
     * shows it beside the card's printed text.
     */
    static int weaponBonus(Catalog catalog, VoidexaState s, Seat seat, Card card) {
        if (card.type() != io.duelhall.domain.voidexa.cards.CardType.WEAPON) {
            return 0;
        }
        return sum(catalog, s, seat, ModifierKind.WEAPON_DAMAGE, null)
                + s.ship(seat).weaponCharge();
    }

    static int totalCost(Catalog catalog, VoidexaState s, Seat seat, Card card) {
        int heatPenalty = s.ship(seat).heat() >= HEAT_PENALTY_FROM ? 1 : 0;
        int mods = sum(catalog, s, seat, ModifierKind.COST, card.type());
        return Math.max(0, card.cost() + heatPenalty + mods);
    }

    static boolean forbidden(Catalog catalog, VoidexaState s, Seat seat, Card card) {
        boolean[] found = {false};
        visit(
                catalog,
                s,
                seat,
                mods -> {
                    for (int i = 0; i < mods.size(); i++) {
                        Modifier m = mods.get(i);
                        if (m.kind() == ModifierKind.FORBID_TYPE && m.cardType() == card.type()) {
                            found[0] = true;
                        }
                    }
                });
        return found[0];
    }
}
