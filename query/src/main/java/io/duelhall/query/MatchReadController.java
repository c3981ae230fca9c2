package io.duelhall.query;

import io.duelhall.domain.GameState;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatTokens;
import io.duelhall.domain.Viewer;
import io.duelhall.domain.voidexa.VoidexaView;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * The minimal read side: a match's view and event log, for a seat (with its token) or a
 * spectator (without; delayed by the match's spectator delay). Every payload passes the
 * ruleset's redaction; once the match has ended, everything is shown to everyone.
 */
@RestController
@RequestMapping(path = "/api/matches/{matchId}", produces = "application/json")
public class MatchReadController {
    static final int RECENT = 50;
    private final MatchLogs logs;
    private final Clock clock;

    public MatchReadController(MatchLogs logs, Clock clock) {
        this.logs = logs;
        this.clock = clock;
    }

    public record EventPage(String matchId, long version, List<RecordedEvent> events) {
    }

    /** What a caller may see: the viewer, and the part of the log within its horizon. */
    private record Sight(Viewer viewer, MatchLog log) {
    }

    private Sight sight(String matchId, String authorization) {
        MatchLog log = logs.load(matchId);
        String token = SeatTokens.bearer(authorization);
        if (token != null) {
            Seat seat = log.seatOf(SeatTokens.hash(token));
            if (seat == null) {
                throw new RefusedException(Refusal.unauthorized("BAD_TOKEN", "This token is not a seat of this match."));
            }
            return sight(Viewer.seat(seat), log);
        }
        int delay = log.opening().options() == null ? 0 : log.opening().options().spectatorDelaySeconds();
        MatchLog seen = delay == 0 ? log : log.until(Instant.now(clock).minusSeconds(delay));
        return sight(Viewer.SPECTATOR, seen);
    }

    private Sight sight(Viewer viewer, MatchLog log) {
        GameState state = log.state();
        return new Sight(log.ruleset().effectiveViewer(state, viewer), log);
    }

    @GetMapping("/view")
    public Object view(@PathVariable String matchId,
                       @RequestHeader(name = "Authorization", required = false) String authorization) {
        Sight s = sight(matchId, authorization);
        Object view = s.log().ruleset().view(s.log().state(), s.viewer(), s.log().version());
        if (view instanceof VoidexaView v) {
            long from = Math.max(0, s.log().version() - RECENT + 1);
            return v.withRecentEvents(s.log().redacted(s.viewer(), from, RECENT)).withClock(s.log().runningClock());
        }
        return view;
    }

    @GetMapping("/events")
    public EventPage events(@PathVariable String matchId,
                            @RequestHeader(name = "Authorization", required = false) String authorization,
                            @RequestParam(name = "from", defaultValue = "0") long from,
                            @RequestParam(name = "limit", defaultValue = "1000") int limit) {
        if (from < 0 || limit < 1 || limit > 5000) {
            throw new RefusedException(Refusal.malformed("OUT_OF_RANGE", "from must be ≥ 0 and limit 1–5000."));
        }
        Sight s = sight(matchId, authorization);
        return new EventPage(matchId, s.log().version(), s.log().redacted(s.viewer(), from, limit));
    }
}
