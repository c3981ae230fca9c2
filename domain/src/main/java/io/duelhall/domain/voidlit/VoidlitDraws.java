package io.duelhall.domain.voidlit;

import io.duelhall.domain.Seat;
import io.duelhall.domain.SetupDeal;
import io.duelhall.domain.rng.Sha256CounterRandom;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Every random choice of a voidlit match as a pure function of the match seed (docs/fairness.md,
 * "Voidlit's random choices"): the same generator and setup streams as voidexa's, plus a stream per
 * mulligan and per Waste search.
 */
final class VoidlitDraws {
    public static final String FIRST_SEAT = SetupDeal.FIRST_SEAT;
    public static final String CARD_IDS = SetupDeal.CARD_IDS;
    public static final String SHUFFLE = SetupDeal.SHUFFLE;
    public static final String MULLIGAN = "mulligan:";
    public static final String WASTE = "waste:";

    /**
     * The first seat, and each seat's deck from top (index 0) to bottom with fresh instance ids.
     */
    public record Setup(Seat firstSeat, Map<Seat, List<CardRef>> decks) {}

    private VoidlitDraws() {}

    /**
     * matchSeed = SHA-256(serverSeed ‖ UTF-8(clientSeed A) ‖ UTF-8(clientSeed B)) ({@link
     * SetupDeal#matchSeed}).
     */
    public static byte[] matchSeed(String serverSeedHex, String clientSeedA, String clientSeedB) {
        return SetupDeal.matchSeed(serverSeedHex, clientSeedA, clientSeedB);
    }

    /**
     * The setup every game here shares ({@link SetupDeal#deal}), with voidlit's card references.
     */
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

    /**
     * L-D-MULLIGAN-2: the deck after a mulligan: the deck as it is once the returned cards are on
     * its bottom (in the order returned), shuffled by stream "mulligan:A" / "mulligan:B".
     */
    public static List<CardRef> mulligan(
            byte[] matchSeed, Seat seat, List<CardRef> deckWithReturned) {
        return List.copyOf(
                new Sha256CounterRandom(matchSeed, MULLIGAN + seat).shuffle(deckWithReturned));
    }

    /**
     * L-D-WASTE-1: the position in the Waste (oldest first) of the seat's n-th search:
     * nextInt(size) of "waste:A:n".
     */
    public static int wasteIndex(byte[] matchSeed, Seat seat, int search, int wasteSize) {
        return new Sha256CounterRandom(matchSeed, WASTE + seat + ":" + search).nextInt(wasteSize);
    }
}
