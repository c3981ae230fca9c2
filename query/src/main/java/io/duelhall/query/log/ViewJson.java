package io.duelhall.query.log;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Viewer;
import io.duelhall.projections.view.Views;
import java.util.List;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * A match's view as JSON text, byte for byte what the HTTP layer writes for {@link Views#render}
 * (issue 18: the view without re-serializing what was written before). The last {@value
 * Views#RECENT} events are most of a view's bytes (~60 % late in a match), and the same event, as
 * one viewer may see it, is in every view and replay of the next 50 steps; so each event's JSON is
 * written once per match, step and viewer and kept (bounded by {@code
 * duelhall.query.event-json-cache-mib}), and the view around them is written with an empty list
 * that the kept events then fill ({@link Views#withRecentJson}). An event's redaction depends on
 * the event and the viewer alone, and a stored event never changes, so a kept text is right for
 * every later view.
 */
@Component
public class ViewJson {
    private final JsonMapper json;
    private final Cache<Key, String> events;

    private record Key(String matchId, long seq, Viewer viewer) {}

    public ViewJson(
            JsonMapper json, @Value("${duelhall.query.event-json-cache-mib:32}") long cacheMib) {
        this.json = json;
        this.events =
                Caffeine.newBuilder()
                        .maximumWeight(Math.max(1, cacheMib) * 1024 * 1024)
                        .weigher((Key k, String v) -> 96 + 2 * v.length())
                        .executor(Runnable::run)
                        .build();
    }

    /** {@code text} as a JSON string literal, as the HTTP layer writes it. */
    public String quoted(String text) {
        return json.writeValueAsString(text);
    }

    /** The JSON of the view of {@code log}'s last state for {@code viewer} (as {@code /view}). */
    public String view(MatchLog log, Viewer viewer) {
        return render(log, viewer, log.version());
    }

    /**
     * The JSON of {@link Views#render}{@code (log.ruleset(), log.state(), viewer, version,
     * log.events(), log.runningClock())}.
     */
    public String render(MatchLog log, Viewer viewer, long version) {
        var ruleset = log.ruleset();
        var state = log.state();
        var clock = log.runningClock();
        List<RecordedEvent> all = log.events();
        Viewer v = ruleset.effectiveViewer(state, viewer);
        return Views.spliced(
                null,
                recent ->
                        json.writeValueAsString(
                                Views.render(ruleset, state, viewer, version, recent, clock)),
                all.subList(Math.max(0, all.size() - Views.RECENT), all.size()),
                e ->
                        events.get(
                                new Key(log.matchId(), e.seq(), v),
                                k -> json.writeValueAsString(Views.redact(ruleset, e, v))));
    }
}
