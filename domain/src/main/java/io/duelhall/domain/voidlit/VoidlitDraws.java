package io.duelhall.domain.voidlit;

import io.duelhall.domain.Seat;
import io.duelhall.domain.rng.Sha256CounterRandom;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every random choice of a voidlit match as a pure function of the match seed (docs/fairness.md, "Voidlit's random
 * choices"): the same generator and setup streams as voidexa's, plus a stream per mulligan and per Waste search.
 */
public final class VoidlitDraws {
    public static final String FIRST_SEAT = "first-seat";
    public static final String CARD_IDS = "card-ids";
    public static final String SHUFFLE = "shuffle:";
    public static final String MULLIGAN = "mulligan:";
    public static final String WASTE = "waste:";

    /** The first seat, and each seat's deck from top (index 0) to bottom with fresh instance ids. */
    public record Setup(Seat firstSeat, Map<Seat, List<CardRef>> decks) {
    }

    private VoidlitDraws() {
    }

    /** matchSeed = SHA-256(serverSeed ‖ UTF-8(clientSeed A) ‖ UTF-8(clientSeed B)). */
    public static byte[] matchSeed(String serverSeedHex, String clientSeedA, String clientSeedB) {
        return Sha256CounterRandom.sha256(Sha256CounterRandom.unhex(serverSeedHex),
                clientSeedA.getBytes(StandardCharsets.UTF_8), clientSeedB.getBytes(StandardCharsets.UTF_8));
    }

    /** As voidexa's setup: first seat from "first-seat", decks sorted then shuffled by "shuffle:A"/"shuffle:B", ids. */
    public static Setup setup(byte[] matchSeed, List<String> deckA, List<String> deckB) {
        Seat first = new Sha256CounterRandom(matchSeed, FIRST_SEAT).nextInt(2) == 0 ? Seat.A : Seat.B;
        Sha256CounterRandom ids = new Sha256CounterRandom(matchSeed, CARD_IDS);
        Set<String> used = new HashSet<>();
        Map<Seat, List<CardRef>> decks = new EnumMap<>(Seat.class);
        for (Seat seat : List.of(Seat.A, Seat.B)) {
            List<String> sorted = new ArrayList<>(seat == Seat.A ? deckA : deckB);
            sorted.sort(null);
            List<String> order = new Sha256CounterRandom(matchSeed, SHUFFLE + seat).shuffle(sorted);
            List<CardRef> refs = new ArrayList<>(order.size());
            for (String card : order) {
                String id;
                do {
                    id = String.format("c%08x", ids.nextWord());
                } while (!used.add(id));
                refs.add(new CardRef(id, card));
            }
            decks.put(seat, List.copyOf(refs));
        }
        return new Setup(first, Map.copyOf(decks));
    }

    /**
     * L-D-MULLIGAN-2: the deck after a mulligan: the deck as it is once the returned cards are on its bottom (in the
     * order returned), shuffled by stream "mulligan:A" / "mulligan:B".
     */
    public static List<CardRef> mulligan(byte[] matchSeed, Seat seat, List<CardRef> deckWithReturned) {
        return List.copyOf(new Sha256CounterRandom(matchSeed, MULLIGAN + seat).shuffle(deckWithReturned));
    }

    /** L-D-WASTE-1: the position in the Waste (oldest first) of the seat's n-th search: nextInt(size) of "waste:A:n". */
    public static int wasteIndex(byte[] matchSeed, Seat seat, int search, int wasteSize) {
        return new Sha256CounterRandom(matchSeed, WASTE + seat + ":" + search).nextInt(wasteSize);
    }
}
