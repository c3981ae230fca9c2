package io.duelhall.edge;

import io.duelhall.domain.GameState;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Ruleset;
import io.duelhall.query.log.MatchLog;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * One match as the public stream tells it: its public events in sequence order, and the spectator's
 * state folded through the domain's public fold ({@link Ruleset#evolvePublic}). Events arrive in
 * order per match but may repeat (a re-sent batch) or, in principle, come early: a repeat is
 * dropped, an early one waits for the gap to fill.
 *
 * <p>The fold keeps one cursor: a spectator's horizon (now minus the match's spectator delay) only
 * moves forward, so the state is folded forward as the horizon passes events, never again from the
 * start.
 */
final class PublicMatch {
    private final String matchId;
    private final Ruleset ruleset;
    private final List<RecordedEvent> events = new ArrayList<>();
    private final TreeMap<Long, RecordedEvent> early = new TreeMap<>();
    private GameState state;
    private int folded;
    private volatile long lastChange = System.nanoTime();
    private volatile boolean ended;

    PublicMatch(String matchId, Ruleset ruleset) {
        this.matchId = matchId;
        this.ruleset = ruleset;
        this.state = ruleset.initial();
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
        return events.size();
    }

    synchronized boolean opened() {
        return !events.isEmpty();
    }

    /**
     * Adds an event; null when it was already known (a duplicate), else the events it put in order
     * (none when it came early, itself and any early ones it was waiting for otherwise).
     */
    synchronized List<RecordedEvent> add(RecordedEvent e) {
        long next = events.size();
        if (e.seq() < next || early.containsKey(e.seq())) {
            return null;
        }
        early.put(e.seq(), e);
        List<RecordedEvent> inOrder = new ArrayList<>(1);
        while (!early.isEmpty() && early.firstKey() == events.size()) {
            RecordedEvent in = early.pollFirstEntry().getValue();
            events.add(in);
            inOrder.add(in);
            if (in.type().equals("MatchEnded")) {
                ended = true;
            }
        }
        lastChange = System.nanoTime();
        return inOrder;
    }

    Ruleset ruleset() {
        return ruleset;
    }

    /** Every event in order so far (the spectator delay is the caller's to apply). */
    synchronized List<RecordedEvent> events() {
        return List.copyOf(events);
    }

    /**
     * What a spectator may see at {@code now}: the events within the horizon and the state after
     * them.
     */
    synchronized Sight sight(Instant now) {
        MatchOpening opening = (MatchOpening) events.get(0).payload();
        int delay = opening.options() == null ? 0 : opening.options().spectatorDelaySeconds();
        Instant horizon = now.minusSeconds(delay);
        int visible = folded; // the horizon only moves forward: what was visible stays visible
        while (visible < events.size()
                && (delay == 0 || !events.get(visible).at().isAfter(horizon))) {
            visible++;
        }
        visible = Math.max(1, visible); // as MatchLog.until: the opening is always shown
        while (folded < visible) {
            state = ruleset.evolvePublic(state, events.get(folded++).payload());
        }
        List<RecordedEvent> seen = List.copyOf(events.subList(0, folded));
        return new Sight(new MatchLog(matchId, ruleset, seen), state);
    }

    /** The public log within a spectator's horizon, and the public state after it. */
    record Sight(MatchLog log, GameState state) {
        boolean over() {
            return state.status() == MatchStatus.ENDED;
        }
    }
}
