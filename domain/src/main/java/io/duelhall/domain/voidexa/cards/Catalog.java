package io.duelhall.domain.voidexa.cards;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Lookup over the catalog data. Immutable. */
public final class Catalog {
    private final CatalogData data;
    private final Map<String, Card> cards = new LinkedHashMap<>();
    private final Map<String, PilotClass> pilots = new LinkedHashMap<>();

    public Catalog(CatalogData data) {
        this.data = data;
        for (Card c : data.cards()) {
            if (cards.put(c.id(), c) != null) {
                throw new IllegalArgumentException("duplicate card id in catalog: " + c.id());
            }
        }
        for (PilotClass p : data.pilotClasses()) {
            if (pilots.put(p.id(), p) != null) {
                throw new IllegalArgumentException("duplicate pilot class in catalog: " + p.id());
            }
        }
    }

    public String version() {
        return data.version();
    }

    public CatalogData data() {
        return data;
    }

    public Optional<Card> find(String id) {
        return Optional.ofNullable(id == null ? null : cards.get(id));
    }

    /** A card known to be in the catalog (ids in a match state always are). */
    public Card card(String id) {
        Card c = cards.get(id);
        if (c == null) {
            throw new IllegalArgumentException("unknown card: " + id);
        }
        return c;
    }

    public Optional<PilotClass> pilot(String id) {
        return Optional.ofNullable(id == null ? null : pilots.get(id));
    }

    public List<Card> cards() {
        return List.copyOf(cards.values());
    }

    public List<StarterDeck> starterDecks() {
        return data.starterDecks();
    }
}
