package io.duelhall.domain;

/**
 * What an intent aims at. {@code subsystem} is the name of a subsystem for SUBSYSTEM targets;
 * {@code id} is a card instance id for DRONE and CARD targets.
 */
public record Target(TargetKind kind, Seat seat, String subsystem, String id) {
    public static Target ship(Seat seat) {
        return new Target(TargetKind.SHIP, seat, null, null);
    }

    public static Target subsystem(Seat seat, String subsystem) {
        return new Target(TargetKind.SUBSYSTEM, seat, subsystem, null);
    }

    public static Target drone(Seat seat, String id) {
        return new Target(TargetKind.DRONE, seat, null, id);
    }

    public static Target card(Seat seat, String id) {
        return new Target(TargetKind.CARD, seat, null, id);
    }
}
