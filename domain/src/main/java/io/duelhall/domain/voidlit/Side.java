package io.duelhall.domain.voidlit;

import io.duelhall.domain.ById;
import java.util.List;

/**
 * One seat's part of the truth. {@code deck} top first; {@code waste} oldest first (public); {@code
 * bank} face up. {@code mulliganed}: its mulligan is done; {@code banked}: it banked this turn;
 * {@code searches}: its Waste searches so far (L-WASTE-1); {@code timeouts}: its turn timeouts.
 */
public record Side(
        String name,
        String accountId,
        String parallel,
        List<String> deckList,
        String clientSeed,
        int health,
        int energy,
        List<CardRef> deck,
        List<CardRef> hand,
        List<CardRef> bank,
        List<Unit> units,
        List<CardRef> relics,
        List<CardRef> waste,
        boolean mulliganed,
        boolean banked,
        int searches,
        int timeouts) {
    public static final int START_HEALTH = 30;
    public static final int HAND_LIMIT = 8;

    public Side {
        deckList = deckList == null ? null : List.copyOf(deckList);
        deck = List.copyOf(deck);
        hand = List.copyOf(hand);
        bank = List.copyOf(bank);
        units = List.copyOf(units);
        relics = List.copyOf(relics);
        waste = List.copyOf(waste);
    }

    static Side joined(
            String name,
            String accountId,
            String parallel,
            List<String> deckList,
            String clientSeed) {
        return new Side(
                name,
                accountId,
                parallel,
                deckList,
                clientSeed,
                START_HEALTH,
                0,
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                false,
                false,
                0,
                0);
    }

    public CardRef inHand(String id) {
        return ById.find(hand, CardRef::id, id);
    }

    public Unit unit(String id) {
        return ById.find(units, Unit::id, id);
    }

    /** Energy max: one per banked card (L-ENERGY-1). */
    public int maxEnergy() {
        return bank.size();
    }

    Builder edit() {
        return new Builder(this);
    }

    /** A mutable copy for the evolver: set what changed, then {@link #build()}. */
    static final class Builder {
        String name;
        String accountId;
        String parallel;
        List<String> deckList;
        String clientSeed;
        int health;
        int energy;
        List<CardRef> deck;
        List<CardRef> hand;
        List<CardRef> bank;
        List<Unit> units;
        List<CardRef> relics;
        List<CardRef> waste;
        boolean mulliganed;
        boolean banked;
        int searches;
        int timeouts;

        Builder(Side s) {
            name = s.name;
            accountId = s.accountId;
            parallel = s.parallel;
            deckList = s.deckList;
            clientSeed = s.clientSeed;
            health = s.health;
            energy = s.energy;
            deck = s.deck;
            hand = s.hand;
            bank = s.bank;
            units = s.units;
            relics = s.relics;
            waste = s.waste;
            mulliganed = s.mulliganed;
            banked = s.banked;
            searches = s.searches;
            timeouts = s.timeouts;
        }

        Side build() {
            return new Side(
                    name,
                    accountId,
                    parallel,
                    deckList,
                    clientSeed,
                    health,
                    energy,
                    deck,
                    hand,
                    bank,
                    units,
                    relics,
                    waste,
                    mulliganed,
                    banked,
                    searches,
                    timeouts);
        }
    }
}
