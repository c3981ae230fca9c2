package io.duelhall.edge;

import io.duelhall.domain.GameState;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Timeline;
import io.duelhall.query.log.MatchLog;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * One match as the public stream tells it: its public events in sequence order in a {@link
 * Timeline} folded through the domain's public fold ({@link Ruleset#evolvePublic}). Events arrive
 * in order per match but may repeat (a re-sent batch) or, in principle, come early: a repeat is
 * dropped, an early one waits for the gap to fill.
 *
 * <p>A spectator's horizon (now minus the match's spectator delay) only moves forward; the state at
 * it is the timeline's, folded from its nearest kept state, never again from the start.
 *
 * <p>An event the public fold rejects (an event of a newer rules version than this edge's build, or
 * a broken stream) <em>breaks</em> the match on this edge: the events before it stay, shown as they
 * are; it and every later event of the match are dropped, none kept waiting ({@link #broken()} says
 * which event and why).
 */
final class PublicMatch {
    private final String matchId;
    private final Ruleset ruleset;
    private final TreeMap<Long, RecordedEvent> early = new TreeMap<>();
    private Timeline timeline;
    private int visible;
    private volatile long lastChange = System.nanoTime();
    private volatile boolean ended;
    private volatile String broken;

    PublicMatch(String matchId, Ruleset ruleset) {
        this.matchId = matchId;
        this.ruleset = ruleset;
        this.timeline = Timeline.empty(ruleset, Timeline.Fold.PUBLIC);
    }

    String matchId() {
        return matchId;
    }

    boolean ended() {
        return ended;
    }

    /**
     * Null while every event could be folded; else which event the public fold rejected, and why.
     */
    String broken() {
        return broken;
    }

    /** How many events wait for an earlier one (for tests and diagnostics). */
    synchronized int waiting() {
        return early.size();
    }

    long lastChange() {
        return lastChange;
    }

    synchronized int size() {
        return timeline.size();
    }

    synchronized boolean opened() {
        return timeline.size() > 0;
    }

    /**
     * Adds an event; null when it was already known (a duplicate), else the events it put in order
     * (none when it came early or the match is {@link #broken()}, itself and any early ones it was
     * waiting for otherwise, up to one the public fold rejects).
     */
    synchronized List<RecordedEvent> add(RecordedEvent e) {
        long next = timeline.size();
        if (e.seq() < next || early.containsKey(e.seq())) {
            return null;
        }
        if (broken != null) {
            return List.of();
        }
        early.put(e.seq(), e);
        List<RecordedEvent> inOrder = new ArrayList<>(1);
        while (!early.isEmpty() && early.firstKey() == timeline.size() + inOrder.size()) {
            inOrder.add(early.pollFirstEntry().getValue());
        }
        try {
            timeline = timeline.append(inOrder);
        } catch (RuntimeException rejected) {
            inOrder = foldUntilRejected(inOrder);
        }
        for (RecordedEvent in : inOrder) {
            if (in.type().equals("MatchEnded")) {
                ended = true;
            }
        }
        lastChange = System.nanoTime();
        return inOrder;
    }

    /**
     * Folds {@code inOrder} one event at a time, stops at the first the public fold rejects and
     * breaks the match there; returns the events folded.
     */
    private List<RecordedEvent> foldUntilRejected(List<RecordedEvent> inOrder) {
        List<RecordedEvent> folded = new ArrayList<>(inOrder.size());
        for (RecordedEvent in : inOrder) {
            try {
                timeline = timeline.append(List.of(in));
                folded.add(in);
            } catch (RuntimeException rejected) {
                broken = "event " + in.seq() + " (" + in.type() + "): " + rejected;
                early.clear();
                break;
            }
        }
        return folded;
    }

    Ruleset ruleset() {
        return ruleset;
    }

    /** Every event in order so far, folded (the spectator delay is the caller's to apply). */
    synchronized Timeline timeline() {
        return timeline;
    }

    /**
     * What a spectator may see at {@code now}: the events within the horizon and the state after
     * them.
     */
    synchronized Sight sight(Instant now) {
        MatchOpening opening = (MatchOpening) timeline.event(0).payload();
        int delay = opening.options() == null ? 0 : opening.options().spectatorDelaySeconds();
        Instant horizon = now.minusSeconds(delay);
        // the horizon only moves forward: what was visible stays visible
        while (visible < timeline.size()
                && (delay == 0 || !timeline.event(visible).at().isAfter(horizon))) {
            visible++;
        }
        visible = Math.max(1, visible); // as MatchLog.until: the opening is always shown
        MatchLog seen = new MatchLog(matchId, timeline.prefix(visible));
        return new Sight(seen, seen.state());
    }

    /** The public log within a spectator's horizon, and the public state after it. */
    record Sight(MatchLog log, GameState state) {
        boolean over() {
            return state.status() == MatchStatus.ENDED;
        }
    }
}
