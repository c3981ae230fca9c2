package io.duelhall.domain.biome;

/**
 * A card instance: {@code id} is unique within the match and says nothing about {@code card} (a
 * catalog id).
 */
public record CardRef(String id, String card) {}
