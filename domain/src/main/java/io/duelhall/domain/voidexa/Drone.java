package io.duelhall.domain.voidexa;

import io.duelhall.domain.voidexa.cards.Subsystem;

/**
 * A drone in a drone column. {@code damage} is its printed damage; boosts are added when it
 * attacks. {@code target}: the enemy subsystem its attacks are assigned to (they skip the Shield,
 * V-DRONE-2, D-DRONE-4), null for the ship.
 */
public record Drone(
        String id,
        String card,
        int hull,
        int maxHull,
        int shield,
        int maxShield,
        int damage,
        boolean pierce,
        Subsystem target) {
    public Drone(
            String id,
            String card,
            int hull,
            int maxHull,
            int shield,
            int maxShield,
            int damage,
            boolean pierce) {
        this(id, card, hull, maxHull, shield, maxShield, damage, pierce, null);
    }

    Drone withHullShield(int newHull, int newShield) {
        return new Drone(id, card, newHull, maxHull, newShield, maxShield, damage, pierce, target);
    }
}
