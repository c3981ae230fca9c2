package io.duelhall.fairness.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.domain.ClockPolicy;
import io.duelhall.domain.ClockSet;
import io.duelhall.domain.DrawCheck;
import io.duelhall.domain.Lifecycle;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.MatchSetup;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.rng.Sha256;
import io.duelhall.fairness.audit.AuditReport.Check;
import io.duelhall.fairness.chain.EventChain;
import io.duelhall.fairness.record.MatchRecords;
import io.duelhall.fairness.record.RecordDecoder;
import io.duelhall.fairness.record.RecordDecoder.Decoded;
import io.duelhall.fairness.signing.Ed25519;
import io.duelhall.fairness.signing.RecordSignature;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Audits a match record with nothing but the record, the rules engine and (optionally) a trusted
 * public key (docs/fairness.md, "The audit"). Never throws on a record: whatever is wrong with it
 * is a failed check.
 */
public final class Auditor {
    private final MatchRecords records;
    private final Resimulation resimulation;

    /**
     * Where the seal (the signature and the hash chain) is checked while the calling thread checks
     * the rest; an audit never waits for it to get a thread (see {@link Side}).
     */
    private final Executor sealer;

    /** An auditor that checks the seal on the common fork-join pool beside the calling thread. */
    public Auditor(MatchRecords records) {
        this(records, ForkJoinPool.commonPool());
    }

    /**
     * @param sealer where the signature and the chain are checked, beside the other checks on the
     *     calling thread ({@code Runnable::run}: one after the other, on the calling thread)
     */
    public Auditor(MatchRecords records, Executor sealer) {
        this.records = records;
        this.resimulation = new Resimulation(records.mapper());
        this.sealer = Objects.requireNonNull(sealer);
    }

    /** Audits a record given as text; text that is not one JSON value fails the "record" check. */
    public AuditReport audit(String text, String trustedKeyHex) {
        try {
            return audit(records.decoder().read(text), trustedKeyHex);
        } catch (java.io.IOException notJson) {
            return audit(
                    null,
                    trustedKeyHex,
                    "the record is not valid JSON: " + notJson.getMessage(),
                    null);
        }
    }

    public AuditReport audit(JsonNode record, String trustedKeyHex) {
        return audit(record, trustedKeyHex, null, null);
    }

    /**
     * Audits a record just built from the store ({@code GET /api/matches/{id}/audit}) as it is in
     * memory, neither written out nor read back: every check runs on it as on any record, with the
     * decoded events and the payloads' canonical bytes made while building it (from these very
     * nodes) instead of made again.
     */
    public AuditReport audit(MatchRecords.Export export, String trustedKeyHex) {
        return audit(export.record(), trustedKeyHex, null, export);
    }

    /**
     * @param trustedKeyHex the signer's Ed25519 public key (32 raw bytes, hex) the signature must
     *     verify with, or null to check it against the key the record names (which proves
     *     integrity, not who signed)
     */
    private AuditReport audit(
            JsonNode record, String trustedKeyHex, String unreadable, MatchRecords.Export built) {
        List<Check> checks = new ArrayList<>();
        JsonNode events = record == null ? null : record.get("events");
        String problem = unreadable != null ? unreadable : readable(record, events);
        if (problem != null) {
            checks.add(Check.fail("record", problem));
            for (String name : AuditReport.CHECKS.subList(1, AuditReport.CHECKS.size())) {
                checks.add(Check.fail(name, "not checked: the record is unreadable"));
            }
            return new AuditReport(null, null, null, null, null, null, null, false, checks);
        }
        Ruleset ruleset = records.decoder().rulesetOf(record.path("ruleset").asText(null), events);
        // The seal (signature and chain) needs only the record's nodes and each payload's
        // canonical form (made once for both); every other check needs the decoded events. The two
        // share nothing that is written, so the seal is checked beside the rest (about half the
        // work each) and joined in its place in the report. A record just built (built.record() is
        // this record) comes with its payloads' canonical forms, and its decoded events if the
        // audit reads it under the ruleset it was built with.
        Side<List<Check>> seal =
                Side.start(
                        sealer,
                        () -> {
                            Map<JsonNode, byte[]> canonical =
                                    built != null
                                            ? built.canonicalPayloads()
                                            : RecordSignature.canonicalPayloads(events);
                            return List.of(
                                    signature(record, trustedKeyHex, canonical),
                                    chain(record, events, canonical));
                        });
        List<Decoded> decoded =
                built != null && built.ruleset() == ruleset
                        ? built.decoded()
                        : records.decoder().decode(ruleset, events);
        MatchSetup setup = ruleset == null ? null : ruleset.setup(RecordDecoder.readable(decoded));
        MatchOpening opening = decoded.get(0).event() instanceof MatchOpening o ? o : null;

        checks.add(
                Check.pass(
                        "record",
                        events.size()
                                + " events, "
                                + record.path("intents").size()
                                + " accepted intent(s), "
                                + record.path("refusedIntents").size()
                                + " refused intent(s)"));
        Check end = end(record, events, ruleset, decoded, opening);
        Check commitment = commitment(setup);
        Check draws = draws(ruleset, decoded);
        Check resimulated =
                resimulation.run(
                        ruleset,
                        events,
                        decoded,
                        setup == null ? null : setup.revealedServerSeed());
        Check engine = engine(ruleset, opening, record);
        Check summary = summary(record, ruleset, events, decoded);
        checks.addAll(seal.join());
        checks.addAll(List.of(end, commitment, draws, resimulated, engine, summary));
        boolean passed = checks.stream().allMatch(Check::passed);
        return new AuditReport(
                record.path("matchId").asText(null),
                ruleset == null ? record.path("ruleset").asText(null) : ruleset.id(),
                opening == null ? null : opening.engineVersion(),
                opening == null ? null : opening.catalogVersion(),
                ruleset == null ? null : ruleset.engineVersion(),
                ruleset == null ? null : ruleset.catalogVersion(),
                record.path("signature").path("keyId").asText(null),
                passed,
                checks);
    }

