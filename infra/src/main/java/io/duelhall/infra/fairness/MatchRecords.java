package io.duelhall.infra.fairness;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.duelhall.domain.ClockSet;
import io.duelhall.domain.GameState;
import io.duelhall.domain.IntentAccepted;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.MatchSetup;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.RulesVersion;
import io.duelhall.domain.SeatTokenIssued;
import io.duelhall.command.chain.CanonicalJson;
import io.duelhall.command.chain.EventChain;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The match record (docs/fairness.md, "The match record"): how it is built from stored events, how its events are
 * read back into the domain's types, and the bytes its signature covers. Pure: the HTTP export, the audit and the
 * command-line audit share it.
 */
public final class MatchRecords {
    public static final String FORMAT = "duelhall-match-record/1";
    /** The record's members that are derived from its events; the audit rebuilds and compares them. */
    static final List<String> SUMMARY = List.of("matchId", "ruleset", "engineVersion", "catalogVersion", "seeds",
            "seats", "intents", "chainHead");

    private final ObjectMapper mapper;
    /** Strict reading of stored JSON: duplicate keys and trailing text are errors, not silently dropped. */
    private final ObjectMapper strict;
    private final Rulesets rulesets;
    private final Map<String, Map<String, Class<? extends MatchEvent>>> types = new HashMap<>();
    /** A reader per event class, made once (as {@code mapper.treeToValue} would each time). */
    private final Map<Class<? extends MatchEvent>, ObjectReader> readers = new HashMap<>();

    public MatchRecords(ObjectMapper mapper, Rulesets rulesets) {
        this.mapper = mapper;
        this.strict = mapper.copy();
        this.strict.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        this.strict.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        this.rulesets = rulesets;
        for (String id : rulesets.ids()) {
            Map<String, Class<? extends MatchEvent>> byName = new HashMap<>();
            // the core's events (IntentAccepted, SeatTokenIssued, ClockSet, SeatDeadlineSet, MatchExpired), then the rules'
            byName.putAll(io.duelhall.domain.CoreEvents.byName(rulesets.get(id)));
            types.put(id, byName);
            byName.values().forEach(c -> readers.computeIfAbsent(c, mapper::readerFor));
        }
    }

    public ObjectMapper mapper() {
        return mapper;
    }

    /** An event of a record read back into the domain's type, or why it could not be. */
    public record Decoded(MatchEvent event, String problem) {
    }

    /**
     * A signed record as {@code GET /api/matches/{id}/audit} has just built it, with what was made on the way: its
     * ruleset, its events decoded, and each event payload's canonical bytes (by payload node), which the signature
     * was made with. The audit uses them instead of making them again from the record; it runs every check all the
     * same. Nothing of the record may be changed after it is built.
     */
    public record Export(ObjectNode record, Ruleset ruleset, List<Decoded> decoded,
                         Map<JsonNode, byte[]> canonicalPayloads) {
    }

