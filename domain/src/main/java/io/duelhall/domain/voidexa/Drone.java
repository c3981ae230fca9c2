package io.duelhall.domain.voidexa;

/** A drone in a drone column. {@code damage} is its printed damage; boosts are added when it attacks. */
public record Drone(String id, String card, int hull, int maxHull, int shield, int maxShield, int damage, boolean pierce) {
    Drone withHullShield(int newHull, int newShield) {
        return new Drone(id, card, newHull, maxHull, newShield, maxShield, damage, pierce);
    }
}
