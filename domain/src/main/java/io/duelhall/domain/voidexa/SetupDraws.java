package io.duelhall.domain.voidexa;

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
 * Every random choice of a voidexa match, as a pure function of the match seed and the two decks
 * (V-SETUP-2). Decide uses it to start a match and the audit uses it to reproduce the draws; the
 * exact specification, with test vectors, is docs/fairness.md.
 */
public final class SetupDraws {
    /** The labels of the generator's streams (docs/fairness.md). */
    public static final String FIRST_SEAT = "first-seat";
    public static final String CARD_IDS = "card-ids";
    public static final String SHUFFLE = "shuffle:";

    /** The first seat, and each seat's deck from top (index 0) to bottom with fresh instance ids. */
    public record Draws(Seat firstSeat, Map<Seat, List<CardRef>> decks) {
    }

    private SetupDraws() {
    }

    /** matchSeed = SHA-256(serverSeed ‖ UTF-8(clientSeed A) ‖ UTF-8(clientSeed B)). */
    public static byte[] matchSeed(String serverSeedHex, String clientSeedA, String clientSeedB) {
        return Sha256CounterRandom.sha256(Sha256CounterRandom.unhex(serverSeedHex),
                clientSeedA.getBytes(StandardCharsets.UTF_8), clientSeedB.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The first seat: {@code nextInt(2)} of stream "first-seat", 0 is A. Each deck, sorted by catalog id,
     * shuffled by its seat's stream "shuffle:A" / "shuffle:B"; then instance ids "c" + 8 hex digits of the
     * next word of stream "card-ids", A's deck top to bottom first, then B's, a repeated id drawn again.
     */
    public static Draws draw(byte[] matchSeed, List<String> deckA, List<String> deckB) {
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
        return new Draws(first, Map.copyOf(decks));
    }
}
