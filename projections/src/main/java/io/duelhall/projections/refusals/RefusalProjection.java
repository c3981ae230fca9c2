package io.duelhall.projections.refusals;

import com.fasterxml.jackson.annotation.JsonRawValue;
import io.duelhall.domain.IntentRefused;
import io.duelhall.projections.Projections;
import io.duelhall.projections.jdbc.ReadModelJdbc;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.ResetHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;

/**
 * The audit trail of refused intents (rm_refusal), so a disputed "my play was refused" can be
 * looked up: time, seat, code, ruling id, message and the intent as sent. Fed by {@link
 * IntentRefused}, which the command side publishes at most {@code
 * duelhall.audit.refusals-per-minute} times per match. Keyed by the event's id.
 */
@ProcessingGroup(Projections.REFUSALS)
public class RefusalProjection {
    static final int MAX_MESSAGE = 2000;
    static final int MAX_INTENT = 20000;

    private final JdbcTemplate jdbc;
    private final Function<Object, String> json;

    /** {@code seat} is null when the token was not a seat of the match; {@code intent} is JSON. */
    public record RefusalEntry(
            String matchId,
            String intentId,
            String seat,
            String code,
            String rule,
            String message,
            String intentType,
            @JsonRawValue String intent,
            Instant at) {}

    public RefusalProjection(JdbcTemplate jdbc, Function<Object, String> json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    @EventHandler
    public void on(IntentRefused event, EventMessage<?> message) {
        record(message.getIdentifier(), event);
    }

    public void record(String eventId, IntentRefused e) {
        if (jdbc.queryForObject(
                        "select count(*) from rm_refusal where event_id = ?",
                        Integer.class,
                        eventId)
                > 0) {
            return;
        }
        jdbc.update(
                "insert into rm_refusal (event_id, match_id, intent_id, seat, code, rule_id, message, intent_type,"
                        + " intent_json, refused_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                eventId,
                e.matchId(),
                e.intentId(),
                e.seat() == null ? null : e.seat().name(),
                e.code(),
                e.rule(),
                cut(e.message(), MAX_MESSAGE),
                e.intent() == null ? null : e.intent().type(),
                e.intent() == null ? null : cut(json.apply(e.intent()), MAX_INTENT),
                ReadModelJdbc.ts(e.at()));
    }

    private static String cut(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }

    @ResetHandler
    public void reset() {
        jdbc.update("delete from rm_refusal");
    }

    /** A match's refusals, oldest first. */
    public List<RefusalEntry> find(String matchId) {
        return jdbc.query(
                "select * from rm_refusal where match_id = ? order by refused_at, event_id",
                ROW,
                matchId);
    }

    public List<RefusalEntry> all() {
        return jdbc.query("select * from rm_refusal order by event_id", ROW);
    }

    private static final RowMapper<RefusalEntry> ROW =
            (rs, n) ->
                    new RefusalEntry(
                            rs.getString("match_id"),
                            rs.getString("intent_id"),
                            rs.getString("seat"),
                            rs.getString("code"),
                            rs.getString("rule_id"),
                            rs.getString("message"),
                            rs.getString("intent_type"),
                            rs.getString("intent_json"),
                            ReadModelJdbc.instant(rs, "refused_at"));
}
