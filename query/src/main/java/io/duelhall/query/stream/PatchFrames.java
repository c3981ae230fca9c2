package io.duelhall.query.stream;

import io.duelhall.domain.GameState;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Viewer;
import io.duelhall.projections.view.Views;
import io.duelhall.query.stream.patch.JsonPatches;
import java.io.ByteArrayOutputStream;
import java.lang.ref.SoftReference;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * The frames of a stream opened with {@code ?frames=patch}: the whole view once, then for each
 * event an RFC 6902 JSON Patch that turns the view after the event before into the view after this
 * one.
 *
 * <pre>
 * id: 41
 * data: {"seq":41,"event":{…},"view":{…the whole view, version 41…}}
 *
 * id: 42
 * data: {"seq":42,"event":{…},"patch":[{"op":"replace","path":"/seats/B/subsystems/SHIELD/value","value":32},…]}
 * </pre>
 *
 * A connection's first message carries the whole view unless it resumes ({@code Last-Event-ID: n},
 * n ≥ 0): then its first message is already a patch, against the view at version n (the one the
 * client built from this stream before the drop, or got from {@code /view} or {@code /replay?at=n}
 * with that version). Every later message is a patch. Each patch holds {@code add}, {@code remove}
 * (without the removed value) and {@code replace} operations only: no {@code move}, {@code copy} or
 * {@code test}. The event and the view of message n are redacted for the viewer as the match stood
 * after event n, so a spectator's patch holds nothing its view would not.
 *
 * <p>Each frame is made once per event and viewer ({@link Subscriber#viewerKey}: the spectators of
 * a match, each seat) and kept on the {@link WatchedMatch} while its subscribers take it: a
 * spectator costs a copy of the same bytes. Whole views are the HTTP mapper's bytes (Jackson 3,
 * what {@code /view} would send), made as {@code /view} makes them: the outer view written, each
 * recent event's text written once per viewer while it is recent and spliced in ({@link
 * #wholeView}).
 *
 * <p>A patch is made in two parts (issue 47: a view's {@code recentEvents}, its last {@value
 * Views#RECENT} events, are most of its bytes, and they change in one known way). The view without
 * its recent events (the <i>outer</i> view: {@code "recentEvents":[]}) is written, read as a tree
 * and diffed by {@link JsonPatches} (zjsonpatch, on Jackson 2 trees of those texts) against the one
 * after the event before; the recent events' part is written directly: the window slides by this
 * event ({@code remove /recentEvents/0} once it holds {@value Views#RECENT}, then {@code add} of
 * this event's JSON, the same bytes as the frame's {@code event}). That holds while the viewer sees
 * as it did after the event before (the same {@link EventForm#viewer}: each recent event is
 * redacted for it alone, {@link Views#redact}); when the match's end widens who it sees as, the
 * whole views of both events are diffed. The tree of each viewer's last outer view is kept (softly)
 * for its next patch. Dispatcher thread only.
 */
final class PatchFrames {
    /**
     * The last outer view made for a viewer: after event {@code seq}, its JSON text (the view with
     * {@code "recentEvents":[]}); and, once a patch was diffed against it, that text read as a
     * tree, softly held (the base of the next patch, which would otherwise read the text again; ~5
     * times the text's memory, so the collector may drop it under pressure and the text is read
     * again).
     */
    record Rendered(long seq, String outer, SoftReference<JsonPatches.Tree> tree) {
        Rendered(long seq, String outer) {
            this(seq, outer, null);
        }

        /** The tree of {@link #outer}, if one is held still. */
        JsonPatches.Tree heldTree() {
            return tree == null ? null : tree.get();
        }
    }

    private final JsonMapper json;

    PatchFrames(JsonMapper json) {
        this.json = json;
    }

    /**
     * The frames of events {@code from..to} for a subscriber that sees as {@code asked} ({@code
     * key}: its {@link Subscriber#viewerKey}), as UTF-8: the first with the whole view if {@code
     * whole}, patches else.
     */
    byte[] burst(WatchedMatch h, Viewer asked, String key, long from, long to, boolean whole) {
        return burst(h, asked, key, from, to, whole, new HashMap<>());
    }

    /**
     * As {@link #burst(WatchedMatch, Viewer, String, long, long, boolean)}, with the view texts the
     * dispatcher's pass has written already ({@code rendered}, by {@link #viewKey}: the whole-view
     * frames of the same viewer at the same event): a view that both kinds of stream carry is
     * written once.
     */
    byte[] burst(
            WatchedMatch h,
            Viewer asked,
            String key,
            long from,
            long to,
            boolean whole,
            Map<String, String> rendered) {
        Cursor c = new Cursor(h, asked, key, rendered);
        byte[] one = null;
        ByteArrayOutputStream out = null;
        for (long n = from; n <= to; n++) {
            byte[] frame = (n == from && whole) || n == 0 ? c.wholeFrame(n) : c.patchFrame(n);
            if (one == null) {
                one = frame; // a burst of one event is that frame's bytes, not a copy
            } else {
                if (out == null) {
                    out = new ByteArrayOutputStream();
                    out.writeBytes(one);
                }
                out.writeBytes(frame);
            }
        }
        c.done();
        return out == null ? one : out.toByteArray();
    }

    /**
     * The key of the view text after event {@code seq} for subscribers of {@code viewerKey} seeing
     * as {@code viewer} (that event's resolution of who they are) in a dispatcher pass's map of
     * written texts: the whole-view frames and the patch frames share it.
     */
    static String viewKey(String viewerKey, Viewer viewer, long seq) {
        return "view:" + seq + ":" + viewerKey + ":" + viewer.kind();
    }

    /**
     * Event {@code seq} as {@code viewer} (as {@link EventForm#viewer} gives it) sees it, as JSON:
     * written once per match, event and viewer while it is recent ({@link WatchedMatch#eventJson}).
     * An event's redaction depends on the event and the viewer alone ({@link Views#redact}).
     */
    String eventJson(WatchedMatch h, long seq, Viewer viewer) {
        return h.eventJson.computeIfAbsent(
                eventKey(seq, viewer),
                k -> json.writeValueAsString(Views.redact(h.ruleset, h.event(seq), viewer)));
    }

    /**
     * The key of event {@code seq}'s text as {@code viewer} sees it in {@link
     * WatchedMatch#eventJson}.
     */
    static String eventKey(long seq, Viewer viewer) {
        return seq + ":" + viewer.kind() + ":" + viewer.seat();
    }

    /**
     * Writes the view after event {@code n} ({@code state}) for {@code viewer} with the recent
     * events it is given: none for the outer view, the last {@value Views#RECENT} for the whole
     * one.
     */
    private java.util.function.Function<java.util.List<RecordedEvent>, String> written(
            WatchedMatch h, GameState state, Viewer viewer, long n) {
        return recent ->
                json.writeValueAsString(
                        h.form.view(h.ruleset, state, viewer, n, recent, h.clockAfter(n)));
    }

    /**
     * The outer view after event {@code n} ({@code state}) for subscribers of {@code key} seeing as
     * {@code viewer}, as JSON: the one a patch or a whole view of theirs made already for this
     * event ({@link WatchedMatch#lastViews}), else written here and kept there when it is their
     * newest, so that a viewer's patch stream and whole-view stream write it once per event between
     * them.
     */
    String outer(WatchedMatch h, String key, GameState state, Viewer viewer, long n) {
        Rendered last = h.lastViews.get(key);
        if (last != null && last.seq() == n) {
            return last.outer();
        }
        String text = written(h, state, viewer, n).apply(java.util.List.of());
        if (last == null || last.seq() < n) {
            h.lastViews.put(key, new Rendered(n, text));
        }
        return text;
    }

    /**
     * The whole view after event {@code n} ({@code state}) for {@code viewer} (as {@link
     * EventForm#viewer} gives it), as JSON: its outer view ({@code outer}, or written here) with
     * the recent events' kept texts ({@link #eventJson}) in its empty list ({@link
     * Views#withRecentJson}), the bytes writing the whole view gives (as {@code /view} does,
     * query.log.ViewJson), without writing {@value Views#RECENT} events again for every view.
     */
    String wholeView(WatchedMatch h, GameState state, Viewer viewer, long n, String outer) {
        return Views.spliced(
                outer,
                written(h, state, viewer, n),
                recent(h, n),
                e -> eventJson(h, e.seq(), viewer));
    }

    /** The events a view after event {@code n} shows last: up to {@link Views#RECENT}. */
    static java.util.List<RecordedEvent> recent(WatchedMatch h, long n) {
        return h.timeline.events().subList((int) Math.max(0, n - Views.RECENT + 1), (int) n + 1);
    }

    /**
     * The operations that slide a view's recent events from the window after event {@code n - 1} to
     * the one after event {@code n} ({@code n ≥ 1}): the oldest removed once the window is full,
     * then event {@code n} ({@code eventJson}, as the viewer sees it) added last.
     */
    static String recentOps(long n, String eventJson) {
        StringBuilder ops = new StringBuilder(eventJson.length() + 96);
        if (n >= Views.RECENT) {
            ops.append("{\"op\":\"remove\",\"path\":\"/recentEvents/0\"},");
        }
        return ops.append("{\"op\":\"add\",\"path\":\"/recentEvents/")
                .append(Math.min(n, Views.RECENT - 1))
                .append("\",\"value\":")
                .append(eventJson)
                .append('}')
                .toString();
    }

    /**
     * A patch's operations (a JSON array's text) with {@code more} (operations' text) after them.
     */
    static String append(String patch, String more) {
        String head = patch.substring(0, patch.lastIndexOf(']')).stripTrailing();
        return head + (head.endsWith("[") ? "" : ",") + more + "]";
    }

    /** Walks the states and views of one viewer through a burst. */
    private final class Cursor {
        private final WatchedMatch h;
        private final Viewer asked;
        private final String key;
        private GameState state;
        private long stateSeq = Long.MIN_VALUE;
        private long treeSeq = Long.MIN_VALUE;

        /** The outer view's tree after event {@link #treeSeq}. */
        private JsonPatches.Tree tree;

        private final Map<String, String> rendered;

        Cursor(WatchedMatch h, Viewer asked, String key, Map<String, String> rendered) {
            this.h = h;
            this.asked = asked;
            this.key = key;
            this.rendered = rendered;
        }

        /** The state after event {@code n}: one step from the last one asked, or the match's. */
        GameState state(long n) {
            if (stateSeq != n) {
                state =
                        stateSeq == n - 1 && state != null
                                ? h.form.evolve(h.ruleset, state, h.event(n).payload())
                                : h.stateAt(n);
                stateSeq = n;
            }
            return state;
        }

        Viewer viewer(long n) {
            return h.form.viewer(h.ruleset, state(n), asked);
        }

        /** The whole view after event {@code n}, as its JSON text. */
        String view(long n) {
            GameState s = state(n);
            Viewer v = viewer(n);
            return rendered.computeIfAbsent(
                    viewKey(key, v, n), k -> PatchFrames.this.wholeView(h, s, v, n, outer(n)));
        }

        /** The view after event {@code n} without its recent events, as its JSON text. */
        String outer(long n) {
            return PatchFrames.this.outer(h, key, state(n), viewer(n), n);
        }

        /** The outer view after event {@code n}, as a tree. */
        JsonPatches.Tree tree(long n) {
            if (treeSeq != n) {
                Rendered last = h.lastViews.get(key);
                JsonPatches.Tree held = last != null && last.seq() == n ? last.heldTree() : null;
                tree = held != null ? held : JsonPatches.parse(outer(n));
                treeSeq = n;
            }
            return tree;
        }

        /** Event {@code n} as the viewer sees it after it, as JSON (a frame's {@code event}). */
        String event(long n) {
            return eventJson(h, n, viewer(n));
        }

        byte[] wholeFrame(long n) {
            return frame(n, ",\"view\":" + view(n));
        }

        byte[] patchFrame(long n) {
            String k = key + ":" + n;
            byte[] known = h.patchFrames.get(k);
            if (known != null) {
                return known;
            }
            // the event before first (who the viewer saw as, the base): the cursor's state then
            // steps forward from it
            Viewer before = viewer(n - 1);
            JsonPatches.Tree base = tree(n - 1);
            String patch;
            if (before.equals(viewer(n))) {
                String text = outer(n);
                JsonPatches.Tree after = JsonPatches.parse(text);
                patch = append(JsonPatches.diff(base, after), recentOps(n, event(n)));
                tree = after;
                treeSeq = n;
                Rendered last = h.lastViews.get(key);
                if (last != null && last.seq() == n) {
                    // the next burst of this viewer starts from this tree, not from the text again
                    h.lastViews.put(key, new Rendered(n, text, new SoftReference<>(after)));
                }
            } else {
                // who the viewer sees as changed (the match ended): every recent event may show
                // more now, so the whole views are diffed
                String beforeText = wholeViewAt(n - 1, before);
                patch = JsonPatches.diff(JsonPatches.parse(beforeText), JsonPatches.parse(view(n)));
                treeSeq = Long.MIN_VALUE;
            }
            byte[] frame = frame(n, ",\"patch\":" + patch);
            h.patchFrames.put(k, frame);
            return frame;
        }

        /** The whole view after event {@code n} for {@code v}, from the match's state then. */
        private String wholeViewAt(long n, Viewer v) {
            GameState s = h.stateAt(n);
            return rendered.computeIfAbsent(
                    viewKey(key, v, n), k -> PatchFrames.this.wholeView(h, s, v, n, null));
        }

        private byte[] frame(long n, String tail) {
            return ("id: "
                            + n
                            + "\ndata: {\"seq\":"
                            + n
                            + ",\"event\":"
                            + event(n)
                            + tail
                            + "}\n\n")
                    .getBytes(StandardCharsets.UTF_8);
        }

        /** The last state folded stays on the match for the next burst. */
        void done() {
            if (state != null) {
                h.remember(stateSeq, state);
            }
        }
    }
}