    private static String readable(JsonNode record, JsonNode events) {
        if (record == null || !record.isObject()) {
            return "the record is not a JSON object";
        }
        if (!MatchRecords.FORMAT.equals(record.path("format").asText())) {
            return "unknown record format '"
                    + record.path("format").asText()
                    + "' (expected "
                    + MatchRecords.FORMAT
                    + ")";
        }
        if (events == null || !events.isArray() || events.isEmpty()) {
            return "the record has no events";
        }
        for (int i = 0; i < events.size(); i++) {
            JsonNode e = events.get(i);
            if (!e.isObject()
                    || !e.path("type").isTextual()
                    || !e.has("payload")
                    || !e.path("seq").canConvertToLong()) {
                return "event at position " + i + " lacks seq, type or payload";
            }
        }
        return null;
    }

    /**
     * The {@code signature} check of any signed record, a match's or a tournament's
     * (docs/fairness.md): Ed25519 over the canonical record without its signature, by the trusted
     * key (or, without one, the key the record names).
     */
    public static Check signatureOf(JsonNode record, String trustedKeyHex) {
        return signature(record, trustedKeyHex, null);
    }

    private static Check signature(
            JsonNode record, String trustedKeyHex, Map<JsonNode, byte[]> canonical) {
        JsonNode sig = record.get("signature");
        if (sig == null || !sig.isObject()) {
            return Check.fail("signature", "the record is not signed");
        }
        if (!"Ed25519".equals(sig.path("algorithm").asText())) {
            return Check.fail(
                    "signature",
                    "unknown signature algorithm '" + sig.path("algorithm").asText() + "'");
        }
        // one spelling only: a record has exactly one form, so nothing in it can change unnoticed
        List<String> members = new ArrayList<>();
        sig.fieldNames().forEachRemaining(members::add);
        String named = sig.path("publicKey").asText("");
        String value = sig.path("value").asText("");
        if (members.size() != 4
                || !members.containsAll(List.of("algorithm", "keyId", "publicKey", "value"))
                || !named.matches("[0-9a-f]{64}")
                || !value.matches("[0-9a-f]{128}")) {
            return Check.fail(
                    "signature",
                    "the signature must be {algorithm, keyId, publicKey, value} with the key"
                            + " (32 bytes) and the value (64 bytes) in lowercase hex");
        }
        if (!Ed25519.keyId(named).equals(sig.path("keyId").asText())) {
            return Check.fail(
                    "signature",
                    "keyId " + sig.path("keyId").asText() + " is not the id of key " + named);
        }
        if (trustedKeyHex != null && !trustedKeyHex.equals(named)) {
            return Check.fail(
                    "signature",
                    "signed with key " + named + ", not with the trusted key " + trustedKeyHex);
        }
        String key = trustedKeyHex != null ? trustedKeyHex : named;
        byte[] signed;
        try {
            signed = RecordSignature.signedBytes(record, canonical);
        } catch (IllegalArgumentException e) {
            return Check.fail("signature", e.getMessage());
        }
        if (!Ed25519.verify(key, signed, value)) {
            return Check.fail(
                    "signature",
                    "the Ed25519 signature does not verify with key "
                            + key
                            + ": the record was changed after it was signed");
        }
        String id = Ed25519.keyId(key);
        return Check.pass(
                "signature",
                trustedKeyHex != null
                        ? "valid Ed25519 signature by the trusted key " + id
                        : "valid Ed25519 signature by key "
                                + id
                                + ", the key the record names: compare it with the signer's"
                                + " published key (GET /api/keys) or pass the trusted key");
    }

