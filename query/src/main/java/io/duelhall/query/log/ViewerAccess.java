package io.duelhall.query.log;

import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatTokens;
import io.duelhall.domain.Viewer;
import java.time.Clock;
import java.time.Instant;
import org.springframework.stereotype.Component;

/**
 * Who is asking and how much of a match they may see: with a seat token, that seat and the whole
 * log (seats see their own view live); without, a spectator and only the events stored at least the
 * match's {@code spectatorDelaySeconds} ago. Every read path (view, stream, events, replay,
 * refusals) starts here, so the delay holds everywhere.
 */
@Component
public class ViewerAccess {
    private final MatchLogs logs;
    private final Clock clock;

    public ViewerAccess(MatchLogs logs, Clock clock) {
        this.logs = logs;
        this.clock = clock;
    }

    /**
     * @param asked the seat or the spectator, as asked
     * @param viewer what {@code asked} may see of {@code log}: everyone once the visible log has
     *     ended
     * @param log the part of the match within the caller's horizon
     */
    public record Sight(Viewer asked, Viewer viewer, MatchLog log) {
        public boolean ended() {
            return viewer.kind() == Viewer.Kind.EVERYONE;
        }

        public Seat seat() {
            return asked.seat();
        }
    }

    public Sight of(String matchId, String authorization) {
        MatchLog log = logs.load(matchId);
        Viewer asked = viewer(log, authorization);
        MatchLog seen = asked.kind() == Viewer.Kind.SPECTATOR ? spectatorPart(log) : log;
        return new Sight(asked, seen.ruleset().effectiveViewer(seen.state(), asked), seen);
    }

    /**
     * The seat of a bearer token, or the spectator without one. A token that is no seat of this
     * match is refused.
     */
    public Viewer viewer(MatchLog log, String authorization) {
        wellFormed(authorization);
        String token = SeatTokens.bearer(authorization);
        if (token == null) {
            return Viewer.SPECTATOR;
        }
        Seat seat = log.seatOf(SeatTokens.hash(token));
        if (seat == null) {
            throw new RefusedException(
                    Refusal.unauthorized("BAD_TOKEN", "This token is not a seat of this match."));
        }
        return Viewer.seat(seat);
    }

    /**
     * An {@code Authorization} header that is there but not {@code Bearer <token>} ({@code Basic
     * …}, an empty {@code Bearer}) is refused as a wrong token is, never read as "no token" and
     * answered with the spectator's view (issue 45, finding 7).
     */
    public static void wellFormed(String authorization) {
        if (authorization != null && SeatTokens.bearer(authorization) == null) {
            throw new RefusedException(
                    Refusal.unauthorized(
                            "BAD_TOKEN",
                            "The Authorization header is not 'Bearer <playerToken>': send a seat's"
                                    + " token that way, or no Authorization header to watch."));
        }
    }

    /**
     * The events a spectator may see now: those stored at least the spectator delay ago (the first
     * always).
     */
    public MatchLog spectatorPart(MatchLog log) {
        int delay = delaySeconds(log);
        return delay == 0 ? log : log.until(Instant.now(clock).minusSeconds(delay));
    }

    public static int delaySeconds(MatchLog log) {
        return log.opening().options() == null
                ? 0
                : log.opening().options().spectatorDelaySeconds();
    }

    public static boolean ended(MatchLog log) {
        return log.state().status() == MatchStatus.ENDED;
    }
}
