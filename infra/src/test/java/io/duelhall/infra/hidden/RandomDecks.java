package io.duelhall.infra.hidden;

import io.duelhall.domain.voidexa.DeckRules;
import io.duelhall.domain.voidexa.cards.Card;
import io.duelhall.domain.voidexa.cards.CardType;
import io.duelhall.domain.voidexa.cards.Catalog;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Two legal decks (V-DECK-1) drawn from disjoint halves of the catalog, so that a catalog id tells
 * which seat's card it is: the leak scanner can then also look for catalog ids, not only instance
 * ids.
 */
record RandomDecks(Deck a, Deck b) {
    record Deck(String pilotClass, String shipCore, List<String> cards) {}

    static RandomDecks draw(Catalog catalog, Random rnd) {
        List<Card> pool =
                new ArrayList<>(
                        catalog.cards().stream()
                                .filter(c -> c.type() != CardType.SHIP_CORE)
                                .toList());
        List<Card> cores =
                catalog.cards().stream().filter(c -> c.type() == CardType.SHIP_CORE).toList();
        List<String> pilots = catalog.data().pilotClasses().stream().map(p -> p.id()).toList();
        for (int attempt = 0; attempt < 100; attempt++) {
            Collections.shuffle(pool, rnd);
            List<Card> left = pool.subList(0, pool.size() / 2);
            List<Card> right = pool.subList(pool.size() / 2, pool.size());
            Deck a = deck(catalog, left, cores, pilots, rnd);
            Deck b = deck(catalog, right, cores, pilots, rnd);
            if (a != null && b != null) {
                return new RandomDecks(a, b);
            }
        }
        throw new IllegalStateException("no legal decks");
    }

    private static Deck deck(
            Catalog catalog, List<Card> cards, List<Card> cores, List<String> pilots, Random rnd) {
        List<String> out = new ArrayList<>();
        for (int copies = 1; copies <= 4 && out.size() < DeckRules.DECK_SIZE; copies++) {
            for (Card c : cards) {
                if (copies <= c.rarity().maxCopies() && out.size() < DeckRules.DECK_SIZE) {
                    out.add(c.id());
                }
            }
        }
        String core = cores.get(rnd.nextInt(cores.size())).id();
        String pilot = pilots.get(rnd.nextInt(pilots.size()));
        return DeckRules.violations(catalog, pilot, core, out).isEmpty()
                ? new Deck(pilot, core, out)
                : null;
    }
}
