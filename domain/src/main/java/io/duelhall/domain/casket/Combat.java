package io.duelhall.domain.casket;

import io.duelhall.domain.Intent;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Target;
import io.duelhall.domain.casket.CasketEvent.*;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

/** SP payment with overspending, playing cards, attacks, reactive cards and damage. */
final class Combat {
    private Combat() {}

    /**
     * The cards of {@code ids} in the hand, in that order; null if one is not there or repeated.
     */
    static List<CardRef> fromHand(Pilot p, List<String> ids) {
        List<CardRef> out = new ArrayList<>();
        HashSet<String> seen = new HashSet<>();
        for (String id : ids) {
            CardRef r = p.inHand(id);
            if (r == null || !seen.add(id)) {
                return null;
            }
            out.add(r);
        }
        return out;
    }

    /**
     * C-SP-1: {@code cost} SP from the pool; beyond it up to ⌊1.5 × max⌋ in the turn, each SP paid
     * with a card: the hand cards named ({@code cards}, not {@code played}), the rest from the top
     * of the deck, which must keep at least one card (C-D-SP-3).
     */
    static Refusal checkPay(
            DecisionInProgress c, Seat seat, int cost, List<String> cards, String played) {
        Pilot p = c.pilot(seat);
        int max = p.maxSp(c.catalog);
        int over = Math.max(0, cost - p.sp());
        if (p.overspent() + over > Tables.maxSpend(max) - max) {
            return Refusal.rules(
                    "NOT_ENOUGH_SP",
                    "C-SP-1",
                    "That costs "
                            + cost
                            + " SP; you have "
                            + p.sp()
                            + " and may overspend "
                            + (Tables.maxSpend(max) - max - p.overspent())
                            + " more this turn.");
        }
        List<CardRef> hand = fromHand(p, cards);
        if (hand == null || (played != null && cards.contains(played))) {
            return Refusal.rules(
                    "CARD_NOT_IN_HAND",
                    "C-SP-1",
                    "The cards paying for overspending must be in your hand.");
        }
        if (hand.size() > over) {
            return Refusal.rules(
                    "TOO_MANY_CARDS",
                    "C-SP-1",
                    "Only " + over + " card(s) pay for overspending here.");
        }
        // only SP beyond the pool are paid with cards: an empty deck does not stop a payment in SP
        if (over - hand.size() > 0 && over - hand.size() > p.deck().size() - 1) {
            return Refusal.rules(
                    "NOT_ENOUGH_CARDS",
                    "C-D-SP-3",
                    "Overspending from the deck must leave at least one card in it.");
        }
        return null;
    }

    /** Pays what {@link #checkPay} allowed; C-SP-2 Heat for the overspent SP. */
    static void pay(DecisionInProgress c, Seat seat, int cost, List<String> cards, String reason) {
        if (cost <= 0) {
            return;
        }
        Pilot p = c.pilot(seat);
        int over = Math.max(0, cost - p.sp());
        int fromPool = cost - over;
        c.emit(
                new SpSpent(
                        seat,
                        cost,
                        p.sp() - fromPool,
                        p.spent() + cost,
                        p.overspent() + over,
                        reason));
        if (over > 0) {
            List<CardRef> hand = fromHand(p, cards);
            if (!hand.isEmpty()) {
                c.emit(
                        new CardsDiscarded(
                                seat,
                                "HAND",
                                hand,
                                "OVERSPEND",
                                p.hand().size() - hand.size(),
                                p.deck().size()));
            }
            int fromDeck = over - hand.size();
            if (fromDeck > 0) {
                Pilot q = c.pilot(seat);
                c.emit(
                        new CardsDiscarded(
                                seat,
                                "DECK",
                                List.copyOf(q.deck().subList(0, fromDeck)),
                                "OVERSPEND",
                                q.hand().size(),
                                q.deck().size() - fromDeck));
            }
            int heat =
                    Tables.overspendHeat(p.overspent() + over)
                            - Tables.overspendHeat(p.overspent());
            Turns.heat(c, seat, heat, "OVERSPEND");
        }
    }

