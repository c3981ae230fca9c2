package io.duelhall.projections.view;

import com.github.benmanes.caffeine.cache.Caffeine;
import io.duelhall.domain.ClockSet;
import io.duelhall.domain.GameState;
import io.duelhall.domain.IntentRefused;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.Viewer;
import io.duelhall.projections.Projections;
import io.duelhall.projections.jdbc.ReadModelJdbc;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;

/**
 * The spectator view of every match (API.md's view shape, last 50 public events included), kept in
 * rm_match_view.
 *
 * <p>No rule is recomputed here: each event is folded through the match's ruleset ({@code evolve})
 * and the row is the ruleset's own spectator {@code view} of the result. Folded states are kept in
 * a bounded in-memory cache; a match not in the cache (evicted, another node's segment before, a
 * restart) is folded again from the event store. Upserts are keyed by match id and only move a row
 * forward (version), so a replay or a redelivered batch is harmless.
 */
@ProcessingGroup(Projections.MATCH_VIEWS)
public class MatchViewProjection {
    private static final String TOUCHED = MatchViewProjection.class.getName() + ".touched";

    private final JdbcTemplate jdbc;
    private final Rulesets rulesets;
    private final MatchEvents events;
    private final Function<Object, String> json;
    private final Map<String, Folded> folded;

    /** A row of rm_match_view. */
    public record StoredView(
            String matchId,
            String ruleset,
            long version,
            String status,
            int spectatorDelaySeconds,
            Instant lastEventAt,
            String json) {}

    /** A match folded so far: its state after {@code version}, and its last events (unredacted). */
    static final class Folded {
        final Ruleset ruleset;
        final int spectatorDelaySeconds;
        GameState state;
        long version = -1;
        Instant lastAt;
        Views.ClockView clock;
        final ArrayDeque<RecordedEvent> recent = new ArrayDeque<>(Views.RECENT + 1);

        /**
         * The JSON of each recent event as {@link #jsonFor} saw it, by sequence number (written
         * once, not per view).
         */
        final Map<Long, String> recentJson = new HashMap<>();

        Viewer jsonFor;

        Folded(Ruleset ruleset, MatchOpening opening) {
            this.ruleset = ruleset;
            this.spectatorDelaySeconds =
                    opening.options() == null ? 0 : opening.options().spectatorDelaySeconds();
            this.state = ruleset.initial();
        }

        void add(RecordedEvent e) {
            state = ruleset.evolve(state, e.payload());
            version = e.seq();
            lastAt = e.at();
            if (e.payload() instanceof ClockSet c) {
                clock = Views.clock(c);
            } else if (e.payload() instanceof io.duelhall.domain.Lifecycle.Ended) {
                clock = null; // the end stops every clock (clock policy 2 records no ClockSet after
                // it, D-CLOCK-6)
            }
            recent.addLast(e);
            if (recent.size() > Views.RECENT) {
                recent.removeFirst();
            }
        }
    }

    /**
     * @param json writes a view as JSON exactly as the HTTP layer does
     * @param cacheSize how many folded matches to keep in memory
     */
    public MatchViewProjection(
            JdbcTemplate jdbc,
            Rulesets rulesets,
            MatchEvents events,
            Function<Object, String> json,
            int cacheSize) {
        this.jdbc = jdbc;
        this.rulesets = rulesets;
        this.events = events;
        this.json = json;
        this.folded =
                Caffeine.newBuilder()
                        .maximumSize(cacheSize)
                        .executor(Runnable::run)
                        .<String, Folded>build()
                        .asMap();
    }

    @EventHandler
    public void on(MatchEvent event, DomainEventMessage<?> message) {
        if (event instanceof IntentRefused) {
            return; // published on its own, not part of a match's stream
        }
        apply(
                message.getAggregateIdentifier(),
                new RecordedEvent(
                        message.getSequenceNumber(), event.type(), message.getTimestamp(), event));
    }

    /** Folds one stored event of match {@code matchId} into its view. */
    public void apply(String matchId, RecordedEvent e) {
        Folded f = folded.get(matchId);
        if (f != null && e.seq() <= f.version) {
            return; // already folded
        }
        if (f == null ? e.seq() > 0 : e.seq() != f.version + 1) {
            f = load(matchId, e.seq() - 1);
        }
        if (f == null) {
            if (!(e.payload() instanceof MatchOpening opening)
                    || rulesets.findForMatch(opening).isEmpty()) {
                return; // not the opening of a match this server hosts
            }
            f = new Folded(rulesets.forMatch(opening), opening);
        }
        f.add(e);
        folded.put(matchId, f);
        ReadModelJdbc.atCommit(
                TOUCHED,
                matchId,
                f,
                this::write,
                touched -> touched.keySet().forEach(folded::remove));
    }

