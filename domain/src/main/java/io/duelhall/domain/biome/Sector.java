package io.duelhall.domain.biome;

/**
 * One seat's sector of a biome: its durability left and at the start; {@code lost} once the seat
 * lost the biome.
 */
public record Sector(String biome, int durability, int max, boolean lost) {
    Sector withDurability(int d) {
        return new Sector(biome, d, max, lost);
    }

    Sector asLost() {
        return new Sector(biome, 0, max, true);
    }
}
