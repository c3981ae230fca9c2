package io.duelhall.domain.voidlit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * L-DECK-1 and L-D-DECK-1: what makes a voidlit deck legal. Every violation is listed, not only the
 * first.
 */
final class DeckRules {
    static final int DECK_SIZE = 40;
    static final int MAX_COPIES = 3;

    private DeckRules() {}

    /**
     * The one Parallel of the deck's non-Universal cards, or null if there is none or more than
     * one.
     */
    static String parallelOf(Catalog catalog, List<String> cards) {
        TreeSet<String> parallels = parallels(catalog, cards);
        return parallels.size() == 1 ? parallels.first() : null;
    }

    private static TreeSet<String> parallels(Catalog catalog, List<String> cards) {
        TreeSet<String> out = new TreeSet<>();
        for (String id : cards) {
            VoidlitCard c = catalog.card(id);
            if (c != null && !c.parallel().equals(VoidlitCard.UNIVERSAL)) {
                out.add(c.parallel());
            }
        }
        return out;
    }

    /**
     * @param parallel the Parallel the player named, or null to take it from the cards
     */
    static List<String> violations(Catalog catalog, String parallel, List<String> cards) {
        List<String> out = new ArrayList<>();
        List<String> deck = cards == null ? List.of() : cards;
        if (deck.size() != DECK_SIZE) {
            out.add(
                    "The deck has "
                            + deck.size()
                            + " cards; it must have exactly "
                            + DECK_SIZE
                            + " (L-D-DECK-1).");
        }
        Map<String, Integer> counts = new TreeMap<>();
        for (String id : deck) {
            counts.merge(String.valueOf(id), 1, Integer::sum);
        }
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            VoidlitCard c = catalog.card(e.getKey());
            if (c == null) {
                out.add("Unknown card " + e.getKey() + ".");
                continue;
            }
            int max = c.rarity().equals(VoidlitCard.LEGENDARY) ? 1 : MAX_COPIES;
            if (e.getValue() > max) {
                out.add(
                        c.name()
                                + " ("
                                + c.id()
                                + "): "
                                + e.getValue()
                                + " copies; at most "
                                + max
                                + (max == 1 ? " of a Legendary card" : "")
                                + " (L-DECK-1).");
            }
        }
        TreeSet<String> parallels = parallels(catalog, deck);
        if (parallels.size() > 1) {
            out.add(
                    "The deck mixes the Parallels "
                            + String.join(", ", parallels)
                            + "; one Parallel plus Universal cards only (L-DECK-1).");
        } else if (parallels.isEmpty() && parallel == null) {
            out.add(
                    "The deck has no card of a Parallel; name one or include its cards (L-D-DECK-1).");
        }
        if (parallel != null && !parallel.isBlank()) {
            boolean known =
                    catalog.cards().stream()
                            .anyMatch(
                                    c ->
                                            c.parallel().equals(parallel)
                                                    && !parallel.equals(VoidlitCard.UNIVERSAL));
            if (!known) {
                out.add("No Parallel " + parallel + " (L-D-DECK-1).");
            } else if (parallels.size() == 1 && !parallels.first().equals(parallel)) {
                out.add(
                        "The deck's cards are of "
                                + parallels.first()
                                + ", not the Parallel named, "
                                + parallel
                                + " (L-DECK-1).");
            }
        }
        return out;
    }
}
