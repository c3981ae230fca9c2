package io.duelhall.domain.voidexa.cards;

import java.util.List;

/** The whole catalog file, as bound from JSON. */
public record CatalogData(
        String ruleset,
        String version,
        List<Card> cards,
        List<PilotClass> pilotClasses,
        List<StarterDeck> starterDecks) {
    public CatalogData {
        cards = cards == null ? List.of() : List.copyOf(cards);
        pilotClasses = pilotClasses == null ? List.of() : List.copyOf(pilotClasses);
        starterDecks = starterDecks == null ? List.of() : List.copyOf(starterDecks);
    }
}
