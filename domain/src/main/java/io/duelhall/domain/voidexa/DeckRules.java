package io.duelhall.domain.voidexa;

import io.duelhall.domain.voidexa.cards.Card;
import io.duelhall.domain.voidexa.cards.CardType;
import io.duelhall.domain.voidexa.cards.Catalog;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** V-DECK-1/2: every violation of a deck, not just the first. */
public final class DeckRules {
    public static final int DECK_SIZE = 60;

    private DeckRules() {}

    public static List<String> violations(
            Catalog catalog, String pilotClass, String shipCore, List<String> cards) {
        List<String> out = new ArrayList<>();
        if (pilotClass == null || pilotClass.isBlank()) {
            out.add("No pilot class given (V-DECK-2).");
        } else if (catalog.pilot(pilotClass).isEmpty()) {
            out.add("Unknown pilot class '" + pilotClass + "' (V-DECK-2).");
        }
        if (shipCore == null || shipCore.isBlank()) {
            out.add("No Ship Core given: a deck is 60 cards plus one Ship Core.");
        } else {
            Optional<Card> core = catalog.find(shipCore);
            if (core.isEmpty()) {
                out.add("Unknown Ship Core '" + shipCore + "'.");
            } else if (core.get().type() != CardType.SHIP_CORE) {
                out.add("'" + shipCore + "' is a " + core.get().type() + ", not a Ship Core.");
            }
        }
        List<String> list = cards == null ? List.of() : cards;
        if (list.size() != DECK_SIZE) {
            out.add(
                    "The deck has "
                            + list.size()
                            + " cards; exactly "
                            + DECK_SIZE
                            + " are required.");
        }
        Map<String, Integer> counts = new TreeMap<>();
        for (String id : list) {
            counts.merge(String.valueOf(id), 1, Integer::sum);
        }
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            Optional<Card> card = catalog.find(e.getKey());
            if (card.isEmpty()) {
                out.add("Unknown card '" + e.getKey() + "'.");
                continue;
            }
            Card c = card.get();
            if (c.type() == CardType.SHIP_CORE) {
                out.add("'" + c.id() + "' is a Ship Core and cannot be among the 60 cards.");
            } else if (e.getValue() > c.rarity().maxCopies()) {
                out.add(
                        "'"
                                + c.id()
                                + "' ("
                                + c.rarity().name().toLowerCase()
                                + ") appears "
                                + e.getValue()
                                + " times; at most "
                                + c.rarity().maxCopies()
                                + " are allowed.");
            }
        }
        return out;
    }
}
