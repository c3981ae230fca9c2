package io.duelhall.projections.list;

import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.VoidexaEvent.MatchEnded;
import io.duelhall.domain.voidexa.VoidexaEvent.MatchStarted;
import io.duelhall.domain.voidexa.VoidexaEvent.PlayerJoined;
import io.duelhall.domain.voidexa.VoidexaEvent.TurnStarted;
import io.duelhall.projections.Projections;
import io.duelhall.projections.Rows;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Live and recent matches (rm_match_summary): one row per match, updated by the events that say what changed
 * (opening, seats taken, start, each turn, the end). Every update is an assignment keyed by match id and guarded
 * by the event's sequence number, so replaying or redelivering events changes nothing.
 */
@ProcessingGroup(Projections.MATCH_LIST)
public class MatchListProjection {
    private final JdbcTemplate jdbc;

    public record Player(Seat seat, String name) {
    }

    /** What {@code GET /api/matches} lists. {@code winner} is null while live and when both lost (V-WIN-4). */
    public record MatchSummary(String matchId, String ruleset, List<Player> players, int turn, String status,
                               Seat winner, String winnerName, String reason, Instant createdAt, Instant updatedAt) {
    }

    public MatchListProjection(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    // One handler per event type that changes a summary: a processor only opens a transaction for a batch with
    // events some handler takes, so the many events that change no summary cost nothing here.
    @EventHandler
    public void on(MatchOpening event, DomainEventMessage<?> message) {
        handle(event, message);
    }

    @EventHandler
    public void on(PlayerJoined event, DomainEventMessage<?> message) {
        handle(event, message);
    }

    @EventHandler
    public void on(MatchStarted event, DomainEventMessage<?> message) {
        handle(event, message);
    }

    @EventHandler
    public void on(TurnStarted event, DomainEventMessage<?> message) {
        handle(event, message);
    }

    @EventHandler
    public void on(MatchEnded event, DomainEventMessage<?> message) {
        handle(event, message);
    }

    private void handle(MatchEvent event, DomainEventMessage<?> message) {
        apply(message.getAggregateIdentifier(), message.getSequenceNumber(), message.getTimestamp(), event);
    }

    public void apply(String matchId, long seq, Instant at, MatchEvent event) {
        if (event instanceof MatchOpening o) {
            if (count(matchId) == 0) {
                int delay = o.options() == null ? 0 : o.options().spectatorDelaySeconds();
                jdbc.update("insert into rm_match_summary (match_id, ruleset, status, turn, created_at, updated_at, last_seq,"
                        + " spectator_delay) values (?, ?, 'WAITING', 0, ?, ?, ?, ?)", matchId, o.ruleset(), Rows.ts(at),
                        Rows.ts(at), seq, delay);
            }
        } else if (event instanceof PlayerJoined j && (j.seat() == Seat.A || j.seat() == Seat.B)) {
            update(matchId, seq, at, "player_" + j.seat().name().toLowerCase() + " = ?", j.name());
        } else if (event instanceof MatchStarted) {
            update(matchId, seq, at, "status = 'LIVE'");
        } else if (event instanceof TurnStarted t) {
            update(matchId, seq, at, "turn = ?", t.turn());
        } else if (event instanceof MatchEnded e) {
            update(matchId, seq, at, "status = 'ENDED', winner = ?, reason = ?",
                    e.winner() == null ? null : e.winner().name(), e.reason());
        }
    }

    private int count(String matchId) {
        return jdbc.queryForObject("select count(*) from rm_match_summary where match_id = ?", Integer.class, matchId);
    }

    private void update(String matchId, long seq, Instant at, String assignments, Object... values) {
        List<Object> args = new ArrayList<>(java.util.Arrays.asList(values));
        args.add(Rows.ts(at));
        args.add(seq);
        args.add(matchId);
        args.add(seq);
        jdbc.update("update rm_match_summary set " + assignments + ", updated_at = ?, last_seq = ?"
                + " where match_id = ? and last_seq < ?", args.toArray());
    }

    @ResetHandler
    public void reset() {
        jdbc.update("delete from rm_match_summary");
    }

    /** Matches with {@code status} (all when null), most recently active first. */
    public List<MatchSummary> find(String status, int limit) {
        if (status == null) {
            return jdbc.query("select * from rm_match_summary order by updated_at desc, match_id limit ?", ROW, limit);
        }
        return jdbc.query("select * from rm_match_summary where status = ? order by updated_at desc, match_id limit ?",
                ROW, status, limit);
    }

    /**
     * Matches with a spectator delay whose row may be ahead of what the public may see at {@code now}: not ended, or
     * changed less than the delay ago. (The read side shows these as they stood {@code spectator_delay} ago.)
     */
    public List<String> delayedAt(Instant now) {
        return jdbc.query("select match_id, spectator_delay, status, updated_at from rm_match_summary"
                        + " where spectator_delay > 0 and (status <> 'ENDED' or updated_at > ?)",
                (rs, n) -> {
                    boolean ended = "ENDED".equals(rs.getString("status"));
                    Instant publicUntil = now.minusSeconds(rs.getInt("spectator_delay"));
                    return !ended || Rows.instant(rs, "updated_at").isAfter(publicUntil) ? rs.getString("match_id") : null;
                }, Rows.ts(now.minusSeconds(MAX_DELAY_SECONDS))).stream().filter(java.util.Objects::nonNull).toList();
    }

    /** The longest spectator delay a match may have (MatchOptions). */
    static final int MAX_DELAY_SECONDS = 900;

    /** Every row, by match id (to compare a rebuilt model with the live one). */
    public List<MatchSummary> all() {
        return jdbc.query("select * from rm_match_summary order by match_id", ROW);
    }

    private static final RowMapper<MatchSummary> ROW = (rs, n) -> {
        List<Player> players = new ArrayList<>();
        if (rs.getString("player_a") != null) {
            players.add(new Player(Seat.A, rs.getString("player_a")));
        }
        if (rs.getString("player_b") != null) {
            players.add(new Player(Seat.B, rs.getString("player_b")));
        }
        String w = rs.getString("winner");
        Seat winner = w == null ? null : Seat.valueOf(w);
        String winnerName = winner == null ? null : rs.getString(winner == Seat.A ? "player_a" : "player_b");
        return new MatchSummary(rs.getString("match_id"), rs.getString("ruleset"), players, rs.getInt("turn"),
                rs.getString("status"), winner, winnerName, rs.getString("reason"), Rows.instant(rs, "created_at"),
                Rows.instant(rs, "updated_at"));
    };
}
