package io.duelhall.domain.voidexa.cards;

public record DeckEntry(String card, int count) {}
