package io.duelhall.domain.voidexa;

import io.duelhall.domain.Seat;
import io.duelhall.domain.Target;
import io.duelhall.domain.voidexa.VoidexaEvent.*;
import io.duelhall.domain.voidexa.cards.Card;
import io.duelhall.domain.voidexa.cards.CardType;
import io.duelhall.domain.voidexa.cards.Effect;
import io.duelhall.domain.voidexa.cards.Keyword;
import io.duelhall.domain.voidexa.cards.Subsystem;
import java.util.List;

/**
 * Resolves effect building blocks into events; damage goes through {@link Damage}, draws through
 * {@link Draws}.
 */
final class Effects {

    /** A played card resolves (V-PLAY-4): its effects, then its destination. */
    void resolveCard(DecisionInProgress c, Seat seat, CardRef ref, List<Target> targets) {
        Card card = c.catalog.card(ref.card());
        int bonus =
                Passives.weaponBonus(
                        c.catalog, c.state, seat, card); // D-DMG-1 and D-CAT-3's charge
        int charge = c.ship(seat).weaponCharge();
        if (card.type() == CardType.WEAPON
                && charge > 0) { // D-CAT-3: the next Weapon this turn takes the charge
            c.emit(new WeaponChargeSpent(seat, ref, charge));
        }
        apply(c, seat, seat, card.effects(), targets, bonus, card.has(Keyword.PIERCE), ref);
        if (c.over()) {
            return;
        }
        switch (card.type()) {
            case DRONE -> {
                if (c.ship(seat).drone(ref.id())
                        == null) { // a drone card without SUMMON only goes to the discard
                    c.emit(new CardDiscarded(seat, ref, "PLAY"));
                }
            }
            case FIELD -> {
                CardRef old = c.ship(seat).field();
                if (old != null) {
                    c.emit(new FieldDestroyed(seat, old)); // V-FIELD-1: one field per side
                }
                c.emit(new FieldActivated(seat, ref));
            }
            case MODULE, EQUIPMENT, AI_ROUTINE -> c.emit(new CardEnteredPlay(seat, ref));
            default -> {
                switch (card.destination()) {
                    case HAND -> c.emit(new CardReturnedToHand(seat, ref));
                    case EXILE -> c.emit(new CardExiled(seat, ref));
                    default -> c.emit(new CardDiscarded(seat, ref, "PLAY"));
                }
            }
        }
    }

    /**
     * Applies effects of a card or ability owned by {@code owner}. {@code triggeredBy} is whom a
     * lethal result is blamed on (V-WIN-4): the owner, or null for an unbound field.
     */
    void apply(
            DecisionInProgress c,
            Seat owner,
            Seat triggeredBy,
            List<Effect> effects,
            List<Target> targets,
            int damageBonus,
            boolean cardPierce,
            CardRef self) {
        for (Effect e : effects) {
            if (c.over()) {
                return;
            }
            Ship me = c.ship(owner);
            int a = e.amount();
            switch (e.kind()) {
                case DAMAGE ->
                        damage(
                                c,
                                owner,
                                triggeredBy,
                                e,
                                a + damageBonus,
                                e.pierce() || cardPierce,
                                targets);
                case HEAL -> {
                    Subsystem sub = e.subsystem() == null ? Subsystem.HULL : e.subsystem();
                    int gained = Math.min(a, me.max(sub) - me.value(sub));
                    if (gained > 0) {
                        c.emit(new SubsystemRepaired(owner, sub, gained, me.value(sub) + gained));
                    }
                }
                case SHIELD -> {
                    int gained = Math.min(a, me.max(Subsystem.SHIELD) - me.value(Subsystem.SHIELD));
                    if (gained > 0) {
                        c.emit(
                                new ShieldRaised(
                                        owner, gained, me.value(Subsystem.SHIELD) + gained));
                    }
                }
                case VENT -> {
                    int lost = Math.min(a, me.heat());
                    if (lost > 0) {
                        c.emit(new HeatDecreased(owner, lost, me.heat() - lost, "VENT"));
                    }
                }
                case HEAT -> c.emit(new HeatPending(owner, a, me.pendingHeat() + a));
                case ENERGY -> c.emit(new EnergyGained(owner, a, me.energy() + a));
                case RAMP -> c.emit(new MaxEnergyIncreased(owner, a, me.ramp() + a));
                case DRAW -> Draws.draw(c, owner, a);
                case SUMMON -> {
                    Card card = c.catalog.card(self.card());
                    var st = card.drone();
                    c.emit(
                            new DroneDeployed(
                                    owner,
                                    new Drone(
                                            self.id(),
                                            self.card(),
                                            st.hull(),
                                            st.hull(),
                                            st.shield(),
                                            st.shield(),
                                            st.damage(),
                                            st.pierce(),
                                            st.target())));
                }
                case DRONE_BOOST -> {
                    // D-DRONE-1: a damage boost (Drone Boost) lasts until the end of the owner's
                    // next turn, boosts stack
                    // in amount and the longest wins; a Pierce grant alone (Targeting AI, at the
                    // start of an own turn)
                    // is for that turn and does not lengthen a damage boost. One slot holds both,
                    // so Pierce is kept
                    // only as long as it was granted for; drones attack only at the start of their
                    // owner's turns.
                    int turn = c.state.turn();
                    boolean active = me.boostUntilTurn() >= turn;
                    int damageUntil = active && me.droneBoost() > 0 ? me.boostUntilTurn() : 0;
                    int until =
                            a > 0 ? Math.max(damageUntil, turn + 2) : Math.max(damageUntil, turn);
                    boolean pierce =
                            e.pierce()
                                    || (active && me.dronePierce() && me.boostUntilTurn() >= until);
                    c.emit(
                            new DronesBoosted(
                                    owner, (active ? me.droneBoost() : 0) + a, pierce, until));
                }
                case WEAPON_CHARGE -> c.emit(new WeaponCharged(owner, a, me.weaponCharge() + a));
                case DRONE_PIERCE -> {
                    if (!me.pierceNext()) { // D-DRONE-3: one next attack with Pierce; a second
                        // grant adds nothing
                        c.emit(new DronePierceCharged(owner));
                    }
                }
                case DRONE_REPAIR -> {
                    for (Drone d : me.drones()) {
                        if (d.hull() < d.maxHull() || d.shield() < d.maxShield()) {
                            c.emit(new DroneRepaired(owner, d.id(), d.maxHull(), d.maxShield()));
                        }
                    }
                }
                case DESTROY -> {
                    for (Target t : targets) {
                        Ship foe = c.ship(t.seat());
                        CardRef victim = foe.inPlayCard(t.id());
                        if (victim == null) {
                            continue;
                        }
                        if (foe.field() != null && foe.field().id().equals(victim.id())) {
                            c.emit(new FieldDestroyed(t.seat(), victim));
                        } else {
                            c.emit(new CardDestroyed(t.seat(), victim));
                        }
                    }
                }
                default -> throw new IllegalStateException("unknown effect " + e.kind());
            }
        }
    }

