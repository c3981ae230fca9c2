package io.duelhall.fairness.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.domain.IntentAccepted;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.MatchSetup;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Rulesets;
import io.duelhall.fairness.signing.RecordSignature;
import io.duelhall.fairness.signing.ServerKey;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The match record's format (docs/fairness.md, "The match record"): how it is built from stored
 * events and exported signed. Reading a record back is {@link RecordDecoder}'s; the bytes its
 * signature covers are {@link RecordSignature}'s. Pure: the HTTP export, the audit and the
 * command-line audit share it.
 */
public final class MatchRecords {
    public static final String FORMAT = "duelhall-match-record/1";

    /**
     * The record's members that are derived from its events; the audit rebuilds and compares them.
     */
    public static final List<String> SUMMARY =
            List.of(
                    "matchId",
                    "ruleset",
                    "engineVersion",
                    "catalogVersion",
                    "seeds",
                    "seats",
                    "intents",
                    "chainHead");

    private final ObjectMapper mapper;
    private final RecordDecoder decoder;

    public MatchRecords(ObjectMapper mapper, Rulesets rulesets) {
        this.mapper = mapper;
        this.decoder = new RecordDecoder(mapper, rulesets);
    }

    public ObjectMapper mapper() {
        return mapper;
    }

    /**
     * Reading records back: strict JSON, the ruleset a record names, its events as the domain's
     * types.
     */
    public RecordDecoder decoder() {
        return decoder;
    }

    /**
     * A signed record as {@code GET /api/matches/{id}/audit} has just built it, with what was made
     * on the way: its ruleset, its events decoded, and each event payload's canonical bytes (by
     * payload node), which the signature was made with. The audit uses them instead of making them
     * again from the record; it runs every check all the same. Nothing of the record may be changed
     * after it is built.
     */
    public record Export(
            ObjectNode record,
            Ruleset ruleset,
            List<RecordDecoder.Decoded> decoded,
            Map<JsonNode, byte[]> canonicalPayloads) {}

    /**
     * The record's events as the stored ones, payloads as stored (kept as a JSON string when not
     * valid JSON).
     */
    public ArrayNode events(List<StoredEvent> stored) {
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        for (StoredEvent e : stored) {
            ObjectNode n = out.addObject();
            n.put("seq", e.seq());
            n.put("type", e.type());
            n.put("at", e.at());
            n.set("payload", decoder.json(e.payload()));
            n.put("chain", e.chain());
        }
        return out;
    }

    /**
     * Whether the stored events end their match: folded through the ruleset, the readable ones say
     * ENDED.
     */
    public boolean ended(List<StoredEvent> stored) {
        ArrayNode events = events(stored);
        Ruleset r = decoder.rulesetOf(null, events);
        return r != null && decoder.ended(r, decoder.decode(r, events));
    }

    /** The unsigned record of a finished match. */
    public ObjectNode build(List<StoredEvent> stored, List<String> refusals, Instant exportedAt) {
        ArrayNode events = events(stored);
        Ruleset r = decoder.rulesetOf(null, events);
        return build(events, r, decoder.decode(r, events), refusals, exportedAt);
    }

    /**
     * The unsigned record of a finished match from its events in record form ({@link
     * #events(List)}) and their decoded form ({@link RecordDecoder#decode}), so a caller that has
     * them already does not read and decode them again.
     */
    public ObjectNode build(
            ArrayNode events,
            Ruleset r,
            List<RecordDecoder.Decoded> decoded,
            List<String> refusals,
            Instant exportedAt) {
        return build(events, r, decoded, refusals, exportedAt, null);
    }

    /**
     * As above, naming the release that exports it ({@code release}, since issue 26; none when
     * null).
     */
    public ObjectNode build(
            ArrayNode events,
            Ruleset r,
            List<RecordDecoder.Decoded> decoded,
            List<String> refusals,
            Instant exportedAt,
            Release release) {
        ObjectNode record = JsonNodeFactory.instance.objectNode();
        record.put("format", FORMAT);
        record.setAll(summary(r, events, decoded));
        record.set("events", events);
        ArrayNode refused = record.putArray("refusedIntents");
        refusals.forEach(t -> refused.add(decoder.json(t)));
        record.put("exportedAt", exportedAt.toString());
        if (release != null) {
            record.set("release", release.json());
        }
        return record;
    }

    /** The members of a record derived from its events ({@link #SUMMARY}). */
    public ObjectNode summary(
            Ruleset ruleset, JsonNode events, List<RecordDecoder.Decoded> decoded) {
        ObjectNode s = JsonNodeFactory.instance.objectNode();
        MatchOpening opening =
                !decoded.isEmpty() && decoded.get(0).event() instanceof MatchOpening o ? o : null;
        s.put("matchId", opening == null ? null : opening.matchId());
        s.put("ruleset", opening == null ? null : opening.ruleset());
        s.put("engineVersion", opening == null ? null : opening.engineVersion());
        s.put("catalogVersion", opening == null ? null : opening.catalogVersion());
        MatchSetup setup = ruleset == null ? null : ruleset.setup(RecordDecoder.readable(decoded));
        ObjectNode seeds = s.putObject("seeds");
        seeds.put("seedCommitment", setup == null ? null : setup.seedCommitment());
        seeds.put("serverSeed", setup == null ? null : setup.revealedServerSeed());
        seeds.set(
                "clientSeeds", mapper.valueToTree(setup == null ? Map.of() : setup.clientSeeds()));
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
                // the intent as stored (an older release's payload has no "choices"): never
                // re-serialized
                JsonNode stored = events.get(i).path("payload").get("intent");
                n.set(
                        "intent",
                        stored != null && stored.isObject()
                                ? stored.deepCopy()
                                : mapper.valueToTree(a.intent()));
            }
        }
        s.set(
                "chainHead",
                events.size() == 0
                        ? JsonNodeFactory.instance.nullNode()
                        : events.get(events.size() - 1).get("chain"));
        return s;
    }

    /**
     * The signed record of a finished match, with what was made on the way (see {@link Export}).
     */
    public Export export(
            ArrayNode events,
            Ruleset r,
            List<RecordDecoder.Decoded> decoded,
            List<String> refusals,
            Instant exportedAt,
            ServerKey key) {
        return export(events, r, decoded, refusals, exportedAt, null, key);
    }

    /**
     * As above, naming the release that exports the record (the server passes {@link
     * Release#RUNNING}).
     */
    public Export export(
            ArrayNode events,
            Ruleset r,
            List<RecordDecoder.Decoded> decoded,
            List<String> refusals,
            Instant exportedAt,
            Release release,
            ServerKey key) {
        Map<JsonNode, byte[]> canonical = RecordSignature.canonicalPayloads(events);
        ObjectNode record =
                RecordSignature.sign(
                        build(events, r, decoded, refusals, exportedAt, release), key, canonical);
        return new Export(record, r, decoded, Collections.unmodifiableMap(canonical));
    }
}
