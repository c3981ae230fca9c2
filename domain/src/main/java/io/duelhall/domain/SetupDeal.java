package io.duelhall.domain;

import io.duelhall.domain.rng.Sha256;
import io.duelhall.domain.rng.Sha256CounterRandom;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The seeded setup every card game here shares (docs/fairness.md, "Setup"): the match seed from the
 * server seed and the seats' client seeds, the first seat, and each seat's deck shuffled with fresh
 * instance ids. voidexa ({@code SetupDraws}) and voidlit ({@code VoidlitDraws}) deal through it, so
 * an outsider checks both games' setups with one procedure; a ruleset maps {@link Card} to its own
 * card reference.
 */
public final class SetupDeal {
    /** The labels of the generator's setup streams. */
    public static final String FIRST_SEAT = "first-seat";

    public static final String CARD_IDS = "card-ids";
    public static final String SHUFFLE = "shuffle:";

    private SetupDeal() {}

    /** A dealt card: its instance id (unique in the match) and its catalog id. */
    public record Card(String id, String card) {}

    /** The first seat, and each seat's deck from top (index 0) to bottom. */
    public record Dealt(Seat firstSeat, Map<Seat, List<Card>> decks) {}

    /** matchSeed = SHA-256(serverSeed ‖ UTF-8(clientSeed A) ‖ UTF-8(clientSeed B)). */
    public static byte[] matchSeed(String serverSeedHex, String clientSeedA, String clientSeedB) {
        return matchSeed(serverSeedHex, Map.of(Seat.A, clientSeedA, Seat.B, clientSeedB));
    }

    /**
     * matchSeed = SHA-256(serverSeed ‖ UTF-8(client seed) of every seat given, in seat order A to
     * F): for two seats exactly {@link #matchSeed(String, String, String)}; for more (casket) each
     * further seat's seed follows.
     */
    public static byte[] matchSeed(String serverSeedHex, Map<Seat, String> clientSeeds) {
        List<byte[]> parts = new ArrayList<>();
        parts.add(Sha256.unhex(serverSeedHex));
        for (Seat seat : Seat.values()) {
            String c = clientSeeds.get(seat);
            if (c != null) {
                parts.add(c.getBytes(StandardCharsets.UTF_8));
            }
        }
        return Sha256.of(parts.toArray(new byte[0][]));
    }

    /**
     * The match seed in hex ({@link #matchSeed(String, Map)}) from the revealed server seed and the
     * client seeds, or null when seat A's or B's is missing or the server seed is not hex (a
     * record's setup shows what it can).
     */
    public static String matchSeedHex(String serverSeedHex, Map<Seat, String> clientSeeds) {
        if (serverSeedHex == null
                || clientSeeds.get(Seat.A) == null
                || clientSeeds.get(Seat.B) == null) {
            return null;
        }
        try {
            return Sha256.hex(matchSeed(serverSeedHex, clientSeeds));
        } catch (IllegalArgumentException notHex) {
            return null;
        }
    }

    /**
     * The first seat: {@code nextInt(2)} of stream "first-seat", 0 is A. Each deck, sorted by
     * catalog id, shuffled by its seat's stream "shuffle:A" / "shuffle:B"; then instance ids "c" +
     * 8 hex digits of the next word of stream "card-ids", A's deck top to bottom first, then B's, a
     * repeated id drawn again.
     */
    public static Dealt deal(byte[] matchSeed, List<String> deckA, List<String> deckB) {
        Seat first =
                new Sha256CounterRandom(matchSeed, FIRST_SEAT).nextInt(2) == 0 ? Seat.A : Seat.B;
        Sha256CounterRandom ids = new Sha256CounterRandom(matchSeed, CARD_IDS);
        Set<String> used = new HashSet<>();
        Map<Seat, List<Card>> decks = new EnumMap<>(Seat.class);
        for (Seat seat : List.of(Seat.A, Seat.B)) {
            List<String> sorted = new ArrayList<>(seat == Seat.A ? deckA : deckB);
            sorted.sort(null);
            List<String> order = new Sha256CounterRandom(matchSeed, SHUFFLE + seat).shuffle(sorted);
            List<Card> cards = new ArrayList<>(order.size());
            for (String card : order) {
                String id;
                do {
                    id = String.format("c%08x", ids.nextWord());
                } while (!used.add(id));
                cards.add(new Card(id, card));
            }
            decks.put(seat, List.copyOf(cards));
        }
        return new Dealt(first, Map.copyOf(decks));
    }
}
