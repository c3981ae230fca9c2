package io.duelhall.query.log;

import io.duelhall.domain.GameState;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatTokenIssued;
import io.duelhall.domain.Timeline;
import io.duelhall.domain.Viewer;
import io.duelhall.projections.view.Views;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The stored events of one match, in order, with the ruleset that plays it: a {@link Timeline} (the
 * read side's one fold) under the match's id. Immutable.
 */
public final class MatchLog {
    private final String matchId;
    private final Timeline timeline;

    /** Stored events, whole. */
    public MatchLog(String matchId, Ruleset ruleset, List<RecordedEvent> events) {
        this(matchId, Timeline.of(ruleset, Timeline.Fold.WHOLE, events));
    }

    /** The events of {@code timeline} (stored whole, or public ones on a spectator edge). */
    public MatchLog(String matchId, Timeline timeline) {
        if (timeline.size() == 0) {
            throw new IllegalArgumentException("match " + matchId + ": a log has its opening");
        }
        this.matchId = matchId;
        this.timeline = timeline;
    }

    public String matchId() {
        return matchId;
    }

    public Ruleset ruleset() {
        return timeline.ruleset();
    }

    /** The events and the states they fold to. */
    public Timeline timeline() {
        return timeline;
    }

    public List<RecordedEvent> events() {
        return timeline.events();
    }

    public MatchOpening opening() {
        return (MatchOpening) timeline.event(0).payload();
    }

    /**
     * This log with {@code more} events after it; the state is folded on from this one's, not from
     * the start.
     */
    public MatchLog append(List<RecordedEvent> more) {
        return more.isEmpty() ? this : new MatchLog(matchId, timeline.append(more));
    }

    /** The clock running at the end of these events, or null. */
    public Views.ClockView runningClock() {
        return Views.clockAfter(events());
    }

    /** The seat whose token hashes to {@code tokenHash}, or null. */
    public Seat seatOf(String tokenHash) {
        for (RecordedEvent e : events()) {
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
        while (n < timeline.size() && !timeline.event(n).at().isAfter(cutoff)) {
            n++;
        }
        return prefix(Math.max(1, n));
    }

    /** The events up to and including sequence number {@code seq}. */
    public MatchLog upTo(long seq) {
        int n = 0;
        while (n < timeline.size() && timeline.event(n).seq() <= seq) {
            n++;
        }
        return prefix(Math.max(1, n));
    }

    /** The first {@code n} events, their state folded from the nearest kept state before them. */
    private MatchLog prefix(int n) {
        return n == timeline.size() ? this : new MatchLog(matchId, timeline.prefix(n));
    }

    public long version() {
        return timeline.event(timeline.size() - 1).seq();
    }

    /**
     * The state after all these events, folded through the domain engine (the one truth of the
     * rules).
     */
    public GameState state() {
        return timeline.state();
    }

    /** Events from {@code fromSeq} on, as {@code viewer} may see them. */
    public List<RecordedEvent> redacted(Viewer viewer, long fromSeq, int limit) {
        List<RecordedEvent> out = new ArrayList<>();
        for (RecordedEvent e : events()) {
            if (e.seq() < fromSeq) {
                continue;
            }
            if (out.size() >= limit) {
                break;
            }
            MatchEvent p = ruleset().redact(e.payload(), viewer);
            out.add(new RecordedEvent(e.seq(), e.type(), e.at(), p));
        }
        return out;
    }
}