    private void damage(
            DecisionInProgress c,
            Seat owner,
            Seat by,
            Effect e,
            int amount,
            boolean pierce,
            List<Target> targets) {
        Seat enemy = owner.opponent();
        switch (e.toOrDefault()) {
            case TARGET -> {
                List<Target> ts = targets.isEmpty() ? List.of(VoidexaIntents.ship(enemy)) : targets;
                for (Target t : ts) { // V-DMG-3: once per target, in the order named
                    if (c.over()) {
                        return;
                    }
                    VoidexaIntents.Kind kind = VoidexaIntents.Kind.of(t);
                    if (kind == null) {
                        continue;
                    }
                    switch (kind) {
                        case SHIP ->
                                Damage.routeToShip(c, t.seat(), by, "CARD", amount, pierce, null);
                        case SUBSYSTEM ->
                                Damage.routeToShip(
                                        c,
                                        t.seat(),
                                        by,
                                        "CARD",
                                        amount,
                                        true,
                                        Checks.parse(t.subsystem()));
                        case DRONE -> Damage.routeToDrone(c, t.seat(), t.id(), by, amount, pierce);
                        default -> {}
                    }
                }
            }
            case ENEMY_SHIP -> Damage.routeToShip(c, enemy, by, "CARD", amount, pierce, null);
            case ENEMY_SUBSYSTEM ->
                    Damage.routeToShip(c, enemy, by, "CARD", amount, true, e.subsystem());
            case SELF_SHIP -> Damage.routeToShip(c, owner, by, "CARD", amount, pierce, null);
            case BOTH_SHIPS ->
                    c.together(
                            by,
                            () -> {
                                Seat first = c.state.active();
                                Damage.routeToShip(c, first, by, "CARD", amount, pierce, null);
                                Damage.routeToShip(
                                        c, first.opponent(), by, "CARD", amount, pierce, null);
                            });
            case ENEMY_DRONES -> {
                for (Drone d : c.ship(enemy).drones()) {
                    Damage.routeToDrone(c, enemy, d.id(), by, amount, pierce);
                }
            }
            case ALL_DRONES -> {
                Seat first = c.state.active();
                for (Seat side : List.of(first, first.opponent())) {
                    for (Drone d : c.ship(side).drones()) {
                        Damage.routeToDrone(c, side, d.id(), by, amount, pierce);
                    }
                }
            }
            default -> throw new IllegalStateException("unknown damage target " + e.to());
        }
    }
}
