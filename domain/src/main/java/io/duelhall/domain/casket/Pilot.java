package io.duelhall.domain.casket;

import io.duelhall.domain.ById;
import io.duelhall.domain.Seat;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One seat's Casket and pilot: HP deck, hand, discard pile, wound deck (top first; "?" face down),
 * SP, Heat, position and facing, component damage, this turn's counters.
 *
 * @param spent SP spent this turn (the free ones and the overspent ones)
 * @param overspent SP spent this turn beyond the maximum, each paid with a card (C-SP-1)
 * @param moved hexes moved this turn
 * @param turnStart the hex the Casket stood on when its turn began (null before its first turn):
 *     casket-1.2.0's movement sight is from there (C-D-LOS-2)
 * @param played cards played this turn (C-DRAW-1)
 * @param mulligan null until the seat decided; then whether it took it
 * @param place once defeated, the place it finished in (seats falling at once share it)
 */
public record Pilot(
        Seat seat,
        String name,
        String accountId,
        String clientSeed,
        String casket,
        CasketType type,
        List<String> deckList,
        List<CardRef> deck,
        List<CardRef> hand,
        List<CardRef> discard,
        List<String> wounds,
        List<String> flipped,
        int sp,
        int spent,
        int overspent,
        int heat,
        Hex at,
        int facing,
        boolean rotated,
        int moved,
        int played,
        Map<Component, Integer> damage,
        int buff,
        int aim,
        int damageCards,
        Boolean mulligan,
        boolean defeated,
        int place,
        int timeouts,
        Hex turnStart) {

    public Pilot {
        deckList = deckList == null ? null : List.copyOf(deckList);
        deck = List.copyOf(deck);
        hand = List.copyOf(hand);
        discard = List.copyOf(discard);
        wounds = List.copyOf(wounds);
        flipped = List.copyOf(flipped);
        damage = FrozenEnumMap.of(Component.class, damage);
    }

    static Pilot joined(
            Seat seat,
            String name,
            String accountId,
            String clientSeed,
            String casket,
            CasketType type,
            List<String> deckList) {
        return new Pilot(
                seat,
                name,
                accountId,
                clientSeed,
                casket,
                type,
                deckList,
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                0,
                0,
                0,
                0,
                null,
                0,
                false,
                0,
                0,
                Map.of(),
                0,
                0,
                0,
                null,
                false,
                0,
                0,
                null);
    }

    public int damageOf(Component c) {
        return damage.getOrDefault(c, 0);
    }

    public boolean destroyed(Component c) {
        return damageOf(c) >= Component.DESTROYED_AT;
    }

    public int totalComponentDamage() {
        return damage.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** Flipped wounds with this effect. */
    public int wounds(Catalog catalog, String effect) {
        int n = 0;
        for (String w : flipped) {
            Catalog.Wound wound = catalog.wound(w);
            if (wound != null && wound.effect().equals(effect)) {
                n++;
            }
        }
        return n;
    }

    /** C-SP-1: the type's SP, −1 for a destroyed chassis, −1 per "sp" wound, at least 1. */
    public int maxSp(Catalog catalog) {
        int max = type.sp() - (destroyed(Component.CHASSIS) ? 1 : 0) - wounds(catalog, "sp");
        return Math.max(1, max);
    }

    public CardRef inHand(String id) {
        return ById.find(hand, CardRef::id, id);
    }

    Builder edit() {
        return new Builder(this);
    }

    /**
     * A copy for the evolver to change, copy-on-write: its lists and damage are the pilot's own
     * (unmodifiable) until the first change asks for a copy ({@link #deck()}, {@link #hand()} …),
     * so an event that changes one list copies that one alone, and {@link #build} takes the
     * untouched ones back as they were (the search folds thousands of events a decision).
     */
    static final class Builder {
        final Seat seat;
        final String name, accountId, clientSeed, casket;
        final CasketType type;
        final List<String> deckList;

        /**
         * Read freely; to change one, take it from its method ({@link #deck()} …) or assign a new
         * list.
         */
        List<CardRef> deck, hand, discard;

        List<String> wounds, flipped;
        int sp, spent, overspent, heat, facing, moved, played, buff, aim, damageCards, timeouts;
        int place;
        Hex at, turnStart;
        boolean rotated, defeated;
        Map<Component, Integer> damage;
        Boolean mulligan;
        private final Pilot from;

        Builder(Pilot p) {
            from = p;
            seat = p.seat;
            name = p.name;
            accountId = p.accountId;
            clientSeed = p.clientSeed;
            casket = p.casket;
            type = p.type;
            deckList = p.deckList;
            deck = p.deck;
            hand = p.hand;
            discard = p.discard;
            wounds = p.wounds;
            flipped = p.flipped;
            sp = p.sp;
            spent = p.spent;
            overspent = p.overspent;
            heat = p.heat;
            at = p.at;
            facing = p.facing;
            rotated = p.rotated;
            moved = p.moved;
            played = p.played;
            damage = p.damage;
            buff = p.buff;
            aim = p.aim;
            damageCards = p.damageCards;
            mulligan = p.mulligan;
            defeated = p.defeated;
            place = p.place;
            timeouts = p.timeouts;
            turnStart = p.turnStart;
        }

        /** The deck, to change. */
        List<CardRef> deck() {
            return deck = owned(deck, from.deck);
        }

        /** The hand, to change. */
        List<CardRef> hand() {
            return hand = owned(hand, from.hand);
        }

        /** The discard pile, to change. */
        List<CardRef> discard() {
            return discard = owned(discard, from.discard);
        }

        /** The face-down wounds, to change. */
        List<String> wounds() {
            return wounds = owned(wounds, from.wounds);
        }

        /** The flipped wounds, to change. */
        List<String> flipped() {
            return flipped = owned(flipped, from.flipped);
        }

        /**
         * {@code now}, or a copy of it to change while it is still the pilot's own {@code list}.
         */
        private static <T> List<T> owned(List<T> now, List<T> list) {
            return now == list ? new ArrayList<>(now) : now;
        }

        /** The components' damage, to change. */
        Map<Component, Integer> damage() {
            if (damage == from.damage) {
                damage = ((FrozenEnumMap<Component, Integer>) from.damage).mutableCopy();
            }
            return damage;
        }

        /** Removes a card by id, or a face-down one when the id is not known here. */
        static CardRef take(List<CardRef> from, CardRef card) {
            for (int i = 0; i < from.size(); i++) {
                if (card != null && from.get(i).id().equals(card.id())) {
                    return from.remove(i);
                }
            }
            for (int i = 0; i < from.size(); i++) {
                if (from.get(i).card() == null) {
                    return from.remove(i);
                }
            }
            return from.isEmpty() ? null : from.remove(from.size() - 1);
        }

        Pilot build() {
            return new Pilot(
                    seat,
                    name,
                    accountId,
                    clientSeed,
                    casket,
                    type,
                    deckList,
                    deck,
                    hand,
                    discard,
                    wounds,
                    flipped,
                    sp,
                    spent,
                    overspent,
                    heat,
                    at,
                    facing,
                    rotated,
                    moved,
                    played,
                    damage,
                    buff,
                    aim,
                    damageCards,
                    mulligan,
                    defeated,
                    place,
                    timeouts,
                    turnStart);
        }
    }
}