    /** Why {@code seat} may not play {@code card} in its own action phase, or null. */
    static Refusal playable(DecisionInProgress c, Seat seat, Catalog.Card card) {
        Pilot p = c.pilot(seat);
        if (card.reactive()) {
            return Refusal.rules(
                    "REACTIVE_ONLY",
                    "C-REACT-1",
                    card.name() + " is played only in another seat's turn.");
        }
        if (card.kind() == Catalog.Kind.PRIMARY && p.destroyed(Component.RIGHT_ARM)) {
            return Refusal.rules(
                    "RIGHT_ARM_DESTROYED", "C-D-COMP-1", "The right arm is destroyed.");
        }
        if (card.kind() == Catalog.Kind.SECONDARY && p.destroyed(Component.LEFT_ARM)) {
            return Refusal.rules("LEFT_ARM_DESTROYED", "C-D-COMP-1", "The left arm is destroyed.");
        }
        if (card.id().equals("sensor-sweep") && p.destroyed(Component.HEAD)) {
            return Refusal.rules(
                    "HEAD_DESTROYED", "C-D-COMP-1", "The head is destroyed: no Sensor Sweep.");
        }
        if (card.burn() > 0 && p.deck().size() <= card.burn()) {
            return Refusal.rules(
                    "NOT_ENOUGH_CARDS",
                    "C-D-SP-3",
                    card.name() + " must leave a card in the deck.");
        }
        return null;
    }

    /** Plays a card of the hand: its cost, its effects, or the attack it declares. */
    static Refusal play(DecisionInProgress c, Seat seat, Intent i) {
        Pilot p = c.pilot(seat);
        CardRef ref = i.card() == null ? null : p.inHand(i.card());
        if (ref == null) {
            return Refusal.rules(
                    "CARD_NOT_IN_HAND", null, "Card " + i.card() + " is not in your hand.");
        }
        Catalog.Card card = c.catalog.card(ref.card());
        Refusal r = playable(c, seat, card);
        if (r != null) {
            return r;
        }
        Seat target = null;
        Component component = null;
        if (card.attack()) {
            Target t = i.targets().isEmpty() ? null : i.targets().get(0);
            if (t == null || !CasketIntents.CASKET_TARGET.equals(t.kind()) || t.seat() == null) {
                return Refusal.malformed(
                        "MISSING_FIELD", "An attack targets a CASKET (its seat and component).");
            }
            target = t.seat();
            component = CasketIntents.component(t.subsystem());
            if (component == null) {
                return Refusal.malformed(
                        "INVALID_FIELD",
                        "targets[0].subsystem names the component: RIGHT_ARM, LEFT_ARM, LEGS, HEAD or CHASSIS.");
            }
            r = attackable(c, seat, card, target);
            if (r != null) {
                return r;
            }
        }
        r = checkPay(c, seat, card.cost(), i.cards(), ref.id());
        if (r != null) {
            return r;
        }
        pay(c, seat, card.cost(), i.cards(), "CARD");
        Pilot q = c.pilot(seat);
        c.emit(new CasketCardPlayed(seat, ref, q.hand().size() - 1));
        if (card.heat() > 0) {
            Turns.heat(c, seat, card.heat(), "CARD");
        }
        if (card.cool() > 0) {
            Turns.heat(c, seat, -card.cool(), "CARD");
        }
        if (card.burn() > 0) {
            Pilot b = c.pilot(seat);
            c.emit(
                    new CardsDiscarded(
                            seat,
                            "DECK",
                            List.copyOf(b.deck().subList(0, card.burn())),
                            "CARD",
                            b.hand().size(),
                            b.deck().size() - card.burn()));
        }
        for (int k = 0; k < card.draw() && !c.pilot(seat).defeated(); k++) {
            Turns.draw(c, seat);
        }
        if (card.buff() > 0 || card.aim() > 0) {
            Pilot b = c.pilot(seat);
            c.emit(new AttackBuffed(seat, b.buff() + card.buff(), b.aim() + card.aim()));
        }
        if (card.attack()) {
            attack(c, seat, ref, card, target, component);
        }
        Turns.settle(c);
        return null;
    }

    static Refusal attackable(DecisionInProgress c, Seat seat, Catalog.Card card, Seat target) {
        Pilot t = c.pilot(target);
        if (t == null || t.defeated() || target == seat) {
            return Refusal.rules("INVALID_TARGET", null, "Seat " + target + " cannot be attacked.");
        }
        Hex from = c.pilot(seat).at();
        int d = from.distance(t.at());
        if (d < card.minRange() || d > card.maxRange()) {
            return Refusal.rules(
                    "OUT_OF_RANGE",
                    "C-D-HIT-1",
                    card.name()
                            + " reaches "
                            + card.minRange()
                            + "–"
                            + card.maxRange()
                            + " hexes, not "
                            + d
                            + ".");
        }
        if (!c.map().lineOfSight(from, t.at())) {
            return Refusal.rules("NO_LINE_OF_SIGHT", "C-D-LOS-1", "A wall is in the way.");
        }
        return null;
    }

