package io.duelhall.projections.history;

import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.voidexa.VoidexaEvent.MatchEnded;
import io.duelhall.domain.voidexa.VoidexaEvent.MatchStarted;
import io.duelhall.domain.voidexa.VoidexaEvent.PlayerJoined;
import io.duelhall.projections.Projections;
import io.duelhall.projections.Rows;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;

import java.time.Instant;
import java.util.List;

/**
 * Each player's matches (rm_player_match), keyed by player name, match and seat. The outcome is read off
 * {@code MatchEnded}: the winner won, every other seat lost (a concession is a loss, V-WIN-3; a match both lost,
 * V-WIN-4, is a loss for both).
 */
@ProcessingGroup(Projections.PLAYER_HISTORY)
public class PlayerHistoryProjection {
    private final JdbcTemplate jdbc;

    /** {@code outcome} is WON, LOST, or null while the match goes on. */
    public record PlayerMatch(String player, String matchId, String seat, String opponent, String status,
                              String outcome, String reason, Instant joinedAt, Instant endedAt) {
    }

    public PlayerHistoryProjection(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    // One handler per event type it reads: batches without any of them open no transaction.
    @EventHandler
    public void on(PlayerJoined event, DomainEventMessage<?> message) {
        apply(message.getAggregateIdentifier(), message.getTimestamp(), event);
    }

    @EventHandler
    public void on(MatchStarted event, DomainEventMessage<?> message) {
        apply(message.getAggregateIdentifier(), message.getTimestamp(), event);
    }

    @EventHandler
    public void on(MatchEnded event, DomainEventMessage<?> message) {
        apply(message.getAggregateIdentifier(), message.getTimestamp(), event);
    }

    public void apply(String matchId, Instant at, MatchEvent event) {
        if (event instanceof PlayerJoined j) {
            String seat = j.seat().name();
            if (jdbc.queryForObject("select count(*) from rm_player_match where match_id = ? and seat = ?",
                    Integer.class, matchId, seat) == 0) {
                String opponent = jdbc.query("select player_name from rm_player_match where match_id = ? and seat <> ?",
                        (rs, n) -> rs.getString(1), matchId, seat).stream().findFirst().orElse(null);
                jdbc.update("insert into rm_player_match (player_name, match_id, seat, opponent, status, joined_at)"
                        + " values (?, ?, ?, ?, 'WAITING', ?)", j.name(), matchId, seat, opponent, Rows.ts(at));
            }
            jdbc.update("update rm_player_match set opponent = ? where match_id = ? and seat <> ?", j.name(), matchId, seat);
        } else if (event instanceof MatchStarted) {
            jdbc.update("update rm_player_match set status = 'LIVE' where match_id = ?", matchId);
        } else if (event instanceof MatchEnded e) {
            jdbc.update("update rm_player_match set status = 'ENDED', reason = ?, ended_at = ?,"
                            + " outcome = case when seat = ? then 'WON' else 'LOST' end where match_id = ?",
                    e.reason(), Rows.ts(at), e.winner() == null ? "-" : e.winner().name(), matchId);
        }
    }

    @ResetHandler
    public void reset() {
        jdbc.update("delete from rm_player_match");
    }

    /** A player's matches, most recent first. */
    public List<PlayerMatch> find(String player, int limit) {
        return jdbc.query("select * from rm_player_match where player_name = ? order by joined_at desc, match_id limit ?",
                ROW, player, limit);
    }

    public List<PlayerMatch> all() {
        return jdbc.query("select * from rm_player_match order by player_name, match_id, seat", ROW);
    }

    private static final RowMapper<PlayerMatch> ROW = (rs, n) -> new PlayerMatch(rs.getString("player_name"),
            rs.getString("match_id"), rs.getString("seat"), rs.getString("opponent"), rs.getString("status"),
            rs.getString("outcome"), rs.getString("reason"), Rows.instant(rs, "joined_at"), Rows.instant(rs, "ended_at"));
}