    private Check chain(JsonNode record, JsonNode events, Map<JsonNode, byte[]> canonical) {
        String previous = EventChain.GENESIS;
        for (int i = 0; i < events.size(); i++) {
            JsonNode e = events.get(i);
            long seq = e.path("seq").asLong();
            String type = e.path("type").asText();
            if (seq != i) {
                return broken(
                        seq,
                        "event at position "
                                + i
                                + " has sequence number "
                                + seq
                                + ": events are missing,"
                                + " repeated or out of order");
            }
            String recomputed;
            try {
                byte[] payload = canonical.get(e.get("payload"));
                recomputed =
                        payload != null
                                ? EventChain.linkCanonical(previous, seq, type, payload)
                                : EventChain.link(previous, seq, type, payloadOf(e));
            } catch (Exception notChainable) {
                return broken(
                        seq, "event " + seq + " (" + type + "): " + notChainable.getMessage());
            }
            String recorded = e.path("chain").asText(null);
            if (!recomputed.equals(recorded)) {
                return broken(
                        seq,
                        "event "
                                + seq
                                + " ("
                                + type
                                + ") is not the event that was chained: its chain value"
                                + " is "
                                + recorded
                                + ", its content and the previous value give "
                                + recomputed);
            }
            previous = recomputed;
        }
        if (!previous.equals(record.path("chainHead").asText(null))) {
            return Check.fail(
                    "chain",
                    "every event links, but the record's chainHead "
                            + record.path("chainHead")
                            + " is not the last value "
                            + previous);
        }
        return Check.pass(
                "chain", events.size() + " events linked from the zero value, head " + previous);
    }

    /**
     * The promise of docs/fairness.md ("The chain head and the end event"): the match's end event
     * (the ruleset's {@link Lifecycle.Ended}) is the last event and its chain value is the {@code
     * chainHead}. A record under clock policy 1 (no {@code clockPolicy} in the opening event's
     * options: every match opened before issue 26) may hold one cleared ClockSet after it, as that
     * policy recorded; the head is then that ClockSet's chain value.
     */
    private static Check end(
            JsonNode record,
            JsonNode events,
            Ruleset ruleset,
            List<Decoded> decoded,
            MatchOpening opening) {
        if (ruleset == null) {
            return Check.fail(
                    END, "not checked: the record's ruleset is not hosted by this auditor");
        }
        int end = -1;
        for (int i = 0; i < decoded.size() && end < 0; i++) {
            if (decoded.get(i).event() instanceof Lifecycle.Ended) {
                end = i;
            }
        }
        if (end < 0) {
            return Check.fail(
                    END, "the record has no end event: a match is exported only once it has ended");
        }
        int policy = ClockPolicy.version(opening == null ? null : opening.options());
        String endName =
                events.get(end).path("type").asText()
                        + " (event "
                        + events.get(end).path("seq").asLong(end)
                        + ")";
        int last = end;
        boolean trailingClock =
                policy == ClockPolicy.V1
                        && end + 1 < events.size()
                        && decoded.get(end + 1).event() instanceof ClockSet c
                        && c.equals(CLEARED);
        if (trailingClock) {
            last = end + 1;
        }
        if (last + 1 < events.size()) {
            JsonNode after = events.get(last + 1);
            long seq = after.path("seq").asLong(last + 1);
            return new Check(
                    END,
                    false,
                    "event "
                            + seq
                            + " ("
                            + after.path("type").asText()
                            + ") follows the end event "
                            + endName
                            + (policy == ClockPolicy.V1
                                    ? ": under clock policy 1 only the cleared ClockSet may follow it"
                                    : ": under clock policy "
                                            + policy
                                            + " the end event is the last event"),
                    seq,
                    null);
        }
        String head = record.path("chainHead").asText(null);
        JsonNode lastEvent = events.get(last);
        if (head == null || !head.equals(lastEvent.path("chain").asText(null))) {
            long seq = lastEvent.path("seq").asLong(last);
            return new Check(
                    END,
                    false,
                    "the record's chainHead "
                            + head
                            + " is not the chain value of "
                            + (trailingClock
                                    ? "the cleared ClockSet (event " + seq + ") after "
                                    : "")
                            + "the end event "
                            + endName,
                    seq,
                    null);
        }
        return Check.pass(
                END,
                trailingClock
                        ? "the end event "
                                + endName
                                + " is followed only by the cleared ClockSet that clock policy 1 records"
                                + " (event "
                                + lastEvent.path("seq").asLong(last)
                                + "), whose chain value is the chainHead"
                        : "the end event "
                                + endName
                                + " is the last event and its chain value is the chainHead (clock policy "
                                + policy
                                + ")");
    }

