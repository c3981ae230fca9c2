package io.duelhall.query;

import io.duelhall.domain.Intent;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatTokens;
import io.duelhall.domain.Target;
import io.duelhall.domain.Viewer;
import io.duelhall.projections.refusals.RefusalProjection;
import io.duelhall.projections.refusals.RefusalProjection.RefusalEntry;
import io.duelhall.projections.view.MatchViewProjection;
import io.duelhall.projections.view.MatchViewProjection.StoredView;
import io.duelhall.query.log.MatchLog;
import io.duelhall.query.log.ViewJson;
import io.duelhall.query.log.ViewerAccess;
import io.duelhall.query.log.ViewerAccess.Sight;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The read side of one match: its view, event log, replay at any step and refused intents, for a
 * seat (with its token) or a spectator (without; delayed by the match's spectator delay, see {@link
 * ViewerAccess}). Every payload is the ruleset's own redaction for the caller; once the match has
 * ended (within the caller's horizon) everything is shown to everyone.
 */
@RestController
@RequestMapping(path = "/api/matches/{matchId}", produces = "application/json")
class MatchReadController {
    private final ViewerAccess viewerAccess;
    private final MatchViewProjection views;
    private final RefusalProjection refusals;
    private final EventStore eventStore;
    private final Clock clock;
    private final ViewJson viewJson;

    /** The most steps one {@code /replay/steps} answers. */
    static final int REPLAY_STEPS_MAX = 100;

    /** The {@code /replay/steps} answers made at once on this node. */
    private final Semaphore replaysAtOnce;

    public MatchReadController(
            ViewJson viewJson,
            ViewerAccess viewerAccess,
            MatchViewProjection views,
            RefusalProjection refusals,
            EventStore eventStore,
            Clock clock,
            @Value("${duelhall.query.replay-steps-at-once:4}") int replayStepsAtOnce) {
        this.viewJson = viewJson;
        this.replaysAtOnce = new Semaphore(Math.max(1, replayStepsAtOnce));
        this.viewerAccess = viewerAccess;
        this.views = views;
        this.refusals = refusals;
        this.eventStore = eventStore;
        this.clock = clock;
    }

    public record EventPage(String matchId, long version, List<RecordedEvent> events) {}

    public record RefusalPage(String matchId, List<RefusalEntry> refusals) {}

    /**
     * The view now. A spectator is served from the match-views read model when it is up to date
     * with the store and the match has been quiet for the spectator delay (then the delayed state
     * is the current one); otherwise, and for seats, the view is folded from the stored events.
     */
    @GetMapping("/view")
    public ResponseEntity<?> view(
            @PathVariable String matchId,
            @RequestHeader(name = "Authorization", required = false) String authorization) {
        ViewerAccess.wellFormed(authorization);
        if (SeatTokens.bearer(authorization) == null) {
            Optional<String> stored = freshSpectatorView(matchId);
            if (stored.isPresent()) {
                return ResponseEntity.ok()
                        .contentType(MediaType.APPLICATION_JSON)
                        .body(stored.get());
            }
        }
        Sight s = viewerAccess.of(matchId, authorization);
        return ResponseEntity.ok()
                .contentType(MediaType.APPLICATION_JSON)
                .body(viewJson.view(s.log(), s.viewer()));
    }

    private Optional<String> freshSpectatorView(String matchId) {
        if (matchId == null || matchId.length() > 100) {
            return Optional.empty();
        }
        Optional<StoredView> stored = views.find(matchId);
        if (stored.isEmpty()) {
            return Optional.empty();
        }
        StoredView v = stored.get();
        Optional<Long> head = eventStore.lastSequenceNumberFor(matchId);
        boolean current = head.isPresent() && head.get() == v.version();
        boolean quietLongEnough =
                v.spectatorDelaySeconds() == 0
                        || !v.lastEventAt()
                                .isAfter(
                                        Instant.now(clock).minusSeconds(v.spectatorDelaySeconds()));
        return current && quietLongEnough ? Optional.of(v.json()) : Optional.empty();
    }

    @GetMapping("/events")
    public EventPage events(
            @PathVariable String matchId,
            @RequestHeader(name = "Authorization", required = false) String authorization,
            @RequestParam(name = "from", defaultValue = "0") long from,
            @RequestParam(name = "limit", defaultValue = "1000") int limit) {
        if (from < 0 || limit < 1 || limit > 5000) {
            throw new RefusedException(
                    Refusal.malformed("OUT_OF_RANGE", "from must be ≥ 0 and limit 1–5000."));
        }
        Sight s = viewerAccess.of(matchId, authorization);
        return new EventPage(matchId, s.log().version(), s.log().redacted(s.viewer(), from, limit));
    }

    /**
     * The state after event {@code at}, folded from the stored events through the ruleset, as the
     * caller may see it.
     */
    @GetMapping("/replay")
    public ResponseEntity<String> replay(
            @PathVariable String matchId,
            @RequestHeader(name = "Authorization", required = false) String authorization,
            @RequestParam(name = "at") long at) {
        if (at < 0) {
            throw new RefusedException(
                    Refusal.malformed(
                            "OUT_OF_RANGE", "at must be ≥ 0 (an event sequence number)."));
        }
        Sight s = viewerAccess.of(matchId, authorization);
        if (at > s.log().version()) {
            throw new RefusedException(
                    Refusal.notFound(
                            "EVENT_NOT_FOUND", "No event " + at + " in this match (yet)."));
        }
        MatchLog upTo = s.log().upTo(at);
        // Before the end: the caller's own sight of the state then; after the end: everything, for
        // everyone.
        return ResponseEntity.ok()
                .contentType(MediaType.APPLICATION_JSON)
                .body(viewJson.render(upTo, s.ended() ? Viewer.EVERYONE : s.asked(), at));
    }

    /**
     * The states after each event {@code from..to} ({@value #REPLAY_STEPS_MAX} at most), folded
     * from the stored events as {@link #replay} folds one, each exactly the bytes {@code
     * /replay?at=} answers for its step: {@code {"matchId", "from", "to", "views": [...]}}. A
     * replay viewer takes a stretch of the match in one request (to play it, to scrub it), and an
     * auditor or a test reads every step of a long match in a few dozen requests instead of one per
     * event (issue 47). A path of its own, so {@code /replay?at=} and its documented answer stay as
     * they were. At most {@code duelhall.query.replay-steps-at-once} such answers are made at once
     * on a node (each is a hundred replays): past it {@code 429 TOO_MANY_REPLAYS}, nothing done.
     */
    @GetMapping("/replay/steps")
    public ResponseEntity<String> replaySteps(
            @PathVariable String matchId,
            @RequestHeader(name = "Authorization", required = false) String authorization,
            @RequestParam(name = "from") long from,
            @RequestParam(name = "to") long to) {
        if (from < 0) {
            throw new RefusedException(
                    Refusal.malformed(
                            "OUT_OF_RANGE", "from must be ≥ 0 (an event sequence number)."));
        }
        if (to < from || to - from >= REPLAY_STEPS_MAX) {
            throw new RefusedException(
                    Refusal.malformed(
                            "OUT_OF_RANGE",
                            "to must be ≥ from and at most "
                                    + (REPLAY_STEPS_MAX - 1)
                                    + " after it ("
                                    + REPLAY_STEPS_MAX
                                    + " steps a request)."));
        }
        Sight s = viewerAccess.of(matchId, authorization);
        if (to > s.log().version()) {
            throw new RefusedException(
                    Refusal.notFound(
                            "EVENT_NOT_FOUND", "No event " + to + " in this match (yet)."));
        }
        if (!replaysAtOnce.tryAcquire()) {
            throw new RefusedException(
                    new Refusal(
                            Refusal.Category.TOO_MANY,
                            "TOO_MANY_REPLAYS",
                            null,
                            "This node is answering as many stretches of replay as it takes at"
                                    + " once; ask again in a moment.",
                            List.of()));
        }
        try {
            // as /replay: before the end the caller's own sight of each state then; after the
            // end everything, for everyone
            Viewer viewer = s.ended() ? Viewer.EVERYONE : s.asked();
            StringBuilder body = new StringBuilder(65_536);
            body.append("{\"matchId\":")
                    .append(viewJson.quoted(matchId))
                    .append(",\"from\":")
                    .append(from)
                    .append(",\"to\":")
                    .append(to)
                    .append(",\"views\":[");
            for (long n = from; n <= to; n++) {
                if (n > from) {
                    body.append(',');
                }
                body.append(viewJson.render(s.log().upTo(n), viewer, n));
            }
            body.append("]}");
            return ResponseEntity.ok()
                    .contentType(MediaType.APPLICATION_JSON)
                    .body(body.toString());
        } finally {
            replaysAtOnce.release();
        }
    }

    /**
     * Refused intents of this match (the audit trail of "my play was refused"). While the match
     * goes on a seat sees its own refusals and spectators none (a refusal can tell something about
     * a hand); once it has ended, all.
     */
    @GetMapping("/refusals")
    public RefusalPage refusals(
            @PathVariable String matchId,
            @RequestHeader(name = "Authorization", required = false) String authorization) {
        Sight s = viewerAccess.of(matchId, authorization);
        List<RefusalEntry> all = refusals.find(matchId);
        if (s.ended()) {
            return new RefusalPage(matchId, all);
        }
        if (s.asked().kind() == Viewer.Kind.SEAT) {
            String mine = s.seat().name();
            return new RefusalPage(
                    matchId, all.stream().filter(r -> mine.equals(r.seat())).toList());
        }
        return new RefusalPage(matchId, List.of());
    }

    /**
     * The legal moves of the seat whose token is sent: intent bodies ready to post but for {@code
     * intentId} (each with the match's {@code expectedVersion}); empty when the seat owes no
     * decision. {@code note} says what a long list of combinations leaves out. A listed move is
     * never refused (unless the match moves on first: 409).
     */
    @GetMapping("/moves")
    public Moves moves(
            @PathVariable String matchId,
            @RequestHeader(name = "Authorization", required = false) String authorization) {
        Sight s = viewerAccess.of(matchId, authorization);
        if (s.asked().kind() != Viewer.Kind.SEAT) {
            throw new RefusedException(
                    Refusal.unauthorized(
                            "MISSING_TOKEN",
                            "Send the seat's token (Authorization: Bearer …): moves are a seat's."));
        }
        MatchLog log = s.log();
        Seat seat = s.seat();
        if (log.ruleset().toAct(log.state()) != seat) {
            return new Moves(matchId, seat, log.version(), List.of(), null);
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (Intent i : log.ruleset().legalMoves(log.state(), seat)) {
            out.add(body(i, log.version()));
        }
        return new Moves(
                matchId, seat, log.version(), out, log.ruleset().movesNote(log.state(), seat));
    }

    /** A seat's moves now ({@code version}: the match's, the moves' {@code expectedVersion}). */
    public record Moves(
            String matchId,
            Seat seat,
            long version,
            List<Map<String, Object>> moves,
            String note) {}

    /**
     * An intent as the body of {@code POST /intents} (API.md), without {@code intentId}; empty
     * fields left out.
     */
    static Map<String, Object> body(Intent i, long expectedVersion) {
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("type", i.type());
        if (i.card() != null) {
            b.put("card", i.card());
        }
        if (i.ability() != null) {
            b.put("ability", i.ability());
        }
        if (!i.targets().isEmpty()) {
            List<Map<String, Object>> targets = new ArrayList<>();
            for (Target t : i.targets()) {
                Map<String, Object> tb = new LinkedHashMap<>();
                tb.put("kind", t.kind());
                if (t.seat() != null) {
                    tb.put("seat", t.seat().name());
                }
                if (t.subsystem() != null) {
                    tb.put("subsystem", t.subsystem());
                }
                if (t.id() != null) {
                    tb.put("id", t.id());
                }
                targets.add(tb);
            }
            b.put("targets", targets);
        }
        if (!i.cards().isEmpty()) {
            b.put("cards", i.cards());
        }
        if (i.choices() != null) {
            b.put("choices", i.choices());
        }
        b.put("expectedVersion", expectedVersion);
        return b;
    }
}
