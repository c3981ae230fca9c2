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
 * spectator costs a copy of the same bytes. Views are written by the HTTP mapper (Jackson 3, the
 * bytes {@code /view} would send) and diffed by {@link JsonPatches} (zjsonpatch, on Jackson 2 trees
 * of those texts); the tree of each viewer's last view is kept (softly) for its next patch.
 * Dispatcher thread only.
 */
final class PatchFrames {
    /**
     * A view as sent: after event {@code seq}, its JSON text; and, once a patch was diffed against
     * it, that text read as a tree, softly held (the base of the next patch, which would otherwise
     * read the text again; ~5 times the text's memory, so the collector may drop it under pressure
     * and the text is read again).
     */
    record Rendered(long seq, String text, SoftReference<JsonPatches.Tree> tree) {
        Rendered(long seq, String text) {
            this(seq, text, null);
        }

        /** The tree of {@link #text}, if one is held still. */
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

    /** Walks the states and views of one viewer through a burst. */
    private final class Cursor {
        private final WatchedMatch h;
        private final Viewer asked;
        private final String key;
        private GameState state;
        private long stateSeq = Long.MIN_VALUE;
        private long treeSeq = Long.MIN_VALUE;
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

        /** The view after event {@code n}, as its JSON text. */
        String view(long n) {
            Rendered last = h.lastViews.get(key);
            if (last != null && last.seq() == n) {
                return last.text();
            }
            GameState s = state(n);
            Viewer v = viewer(n);
            String text =
                    rendered.computeIfAbsent(
                            viewKey(key, v, n),
                            k ->
                                    json.writeValueAsString(
                                            h.form.view(
                                                    h.ruleset,
                                                    s,
                                                    v,
                                                    n,
                                                    h.timeline
                                                            .events()
                                                            .subList(
                                                                    (int)
                                                                            Math.max(
                                                                                    0,
                                                                                    n
                                                                                            - Views
                                                                                                    .RECENT
                                                                                            + 1),
                                                                    (int) n + 1),
                                                    h.clockAfter(n))));
            if (last == null || last.seq() < n) {
                h.lastViews.put(key, new Rendered(n, text));
            }
            return text;
        }

        /** The view after event {@code n}, as a tree. */
        JsonPatches.Tree tree(long n) {
            if (treeSeq != n) {
                Rendered last = h.lastViews.get(key);
                JsonPatches.Tree held = last != null && last.seq() == n ? last.heldTree() : null;
                tree = held != null ? held : JsonPatches.parse(view(n));
                treeSeq = n;
            }
            return tree;
        }

        String event(long n) {
            RecordedEvent e = h.event(n);
            return json.writeValueAsString(Views.redact(h.ruleset, e, viewer(n)));
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
            JsonPatches.Tree before = tree(n - 1);
            String text = view(n);
            JsonPatches.Tree after = JsonPatches.parse(text);
            String patch = JsonPatches.diff(before, after);
            tree = after;
            treeSeq = n;
            Rendered last = h.lastViews.get(key);
            if (last != null && last.seq() == n) {
                // the next burst of this viewer starts from this tree, not from the text again
                h.lastViews.put(key, new Rendered(n, text, new SoftReference<>(after)));
            }
            byte[] frame = frame(n, ",\"patch\":" + patch);
            h.patchFrames.put(k, frame);
            return frame;
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
