package io.duelhall.query;

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
    /** The state after all events, folded once (lazily) and shared. */
    private volatile GameState state;

    public MatchLog(String matchId, Ruleset ruleset, List<RecordedEvent> events) {
        this(matchId, ruleset, events, null);
    }

    private MatchLog(String matchId, Ruleset ruleset, List<RecordedEvent> events, GameState state) {
        this.matchId = matchId;
        this.ruleset = ruleset;
        this.events = List.copyOf(events);
        this.state = state;
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

    /** This log with {@code more} events after it; the state is folded on from this one's, not from the start. */
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
        return new MatchLog(matchId, ruleset, all, s);
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

    /** The events stored at or before {@code cutoff} (a spectator's delayed horizon); the first always. */
    public MatchLog until(Instant cutoff) {
        int n = 0;
        while (n < events.size() && !events.get(n).at().isAfter(cutoff)) {
            n++;
        }
        return n == events.size() ? this : new MatchLog(matchId, ruleset, events.subList(0, Math.max(1, n)));
    }

    /** The events up to and including sequence number {@code seq}. */
    public MatchLog upTo(long seq) {
        int n = 0;
        while (n < events.size() && events.get(n).seq() <= seq) {
            n++;
        }
        return n == events.size() ? this : new MatchLog(matchId, ruleset, events.subList(0, Math.max(1, n)));
    }

    public long version() {
        return events.get(events.size() - 1).seq();
    }

    /** The state after all these events, folded through the domain engine (the one truth of the rules). */
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
