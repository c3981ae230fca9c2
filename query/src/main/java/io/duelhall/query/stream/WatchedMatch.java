package io.duelhall.query.stream;

import io.duelhall.domain.GameState;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Timeline;
import io.duelhall.domain.Viewer;
import io.duelhall.projections.view.Views;
import io.duelhall.query.log.MatchLog;
import io.duelhall.query.log.ViewerAccess;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A match that has subscribers (was {@code HotMatch}): its events as its {@link StreamSource} has
 * them (index = sequence number) in a {@link Timeline} folded the source's {@link EventForm} way
 * (its last state is the live one, for seats), and the state at the spectators' delayed horizon.
 * Touched by the dispatcher thread only.
 */
final class WatchedMatch {
    final String matchId;
    final List<Subscriber> subscribers = new ArrayList<>();
    final EventForm form;
    Ruleset ruleset;
    int delaySeconds;

    /** The events so far and their states (index = sequence number). */
    Timeline timeline;

    GameState spectated;
    long spectatorHorizon;

    /** An event arrived out of order: read the match from the store again. */
    boolean stale;

    /**
     * States folded for patch frames, by sequence number, the last few only: the next burst starts
     * from the one before it ({@link #stateAt}).
     */
    private final Map<Long, GameState> recentStates = lru(4);

    /**
     * The last outer view (no recent events) rendered per viewer ({@link Subscriber#viewerKey}) for
     * its patch frames and whole views ({@link PatchFrames#outer}): its sequence number and JSON
     * text, the base of the next patch (a few KB: the recent events, most of a whole view, are not
     * diffed), and the tree read from it, softly held ({@link PatchFrames.Rendered}).
     */
    final Map<String, PatchFrames.Rendered> lastViews = new HashMap<>();

    /**
     * Patch-mode frames by viewer and sequence number ({@link PatchFrames}): made once per event
     * per viewer, whenever its subscribers take it; the last few kept.
     */
    final Map<String, byte[]> patchFrames = lru(32);

    /**
     * Recent events' JSON as a viewer sees them, by sequence number and viewer ({@link
     * PatchFrames#eventJson}): each written once while it is among a view's last {@value
     * io.duelhall.projections.view.Views#RECENT}, not again in every whole view and frame (issue
     * 47); room for eight viewers' windows.
     */
    final Map<String, String> eventJson = lru(8 * io.duelhall.projections.view.Views.RECENT);

    WatchedMatch(MatchLog log, EventForm form) {
        this.matchId = log.matchId();
        this.form = form;
        reset(log);
    }

    void reset(MatchLog log) {
        ruleset = log.ruleset();
        delaySeconds = ViewerAccess.delaySeconds(log);
        timeline = form.timeline(log);
        for (int i = 0; i < timeline.size(); i++) {
            if (timeline.event(i).seq() != i) {
                throw new IllegalStateException(
                        "match "
                                + matchId
                                + ": event "
                                + i
                                + " has sequence number "
                                + timeline.event(i).seq());
            }
        }
        spectated = timeline.stateAfter(0); // the initial state
        spectatorHorizon = -1;
        stale = false;
        clocks = new io.duelhall.projections.view.ClockMarks();
        recentStates.clear();
        lastViews.clear();
        patchFrames.clear();
        eventJson.clear();
    }

    private static <K, V> Map<K, V> lru(int size) {
        return new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                return size() > size;
            }
        };
    }

    /** Keeps {@code state}, the state after event {@code seq}, for a while ({@link #stateAt}). */
    void remember(long seq, GameState state) {
        if (seq >= 0 && seq <= last()) {
            recentStates.put(seq, state);
        }
    }

    long last() {
        return timeline.size() - 1;
    }

    /** The state after the last event (what seats see). */
    GameState live() {
        return timeline.state();
    }

    /** Event {@code seq}. */
    RecordedEvent event(long seq) {
        return timeline.event((int) seq);
    }

    /** Events {@code 0..seq}. */
    List<RecordedEvent> eventsUpTo(long seq) {
        return timeline.events().subList(0, (int) seq + 1);
    }

    /** Appends the next stored event; false if it is not the next one (a gap: reload). */
    boolean append(RecordedEvent e) {
        if (e.seq() <= last()) {
            return true;
        }
        if (e.seq() != last() + 1) {
            return false;
        }
        timeline = timeline.append(e);
        return true;
    }

    /**
     * Moves the spectators' horizon to the events stored at least the delay before {@code now} (the
     * first always).
     */
    void advanceSpectators(Instant now) {
        if (delaySeconds == 0) {
            spectatorHorizon = last();
            spectated = live();
            return;
        }
        Instant cutoff = now.minusSeconds(delaySeconds);
        while (spectatorHorizon < last()
                && (spectatorHorizon < 0 || !event(spectatorHorizon + 1).at().isAfter(cutoff))) {
            spectatorHorizon++;
            spectated = form.evolve(ruleset, spectated, event(spectatorHorizon).payload());
        }
    }

    long horizon(Viewer viewer) {
        return viewer.kind() == Viewer.Kind.SPECTATOR ? spectatorHorizon : last();
    }

    GameState stateAt(long seq) {
        if (seq == last()) {
            return live();
        }
        if (seq == spectatorHorizon) {
            return spectated;
        }
        GameState known = recentStates.get(seq);
        if (known != null) {
            return known;
        }
        GameState s = timeline.stateAfter((int) seq + 1);
        remember(seq, s);
        return s;
    }

    /**
     * The clock running after event {@code seq} ({@link Views#clockAfter}: none once the match
     * ended).
     */
    Views.ClockView clockAfter(long seq) {
        return clocks.after(timeline.events(), (int) seq);
    }

    /** {@link #clockAfter} in constant time per event; new at every {@link #reset}. */
    private io.duelhall.projections.view.ClockMarks clocks;

    boolean ended() {
        return live().status() == MatchStatus.ENDED;
    }
}
