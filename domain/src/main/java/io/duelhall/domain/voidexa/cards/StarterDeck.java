package io.duelhall.domain.voidexa.cards;

import java.util.ArrayList;
import java.util.List;

/** A ready-made legal deck, stored as counts. */
public record StarterDeck(
        String name,
        String archetype,
        String pilotClass,
        String shipCore,
        List<DeckEntry> entries) {
    public StarterDeck {
        entries = entries == null ? List.of() : List.copyOf(entries);
    }

    /** The deck as the list of catalog ids a seat sends. */
    public List<String> cards() {
        List<String> out = new ArrayList<>();
        for (DeckEntry e : entries) {
            for (int i = 0; i < e.count(); i++) {
                out.add(e.card());
            }
        }
        return out;
    }
}
