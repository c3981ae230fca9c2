package io.duelhall.infra.edge;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import io.duelhall.command.api.ApiError;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.duelhall.domain.SeatTokens;
import io.duelhall.domain.Viewer;
import io.duelhall.domain.voidexa.VoidexaView;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RestController;

import java.time.Clock;
import java.util.List;

/**
 * What a spectator edge serves: {@code GET /api/matches/{id}/view} for spectators, in the shape and with the delay
 * of an app node's spectator view. Seats' views and every write belong to the app nodes: a seat token is refused
 * here (the public stream carries no token hashes to check it against), and so is any write.
 */
@RestController
@ConditionalOnProperty(name = EdgeApplication.MODE, havingValue = "edge") // never in an app node's context
@RequestMapping(produces = "application/json")
public class EdgeController {
    /** As many recent events as an app node's view carries (MatchReadController.RECENT). */
    static final int RECENT = 50;
    private final PublicMatches matches;
    private final Clock clock;

    public EdgeController(PublicMatches matches, Clock clock) {
        this.matches = matches;
        this.clock = clock;
    }

    @GetMapping("/api/matches/{matchId}/view")
    public Object view(@PathVariable String matchId,
                       @RequestHeader(name = "Authorization", required = false) String authorization) {
        if (SeatTokens.bearer(authorization) != null) {
            throw new RefusedException(Refusal.malformed("SPECTATORS_ONLY",
                    "This node is a spectator edge: it serves spectator views only. Ask an app node for a seat's view."));
        }
        PublicMatch match = matches.find(matchId).orElseThrow(() -> new RefusedException(
                Refusal.notFound("MATCH_NOT_FOUND", "No match with id " + matchId + " (yet) on this edge.")));
        PublicMatch.Sight sight = match.sight(clock.instant());
        Object view = sight.log().ruleset().publicView(sight.state(), sight.log().version());
        if (view instanceof VoidexaView v) {
            long from = Math.max(0, sight.log().version() - RECENT + 1);
            return v.withRecentEvents(sight.log().redacted(Viewer.SPECTATOR, from, RECENT))
                    .withClock(sight.log().runningClock());
        }
        return view;
    }

    /** How much of the stream this edge has read. */
    @GetMapping("/api/edge")
    public PublicMatches.Counts status() {
        return matches.counts();
    }

    @RequestMapping(path = "/api/**", method = {RequestMethod.POST, RequestMethod.PUT, RequestMethod.PATCH, RequestMethod.DELETE})
    public ResponseEntity<ApiError> write() {
        return ResponseEntity.status(HttpStatus.METHOD_NOT_ALLOWED).header("Allow", "GET")
                .body(new ApiError("READ_ONLY_EDGE", "This node is a spectator edge and takes no writes; "
                        + "send them to an app node.", null, List.of()));
    }
}
