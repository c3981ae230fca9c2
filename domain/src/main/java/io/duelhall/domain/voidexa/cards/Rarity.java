package io.duelhall.domain.voidexa.cards;

/** Rarity and the copy limit it sets in a deck (V-DECK-1). */
public enum Rarity {
    COMMON(4),
    RARE(4),
    EPIC(2),
    LEGENDARY(1),
    MYTHIC(1);

    private final int maxCopies;

    Rarity(int maxCopies) {
        this.maxCopies = maxCopies;
    }

    public int maxCopies() {
        return maxCopies;
    }
}
