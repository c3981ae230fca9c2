package io.duelhall.projections.tournaments;

import io.duelhall.domain.tournament.TournamentRules;
import io.duelhall.domain.tournament.TournamentStoredEvent;
import io.duelhall.projections.Projections;
import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.TrackingToken;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;

/**
 * The tournaments for {@code GET /api/tournaments} (rm_tournament): one row per tournament with
 * what the list shows (name, ruleset, format, status, round, entrants, organizer, creation time),
 * newest first by the store position of its creation. Folded as {@code TournamentState} folds the
 * same events: entrants counted by {@code EntryAdded} less the entries withdrawn before the start
 * (a drop after it keeps the entry), the round the latest {@code RoundPaired}'s (a round paired
 * again keeps its number), {@code Started} and {@code Ended} the status.
 *
 * <p>The events are the command side's records ({@code TournamentEvents}), which this module does
 * not see: it takes every {@link TournamentStoredEvent} and reads the few fields it needs by their
 * stored names (a stored event's fields never change). Every update is guarded by the event's
 * sequence number, so replaying or redelivering events changes nothing.
 */
@ProcessingGroup(Projections.TOURNAMENT_LIST)
public class TournamentListProjection {
    private final JdbcTemplate jdbc;

    /** A listed tournament, as {@code GET /api/tournaments} shows it. */
    public record TournamentSummary(
            String tournamentId,
            String name,
            String ruleset,
            String format,
            String status,
            int round,
            int entrants,
            String organizer,
            Instant createdAt) {}

    /** A page of the list and whether more follow. */
    public record Page(List<TournamentSummary> tournaments, boolean more) {}

    public TournamentListProjection(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @EventHandler
    public void on(
            TournamentStoredEvent event, DomainEventMessage<?> message, TrackingToken token) {
        long position = token == null ? Long.MAX_VALUE : token.position().orElse(Long.MAX_VALUE);
        apply(message.getAggregateIdentifier(), message.getSequenceNumber(), position, event);
    }

    /**
     * Applies a tournament's event (its sequence number {@code seq}, store position {@code
     * position}).
     */
    public void apply(String tournamentId, long seq, long position, Object event) {
        String kind = event.getClass().getSimpleName();
        if (kind.equals("Created")) {
            TournamentRules rules = (TournamentRules) field(event, "rules");
            jdbc.update(
                    "insert into rm_tournament (tournament_id, position, name, ruleset, format, status,"
                            + " round, entrants, organizer, created_at, last_seq) select ?, ?, ?, ?, ?,"
                            + " 'REGISTERING', 0, 0, ?, ?, ? where not exists (select 1 from"
                            + " rm_tournament where tournament_id = ?)",
                    tournamentId,
                    position,
                    field(event, "name"),
                    field(event, "ruleset"),
                    rules.format().name(),
                    field(event, "organizerName"),
                    ((Instant) field(event, "at")).toString(),
                    seq,
                    tournamentId);
            return;
        }
        String set =
                switch (kind) {
                    case "EntryAdded" -> "entrants = entrants + 1";
                    case "EntryWithdrawn" ->
                            "entrants = case when status = 'REGISTERING' then entrants - 1 else"
                                    + " entrants end";
                    case "Started" -> "status = 'RUNNING'";
                    case "RoundPaired" -> "round = " + (int) field(event, "round");
                    case "Ended" -> "status = 'ENDED'";
                    default -> null; // nothing the list shows
                };
        if (set == null) {
            jdbc.update(
                    "update rm_tournament set last_seq = ? where tournament_id = ? and last_seq < ?",
                    seq,
                    tournamentId,
                    seq);
            return;
        }
        jdbc.update(
                "update rm_tournament set "
                        + set
                        + ", last_seq = ? where tournament_id = ? and last_seq < ?",
                seq,
                tournamentId,
                seq);
    }

    private static Object field(Object record, String name) {
        for (RecordComponent c : record.getClass().getRecordComponents()) {
            if (c.getName().equals(name)) {
                try {
                    return c.getAccessor().invoke(record);
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        throw new IllegalStateException(
                record.getClass().getName()
                        + " has no field "
                        + name
                        + " (a stored event's field)");
    }

    @ResetHandler
    public void reset() {
        jdbc.update("delete from rm_tournament");
    }

    /**
     * A page of the list, newest first: of one status ({@code REGISTERING}, {@code RUNNING}, {@code
     * ENDED}) or all (null), {@code limit} rows from {@code offset}.
     */
    public Page page(String status, int limit, int offset) {
        List<TournamentSummary> rows =
                status == null
                        ? jdbc.query(
                                "select * from rm_tournament order by position desc, tournament_id"
                                        + " limit ? offset ?",
                                ROW,
                                limit + 1,
                                offset)
                        : jdbc.query(
                                "select * from rm_tournament where status = ? order by position"
                                        + " desc, tournament_id limit ? offset ?",
                                ROW,
                                status,
                                limit + 1,
                                offset);
        boolean more = rows.size() > limit;
        return new Page(more ? new ArrayList<>(rows.subList(0, limit)) : rows, more);
    }

    /** Every row, newest first (tests and rebuild checks). */
    public List<TournamentSummary> all() {
        return jdbc.query("select * from rm_tournament order by position desc, tournament_id", ROW);
    }

    /** One tournament's row, or null. */
    public TournamentSummary find(String tournamentId) {
        List<TournamentSummary> rows =
                jdbc.query(
                        "select * from rm_tournament where tournament_id = ?", ROW, tournamentId);
        return rows.isEmpty() ? null : rows.get(0);
    }

    private static final RowMapper<TournamentSummary> ROW =
            (rs, n) ->
                    new TournamentSummary(
                            rs.getString("tournament_id"),
                            rs.getString("name"),
                            rs.getString("ruleset"),
                            rs.getString("format"),
                            rs.getString("status"),
                            rs.getInt("round"),
                            rs.getInt("entrants"),
                            rs.getString("organizer"),
                            Instant.parse(rs.getString("created_at")));
}
