package io.duelhall.fairness.record;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.RulesVersion;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Rulesets;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads match records back (docs/fairness.md, "The match record"): record text strictly, the
 * ruleset (and version) a record was played under, and its events as the domain's types, by the
 * type names the event store gives them (the simple class name). Pure: the export, the audit and
 * the command-line audit share it.
 */
public final class RecordDecoder {
    private final ObjectMapper mapper;

    /**
     * Strict reading of stored JSON: duplicate keys and trailing text are errors, not silently
     * dropped.
     */
    private final ObjectMapper strict;

    private final Rulesets rulesets;
    private final Map<String, Map<String, Class<? extends MatchEvent>>> types = new HashMap<>();

    /** A reader per event class, made once (as {@code mapper.treeToValue} would each time). */
    /**
     * A reader per event type, made at its first use (making all of them at construction was 3.6 %
     * of the app's start on its main thread, issue 46).
     */
    private final Map<Class<? extends MatchEvent>, ObjectReader> readers =
            new java.util.concurrent.ConcurrentHashMap<>();

    public RecordDecoder(ObjectMapper mapper, Rulesets rulesets) {
        this.mapper = mapper;
        this.strict = mapper.copy();
        this.strict.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        this.strict.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        this.rulesets = rulesets;
        for (String id : rulesets.ids()) {
            Map<String, Class<? extends MatchEvent>> byName = new HashMap<>();
            // the core's events (IntentAccepted, SeatTokenIssued, ClockSet, SeatDeadlineSet,
            // MatchExpired, InvitationIssued, ClockExtended), then the rules'
            byName.putAll(io.duelhall.domain.CoreEvents.byName(rulesets.get(id)));
            types.put(id, byName);
        }
    }

    public ObjectMapper mapper() {
        return mapper;
    }

    /** An event of a record read back into the domain's type, or why it could not be. */
    public record Decoded(MatchEvent event, String problem) {}

    /**
     * The ruleset of a record, at the version its opening event names: the ruleset it declares if
     * hosted here, else the hosted ruleset whose opening event type is the type of its first event;
     * null if none. When this server does not serve that version, the current version (which reads
     * the same event types), so the record can still be read and the audit's engine check names the
     * difference.
     */
    public Ruleset rulesetOf(String declared, JsonNode events) {
        Ruleset current = null;
        // the opening event names its ruleset: every ruleset may call its opening "MatchCreated"
        String opened =
                events != null && events.size() > 0
                        ? events.get(0).path("payload").path("ruleset").asText(null)
                        : null;
        if (declared == null && opened != null && rulesets.find(opened).isPresent()) {
            declared = opened;
        }
        if (declared != null && rulesets.find(declared).isPresent()) {
            current = rulesets.get(declared);
        } else {
            String first =
                    events != null && events.size() > 0
                            ? events.get(0).path("type").asText("")
                            : "";
            for (String id : rulesets.ids()) {
                Class<? extends MatchEvent> c = types.get(id).get(first);
                if (c != null && MatchOpening.class.isAssignableFrom(c)) {
                    current = rulesets.get(id);
                    break;
                }
            }
        }
        if (current == null || events == null || events.isEmpty()) {
            return current;
        }
        JsonNode opening = events.get(0).path("payload");
        String engine = opening.path("engineVersion").asText(null);
        String catalog = opening.path("catalogVersion").asText(null);
        if (engine == null || catalog == null || engine.isBlank() || catalog.isBlank()) {
            return current;
        }
        return rulesets.find(current.id(), new RulesVersion(engine, catalog)).orElse(current);
    }

    /** Every version of a ruleset this server serves, the current one first. */
    public List<Ruleset> served(String rulesetId) {
        return rulesets.served(rulesetId);
    }

    /** Each event of {@code events} (record form) as the domain type its "type" names. */
    public List<Decoded> decode(Ruleset ruleset, JsonNode events) {
        List<Decoded> out = new ArrayList<>();
        Map<String, Class<? extends MatchEvent>> byName =
                ruleset == null ? Map.of() : types.get(ruleset.id());
        for (JsonNode e : events) {
            String type = e.path("type").asText(null);
            Class<? extends MatchEvent> c = type == null ? null : byName.get(type);
            JsonNode payload = e.get("payload");
            if (c == null) {
                out.add(new Decoded(null, "unknown event type '" + type + "'"));
            } else if (payload == null || !payload.isObject()) {
                out.add(new Decoded(null, "the payload is not a JSON object"));
            } else {
                try {
                    out.add(
                            new Decoded(
                                    readers.computeIfAbsent(c, mapper::readerFor)
                                            .readValue(payload),
                                    null));
                } catch (IOException | IllegalArgumentException e1) {
                    out.add(
                            new Decoded(
                                    null, "cannot be read as " + type + ": " + e1.getMessage()));
                }
            }
        }
        return out;
    }

    public static List<MatchEvent> readable(List<Decoded> decoded) {
        return decoded.stream().filter(d -> d.event() != null).map(Decoded::event).toList();
    }

    /**
     * Reads a record's text strictly: one JSON value, no duplicate keys (which readers could
     * resolve differently).
     */
    public JsonNode read(String text) throws IOException {
        JsonNode n = strict.readTree(text);
        if (n == null) {
            throw new IOException("empty");
        }
        return n;
    }

    /** Whether these decoded events (of ruleset {@code r}) end their match. */
    public boolean ended(Ruleset r, List<Decoded> decoded) {
        return r.replay(readable(decoded)).status() == MatchStatus.ENDED;
    }

    /** Stored JSON text as a tree, strictly; text that is not JSON stays a JSON string. */
    JsonNode json(String text) {
        if (text == null) {
            return JsonNodeFactory.instance.nullNode();
        }
        try {
            JsonNode n = strict.readTree(text);
            return n == null ? TextNode.valueOf(text) : n;
        } catch (IOException notJson) {
            return TextNode.valueOf(text);
        }
    }
}
