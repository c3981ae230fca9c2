package io.duelhall.projections.view;

import io.duelhall.domain.ClockSet;
import io.duelhall.domain.GameState;
import io.duelhall.domain.MatchView;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Viewer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders the view of API.md from a folded state: the ruleset's own view (its one redaction) plus
 * the last {@value #RECENT} events, each redacted by the ruleset for the same viewer. Used by every
 * path that shows a view (the match-views projection, {@code /view}, {@code /stream}, {@code
 * /replay}), so they cannot disagree.
 */
public final class Views {
    public static final int RECENT = 50;

    private Views() {}

    /** The clock of the view: who must decide by when (clients count down to {@code deadline}). */
    public record ClockView(Seat seat, String kind, Instant deadline) {}

    /**
     * @param viewer who asks; once {@code state} has ended the ruleset widens it to everyone
     * @param recentRaw the stored (unredacted) events up to {@code version}; only the last {@value
     *     #RECENT} are used
     * @param clock the clock running after {@code version} (see {@link #clockAfter}), or null
     */
    public static MatchView render(
            Ruleset ruleset,
            GameState state,
            Viewer viewer,
            long version,
            List<RecordedEvent> recentRaw,
            ClockView clock) {
        Viewer v = ruleset.effectiveViewer(state, viewer);
        MatchView view = ruleset.view(state, v, version);
        int from = Math.max(0, recentRaw.size() - RECENT);
        List<RecordedEvent> recent = new ArrayList<>(recentRaw.size() - from);
        for (RecordedEvent e : recentRaw.subList(from, recentRaw.size())) {
            recent.add(redact(ruleset, e, v));
        }
        return view.withRecentEvents(recent).withClock(clock);
    }

    /**
     * The spectator view of a state folded from the PUBLIC events alone ({@link
     * Ruleset#evolvePublic}, a spectator edge): {@link Ruleset#publicView} plus the last {@value
     * #RECENT} events (already public), also after the end.
     */
    public static MatchView renderPublic(
            Ruleset ruleset,
            GameState publicState,
            long version,
            List<RecordedEvent> recentPublic,
            ClockView clock) {
        MatchView view = ruleset.publicView(publicState, version);
        int from = Math.max(0, recentPublic.size() - RECENT);
        List<RecordedEvent> recent = new ArrayList<>(recentPublic.size() - from);
        for (RecordedEvent e : recentPublic.subList(from, recentPublic.size())) {
            recent.add(redact(ruleset, e, Viewer.SPECTATOR));
        }
        return view.withRecentEvents(recent).withClock(clock);
    }

    /**
     * The clock that runs after these events (the last {@link ClockSet}; one with no seat stops it,
     * and so does the end event: under clock policy 2 no ClockSet follows it, D-CLOCK-6), or null.
     */
    public static ClockView clockAfter(List<RecordedEvent> events) {
        for (int i = events.size() - 1; i >= 0; i--) {
            if (events.get(i).payload() instanceof ClockSet c) {
                return clock(c);
            }
            if (events.get(i).payload() instanceof io.duelhall.domain.Lifecycle.Ended) {
                return null;
            }
        }
        return null;
    }

    public static ClockView clock(ClockSet c) {
        return c.seat() == null ? null : new ClockView(c.seat(), c.kind().name(), c.deadline());
    }

    private static final String NO_RECENT = "\"recentEvents\":[]";

    /**
     * A view's JSON written with no recent events ({@code outer}) with its empty {@code
     * recentEvents} list filled by these events' JSON texts, in order: the whole view's JSON
     * without writing the events again. Null when {@code outer} does not hold exactly one empty
     * list (write the whole view then).
     */
    public static String withRecentJson(String outer, List<String> eventJson) {
        int at = outer == null ? -1 : outer.indexOf(NO_RECENT);
        if (at < 0 || at != outer.lastIndexOf(NO_RECENT)) {
            return null;
        }
        int size = outer.length();
        for (String e : eventJson) {
            size += e.length() + 1;
        }
        StringBuilder out = new StringBuilder(size);
        out.append(outer, 0, at).append("\"recentEvents\":[");
        for (int i = 0; i < eventJson.size(); i++) {
            out.append(i == 0 ? "" : ",").append(eventJson.get(i));
        }
        return out.append(']').append(outer, at + NO_RECENT.length(), outer.length()).toString();
    }

    /**
     * The whole view's JSON, made from the JSON of its outer view and of each of its {@code recent}
     * events ({@code eventJson}: as the viewer sees it, usually kept from an earlier view) by
     * {@link #withRecentJson}. {@code written} writes the view with the recent events it is given:
     * with none for the outer view ({@code outer}, when the caller has not written it already), and
     * with {@code recent}, the view written whole, when the outer view does not hold exactly one
     * empty list. The /view, stream and match-views paths all make their views so.
     */
    public static String spliced(
            String outer,
            java.util.function.Function<List<RecordedEvent>, String> written,
            List<RecordedEvent> recent,
            java.util.function.Function<RecordedEvent, String> eventJson) {
        String around = outer != null ? outer : written.apply(List.of());
        List<String> texts = new ArrayList<>(recent.size());
        for (RecordedEvent e : recent) {
            texts.add(eventJson.apply(e));
        }
        String out = withRecentJson(around, texts);
        return out != null ? out : written.apply(recent);
    }

    /** One stored event as {@code viewer} may see it. */
    public static RecordedEvent redact(Ruleset ruleset, RecordedEvent e, Viewer viewer) {
        return new RecordedEvent(e.seq(), e.type(), e.at(), ruleset.redact(e.payload(), viewer));
    }
}
