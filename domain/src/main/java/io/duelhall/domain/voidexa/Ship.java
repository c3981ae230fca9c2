package io.duelhall.domain.voidexa;

import io.duelhall.domain.voidexa.cards.Subsystem;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One seat's side of the match: the ship's values, resources and card zones. Immutable; {@link
 * #edit()} gives a builder for evolve.
 *
 * @param deckList the 60 catalog ids the seat joined with (hidden until the end)
 * @param ramp permanent extra max energy
 * @param droneBoost extra damage for own drones until the end of own turn {@code boostUntilTurn}
 * @param abilitiesUsed "instance#index" of abilities used this turn
 * @param emptyDraws how many times this seat had to draw from an empty deck (V-START-2/3)
 * @param timeouts how many of its turns this seat let the turn clock run out (D-CLOCK-1)
 * @param weaponCharge damage the seat's next Weapon card this turn adds to each target (an
 *     Overcharge, D-CAT-3)
 * @param pierceNext the seat's drones have Pierce at their next attack, then it is spent (Targeting
 *     AI, D-DRONE-3)
 * @param accountId the registered player's account that took the seat, null for a guest or AI
 *     (identities.md)
 */
public record Ship(
        String name,
        String pilotClass,
        String shipCore,
        String clientSeed,
        List<String> deckList,
        Map<Subsystem, Integer> values,
        Map<Subsystem, Integer> maxValues,
        int energy,
        int ramp,
        int heat,
        int pendingHeat,
        int maxHand,
        List<CardRef> deck,
        List<CardRef> hand,
        List<CardRef> discard,
        List<CardRef> exile,
        List<CardRef> inPlay,
        List<Drone> drones,
        CardRef field,
        int lifeSupportZeroTurns,
        int emptyDraws,
        int droneBoost,
        boolean dronePierce,
        int boostUntilTurn,
        Set<String> abilitiesUsed,
        int timeouts,
        int weaponCharge,
        boolean pierceNext,
        String accountId) {

    public static final int MAX_HEAT = 10;
    public static final int MAX_HAND = 10;
    public static final int MAX_DRONES = 5;
    public static final int BASE_ENERGY = 5;

    public int value(Subsystem s) {
        return values.get(s);
    }

    public int max(Subsystem s) {
        return maxValues.get(s);
    }

    /** Energy by Reactor tier (V-START-1), before ramp. */
    public int reactorTier() {
        int r = value(Subsystem.REACTOR);
        if (r >= 21) {
            return 5;
        }
        if (r >= 11) {
            return 4;
        }
        return r >= 1 ? 3 : 0;
    }

    public int maxEnergy() {
        return reactorTier() + ramp;
    }

    public boolean destroyed() {
        return value(Subsystem.HULL) == 0 || value(Subsystem.REACTOR) == 0;
    }

    public Drone drone(String id) {
        for (int i = 0; i < drones.size(); i++) {
            Drone d = drones.get(i);
            if (d.id().equals(id)) {
                return d;
            }
        }
        return null;
    }

    public CardRef inHand(String id) {
        return find(hand, id);
    }

    /**
     * A card of this seat in play other than a drone: modules, equipment, AI routines and the
     * field.
     */
    public CardRef inPlayCard(String id) {
        CardRef c = find(inPlay, id);
        if (c == null && field != null && field.id().equals(id)) {
            return field;
        }
        return c;
    }

    static CardRef find(List<CardRef> cards, String id) {
        if (id == null) {
            return null;
        }
        for (int i = 0; i < cards.size(); i++) { // indexed: no iterator on a hot path
            CardRef c = cards.get(i);
            if (c.id().equals(id)) {
                return c;
            }
        }
        return null;
    }

    /** A new ship with the starting values of V-SETUP-1 and empty zones. */
    public static Ship fresh(
            String name,
            String pilotClass,
            String shipCore,
            String clientSeed,
            List<String> deckList) {
        Map<Subsystem, Integer> v = new EnumMap<>(Subsystem.class);
        v.put(Subsystem.HULL, 60);
        v.put(Subsystem.SHIELD, 40);
        v.put(Subsystem.REACTOR, 30);
        v.put(Subsystem.WEAPONS, 30);
        v.put(Subsystem.ENGINES, 35);
        v.put(Subsystem.LIFE_SUPPORT, 25);
        Map<Subsystem, Integer> start = Collections.unmodifiableMap(v);
        return new Ship(
                name,
                pilotClass,
                shipCore,
                clientSeed,
                List.copyOf(deckList),
                start,
                start,
                0,
                0,
                0,
                0,
                MAX_HAND,
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                null,
                0,
                0,
                0,
                false,
                0,
                Set.of(),
                0,
                0,
                false,
                null);
    }

    /** The same ship, taken by the registered player {@code account} (null: a guest or AI). */
    Ship withAccount(String account) {
        return new Ship(
                name,
                pilotClass,
                shipCore,
                clientSeed,
                deckList,
                values,
                maxValues,
                energy,
                ramp,
                heat,
                pendingHeat,
                maxHand,
                deck,
                hand,
                discard,
                exile,
                inPlay,
                drones,
                field,
                lifeSupportZeroTurns,
                emptyDraws,
                droneBoost,
                dronePierce,
                boostUntilTurn,
                abilitiesUsed,
                timeouts,
                weaponCharge,
                pierceNext,
                account);
    }

    public Builder edit() {
        return new Builder(this);
    }

    /** A mutable copy used inside evolve; {@link #build()} freezes it again. */
    public static final class Builder {
        private final Ship from;

        /** Copied on the first change only: most events leave the subsystem values alone. */
        private EnumMap<Subsystem, Integer> values;

        int energy;
        int ramp;
        int heat;
        int pendingHeat;
        int maxHand;
        List<CardRef> deck;
        List<CardRef> hand;
        List<CardRef> discard;
        List<CardRef> exile;
        List<CardRef> inPlay;
        List<Drone> drones;
        CardRef field;
        int lifeSupportZeroTurns;
        int emptyDraws;
        int droneBoost;
        boolean dronePierce;
        int boostUntilTurn;
        Set<String> abilitiesUsed;
        int timeouts;
        int weaponCharge;
        boolean pierceNext;

        private Builder(Ship s) {
            from = s;
            energy = s.energy;
            ramp = s.ramp;
            heat = s.heat;
            pendingHeat = s.pendingHeat;
            maxHand = s.maxHand;
            deck = s.deck;
            hand = s.hand;
            discard = s.discard;
            exile = s.exile;
            inPlay = s.inPlay;
            drones = s.drones;
            field = s.field;
            lifeSupportZeroTurns = s.lifeSupportZeroTurns;
            emptyDraws = s.emptyDraws;
            droneBoost = s.droneBoost;
            dronePierce = s.dronePierce;
            boostUntilTurn = s.boostUntilTurn;
            abilitiesUsed = s.abilitiesUsed;
            timeouts = s.timeouts;
            weaponCharge = s.weaponCharge;
            pierceNext = s.pierceNext;
        }

        Builder set(Subsystem s, int v) {
            if (values == null) {
                values = new EnumMap<>(Subsystem.class);
                values.putAll(from.values);
            }
            values.put(s, v);
            return this;
        }

        static List<CardRef> plus(List<CardRef> list, CardRef c) {
            List<CardRef> out = new ArrayList<>(list.size() + 1);
            out.addAll(list);
            out.add(c);
            return List.copyOf(out);
        }

        static List<CardRef> minus(List<CardRef> list, String id) {
            List<CardRef> out = new ArrayList<>(list.size());
            for (CardRef c : list) {
                if (!c.id().equals(id)) {
                    out.add(c);
                }
            }
            return List.copyOf(out);
        }

        Builder useAbility(String key) {
            Set<String> s = new LinkedHashSet<>(abilitiesUsed);
            s.add(key);
            abilitiesUsed = Set.copyOf(s);
            return this;
        }

        public Ship build() {
            return new Ship(
                    from.name,
                    from.pilotClass,
                    from.shipCore,
                    from.clientSeed,
                    from.deckList,
                    values == null ? from.values : Collections.unmodifiableMap(values),
                    from.maxValues,
                    energy,
                    ramp,
                    heat,
                    pendingHeat,
                    maxHand,
                    deck,
                    hand,
                    discard,
                    exile,
                    inPlay,
                    List.copyOf(drones),
                    field,
                    lifeSupportZeroTurns,
                    emptyDraws,
                    droneBoost,
                    dronePierce,
                    boostUntilTurn,
                    abilitiesUsed,
                    timeouts,
                    weaponCharge,
                    pierceNext,
                    from.accountId);
        }
    }
}
