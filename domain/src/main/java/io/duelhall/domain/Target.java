package io.duelhall.domain;

/**
 * What an intent aims at. The kinds are the ruleset's ({@link Ruleset#targetKinds()}: voidexa's
 * {@code SHIP}, {@code SUBSYSTEM}, {@code DRONE}, {@code CARD}; voidlit's {@code UNIT}, {@code
 * PLAYER} …). {@code seat} is whose side it is on, {@code id} an instance id (a card, a unit),
 * {@code subsystem} a named part of the target (the field keeps the name it was first stored under:
 * voidexa's subsystems; another ruleset may name any part there).
 */
public record Target(String kind, Seat seat, String subsystem, String id) {}