    /** C-D-HIT-1: the number two attack dice must reach, and why. */
    static int need(
            DecisionInProgress c, Seat seat, Catalog.Card card, Seat target, List<String> why) {
        Pilot a = c.pilot(seat);
        Pilot t = c.pilot(target);
        ArenaMap map = c.map();
        int d = a.at().distance(t.at());
        int need = Tables.BASE_TO_HIT;
        why.add("base " + Tables.BASE_TO_HIT);
        need += mod(why, "range " + d, Tables.rangeModifier(d));
        need += mod(why, "moved " + a.moved(), Tables.movementModifier(a.moved()));
        Hex.Arc arc = t.at().arcOf(t.facing(), a.at());
        need += mod(why, "arc " + arc, Tables.facingModifier(arc));
        need += mod(why, "cover", Tables.coverModifier(map.difficult().contains(t.at())));
        need +=
                mod(
                        why,
                        "elevation",
                        Tables.elevationModifier(map.elevation(a.at()), map.elevation(t.at())));
        if (d > 1 && a.destroyed(Component.HEAD)) {
            need += mod(why, "head destroyed", 1);
        }
        need += mod(why, "wounds", a.wounds(c.catalog, "aim"));
        need += mod(why, "aim", -a.aim());
        return need;
    }

    private static int mod(List<String> why, String what, int n) {
        if (n != 0) {
            why.add(what + (n > 0 ? " +" : " ") + n);
        }
        return n;
    }

    private static void attack(
            DecisionInProgress c,
            Seat seat,
            CardRef ref,
            Catalog.Card card,
            Seat target,
            Component component) {
        List<String> why = new ArrayList<>();
        Pilot a = c.pilot(seat);
        int buff = a.buff();
        int need = need(c, seat, card, target, why);
        c.emit(new AttackDeclared(seat, target, ref, component, need, why));
        List<Integer> v = Turns.roll(c, seat, "ATTACK", "attack", 2);
        int total = v.get(0) + v.get(1);
        Tables.Result result = Tables.result(total, need);
        if (result == Tables.Result.MISS) {
            c.emit(new AttackMissed(seat, target, total, need));
            return;
        }
        int damage = card.damage() + buff + result.damage + a.wounds(c.catalog, "rage");
        c.emit(new AttackHit(seat, target, total, result, damage));
        if (!canReact(c, target)) {
            c.emit(new ReactiveDeclined(target));
            defend(c);
        }
    }

    /** Whether the defender holds a reactive card it may play now (C-REACT-1, C-D-REACT-2). */
    static boolean canReact(DecisionInProgress c, Seat seat) {
        return !reactives(c.catalog, c.pilot(seat)).isEmpty();
    }

    static List<CardRef> reactives(Catalog catalog, Pilot p) {
        if (p.wounds(catalog, "noreact") > 0) {
            return List.of();
        }
        return p.hand().stream()
                .filter(r -> r.card() != null)
                .filter(
                        r -> {
                            Catalog.Card k = catalog.card(r.card());
                            return k.reactive() && k.cost() <= p.sp();
                        })
                .toList();
    }

    /** C-REACT-1: the defender's answer: one reactive card ({@code REACT}) or none. */
    static Refusal react(DecisionInProgress c, Seat seat, Intent i) {
        if (CasketIntents.DECLINE.equals(i.type())) {
            c.emit(new ReactiveDeclined(seat));
            defend(c);
            return null;
        }
        if (!CasketIntents.REACT.equals(i.type())) {
            return Refusal.rules("NOT_NOW", "C-REACT-1", "The seat owes REACT or DECLINE.");
        }
        Pilot p = c.pilot(seat);
        CardRef ref = i.card() == null ? null : p.inHand(i.card());
        if (ref == null || !reactives(c.catalog, p).contains(ref)) {
            return Refusal.rules(
                    "NOT_REACTIVE",
                    "C-REACT-1",
                    "Card " + i.card() + " is not a reactive card you can pay for now.");
        }
        Catalog.Card card = c.catalog.card(ref.card());
        if (card.cost() > 0) {
            c.emit(
                    new SpSpent(
                            seat,
                            card.cost(),
                            p.sp() - card.cost(),
                            p.spent(),
                            p.overspent(),
                            "REACTIVE"));
        }
        c.emit(new CasketCardPlayed(seat, ref, p.hand().size() - 1));
        c.emit(new ReactivePlayed(seat, ref, card.reduce()));
        if (card.heat() > 0) {
            Turns.heat(c, seat, card.heat(), "CARD");
        }
        defend(c);
        return null;
    }

