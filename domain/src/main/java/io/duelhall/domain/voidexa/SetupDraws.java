package io.duelhall.domain.voidexa;

import io.duelhall.domain.Seat;
import io.duelhall.domain.SetupDeal;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Every random choice of a voidexa match, as a pure function of the match seed and the two decks
 * (V-SETUP-2). Decide uses it to start a match and the audit uses it to reproduce the draws; the
 * exact specification, with test vectors, is docs/fairness.md.
 */
final class SetupDraws {
    /** The labels of the generator's streams (docs/fairness.md). */
    public static final String FIRST_SEAT = SetupDeal.FIRST_SEAT;

    public static final String CARD_IDS = SetupDeal.CARD_IDS;
    public static final String SHUFFLE = SetupDeal.SHUFFLE;

    /**
     * The first seat, and each seat's deck from top (index 0) to bottom with fresh instance ids.
     */
    public record Draws(Seat firstSeat, Map<Seat, List<CardRef>> decks) {}

    private SetupDraws() {}

    /**
     * matchSeed = SHA-256(serverSeed ‖ UTF-8(clientSeed A) ‖ UTF-8(clientSeed B)) ({@link
     * SetupDeal#matchSeed}).
     */
    public static byte[] matchSeed(String serverSeedHex, String clientSeedA, String clientSeedB) {
        return SetupDeal.matchSeed(serverSeedHex, clientSeedA, clientSeedB);
    }

    /**
     * The first seat and both decks, as {@link SetupDeal#deal} deals them, with voidexa's card
     * references.
     */
    public static Draws draw(byte[] matchSeed, List<String> deckA, List<String> deckB) {
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
        return new Draws(dealt.firstSeat(), Map.copyOf(decks));
    }
}