    static final String END = "end";

    /**
     * The ClockSet clock policy 1 records after the end event: no seat, kind or deadline, turn 0.
     */
    private static final ClockSet CLEARED = new ClockSet(null, null, 0, null, 0);

    /**
     * The payload to chain: a JSON object as it is; stored text that was not JSON is kept as a
     * string and fails.
     */
    private static JsonNode payloadOf(JsonNode event) {
        JsonNode p = event.get("payload");
        if (p != null && p.isTextual()) {
            throw new IllegalArgumentException(
                    "payload is not valid JSON: " + abbreviate(p.textValue()));
        }
        return p;
    }

    private static Check broken(long seq, String details) {
        return new Check("chain", false, "broken at event " + seq + ": " + details, seq, null);
    }

    private static Check commitment(MatchSetup setup) {
        if (setup == null || setup.seedCommitment() == null) {
            return Check.fail("seedCommitment", "the record has no readable seed commitment");
        }
        if (setup.revealedServerSeed() == null) {
            return Check.fail("seedCommitment", "the record reveals no server seed");
        }
        String hash;
        try {
            hash = Sha256.hex(Sha256.of(Sha256.unhex(setup.revealedServerSeed())));
        } catch (IllegalArgumentException notHex) {
            return Check.fail(
                    "seedCommitment",
                    "the revealed server seed is not hex: " + setup.revealedServerSeed());
        }
        if (!hash.equals(setup.seedCommitment())) {
            return Check.fail(
                    "seedCommitment",
                    "SHA-256 of the revealed server seed is "
                            + hash
                            + ", but the commitment published at creation is "
                            + setup.seedCommitment());
        }
        if (setup.committedServerSeed() != null
                && !setup.committedServerSeed().equals(setup.revealedServerSeed())) {
            return Check.fail(
                    "seedCommitment",
                    "the seed revealed at the end differs from the one stored at creation");
        }
        return Check.pass(
                "seedCommitment",
                "SHA-256(serverSeed) = " + hash + " = the commitment published at creation");
    }

    private static Check draws(Ruleset ruleset, List<Decoded> decoded) {
        if (ruleset == null) {
            return Check.fail(
                    "randomDraws",
                    "not checked: the record's ruleset is not hosted by this auditor");
        }
        // a match that expired before it began (issue 19) made no random choice: the deal is made
        // when it begins
        if (!decoded.isEmpty()
                && decoded.get(decoded.size() - 1).event()
                        instanceof io.duelhall.domain.MatchExpired
                && decoded.stream()
                        .noneMatch(
                                d -> d.event() instanceof io.duelhall.domain.Lifecycle.Started)) {
            return Check.pass(
                    "randomDraws",
                    "no random draws: the match expired before it began (the deal is made"
                            + " when it begins), so the seeds chose nothing");
        }
        List<DrawCheck> draws = ruleset.reproduceDraws(RecordDecoder.readable(decoded));
        List<DrawCheck> bad = draws.stream().filter(d -> !d.reproduced()).toList();
        if (!bad.isEmpty() || draws.isEmpty()) {
            return Check.fail(
                    "randomDraws",
                    draws.isEmpty()
                            ? "no draws to check"
                            : bad.stream()
                                    .map(
                                            d ->
                                                    d.draw()
                                                            + ": the seeds give "
                                                            + d.expected()
                                                            + ", the record holds "
                                                            + d.recorded())
                                    .collect(Collectors.joining("; ")));
        }
        return Check.pass(
                "randomDraws",
                draws.stream().map(DrawCheck::draw).collect(Collectors.joining(", "))
                        + ": reproduced from the seeds");
    }

