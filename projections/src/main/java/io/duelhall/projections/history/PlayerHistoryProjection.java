package io.duelhall.projections.history;

import io.duelhall.domain.Lifecycle;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.Seat;
import io.duelhall.projections.Projections;
import io.duelhall.projections.jdbc.ReadModelJdbc;
import java.time.Instant;
import java.util.List;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;

/**
 * Each player's matches (rm_player_match), keyed by player name, match and seat. The outcome is
 * read off the ruleset's end event ({@link Lifecycle.Ended}): WON, LOST or DRAWN per seat (a
 * concession is a loss, V-WIN-3; a voidexa match both lost, V-WIN-4, is a loss for both). {@code
 * opponent} names the other seats, comma-separated in seat order (one name in a two-seat game).
 */
@ProcessingGroup(Projections.PLAYER_HISTORY)
public class PlayerHistoryProjection {
    private final JdbcTemplate jdbc;

    /** {@code outcome} is WON, LOST, DRAWN, or null while the match goes on. */
    public record PlayerMatch(
            String player,
            String matchId,
            String seat,
            String opponent,
            String status,
            String outcome,
            String reason,
            Instant joinedAt,
            Instant endedAt,
            boolean guest) {}

    public PlayerHistoryProjection(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    // One handler per event type it reads: batches without any of them open no transaction.
    @EventHandler
    public void on(Lifecycle.SeatTaken event, DomainEventMessage<?> message) {
        apply(message.getAggregateIdentifier(), message.getTimestamp(), event);
    }

    @EventHandler
    public void on(Lifecycle.Started event, DomainEventMessage<?> message) {
        apply(message.getAggregateIdentifier(), message.getTimestamp(), event);
    }

    @EventHandler
    public void on(Lifecycle.Ended event, DomainEventMessage<?> message) {
        apply(message.getAggregateIdentifier(), message.getTimestamp(), event);
    }

    public void apply(String matchId, Instant at, MatchEvent event) {
        if (event instanceof Lifecycle.SeatTaken j) {
            String seat = j.seat().name();
            if (jdbc.queryForObject(
                            "select count(*) from rm_player_match where match_id = ? and seat = ?",
                            Integer.class,
                            matchId,
                            seat)
                    == 0) {
                jdbc.update(
                        "insert into rm_player_match (player_name, match_id, seat, opponent, status, joined_at,"
                                + " account_id) values (?, ?, ?, null, 'WAITING', ?, ?)",
                        j.name(),
                        matchId,
                        seat,
                        ReadModelJdbc.ts(at),
                        j.accountId());
            }
            // every seat's opponents: the other seats' players, in seat order
            List<String[]> seats =
                    jdbc.query(
                            "select seat, player_name from rm_player_match where match_id = ?"
                                    + " order by seat",
                            (rs, n) -> new String[] {rs.getString(1), rs.getString(2)},
                            matchId);
            for (String[] mine : seats) {
                String others =
                        seats.stream()
                                .filter(o -> !o[0].equals(mine[0]))
                                .map(o -> o[1])
                                .reduce((x, y) -> x + ", " + y)
                                .orElse(null);
                jdbc.update(
                        "update rm_player_match set opponent = ? where match_id = ? and seat = ?",
                        others,
                        matchId,
                        mine[0]);
            }
        } else if (event instanceof Lifecycle.Started) {
            jdbc.update("update rm_player_match set status = 'LIVE' where match_id = ?", matchId);
        } else if (event instanceof Lifecycle.Ended e) {
            for (String seat :
                    jdbc.queryForList(
                            "select seat from rm_player_match where match_id = ?",
                            String.class,
                            matchId)) {
                jdbc.update(
                        "update rm_player_match set status = 'ENDED', reason = ?, ended_at = ?, outcome = ?"
                                + " where match_id = ? and seat = ?",
                        e.reason(),
                        ReadModelJdbc.ts(at),
                        e.outcome(Seat.valueOf(seat)).name(),
                        matchId,
                        seat);
            }
        }
    }

    @ResetHandler
    public void reset() {
        jdbc.update("delete from rm_player_match");
    }

    /**
     * A player's matches, most recent first. Under a name a registered player has played as, only
     * that account's seats: a guest who sat under the same name is not that player (issue 45,
     * finding 5). Under any other name, the guests' seats, each marked {@code guest}.
     */
    public List<PlayerMatch> find(String player, int limit) {
        return jdbc.query(
                "select * from rm_player_match where player_name = ? and (account_id is not null"
                        + " or not exists (select 1 from rm_player_match r where r.player_name = ?"
                        + " and r.account_id is not null))"
                        + " order by joined_at desc, match_id limit ?",
                ROW,
                player,
                player,
                limit);
    }

    public List<PlayerMatch> all() {
        return jdbc.query(
                "select * from rm_player_match order by player_name, match_id, seat", ROW);
    }

    private static final RowMapper<PlayerMatch> ROW =
            (rs, n) ->
                    new PlayerMatch(
                            rs.getString("player_name"),
                            rs.getString("match_id"),
                            rs.getString("seat"),
                            rs.getString("opponent"),
                            rs.getString("status"),
                            rs.getString("outcome"),
                            rs.getString("reason"),
                            ReadModelJdbc.instant(rs, "joined_at"),
                            ReadModelJdbc.instant(rs, "ended_at"),
                            rs.getString("account_id") == null);
}
