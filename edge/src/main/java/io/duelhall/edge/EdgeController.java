package io.duelhall.edge;

import io.duelhall.command.api.ApiError;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.duelhall.domain.SeatTokens;
import io.duelhall.domain.Viewer;
import io.duelhall.projections.view.Views;
import io.duelhall.query.stream.MatchStreams;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Clock;
import java.util.List;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * What a spectator edge serves: {@code GET /api/matches/{id}/view} and {@code /stream} for
 * spectators, in the shape and with the delay of an app node's spectator view and stream. Seats'
 * views and every write belong to the app nodes: a seat token is refused here (the public stream
 * carries no token hashes to check it against), and so is any write.
 */
@RestController
@ConditionalOnProperty(
        name = EdgeApplication.MODE,
        havingValue = "edge") // never in an app node's context
@RequestMapping(produces = "application/json")
class EdgeController {
    /** As many recent events as an app node's view carries. */
    static final int RECENT = Views.RECENT;

    private final PublicMatches matches;
    private final MatchStreams streams;
    private final Clock clock;

    public EdgeController(PublicMatches matches, MatchStreams streams, Clock clock) {
        this.matches = matches;
        this.streams = streams;
        this.clock = clock;
    }

    @GetMapping("/api/matches/{matchId}/view")
    public Object view(
            @PathVariable String matchId,
            @RequestHeader(name = "Authorization", required = false) String authorization) {
        spectatorOnly(authorization, null);
        PublicMatch.Sight sight = find(matchId).sight(clock.instant());
        List<RecordedEvent> events = sight.log().events();
        return Views.renderPublic(
                sight.log().ruleset(),
                sight.state(),
                sight.log().version(),
                events.subList(Math.max(0, events.size() - RECENT), events.size()),
                sight.log().runningClock());
    }

    /**
     * {@code GET /api/matches/{id}/stream} for spectators: the app node's stream ({@link
     * MatchStreams}: event ids, {@code Last-Event-ID} resume, the spectator delay, heartbeats) from
     * the events this edge has read; {@code ?frames=patch} too: the same patch frames as an app
     * node's spectators get, made once per event for all of this edge's spectators of a match.
     */
    @GetMapping(
            path = "/api/matches/{matchId}/stream",
            produces = {"text/event-stream", "application/json"})
    public ResponseEntity<?> stream(
            @PathVariable String matchId,
            @RequestHeader(name = "Authorization", required = false) String authorization,
            @RequestParam(name = "access_token", required = false) String accessToken,
            @RequestHeader(name = "Last-Event-ID", required = false) String lastEventIdHeader,
            @RequestParam(name = "lastEventId", required = false) String lastEventIdParam,
            @RequestParam(name = "frames", required = false) String frames,
            HttpServletRequest request,
            HttpServletResponse response) {
        spectatorOnly(authorization, accessToken);
        PublicMatch.Sight sight = find(matchId).sight(clock.instant());
        return streams.answer(
                matchId,
                Viewer.SPECTATOR,
                sight.over(),
                sight.log().version(),
                lastEventIdHeader,
                lastEventIdParam,
                frames,
                request,
                response);
    }

    private static void spectatorOnly(String authorization, String accessToken) {
        if (SeatTokens.bearer(authorization) != null
                || (accessToken != null && !accessToken.isBlank())) {
            throw new RefusedException(
                    Refusal.malformed(
                            "SPECTATORS_ONLY",
                            "This node is a spectator edge: it serves spectator views only. Ask an app node for a seat's view."));
        }
    }

    private PublicMatch find(String matchId) {
        return matches.find(matchId)
                .orElseThrow(
                        () ->
                                new RefusedException(
                                        Refusal.notFound(
                                                "MATCH_NOT_FOUND",
                                                "No match with id "
                                                        + matchId
                                                        + " (yet) on this edge.")));
    }

    /** How much of the stream this edge has read. */
    @GetMapping("/api/edge")
    public PublicMatches.Counts status() {
        return matches.counts();
    }

    @RequestMapping(
            path = "/api/**",
            method = {
                RequestMethod.POST,
                RequestMethod.PUT,
                RequestMethod.PATCH,
                RequestMethod.DELETE
            })
    public ResponseEntity<ApiError> write() {
        return ResponseEntity.status(HttpStatus.METHOD_NOT_ALLOWED)
                .header("Allow", "GET")
                .body(
                        new ApiError(
                                "READ_ONLY_EDGE",
                                "This node is a spectator edge and takes no writes; "
                                        + "send them to an app node.",
                                null,
                                List.of()));
    }
}