    /** C-D-DICE-2: defence dice, one per damage point left after the reactive card. */
    static void defend(DecisionInProgress c) {
        Attack a = c.state.attack();
        Seat seat = a.defender();
        int after = Math.max(0, a.damage() - a.reduce());
        int blocks = 0, crits = 0, heat = 0, pierce = 0;
        if (after > 0) {
            Turns.roll(c, seat, "DEFENCE", "defence", after);
            CasketEvent last = (CasketEvent) c.events.get(c.events.size() - 1);
            for (String f : ((DiceRolled) last).faces()) {
                switch (f) {
                    case "SHIELD", "ABSORB" -> blocks++;
                    case "CRITICAL" -> crits++;
                    case "HEAT" -> heat++;
                    case "PIERCE" -> pierce++;
                    default -> {}
                }
            }
        }
        int pierced = Math.min(pierce, Math.min(a.reduce(), a.damage()));
        int fin = Math.max(0, after + pierced - blocks);
        c.emit(new DefenceResolved(seat, blocks, crits, heat, pierce, fin));
        Turns.heat(c, seat, heat, "DEFENCE_DICE");
        Turns.componentDamage(c, seat, a.component(), crits + a.result().component, "CRITICAL");
        if (c.over() || c.pilot(seat).defeated()) {
            Turns.settle(c);
            return;
        }
        if (fin == 0) {
            c.emit(new AttackResolved(a.attacker(), seat));
        }
    }

    /**
     * C-DMG-1: the defender pays the damage: the hand cards named, the rest from the top of the
     * deck; each Primary Weapon card so discarded marks one Component Damage on the attacked
     * component. C-D-HP-1: an empty HP deck afterwards destroys the Casket.
     */
    static Refusal pay(DecisionInProgress c, Seat seat, Intent i) {
        if (!CasketIntents.PAY.equals(i.type())) {
            return Refusal.rules("NOT_NOW", "C-DMG-1", "The seat owes PAY (the damage).");
        }
        Attack a = c.state.attack();
        Pilot p = c.pilot(seat);
        List<CardRef> hand = fromHand(p, i.cards());
        if (hand == null || hand.size() > a.finalDamage()) {
            return Refusal.rules(
                    "WRONG_PAYMENT",
                    "C-DMG-1",
                    "Name at most " + a.finalDamage() + " different cards of your hand.");
        }
        int fromDeck = Math.min(a.finalDamage() - hand.size(), p.deck().size());
        List<CardRef> deck = List.copyOf(p.deck().subList(0, fromDeck));
        if (!hand.isEmpty()) {
            c.emit(
                    new CardsDiscarded(
                            seat,
                            "HAND",
                            hand,
                            "DAMAGE",
                            p.hand().size() - hand.size(),
                            p.deck().size()));
        }
        if (!deck.isEmpty()) {
            c.emit(
                    new CardsDiscarded(
                            seat,
                            "DECK",
                            deck,
                            "DAMAGE",
                            c.pilot(seat).hand().size(),
                            p.deck().size() - fromDeck));
        }
        int weapons = 0;
        for (CardRef r : hand) {
            weapons += c.catalog.card(r.card()).kind() == Catalog.Kind.PRIMARY ? 1 : 0;
        }
        for (CardRef r : deck) {
            weapons += c.catalog.card(r.card()).kind() == Catalog.Kind.PRIMARY ? 1 : 0;
        }
        Turns.componentDamage(c, seat, a.component(), weapons, "WEAPON_CARDS");
        if (!c.pilot(seat).defeated() && c.pilot(seat).deck().isEmpty()) {
            Turns.defeat(c, seat, "DESTROYED");
        }
        if (!c.over() && c.state.attack() != null) {
            c.emit(new AttackResolved(a.attacker(), seat));
        }
        Turns.settle(c);
        return null;
    }
}