    private Check engine(Ruleset ruleset, MatchOpening opening, JsonNode record) {
        if (opening == null) {
            return Check.fail("engineVersion", "the record's opening event is unreadable");
        }
        if (ruleset == null) {
            return Check.fail(
                    "engineVersion",
                    "played under "
                            + opening.engineVersion()
                            + "; ruleset '"
                            + opening.ruleset()
                            + "' is not hosted by this auditor");
        }
        if (!ruleset.engineVersion().equals(opening.engineVersion())
                || !ruleset.catalogVersion().equals(opening.catalogVersion())) {
            return Check.fail(
                    "engineVersion",
                    "played under rules engine "
                            + opening.engineVersion()
                            + " with catalog "
                            + opening.catalogVersion()
                            + ", which this auditor does not serve (it serves "
                            + records.decoder().served(ruleset.id()).stream()
                                    .map(r -> r.version().toString())
                                    .toList()
                            + "), so it re-simulated it with "
                            + ruleset.engineVersion()
                            + " and catalog "
                            + ruleset.catalogVersion()
                            + ": a divergence may come from the rules having changed rather than"
                            + " from the record");
        }
        return Check.pass(
                "engineVersion",
                "played and audited under rules engine "
                        + opening.engineVersion()
                        + ", catalog "
                        + opening.catalogVersion());
    }

    private Check summary(
            JsonNode record, Ruleset ruleset, JsonNode events, List<Decoded> decoded) {
        ObjectNode rebuilt = records.summary(ruleset, events, decoded);
        for (String member : MatchRecords.SUMMARY) {
            String where = firstDifference(record.get(member), rebuilt.get(member), "/" + member);
            if (where != null) {
                return Check.fail(
                        "summary", "the record's " + where + " is not what its events say");
            }
        }
        return Check.pass(
                "summary",
                "ruleset, versions, seeds, seats, intents and chain head agree with the events");
    }

    /**
     * Where two values first differ (a JSON pointer, with both values), or null if they are equal.
     */
    private String firstDifference(JsonNode recorded, JsonNode derived, String path) {
        // equal trees have equal canonical forms: the cheap comparison first, canonical forms only
        // when it fails
        if (Objects.equals(recorded, derived)
                || Canonical.of(recorded).equals(Canonical.of(derived))) {
            return null;
        }
        if (recorded != null && derived != null && recorded.isObject() && derived.isObject()) {
            java.util.Set<String> names = new java.util.TreeSet<>();
            recorded.fieldNames().forEachRemaining(names::add);
            derived.fieldNames().forEachRemaining(names::add);
            for (String n : names) {
                String d = firstDifference(recorded.get(n), derived.get(n), path + "/" + n);
                if (d != null) {
                    return d;
                }
            }
        }
        if (recorded != null
                && derived != null
                && recorded.isArray()
                && derived.isArray()
                && recorded.size() == derived.size()) {
            for (int i = 0; i < recorded.size(); i++) {
                String d = firstDifference(recorded.get(i), derived.get(i), path + "/" + i);
                if (d != null) {
                    return d;
                }
            }
        }
        return path
                + " ("
                + abbreviate(String.valueOf(recorded))
                + "; the events give "
                + abbreviate(String.valueOf(derived))
                + ")";
    }

    private static String abbreviate(String s) {
        return s.length() <= 200 ? s : s.substring(0, 200) + "…";
    }

    /**
     * Work handed to an executor that runs exactly once: on the executor's thread if one takes it
     * first, else on the thread that joins it (a {@link FutureTask} runs only from its first state,
     * and a second {@code run} returns at once). So an audit never waits for a busy pool (the
     * joining thread does the work itself when no thread has started it) and nothing runs twice.
     */
    static final class Side<T> {
        private final FutureTask<T> task;

        private Side(Supplier<T> work) {
            this.task = new FutureTask<>(work::get);
        }

        static <T> Side<T> start(Executor executor, Supplier<T> work) {
            Side<T> side = new Side<>(work);
            try {
                executor.execute(side.task);
            } catch (RejectedExecutionException full) {
                // done by the joining thread
            }
            return side;
        }

        /** The result, made here if no thread has begun it; what the work threw, rethrown. */
        T join() {
            task.run();
            boolean interrupted = false;
            try {
                while (true) {
                    try {
                        return task.get();
                    } catch (InterruptedException e) {
                        interrupted = true; // the audit finishes; the interrupt is kept for later
                    } catch (ExecutionException e) {
                        if (e.getCause() instanceof RuntimeException r) {
                            throw r;
                        }
                        if (e.getCause() instanceof Error err) {
                            throw err;
                        }
                        throw new IllegalStateException(e.getCause());
                    }
                }
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}
