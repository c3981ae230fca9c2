package io.duelhall.domain.voidexa;

import io.duelhall.domain.Seat;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The ships of a voidexa match by seat: an immutable map of at most the two seats A and B. Evolve
 * replaces a ship for almost every event, so this copy must be cheap: two fields instead of a
 * general map (it was the engine's largest cost in the profile). Iterates in seat order; equal to
 * any map with the same entries.
 */
final class SeatShips extends AbstractMap<Seat, Ship> {
    static final SeatShips EMPTY = new SeatShips(null, null);

    private final Ship a;
    private final Ship b;

    private SeatShips(Ship a, Ship b) {
        this.a = a;
        this.b = b;
    }

    static SeatShips of(Map<Seat, Ship> ships) {
        if (ships instanceof SeatShips s) {
            return s;
        }
        for (Seat seat : ships.keySet()) {
            if (seat != Seat.A && seat != Seat.B) {
                throw new IllegalArgumentException("voidexa seats A and B only, not " + seat);
            }
        }
        return new SeatShips(ships.get(Seat.A), ships.get(Seat.B));
    }

    SeatShips with(Seat seat, Ship ship) {
        return switch (seat) {
            case A -> new SeatShips(ship, b);
            case B -> new SeatShips(a, ship);
            default ->
                    throw new IllegalArgumentException("voidexa seats A and B only, not " + seat);
        };
    }

    @Override
    public Ship get(Object key) {
        return key == Seat.A ? a : key == Seat.B ? b : null;
    }

    @Override
    public boolean containsKey(Object key) {
        return get(key) != null;
    }

    @Override
    public int size() {
        return (a != null ? 1 : 0) + (b != null ? 1 : 0);
    }

    @Override
    public Set<Entry<Seat, Ship>> entrySet() {
        List<Entry<Seat, Ship>> entries = new ArrayList<>(2);
        if (a != null) {
            entries.add(new SimpleImmutableEntry<>(Seat.A, a));
        }
        if (b != null) {
            entries.add(new SimpleImmutableEntry<>(Seat.B, b));
        }
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<Seat, Ship>> iterator() {
                return java.util.Collections.unmodifiableList(entries).iterator();
            }

            @Override
            public int size() {
                return entries.size();
            }
        };
    }
}
