package io.duelhall.query.log;

import io.duelhall.domain.GameState;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatTokenIssued;
import io.duelhall.domain.Viewer;
import io.duelhall.projections.view.Views;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The stored events of one match, in order, with the ruleset that plays it. Immutable. */
public final class MatchLog {
    private final String matchId;
    private final Ruleset ruleset;
    private final List<RecordedEvent> events;

    /** Events between two kept states of {@link #checkpoints()}. */
    static final int CHECKPOINT_EVERY = 32;

    /** The state after all events, folded once (lazily) and shared. */
    private volatile GameState state;

    /**
     * States kept along the log, folded once (lazily): element j is the state after the first j ×
     * {@value #CHECKPOINT_EVERY} events. A replay at any step folds at most that many events from
     * the one before it. Valid for every log this one is a prefix of, so {@link #append} passes
     * them on.
     */
    private volatile GameState[] checkpoints;

    public MatchLog(String matchId, Ruleset ruleset, List<RecordedEvent> events) {
        this(matchId, ruleset, events, null, null);
    }

    private MatchLog(
            String matchId,
            Ruleset ruleset,
            List<RecordedEvent> events,
            GameState state,
            GameState[] checkpoints) {
        this.matchId = matchId;
        this.ruleset = ruleset;
        this.events = List.copyOf(events);
        this.state = state;
        this.checkpoints = checkpoints;
    }

    public String matchId() {
        return matchId;
    }

    public Ruleset ruleset() {
        return ruleset;
    }

    public List<RecordedEvent> events() {
        return events;
    }

    public MatchOpening opening() {
        return (MatchOpening) events.get(0).payload();
    }

    /**
     * This log with {@code more} events after it; the state is folded on from this one's, not from
     * the start.
     */
    public MatchLog append(List<RecordedEvent> more) {
        if (more.isEmpty()) {
            return this;
        }
        List<RecordedEvent> all = new ArrayList<>(events.size() + more.size());
        all.addAll(events);
        all.addAll(more);
        GameState s = state();
        for (RecordedEvent e : more) {
            s = ruleset.evolve(s, e.payload());
        }
        return new MatchLog(matchId, ruleset, all, s, checkpoints);
    }

    /** The clock running at the end of these events, or null. */
    public Views.ClockView runningClock() {
        return Views.clockAfter(events);
    }

    /** The seat whose token hashes to {@code tokenHash}, or null. */
    public Seat seatOf(String tokenHash) {
        for (RecordedEvent e : events) {
            if (e.payload() instanceof SeatTokenIssued t && t.tokenHash().equals(tokenHash)) {
                return t.seat();
            }
        }
        return null;
    }

    /**
     * The events stored at or before {@code cutoff} (a spectator's delayed horizon); the first
     * always.
     */
    public MatchLog until(Instant cutoff) {
        int n = 0;
        while (n < events.size() && !events.get(n).at().isAfter(cutoff)) {
            n++;
        }
        return prefix(Math.max(1, n));
    }

    /** The events up to and including sequence number {@code seq}. */
    public MatchLog upTo(long seq) {
        int n = 0;
        while (n < events.size() && events.get(n).seq() <= seq) {
            n++;
        }
        return prefix(Math.max(1, n));
    }

    /** The first {@code n} events, their state folded from the nearest kept state before them. */
    private MatchLog prefix(int n) {
        if (n == events.size()) {
            return this;
        }
        GameState[] kept = checkpoints();
        int j = Math.min(n / CHECKPOINT_EVERY, kept.length - 1);
        GameState s = kept[j];
        for (int i = j * CHECKPOINT_EVERY; i < n; i++) {
            s = ruleset.evolve(s, events.get(i).payload());
        }
        return new MatchLog(matchId, ruleset, events.subList(0, n), s, kept);
    }

    private GameState[] checkpoints() {
        GameState[] kept = checkpoints;
        if (kept == null) {
            kept = new GameState[events.size() / CHECKPOINT_EVERY + 1];
            GameState s = ruleset.initial();
            kept[0] = s;
            for (int i = 0; i < events.size(); i++) {
                s = ruleset.evolve(s, events.get(i).payload());
                if ((i + 1) % CHECKPOINT_EVERY == 0) {
                    kept[(i + 1) / CHECKPOINT_EVERY] = s;
                }
            }
            if (state == null) {
                state = s;
            }
            checkpoints = kept;
        }
        return kept;
    }

    public long version() {
        return events.get(events.size() - 1).seq();
    }

    /**
     * The state after all these events, folded through the domain engine (the one truth of the
     * rules).
     */
    public GameState state() {
        GameState s = state;
        if (s == null) {
            s = ruleset.initial();
            for (RecordedEvent e : events) {
                s = ruleset.evolve(s, e.payload());
            }
            state = s;
        }
        return s;
    }

    /** Events from {@code fromSeq} on, as {@code viewer} may see them. */
    public List<RecordedEvent> redacted(Viewer viewer, long fromSeq, int limit) {
        List<RecordedEvent> out = new ArrayList<>();
        for (RecordedEvent e : events) {
            if (e.seq() < fromSeq) {
                continue;
            }
            if (out.size() >= limit) {
                break;
            }
            MatchEvent p = ruleset.redact(e.payload(), viewer);
            out.add(new RecordedEvent(e.seq(), e.type(), e.at(), p));
        }
        return out;
    }
}
