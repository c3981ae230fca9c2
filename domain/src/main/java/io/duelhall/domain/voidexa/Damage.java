package io.duelhall.domain.voidexa;

import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.VoidexaEvent.DamageRouted;
import io.duelhall.domain.voidexa.VoidexaEvent.DroneDamaged;
import io.duelhall.domain.voidexa.VoidexaEvent.DroneDestroyed;
import io.duelhall.domain.voidexa.cards.Subsystem;
import java.util.EnumMap;
import java.util.Map;

/**
 * Damage to a ship or a drone (V-DMG-*): the only place it is computed, for effects and turns
 * alike.
 */
final class Damage {
    private Damage() {}

    /**
     * V-DMG-1/2: Shield first, the rest to Hull; Pierce goes to Hull and a named subsystem takes it
     * directly, both skipping the Shield. Every subsystem floors at 0. One DamageRouted each time.
     */
    static void routeToShip(
            DecisionInProgress c,
            Seat target,
            Seat source,
            String cause,
            int amount,
            boolean pierce,
            Subsystem named) {
        if (amount <= 0 || c.over()) {
            return;
        }
        Ship ship = c.ship(target);
        Map<Subsystem, Integer> dealt = new EnumMap<>(Subsystem.class);
        Map<Subsystem, Integer> after = new EnumMap<>(Subsystem.class);
        int absorbed = 0;
        if (named != null || pierce) {
            Subsystem sub = named != null ? named : Subsystem.HULL;
            int d = Math.min(amount, ship.value(sub));
            dealt.put(sub, d);
            after.put(sub, ship.value(sub) - d);
        } else {
            int shield = ship.value(Subsystem.SHIELD);
            absorbed = Math.min(shield, amount);
            int hull = ship.value(Subsystem.HULL);
            int d = Math.min(amount - absorbed, hull);
            after.put(Subsystem.SHIELD, shield - absorbed);
            if (amount - absorbed > 0) {
                dealt.put(Subsystem.HULL, d);
                after.put(Subsystem.HULL, hull - d);
            }
        }
        c.emit(
                new DamageRouted(
                        target,
                        source,
                        cause,
                        amount,
                        pierce || named != null,
                        absorbed,
                        Map.copyOf(dealt),
                        Map.copyOf(after)));
    }

    /**
     * V-DMG-4: the drone's shield first (unless Pierce), then its hull; at 0 it goes to its owner's
     * discard.
     */
    static void routeToDrone(
            DecisionInProgress c,
            Seat owner,
            String droneId,
            Seat source,
            int amount,
            boolean pierce) {
        Drone d = c.ship(owner).drone(droneId);
        if (d == null || amount <= 0 || c.over()) {
            return;
        }
        int absorbed = pierce ? 0 : Math.min(d.shield(), amount);
        int hullDamage = Math.min(amount - absorbed, d.hull());
        c.emit(
                new DroneDamaged(
                        owner,
                        d.id(),
                        source,
                        amount,
                        absorbed,
                        hullDamage,
                        d.shield() - absorbed,
                        d.hull() - hullDamage));
        if (d.hull() - hullDamage == 0) {
            c.emit(new DroneDestroyed(owner, new CardRef(d.id(), d.card())));
        }
    }
}