    private Folded load(String matchId, long lastSeq) {
        List<RecordedEvent> stored = events.upTo(matchId, lastSeq);
        if (stored.isEmpty()
                || !(stored.get(0).payload() instanceof MatchOpening opening)
                || rulesets.findForMatch(opening).isEmpty()) {
            return null;
        }
        if (stored.size() != lastSeq + 1) {
            throw new IllegalStateException(
                    "match "
                            + matchId
                            + ": the store returned "
                            + stored.size()
                            + " events, expected "
                            + (lastSeq + 1)
                            + "; will retry");
        }
        Folded f = new Folded(rulesets.forMatch(opening), opening);
        stored.forEach(f::add);
        return f;
    }

    private void write(Map<String, Folded> touched) {
        touched.forEach(
                (matchId, f) -> {
                    String view = viewJson(f);
                    Object[] values = {
                        f.ruleset.id(),
                        f.version,
                        f.state.status().name(),
                        f.spectatorDelaySeconds,
                        ReadModelJdbc.ts(f.lastAt),
                        view
                    };
                    int updated =
                            jdbc.update(
                                    "update rm_match_view set ruleset = ?, version = ?, status = ?, spectator_delay = ?,"
                                            + " last_event_at = ?, view_json = ? where match_id = ? and version < ?",
                                    values[0],
                                    values[1],
                                    values[2],
                                    values[3],
                                    values[4],
                                    values[5],
                                    matchId,
                                    f.version);
                    if (updated == 0
                            && jdbc.queryForObject(
                                            "select count(*) from rm_match_view where match_id = ?",
                                            Integer.class,
                                            matchId)
                                    == 0) {
                        jdbc.update(
                                "insert into rm_match_view (ruleset, version, status, spectator_delay, last_event_at, view_json,"
                                        + " match_id) values (?, ?, ?, ?, ?, ?, ?)",
                                values[0],
                                values[1],
                                values[2],
                                values[3],
                                values[4],
                                values[5],
                                matchId);
                    }
                });
    }

    /**
     * The spectator view's JSON, byte for byte what {@code json} makes of {@link Views#render} (the
     * test compares them after every event), made faster: the last {@value Views#RECENT} events are
     * most of a view's bytes and each stays in it for 50 writes, so each event's JSON (redacted for
     * the viewer) is written once and kept, and the view around them is written with an empty list
     * that the kept events then fill ({@link Views#withRecentJson}).
     */
    private String viewJson(Folded f) {
        Viewer v = f.ruleset.effectiveViewer(f.state, Viewer.SPECTATOR);
        if (!v.equals(f.jsonFor)) {
            f.recentJson.clear(); // the match ended: its events are now shown whole
            f.jsonFor = v;
        }
        long oldest = f.recent.isEmpty() ? 0 : f.recent.peekFirst().seq();
        f.recentJson.keySet().removeIf(seq -> seq < oldest);
        return Views.spliced(
                null,
                recent ->
                        json.apply(
                                Views.render(
                                        f.ruleset,
                                        f.state,
                                        Viewer.SPECTATOR,
                                        f.version,
                                        recent,
                                        f.clock)),
                new ArrayList<>(f.recent),
                e ->
                        f.recentJson.computeIfAbsent(
                                e.seq(), seq -> json.apply(Views.redact(f.ruleset, e, v))));
    }

    /** Drops the model before a rebuild. */
    @ResetHandler
    public void reset() {
        folded.clear();
        jdbc.update("delete from rm_match_view");
    }

    public Optional<StoredView> find(String matchId) {
        return jdbc.query("select * from rm_match_view where match_id = ?", ROW, matchId).stream()
                .findFirst();
    }

    /** Every stored view, by match id (to compare a rebuilt model with the live one). */
    public Map<String, StoredView> all() {
        Map<String, StoredView> out = new LinkedHashMap<>();
        jdbc.query("select * from rm_match_view order by match_id", ROW)
                .forEach(v -> out.put(v.matchId(), v));
        return out;
    }

    private static final RowMapper<StoredView> ROW =
            (rs, n) ->
                    new StoredView(
                            rs.getString("match_id"),
                            rs.getString("ruleset"),
                            rs.getLong("version"),
                            rs.getString("status"),
                            rs.getInt("spectator_delay"),
                            ReadModelJdbc.instant(rs, "last_event_at"),
                            rs.getString("view_json"));
}
