package io.duelhall.domain.biome;

import io.duelhall.domain.Seat;
import io.duelhall.domain.SetupDeal;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Every random choice of a biome match as a pure function of the match seed: only the setup every
 * game here shares ({@link SetupDeal}: first seat, both deck orders with instance ids). Nothing
 * later in a biome match is random.
 */
final class BiomeDraws {
    /**
     * The first seat, and each seat's deck from top (index 0) to bottom with fresh instance ids.
     */
    public record Setup(Seat firstSeat, Map<Seat, List<CardRef>> decks) {}

    private BiomeDraws() {}

    public static byte[] matchSeed(String serverSeedHex, String clientSeedA, String clientSeedB) {
        return SetupDeal.matchSeed(serverSeedHex, clientSeedA, clientSeedB);
    }

    /** The setup every game here shares ({@link SetupDeal#deal}), with biome's card references. */
    public static Setup setup(byte[] matchSeed, List<String> deckA, List<String> deckB) {
        SetupDeal.Dealt dealt = SetupDeal.deal(matchSeed, deckA, deckB);
        Map<Seat, List<CardRef>> decks = new EnumMap<>(Seat.class);
        dealt.decks()
                .forEach(
                        (seat, cards) ->
                                decks.put(
                                        seat,
                                        cards.stream()
                                                .map(c -> new CardRef(c.id(), c.card()))
                                                .toList()));
        return new Setup(dealt.firstSeat(), Map.copyOf(decks));
    }
}
