package io.duelhall.domain.biome;

/** A defender blocking an attacker (seed 004, Defend): each defender blocks one attacker. */
public record Block(String defender, String attacker) {}
