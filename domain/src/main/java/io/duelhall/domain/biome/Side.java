package io.duelhall.domain.biome;

import io.duelhall.domain.ById;
import java.util.List;

/**
 * One seat's part of the truth. {@code deck} top first; {@code reserve}: converted cards, face up
 * (B-D-ENERGY-1); {@code agents}: in the staging area ({@code biome} null) or in a biome; {@code
 * gear}: unattached gear in the staging area; {@code reactives}: reactive cards in play; {@code
 * cache}: the discard pile (public); {@code sectors}: one per biome, in catalog order.
 */
public record Side(
        String name,
        String accountId,
        List<String> deckList,
        String clientSeed,
        int energy,
        List<CardRef> deck,
        List<CardRef> hand,
        List<CardRef> reserve,
        List<Agent> agents,
        List<CardRef> gear,
        List<CardRef> reactives,
        List<CardRef> cache,
        List<Sector> sectors,
        int timeouts) {
    /** B-D-ENERGY-1: energy at the refresh is this plus the reserve. */
    public static final int BASE_ENERGY = 1;

    /** B-D-SETUP-1. */
    public static final int OPENING_HAND = 5;

    public Side {
        deckList = deckList == null ? null : List.copyOf(deckList);
        deck = List.copyOf(deck);
        hand = List.copyOf(hand);
        reserve = List.copyOf(reserve);
        agents = List.copyOf(agents);
        gear = List.copyOf(gear);
        reactives = List.copyOf(reactives);
        cache = List.copyOf(cache);
        sectors = List.copyOf(sectors);
    }

    static Side joined(String name, String accountId, List<String> deckList, String clientSeed) {
        return new Side(
                name,
                accountId,
                deckList,
                clientSeed,
                0,
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                0);
    }

    public CardRef inHand(String id) {
        return ById.find(hand, CardRef::id, id);
    }

    public Agent agent(String id) {
        return ById.find(agents, Agent::id, id);
    }

    public CardRef looseGear(String id) {
        return ById.find(gear, CardRef::id, id);
    }

    public Sector sector(String biome) {
        return biome == null
                ? null
                : sectors.stream().filter(s -> s.biome().equals(biome)).findFirst().orElse(null);
    }

    public int biomesLost() {
        return (int) sectors.stream().filter(Sector::lost).count();
    }

    Builder edit() {
        return new Builder(this);
    }

    /** A mutable copy for the evolver: set what changed, then {@link #build()}. */
    static final class Builder {
        String name;
        String accountId;
        List<String> deckList;
        String clientSeed;
        int energy;
        List<CardRef> deck;
        List<CardRef> hand;
        List<CardRef> reserve;
        List<Agent> agents;
        List<CardRef> gear;
        List<CardRef> reactives;
        List<CardRef> cache;
        List<Sector> sectors;
        int timeouts;

        Builder(Side s) {
            name = s.name;
            accountId = s.accountId;
            deckList = s.deckList;
            clientSeed = s.clientSeed;
            energy = s.energy;
            deck = s.deck;
            hand = s.hand;
            reserve = s.reserve;
            agents = s.agents;
            gear = s.gear;
            reactives = s.reactives;
            cache = s.cache;
            sectors = s.sectors;
            timeouts = s.timeouts;
        }

        Side build() {
            return new Side(
                    name,
                    accountId,
                    deckList,
                    clientSeed,
                    energy,
                    deck,
                    hand,
                    reserve,
                    agents,
                    gear,
                    reactives,
                    cache,
                    sectors,
                    timeouts);
        }
    }
}