    /**
     * The ruleset of a record, at the version its opening event names: the ruleset it declares if hosted here, else
     * the hosted ruleset whose opening event type is the type of its first event; null if none. When this server
     * does not serve that version, the current version (which reads the same event types), so the record can still
     * be read and the audit's engine check names the difference.
     */
    public Ruleset rulesetOf(String declared, JsonNode events) {
        Ruleset current = null;
        // the opening event names its ruleset: every ruleset may call its opening "MatchCreated"
        String opened = events != null && events.size() > 0 ? events.get(0).path("payload").path("ruleset").asText(null) : null;
        if (declared == null && opened != null && rulesets.find(opened).isPresent()) {
            declared = opened;
        }
        if (declared != null && rulesets.find(declared).isPresent()) {
            current = rulesets.get(declared);
        } else {
            String first = events != null && events.size() > 0 ? events.get(0).path("type").asText("") : "";
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
        Map<String, Class<? extends MatchEvent>> byName = ruleset == null ? Map.of() : types.get(ruleset.id());
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
                    out.add(new Decoded(readers.get(c).readValue(payload), null));
                } catch (IOException | IllegalArgumentException e1) {
                    out.add(new Decoded(null, "cannot be read as " + type + ": " + e1.getMessage()));
                }
            }
        }
        return out;
    }

    static List<MatchEvent> readable(List<Decoded> decoded) {
        return decoded.stream().filter(d -> d.event() != null).map(Decoded::event).toList();
    }

    /** The record's events as the stored ones, payloads as stored (kept as a JSON string when not valid JSON). */
    public ArrayNode events(List<StoredEvent> stored) {
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        for (StoredEvent e : stored) {
            ObjectNode n = out.addObject();
            n.put("seq", e.seq());
            n.put("type", e.type());
            n.put("at", e.at());
            n.set("payload", json(e.payload()));
            n.put("chain", e.chain());
        }
        return out;
    }

    private JsonNode json(String text) {
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

    /** Reads a record's text strictly: one JSON value, no duplicate keys (which readers could resolve differently). */
    public JsonNode read(String text) throws IOException {
        JsonNode n = strict.readTree(text);
        if (n == null) {
            throw new IOException("empty");
        }
        return n;
    }

    /** Whether the stored events end their match: folded through the ruleset, the readable ones say ENDED. */
    public boolean ended(List<StoredEvent> stored) {
        ArrayNode events = events(stored);
        Ruleset r = rulesetOf(null, events);
        return r != null && ended(r, decode(r, events));
    }

    /** Whether these decoded events (of ruleset {@code r}) end their match. */
    public boolean ended(Ruleset r, List<Decoded> decoded) {
        GameState s = r.initial();
        for (MatchEvent e : readable(decoded)) {
            s = r.evolve(s, e);
        }
        return s.status() == MatchStatus.ENDED;
    }

    /** The unsigned record of a finished match. */
    public ObjectNode build(List<StoredEvent> stored, List<String> refusals, Instant exportedAt) {
        ArrayNode events = events(stored);
        Ruleset r = rulesetOf(null, events);
        return build(events, r, decode(r, events), refusals, exportedAt);
    }

    /**
     * The unsigned record of a finished match from its events in record form ({@link #events(List)}) and their
     * decoded form ({@link #decode}), so a caller that has them already does not read and decode them again.
     */
    public ObjectNode build(ArrayNode events, Ruleset r, List<Decoded> decoded, List<String> refusals, Instant exportedAt) {
        return build(events, r, decoded, refusals, exportedAt, null);
    }

    /** As above, naming the release that exports it ({@code release}, since issue 26; none when null). */
    public ObjectNode build(ArrayNode events, Ruleset r, List<Decoded> decoded, List<String> refusals, Instant exportedAt,
                            Release release) {
        ObjectNode record = JsonNodeFactory.instance.objectNode();
        record.put("format", FORMAT);
        record.setAll(summary(r, events, decoded));
        record.set("events", events);
        ArrayNode refused = record.putArray("refusedIntents");
        refusals.forEach(t -> refused.add(json(t)));
        record.put("exportedAt", exportedAt.toString());
        if (release != null) {
            record.set("release", release.json());
        }
        return record;
    }

    /** The members of a record derived from its events ({@link #SUMMARY}). */
    public ObjectNode summary(Ruleset ruleset, JsonNode events, List<Decoded> decoded) {
        ObjectNode s = JsonNodeFactory.instance.objectNode();
        MatchOpening opening = !decoded.isEmpty() && decoded.get(0).event() instanceof MatchOpening o ? o : null;
        s.put("matchId", opening == null ? null : opening.matchId());
        s.put("ruleset", opening == null ? null : opening.ruleset());
        s.put("engineVersion", opening == null ? null : opening.engineVersion());
        s.put("catalogVersion", opening == null ? null : opening.catalogVersion());
        MatchSetup setup = ruleset == null ? null : ruleset.setup(readable(decoded));
        ObjectNode seeds = s.putObject("seeds");
        seeds.put("seedCommitment", setup == null ? null : setup.seedCommitment());
        seeds.put("serverSeed", setup == null ? null : setup.revealedServerSeed());
        seeds.set("clientSeeds", mapper.valueToTree(setup == null ? Map.of() : setup.clientSeeds()));
        seeds.put("matchSeed", setup == null ? null : setup.matchSeed());
        s.set("seats", mapper.valueToTree(setup == null ? Map.of() : setup.seats()));
        ArrayNode intents = s.putArray("intents");
        for (int i = 0; i < decoded.size(); i++) {
            if (decoded.get(i).event() instanceof IntentAccepted a) {
                ObjectNode n = intents.addObject();
                n.set("seq", events.get(i).get("seq"));
                n.put("intentId", a.intentId());
                n.put("seat", a.seat() == null ? null : a.seat().name());
                n.put("at", a.at() == null ? null : a.at().toString());
                // the intent as stored (an older release's payload has no "choices"): never re-serialized
                JsonNode stored = events.get(i).path("payload").get("intent");
                n.set("intent", stored != null && stored.isObject() ? stored.deepCopy() : mapper.valueToTree(a.intent()));
            }
        }
        s.set("chainHead", events.size() == 0 ? JsonNodeFactory.instance.nullNode() : events.get(events.size() - 1).get("chain"));
        return s;
    }

    /**
     * The canonical bytes (RFC 8785) of each event payload of {@code events} (record form) that is a JSON object and
     * can be canonicalized, by payload node (identity): made once per event, they serve the hash chain, the signature
     * and its verification. Payloads that cannot be chained are left out (and are written, and fail, where used).
     */
    public Map<JsonNode, byte[]> canonicalPayloads(JsonNode events) {
        Map<JsonNode, byte[]> out = new IdentityHashMap<>(events.size() * 2);
        for (JsonNode e : events) {
            JsonNode p = e.get("payload");
            if (p != null && p.isObject()) {
                try {
                    out.put(p, EventChain.canonicalPayload(p));
                } catch (EventChain.NotChainable notCanonicalizable) {
                    // left to the checks to report
                }
            }
        }
        return out;
    }

    /** The signed record of a finished match, with what was made on the way (see {@link Export}). */
    public Export export(ArrayNode events, Ruleset r, List<Decoded> decoded, List<String> refusals, Instant exportedAt,
                         ServerKey key) {
        return export(events, r, decoded, refusals, exportedAt, null, key);
    }

    /** As above, naming the release that exports the record (the server passes {@link Release#RUNNING}). */
    public Export export(ArrayNode events, Ruleset r, List<Decoded> decoded, List<String> refusals, Instant exportedAt,
                         Release release, ServerKey key) {
        Map<JsonNode, byte[]> canonical = canonicalPayloads(events);
        ObjectNode record = sign(build(events, r, decoded, refusals, exportedAt, release), key, canonical);
        return new Export(record, r, decoded, Collections.unmodifiableMap(canonical));
    }

    /** The bytes a record's signature covers: RFC 8785 canonical JSON of the record without its "signature" member. */
    public byte[] signedBytes(JsonNode record) {
        return signedBytes(record, null);
    }

    /**
     * As {@link #signedBytes(JsonNode)}, with the canonical bytes of some of the record's nodes already made (by node,
     * as {@link #canonicalPayloads}): they are written as they are.
     */
    public byte[] signedBytes(JsonNode record, Map<JsonNode, byte[]> known) {
        // a shallow copy without the signature: the members themselves are written, not copied
        ObjectNode unsigned = JsonNodeFactory.instance.objectNode();
        record.fields().forEachRemaining(m -> {
            if (!m.getKey().equals("signature")) {
                unsigned.set(m.getKey(), m.getValue());
            }
        });
        try {
            return CanonicalJson.utf8(unsigned, known == null || known.isEmpty() ? null : known::get);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("the record cannot be canonicalized: " + e.getMessage(), e);
        }
    }

    /** Signs a record in place with the server key. */
    public ObjectNode sign(ObjectNode record, ServerKey key) {
        return sign(record, key, null);
    }

    /** As {@link #sign(ObjectNode, ServerKey)}, with the payloads' canonical bytes already made. */
    public ObjectNode sign(ObjectNode record, ServerKey key, Map<JsonNode, byte[]> canonicalPayloads) {
        record.remove("signature");
        byte[] bytes = signedBytes(record, canonicalPayloads);
        ObjectNode sig = record.putObject("signature");
        sig.put("algorithm", "Ed25519");
        sig.put("keyId", key.keyId());
        sig.put("publicKey", key.publicKeyHex());
        sig.put("value", key.sign(bytes));
        return record;
    }
}
