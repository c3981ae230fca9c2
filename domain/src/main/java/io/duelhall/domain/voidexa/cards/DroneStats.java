package io.duelhall.domain.voidexa.cards;

public record DroneStats(int hull, int shield, int damage, boolean pierce) {
}
