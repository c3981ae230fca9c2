package io.duelhall.projections.list;

import io.duelhall.domain.InvitationIssued;
import io.duelhall.domain.Lifecycle;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.Seat;
import io.duelhall.projections.Projections;
import io.duelhall.projections.jdbc.ReadModelJdbc;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;

/**
 * Live and recent matches (rm_match_summary, with one rm_match_seat row per seat taken): one row
 * per match, updated by the moments every ruleset has ({@link Lifecycle}: opening, seats taken,
 * start, each turn, the end), so any ruleset's matches are listed without this class knowing it.
 * Every update is an assignment keyed by match id and guarded by the event's sequence number, so
 * replaying or redelivering events changes nothing.
 */
@ProcessingGroup(Projections.MATCH_LIST)
public class MatchListProjection {
    private final JdbcTemplate jdbc;

    public record Player(Seat seat, String name) {}

    /**
     * What {@code GET /api/matches} lists. {@code winner} is null while live and when both lost
     * (V-WIN-4).
     */
    public record MatchSummary(
            String matchId,
            String ruleset,
            List<Player> players,
            int turn,
            String status,
            Seat winner,
            String winnerName,
            String reason,
            Instant createdAt,
            Instant updatedAt) {}

    public MatchListProjection(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    // One handler per event type that changes a summary: a processor only opens a transaction for a
    // batch with
    // events some handler takes, so the many events that change no summary cost nothing here.
    @EventHandler
    public void on(MatchOpening event, DomainEventMessage<?> message) {
        handle(event, message);
    }

    /**
     * A match by invitation is not listed as waiting (issue 45, finding 3). Set once, never
     * cleared, and without touching the row's sequence or time (the public list's rows are the same
     * with or without it), so a replay or a redelivery changes nothing.
     */
    @EventHandler
    public void on(InvitationIssued event, DomainEventMessage<?> message) {
        apply(
                message.getAggregateIdentifier(),
                message.getSequenceNumber(),
                message.getTimestamp(),
                event);
    }

    @EventHandler
    public void on(Lifecycle.SeatTaken event, DomainEventMessage<?> message) {
        handle(event, message);
    }

    @EventHandler
    public void on(Lifecycle.Started event, DomainEventMessage<?> message) {
        handle(event, message);
    }

    @EventHandler
    public void on(Lifecycle.TurnBegan event, DomainEventMessage<?> message) {
        handle(event, message);
    }

    @EventHandler
    public void on(Lifecycle.Ended event, DomainEventMessage<?> message) {
        handle(event, message);
    }

    private void handle(MatchEvent event, DomainEventMessage<?> message) {
        apply(
                message.getAggregateIdentifier(),
                message.getSequenceNumber(),
                message.getTimestamp(),
                event);
    }

    public void apply(String matchId, long seq, Instant at, MatchEvent event) {
        if (event instanceof MatchOpening o) {
            if (count(matchId) == 0) {
                int delay = o.options() == null ? 0 : o.options().spectatorDelaySeconds();
                jdbc.update(
                        "insert into rm_match_summary (match_id, ruleset, status, turn, created_at, updated_at, last_seq,"
                                + " spectator_delay) values (?, ?, 'WAITING', 0, ?, ?, ?, ?)",
                        matchId,
                        o.ruleset(),
                        ReadModelJdbc.ts(at),
                        ReadModelJdbc.ts(at),
                        seq,
                        delay);
            }
        } else if (event instanceof InvitationIssued) {
            jdbc.update(
                    "update rm_match_summary set invitation = true where match_id = ?", matchId);
        } else if (event instanceof Lifecycle.SeatTaken j) {
            if (update(matchId, seq, at, "status = status") > 0) {
                jdbc.update(
                        "delete from rm_match_seat where match_id = ? and seat = ?",
                        matchId,
                        j.seat().name());
                jdbc.update(
                        "insert into rm_match_seat (match_id, seat, player_name) values (?, ?, ?)",
                        matchId,
                        j.seat().name(),
                        j.name());
            }
        } else if (event instanceof Lifecycle.Started) {
            update(matchId, seq, at, "status = 'LIVE'");
        } else if (event instanceof Lifecycle.TurnBegan t) {
            update(matchId, seq, at, "turn = ?", t.turn());
        } else if (event instanceof Lifecycle.Ended e) {
            update(
                    matchId,
                    seq,
                    at,
                    "status = 'ENDED', winner = ?, reason = ?",
                    e.winner() == null ? null : e.winner().name(),
                    e.reason());
        }
    }

    private int count(String matchId) {
        return jdbc.queryForObject(
                "select count(*) from rm_match_summary where match_id = ?", Integer.class, matchId);
    }

    /**
     * Applies the assignments when the row is behind {@code seq}; the number of rows changed (0 or
     * 1).
     */
    private int update(String matchId, long seq, Instant at, String assignments, Object... values) {
        List<Object> args = new ArrayList<>(java.util.Arrays.asList(values));
        args.add(ReadModelJdbc.ts(at));
        args.add(seq);
        args.add(matchId);
        args.add(seq);
        return jdbc.update(
                "update rm_match_summary set "
                        + assignments
                        + ", updated_at = ?, last_seq = ?"
                        + " where match_id = ? and last_seq < ?",
                args.toArray());
    }

    @ResetHandler
    public void reset() {
        jdbc.update("delete from rm_match_seat");
        jdbc.update("delete from rm_match_summary");
    }

    /**
     * Matches with {@code status} (all when null), most recently active first; a match by
     * invitation is not listed while it waits for its seats (issue 45, finding 3).
     */
    public List<MatchSummary> find(String status, int limit) {
        if (status == null) {
            return withSeats(
                    jdbc.query(
                            "select * from rm_match_summary where not (invitation and status = 'WAITING')"
                                    + " order by updated_at desc, match_id limit ?",
                            ROW,
                            limit));
        }
        return withSeats(
                jdbc.query(
                        "select * from rm_match_summary where status = ?"
                                + " and not (invitation and status = 'WAITING')"
                                + " order by updated_at desc, match_id limit ?",
                        ROW,
                        status,
                        limit));
    }

    /**
     * Matches with a spectator delay whose row may be ahead of what the public may see at {@code
     * now}: not ended, or changed less than the delay ago. (The read side shows these as they stood
     * {@code spectator_delay} ago.)
     */
    public List<String> delayedAt(Instant now) {
        return jdbc
                .query(
                        "select match_id, spectator_delay, status, updated_at from rm_match_summary"
                                + " where spectator_delay > 0 and (status <> 'ENDED' or updated_at > ?)",
                        (rs, n) -> {
                            boolean ended = "ENDED".equals(rs.getString("status"));
                            Instant publicUntil = now.minusSeconds(rs.getInt("spectator_delay"));
                            return !ended
                                            || ReadModelJdbc.instant(rs, "updated_at")
                                                    .isAfter(publicUntil)
                                    ? rs.getString("match_id")
                                    : null;
                        },
                        ReadModelJdbc.ts(now.minusSeconds(MAX_DELAY_SECONDS)))
                .stream()
                .filter(java.util.Objects::nonNull)
                .toList();
    }

    /** The longest spectator delay a match may have (MatchOptions). */
    static final int MAX_DELAY_SECONDS = 900;

    /** Every row, by match id (to compare a rebuilt model with the live one). */
    public List<MatchSummary> all() {
        return withSeats(jdbc.query("select * from rm_match_summary order by match_id", ROW));
    }

    /** The rows with their players (seats A to F in order) and the winner's name. */
    private List<MatchSummary> withSeats(List<MatchSummary> rows) {
        if (rows.isEmpty()) {
            return rows;
        }
        java.util.Map<String, List<Player>> seats = new java.util.HashMap<>();
        String in = String.join(",", java.util.Collections.nCopies(rows.size(), "?"));
        jdbc.query(
                "select match_id, seat, player_name from rm_match_seat where match_id in ("
                        + in
                        + ")",
                rs -> {
                    seats.computeIfAbsent(rs.getString(1), k -> new ArrayList<>())
                            .add(new Player(Seat.valueOf(rs.getString(2)), rs.getString(3)));
                },
                rows.stream().map(MatchSummary::matchId).toArray());
        return rows.stream()
                .map(
                        r -> {
                            List<Player> players =
                                    new ArrayList<>(seats.getOrDefault(r.matchId(), List.of()));
                            players.sort(java.util.Comparator.comparing(Player::seat));
                            String winnerName =
                                    r.winner() == null
                                            ? null
                                            : players.stream()
                                                    .filter(p -> p.seat() == r.winner())
                                                    .map(Player::name)
                                                    .findFirst()
                                                    .orElse(null);
                            return new MatchSummary(
                                    r.matchId(),
                                    r.ruleset(),
                                    List.copyOf(players),
                                    r.turn(),
                                    r.status(),
                                    r.winner(),
                                    winnerName,
                                    r.reason(),
                                    r.createdAt(),
                                    r.updatedAt());
                        })
                .toList();
    }

    /** A row without its players (see {@link #withSeats}). */
    private static final RowMapper<MatchSummary> ROW =
            (rs, n) -> {
                String w = rs.getString("winner");
                Seat winner = w == null ? null : Seat.valueOf(w);
                return new MatchSummary(
                        rs.getString("match_id"),
                        rs.getString("ruleset"),
                        List.of(),
                        rs.getInt("turn"),
                        rs.getString("status"),
                        winner,
                        null,
                        rs.getString("reason"),
                        ReadModelJdbc.instant(rs, "created_at"),
                        ReadModelJdbc.instant(rs, "updated_at"));
            };
}
