package io.duelhall.domain.voidexa.cards;

/**
 * @param target the enemy subsystem the drone's attacks are assigned to (D-DRONE-4; engine
 *     voidexa-1.2.0), or null
 */
public record DroneStats(int hull, int shield, int damage, boolean pierce, Subsystem target) {
    public DroneStats(int hull, int shield, int damage, boolean pierce) {
        this(hull, shield, damage, pierce, null);
    }
}
