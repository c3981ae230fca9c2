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

/** Standing modifiers that apply to a seat: its pilot, ship core and cards in play, and both fields (V-FIELD-1). */
final class Passives {
    static final int HEAT_PENALTY_FROM = 6;

    private Passives() {
    }

    static List<Modifier> of(Catalog catalog, VoidexaState s, Seat seat) {
        List<Modifier> out = new ArrayList<>();
        Ship ship = s.ship(seat);
        catalog.pilot(ship.pilotClass()).map(PilotClass::modifiers).ifPresent(out::addAll);
        catalog.find(ship.shipCore()).map(Card::modifiers).ifPresent(out::addAll);
        for (CardRef c : ship.inPlay()) {
            out.addAll(catalog.card(c.card()).modifiers());
        }
        for (Seat side : s.ships().keySet()) {
            CardRef f = s.ship(side).field();
            if (f == null) {
                continue;
            }
            Card field = catalog.card(f.card());
            if (side == seat || !field.has(Keyword.FRIENDLY_ONLY)) {
                out.addAll(field.modifiers());
            }
        }
        return out;
    }

    static int sum(List<Modifier> mods, ModifierKind kind, CardType type) {
        int total = 0;
        for (Modifier m : mods) {
            if (m.kind() == kind && (m.cardType() == null || m.cardType() == type)) {
                total += m.amount();
            }
        }
        return total;
    }

    /** V-PLAY-2: printed cost, +1 at Heat 6–10, plus field and other cost modifiers; never below 0. */
    static int totalCost(Catalog catalog, VoidexaState s, Seat seat, Card card) {
        int heatPenalty = s.ship(seat).heat() >= HEAT_PENALTY_FROM ? 1 : 0;
        int mods = sum(of(catalog, s, seat), ModifierKind.COST, card.type());
        return Math.max(0, card.cost() + heatPenalty + mods);
    }

    static boolean forbidden(Catalog catalog, VoidexaState s, Seat seat, Card card) {
        for (Modifier m : of(catalog, s, seat)) {
            if (m.kind() == ModifierKind.FORBID_TYPE && m.cardType() == card.type()) {
                return true;
            }
        }
        return false;
    }
}
