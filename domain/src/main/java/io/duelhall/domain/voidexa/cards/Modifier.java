package io.duelhall.domain.voidexa.cards;

/** A standing effect of a card in play, a ship core, a pilot class or a field. */
public record Modifier(ModifierKind kind, int amount, CardType cardType) {}
