package io.duelhall.domain.voidlit;

import io.duelhall.domain.Seat;

/**
 * What a play or an attack names: a Unit ({@code kind} UNIT, its instance {@code id}) or a player
 * (PLAYER).
 */
public record TargetRef(String kind, Seat seat, String id) {
    public static final String UNIT = "UNIT";
    public static final String PLAYER = "PLAYER";

    public static TargetRef unit(Seat seat, String id) {
        return new TargetRef(UNIT, seat, id);
    }

    public static TargetRef player(Seat seat) {
        return new TargetRef(PLAYER, seat, null);
    }

    public boolean atPlayer() {
        return PLAYER.equals(kind);
    }
}
