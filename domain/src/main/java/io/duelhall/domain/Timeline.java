package io.duelhall.domain;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * One match's events in order and the states they fold to: the read side's one fold from the
 * initial state (issue 18). Every path that needs a state at some step of a match — a view, a
 * replay at step N, a stream's frames, a spectator edge's public view — asks a timeline, and no
 * other loop folds a match from its start.
 *
 * <p>Immutable for its readers: a timeline is its first {@link #size()} events, the state after
 * them (folded when it is made), and states kept every {@value #CHECKPOINT_EVERY} events, folded
 * lazily the first time a step before the end is asked for. So {@link #stateAfter} folds at most
 * {@value #CHECKPOINT_EVERY} − 1 events from a kept state, and the kept states are only made for a
 * match that is replayed (they cost memory; a live match needs only its last state).
 *
 * <p>Cheap to extend: {@link #append} and {@link #prefix} share the arrays of the timeline they
 * come from. A timeline appends in place when it is the longest on its arrays (the usual case: a
 * match grows at its end) and copies otherwise, so appending n events one at a time costs O(n) in
 * all, and a prefix costs O(1) plus its short fold. Safe to share between threads: a timeline only
 * reads the slots below its size, which were written before it was made (final fields), and a kept
 * state is the same whoever folds it first.
 */
public final class Timeline {
    /** Events between two kept states. */
    public static final int CHECKPOINT_EVERY = 32;

    /** What the events hold, and so which of the ruleset's folds makes their states. */
    public enum Fold {
        /** The stored events, whole: {@link Ruleset#evolve}. */
        WHOLE {
            @Override
            public GameState evolve(Ruleset ruleset, GameState state, MatchEvent event) {
                return ruleset.evolve(state, event);
            }
        },
        /**
         * The public events, already redacted for spectators (a spectator edge): {@link
         * Ruleset#evolvePublic}.
         */
        PUBLIC {
            @Override
            public GameState evolve(Ruleset ruleset, GameState state, MatchEvent event) {
                return ruleset.evolvePublic(state, event);
            }
        };

        public abstract GameState evolve(Ruleset ruleset, GameState state, MatchEvent event);
    }

    private final Ruleset ruleset;
    private final Fold fold;
    private final RecordedEvent[] events;

    /** Element j: the state after the first j × {@value #CHECKPOINT_EVERY} events, or null. */
    private final AtomicReferenceArray<GameState> kept;

    /**
     * How many slots of {@link #events} some timeline on these arrays has claimed: a timeline of
     * that size may append in place.
     */
    private final AtomicInteger claimed;

    private final int size;
    private final GameState state;

    private Timeline(
            Ruleset ruleset,
            Fold fold,
            RecordedEvent[] events,
            AtomicReferenceArray<GameState> kept,
            AtomicInteger claimed,
            int size,
            GameState state) {
        this.ruleset = ruleset;
        this.fold = fold;
        this.events = events;
        this.kept = kept;
        this.claimed = claimed;
        this.size = size;
        this.state = state;
    }

    /** No event yet: the ruleset's initial state. */
    public static Timeline empty(Ruleset ruleset, Fold fold) {
        GameState initial = ruleset.initial();
        AtomicReferenceArray<GameState> kept = new AtomicReferenceArray<>(1);
        kept.set(0, initial);
        return new Timeline(
                ruleset, fold, new RecordedEvent[0], kept, new AtomicInteger(0), 0, initial);
    }

    /** These events, in order, folded from the initial state. */
    public static Timeline of(Ruleset ruleset, Fold fold, List<RecordedEvent> events) {
        return empty(ruleset, fold).append(events);
    }

    public Ruleset ruleset() {
        return ruleset;
    }

    public Fold fold() {
        return fold;
    }

    public int size() {
        return size;
    }

    /** Event {@code i} (0-based position in the timeline). */
    public RecordedEvent event(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException(i + " of " + size);
        }
        return events[i];
    }

    /** The events, as an unmodifiable list (a view: no copy). */
    public List<RecordedEvent> events() {
        return new Events(events, size);
    }

    /** The state after every event. */
    public GameState state() {
        return state;
    }

    /**
     * The state after the first {@code n} events (0: the initial state), folded from the nearest
     * kept state before it.
     */
    public GameState stateAfter(int n) {
        if (n < 0 || n > size) {
            throw new IndexOutOfBoundsException(n + " of " + size);
        }
        if (n == size) {
            return state;
        }
        int j = n / CHECKPOINT_EVERY;
        int from = j;
        GameState s;
        while ((s = kept.get(from)) == null) {
            from--;
        }
        for (int i = from * CHECKPOINT_EVERY; i < n; i++) {
            s = fold.evolve(ruleset, s, events[i].payload());
            if ((i + 1) % CHECKPOINT_EVERY == 0) {
                kept.compareAndSet((i + 1) / CHECKPOINT_EVERY, null, s);
            }
        }
        return s;
    }

    /** The first {@code n} events, and their state. */
    public Timeline prefix(int n) {
        if (n == size) {
            return this;
        }
        return new Timeline(ruleset, fold, events, kept, claimed, n, stateAfter(n));
    }

    /** This timeline with {@code more} after it; the state folds on from this one's. */
    public Timeline append(List<RecordedEvent> more) {
        if (more.isEmpty()) {
            return this;
        }
        int n = size + more.size();
        RecordedEvent[] into = events;
        AtomicReferenceArray<GameState> keep = kept;
        AtomicInteger claim = claimed;
        if (n > into.length || !claim.compareAndSet(size, n)) {
            int capacity = Math.max(n, Math.max(16, size * 2));
            into = new RecordedEvent[capacity];
            System.arraycopy(events, 0, into, 0, size);
            keep = new AtomicReferenceArray<>(capacity / CHECKPOINT_EVERY + 1);
            for (int j = 0; j <= size / CHECKPOINT_EVERY; j++) {
                keep.set(j, kept.get(j));
            }
            claim = new AtomicInteger(n);
        }
        GameState s = state;
        int i = size;
        for (RecordedEvent e : more) {
            into[i++] = e;
            s = fold.evolve(ruleset, s, e.payload());
        }
        return new Timeline(ruleset, fold, into, keep, claim, n, s);
    }

    /** This timeline with one more event. */
    public Timeline append(RecordedEvent next) {
        return append(List.of(next));
    }

    /** The same events folded the other way (e.g. public events shown by a whole-event reader). */
    public Timeline as(Fold other) {
        return other == fold ? this : of(ruleset, other, events());
    }

    private static final class Events extends AbstractList<RecordedEvent> implements RandomAccess {
        private final RecordedEvent[] events;
        private final int size;

        Events(RecordedEvent[] events, int size) {
            this.events = events;
            this.size = size;
        }

        @Override
        public RecordedEvent get(int index) {
            if (index < 0 || index >= size) {
                throw new IndexOutOfBoundsException(index + " of " + size);
            }
            return events[index];
        }

        @Override
        public int size() {
            return size;
        }
    }
}
