package io.duelhall.infra.fairness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.duelhall.domain.IntentRefused;
import io.duelhall.fairness.chain.EventChain;
import io.duelhall.fairness.record.StoredEvent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Reads a match's events straight from Axon's {@code domain_event_entry} table, as stored bytes:
 * the audit checks the chain over what is on disk, not over what deserializing and serializing
 * again would give.
 */
@Component
class StoredEvents {
    /**
     * At most this many refused intents are read into one record (they are rate-limited per match
     * when published).
     */
    static final int MAX_REFUSALS = 10_000;

    private final JdbcTemplate jdbc;
    private final ObjectMapper mapper;

    /**
     * Every name IntentRefused was stored under: its logical name and the class name of earlier
     * releases.
     */
    private final List<String> refusedTypes;

    public StoredEvents(
            JdbcTemplate jdbc,
            @Qualifier("axonObjectMapper") ObjectMapper mapper,
            io.duelhall.domain.EventNames names) {
        this.jdbc = jdbc;
        this.mapper = mapper;
        String name = names.nameOf(IntentRefused.class).orElseThrow();
        List<String> types = new ArrayList<>(List.of(name));
        names.legacy()
                .forEach(
                        (stored, logical) -> {
                            if (logical.equals(name)) {
                                types.add(stored);
                            }
                        });
        this.refusedTypes = List.copyOf(types);
    }

    /** The match's events in sequence order; empty if there is no such match. */
    public List<StoredEvent> of(String matchId) {
        return jdbc.query(
                "select sequence_number, payload_type, time_stamp, payload, meta_data from domain_event_entry"
                        + " where aggregate_identifier = ? order by sequence_number",
                (rs, n) ->
                        new StoredEvent(
                                rs.getLong(1),
                                StoredEvent.typeName(rs.getString(2)),
                                rs.getString(3),
                                text(rs.getBytes(4)),
                                chain(rs.getBytes(5))),
                matchId);
    }

    /**
     * The intents refused for this match (IntentRefused payloads, JSON text, in publishing order).
     * They are not in the match's stream: they are found among the events stored since the match
     * began. Issue 3's audit-trail read model can answer this from an index once it exists.
     */
    public List<String> refusals(String matchId) {
        Long from =
                jdbc.queryForObject(
                        "select min(global_index) from domain_event_entry where aggregate_identifier = ?",
                        Long.class,
                        matchId);
        if (from == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        String in = String.join(", ", java.util.Collections.nCopies(refusedTypes.size(), "?"));
        List<Object> args = new ArrayList<>(refusedTypes);
        args.add(from);
        jdbc.query(
                "select payload from domain_event_entry where payload_type in ("
                        + in
                        + ") and global_index > ?"
                        + " order by global_index",
                rs -> {
                    if (out.size() >= MAX_REFUSALS) {
                        return;
                    }
                    String json = text(rs.getBytes(1));
                    try {
                        JsonNode n = mapper.readTree(json);
                        if (n != null && matchId.equals(n.path("matchId").asText(null))) {
                            out.add(json);
                        }
                    } catch (IOException unreadable) {
                        // not ours to judge here: refusals are not chained
                    }
                },
                args.toArray());
        return out;
    }

    private static String text(byte[] bytes) {
        return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    }

    private String chain(byte[] metaData) {
        if (metaData == null) {
            return null;
        }
        try {
            JsonNode n = mapper.readTree(metaData);
            JsonNode c = n == null ? null : n.get(EventChain.METADATA_KEY);
            return c != null && c.isTextual() ? c.asText() : null;
        } catch (IOException unreadable) {
            return null;
        }
    }
}
