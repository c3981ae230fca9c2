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
 */
final class PublicMatch {
    private final String matchId;
    private final Ruleset ruleset;
    private final TreeMap<Long, RecordedEvent> early = new TreeMap<>();
    private Timeline timeline;
    private int visible;
    private volatile long lastChange = System.nanoTime();
    private volatile boolean ended;

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
     * (none when it came early, itself and any early ones it was waiting for otherwise).
     */
    synchronized List<RecordedEvent> add(RecordedEvent e) {
        long next = timeline.size();
        if (e.seq() < next || early.containsKey(e.seq())) {
            return null;
        }
        early.put(e.seq(), e);
        List<RecordedEvent> inOrder = new ArrayList<>(1);
        while (!early.isEmpty() && early.firstKey() == timeline.size() + inOrder.size()) {
            RecordedEvent in = early.pollFirstEntry().getValue();
            inOrder.add(in);
            if (in.type().equals("MatchEnded")) {
                ended = true;
            }
        }
        timeline = timeline.append(inOrder);
        lastChange = System.nanoTime();
        return inOrder;
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
