package io.duelhall.query.stream;

import io.duelhall.query.log.ViewerAccess;
import io.duelhall.query.log.ViewerAccess.Sight;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/matches/{id}/stream}: Server-Sent Events of the caller's view (see {@link
 * MatchStreams}). The seat token comes as {@code Authorization: Bearer …}, or, for browsers'
 * EventSource which cannot set headers, as {@code ?access_token=} (RFC 6750 §2.3). {@code
 * Last-Event-ID} (or {@code ?lastEventId=}) resumes. {@code ?frames=patch} asks for patch frames
 * (the whole view once, then an RFC 6902 JSON Patch per event: {@link PatchFrames}); {@code
 * ?frames=view}, the default, for the whole view on each burst's last message.
 */
@RestController
@RequestMapping(path = "/api/matches/{matchId}")
class MatchStreamController {
    private final ViewerAccess viewerAccess;
    private final MatchStreams streams;

    public MatchStreamController(ViewerAccess viewerAccess, MatchStreams streams) {
        this.viewerAccess = viewerAccess;
        this.streams = streams;
    }

    @GetMapping("/stream")
    public ResponseEntity<?> stream(
            @PathVariable String matchId,
            @RequestHeader(name = "Authorization", required = false) String authorization,
            @RequestParam(name = "access_token", required = false) String accessToken,
            @RequestHeader(name = "Last-Event-ID", required = false) String lastEventIdHeader,
            @RequestParam(name = "lastEventId", required = false) String lastEventIdParam,
            @RequestParam(name = "frames", required = false) String frames,
            HttpServletRequest request,
            HttpServletResponse response) {
        String auth = io.duelhall.domain.SeatTokens.authorization(authorization, accessToken);
        Sight s = viewerAccess.of(matchId, auth);
        return streams.answer(
                matchId,
                s.asked(),
                s.ended(),
                s.log().version(),
                lastEventIdHeader,
                lastEventIdParam,
                frames,
                request,
                response);
    }
}
