package io.duelhall.query;

import io.duelhall.domain.ClockSet;
import io.duelhall.domain.GameState;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatTokenIssued;
import io.duelhall.domain.Viewer;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The stored events of one match, in order, with the ruleset that plays it. */
public record MatchLog(String matchId, Ruleset ruleset, List<RecordedEvent> events) {

    public MatchOpening opening() {
        return (MatchOpening) events.get(0).payload();
    }

    /** The clock running at the end of these events ({@code {"seat", "kind", "deadline"}}), or null (a ClockSet with no seat stops it). */
    public ClockView runningClock() {
        for (int i = events.size() - 1; i >= 0; i--) {
            if (events.get(i).payload() instanceof ClockSet c) {
                return c.seat() == null ? null : new ClockView(c.seat(), c.kind().name(), c.deadline());
            }
        }
        return null;
    }

    /** Who must decide by when; clients count down to {@code deadline}. */
    public record ClockView(Seat seat, String kind, Instant deadline) {
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

    /** The events stored at or before {@code cutoff} (a spectator's delayed horizon). */
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
        return new MatchLog(matchId, ruleset, events.subList(0, Math.max(1, n)));
    }

    public long version() {
        return events.get(events.size() - 1).seq();
    }

    /** The state after all these events, folded through the domain engine (the one truth of the rules). */
    public GameState state() {
        GameState s = ruleset.initial();
        for (RecordedEvent e : events) {
            s = ruleset.evolve(s, e.payload());
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
