package io.duelhall.query;

import io.duelhall.domain.InvitationIssued;
import io.duelhall.domain.Lifecycle;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.RefusedException;
import io.duelhall.domain.Seat;
import io.duelhall.projections.history.PlayerHistoryProjection.PlayerMatch;
import io.duelhall.projections.list.MatchListProjection;
import io.duelhall.projections.list.MatchListProjection.MatchSummary;
import io.duelhall.query.log.MatchLog;
import io.duelhall.query.log.MatchLogs;
import io.duelhall.query.log.ViewerAccess;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * The public record of matches with a spectator delay. The read models are written live; a match
 * created with {@code spectatorDelaySeconds} must appear in every public list (matches, player
 * history, leaderboard) as it stood that long ago, exactly as its spectator sees it. The read
 * models know which matches may be ahead of that ({@link MatchListProjection#delayedAt}); for those
 * few, this folds the spectator's part of the stored log (the same horizon as {@link ViewerAccess})
 * into what the lists show.
 */
@Component
class PublicRecords {
    private final MatchListProjection list;
    private final MatchLogs logs;
    private final ViewerAccess viewerAccess;
    private final Clock clock;

    public PublicRecords(
            MatchListProjection list, MatchLogs logs, ViewerAccess viewerAccess, Clock clock) {
        this.list = list;
        this.logs = logs;
        this.viewerAccess = viewerAccess;
        this.clock = clock;
    }

    /** A delayed match whose store is ahead of its public part, with that part. */
    public record Delayed(String matchId, MatchLog publicPart, MatchSummary summary) {
        public boolean publiclyEnded() {
            return "ENDED".equals(summary.status());
        }

        /**
         * Whether it waits for its seats by invitation (not listed as open: issue 45, finding 3).
         */
        public boolean waitingByInvitation() {
            return "WAITING".equals(summary.status())
                    && publicPart.events().stream()
                            .anyMatch(r -> r.payload() instanceof InvitationIssued);
        }

        /** How {@code seat} came out, once the end is public. */
        public Optional<Lifecycle.Outcome> outcome(Seat seat) {
            return publicPart.events().stream()
                    .map(RecordedEvent::payload)
                    .filter(Lifecycle.Ended.class::isInstance)
                    .map(e -> ((Lifecycle.Ended) e).outcome(seat))
                    .findFirst();
        }
    }

    /** The delayed matches whose latest events are not public yet, by match id. */
    public Map<String, Delayed> delayed() {
        Map<String, Delayed> out = new LinkedHashMap<>();
        for (String id : list.delayedAt(Instant.now(clock))) {
            MatchLog all;
            try {
                all = logs.load(id);
            } catch (RefusedException gone) {
                continue;
            }
            MatchLog seen = viewerAccess.spectatorPart(all);
            if (seen.version() < all.version()) {
                out.put(id, new Delayed(id, seen, summary(seen)));
            }
        }
        return out;
    }

    /**
     * The list row of a match after these events: the same fields, from the same events, as the
     * match-list model.
     */
    static MatchSummary summary(MatchLog log) {
        java.util.Map<Seat, String> names = new java.util.EnumMap<>(Seat.class);
        String status = "WAITING";
        int turn = 0;
        Seat winner = null;
        String reason = null;
        Instant created = log.events().get(0).at();
        Instant updated = created;
        for (RecordedEvent r : log.events()) {
            MatchEvent e = r.payload();
            if (e instanceof Lifecycle.SeatTaken j) {
                names.put(j.seat(), j.name());
            } else if (e instanceof Lifecycle.Started) {
                status = "LIVE";
            } else if (e instanceof Lifecycle.TurnBegan t) {
                turn = t.turn();
            } else if (e instanceof Lifecycle.Ended end) {
                status = "ENDED";
                winner = end.winner();
                reason = end.reason();
            } else if (!(e instanceof MatchOpening)) {
                continue;
            }
            updated = r.at();
        }
        List<MatchListProjection.Player> players = new ArrayList<>();
        names.forEach((seat, name) -> players.add(new MatchListProjection.Player(seat, name)));
        String winnerName = winner == null ? null : names.get(winner);
        return new MatchSummary(
                log.matchId(),
                log.ruleset().id(),
                List.copyOf(players),
                turn,
                status,
                winner,
                winnerName,
                reason,
                created,
                updated);
    }

    /** A history row as the public may see it now; empty when the seat's join is not public yet. */
    static Optional<PlayerMatch> historyRow(PlayerMatch stored, Delayed d) {
        MatchSummary s = d.summary();
        String seat = stored.seat();
        Optional<MatchListProjection.Player> self =
                s.players().stream()
                        .filter(
                                p ->
                                        p.seat().name().equals(seat)
                                                && p.name().equals(stored.player()))
                        .findFirst();
        if (self.isEmpty()) {
            return Optional.empty();
        }
        String opponent =
                s.players().stream()
                        .filter(p -> !p.seat().name().equals(seat))
                        .map(MatchListProjection.Player::name)
                        .reduce((x, y) -> x + ", " + y)
                        .orElse(null);
        boolean ended = d.publiclyEnded();
        String outcome = !ended ? null : d.outcome(Seat.valueOf(seat)).map(Enum::name).orElse(null);
        return Optional.of(
                new PlayerMatch(
                        stored.player(),
                        stored.matchId(),
                        seat,
                        opponent,
                        s.status(),
                        outcome,
                        ended ? s.reason() : null,
                        stored.joinedAt(),
                        ended ? s.updatedAt() : null,
                        stored.guest()));
    }
}
