package io.duelhall.domain.biome;

import io.duelhall.domain.Seat;

/**
 * What an action names (seed 002, "Targets"): an agent ({@code kind} AGENT, its seat and instance
 * id), a sector (SECTOR: the seat owning it, the biome's id), a biome (BIOME: the seat naming it,
 * the biome's id) or a player (PLAYER: the seat).
 */
public record TargetRef(String kind, Seat seat, String id) {
    public static final String AGENT = "AGENT";
    public static final String SECTOR = "SECTOR";
    public static final String BIOME = "BIOME";
    public static final String PLAYER = "PLAYER";

    public static TargetRef agent(Seat seat, String id) {
        return new TargetRef(AGENT, seat, id);
    }

    public static TargetRef sector(Seat seat, String biome) {
        return new TargetRef(SECTOR, seat, biome);
    }

    /**
     * A biome, as {@code seat} names it (advancing into its own sector there: every target carries
     * a seat).
     */
    public static TargetRef biome(Seat seat, String biome) {
        return new TargetRef(BIOME, seat, biome);
    }

    public static TargetRef player(Seat seat) {
        return new TargetRef(PLAYER, seat, null);
    }
}
