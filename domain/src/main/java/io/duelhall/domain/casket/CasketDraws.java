package io.duelhall.domain.casket;

import io.duelhall.domain.Seat;
import io.duelhall.domain.SetupDeal;
import io.duelhall.domain.rng.Sha256CounterRandom;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every random choice of a casket match as a pure function of the match seed and the event history
 * (C-D-DICE-3), so the audit redoes each one:
 *
 * <ul>
 *   <li>match seed = SHA-256(server seed ‖ UTF-8(client seed) of each seat, A first) — for two
 *       seats exactly {@link SetupDeal#matchSeed};
 *   <li>each HP deck: sorted, shuffled by stream "shuffle:X", instance ids from stream "card-ids"
 *       seat by seat (as {@link SetupDeal#deal} does for two seats);
 *   <li>the map: {@code nextInt(maps)} of stream "map";
 *   <li>each wound deck: the wound ids in file order shuffled by stream "wounds:X";
 *   <li>a mulligan: deck and hand, sorted by instance id, shuffled by stream "mulligan:X";
 *   <li>the k-th reshuffle of a seat's discard (C-DRAW-2, k from 1): the discard pile sorted by
 *       instance id plus the Damage card "dmg-X-k" last, shuffled by stream "reshuffle:X:k";
 *   <li>the n-th die of the match (n from 0): {@code nextInt(6)} of stream "die:n".
 * </ul>
 */
final class CasketDraws {
    private CasketDraws() {}

    static byte[] matchSeed(CasketState s) {
        Map<Seat, String> seeds = new EnumMap<>(Seat.class);
        s.pilots().forEach((seat, p) -> seeds.put(seat, p.clientSeed()));
        return SetupDeal.matchSeed(s.serverSeed(), seeds);
    }

    /** Each seat's HP deck, top first, with fresh instance ids. */
    public static Map<Seat, List<CardRef>> decks(byte[] seed, Map<Seat, List<String>> lists) {
        Sha256CounterRandom ids = new Sha256CounterRandom(seed, SetupDeal.CARD_IDS);
        Set<String> used = new HashSet<>();
        Map<Seat, List<CardRef>> out = new EnumMap<>(Seat.class);
        for (Seat seat : Seat.values()) {
            if (!lists.containsKey(seat)) {
                continue;
            }
            List<String> sorted = new ArrayList<>(lists.get(seat));
            sorted.sort(null);
            List<String> order =
                    new Sha256CounterRandom(seed, SetupDeal.SHUFFLE + seat).shuffle(sorted);
            List<CardRef> cards = new ArrayList<>();
            for (String card : order) {
                String id;
                do {
                    id = String.format("c%08x", ids.nextWord());
                } while (!used.add(id));
                cards.add(new CardRef(id, card));
            }
            out.put(seat, List.copyOf(cards));
        }
        return out;
    }

    /** C-D-MAP-2: the arena, from the seed. */
    public static int map(byte[] seed, int maps) {
        return new Sha256CounterRandom(seed, "map").nextInt(maps);
    }

    /** The wound deck, top first. */
    public static List<String> wounds(byte[] seed, Seat seat, List<String> woundIds) {
        return new Sha256CounterRandom(seed, "wounds:" + seat).shuffle(woundIds);
    }

    /** A mulligan's new deck: deck and hand sorted by instance id, shuffled. */
    public static List<CardRef> mulligan(byte[] seed, Seat seat, List<CardRef> cards) {
        List<CardRef> sorted = new ArrayList<>(cards);
        sorted.sort(Comparator.comparing(CardRef::id));
        return new Sha256CounterRandom(seed, "mulligan:" + seat).shuffle(sorted);
    }

    /** The Damage card of a seat's {@code k}-th reshuffle. */
    public static CardRef damageCard(Seat seat, int k) {
        return new CardRef("dmg-" + seat + "-" + k, Catalog.DAMAGE);
    }

    /** C-DRAW-2: the k-th reshuffle: the discard sorted by id, the Damage card last, shuffled. */
    public static List<CardRef> reshuffle(byte[] seed, Seat seat, int k, List<CardRef> discard) {
        List<CardRef> sorted = new ArrayList<>(discard);
        sorted.sort(Comparator.comparing(CardRef::id));
        sorted.add(damageCard(seat, k));
        return new Sha256CounterRandom(seed, "reshuffle:" + seat + ":" + k).shuffle(sorted);
    }

    /** The n-th die of the match: 0..5. */
    public static int die(byte[] seed, int n) {
        return new Sha256CounterRandom(seed, "die:" + n).nextInt(6);
    }
}
