package io.duelhall.domain.voidexa;

/** A card instance: {@code id} is unique within the match and says nothing about {@code card}. */
public record CardRef(String id, String card) {}
