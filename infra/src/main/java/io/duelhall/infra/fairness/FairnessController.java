package io.duelhall.infra.fairness;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.command.tournament.TournamentTables;
import io.duelhall.command.tournament.record.TournamentRecords;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.duelhall.fairness.audit.Auditor;
import io.duelhall.fairness.record.EventStoreJson;
import io.duelhall.fairness.record.MatchRecords;
import io.duelhall.fairness.record.RecordDecoder;
import io.duelhall.fairness.record.Release;
import io.duelhall.fairness.record.StoredEvent;
import io.duelhall.fairness.signing.ServerKey;
import io.duelhall.query.log.ViewerAccess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.List;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * The signed match record and its audit (docs/fairness.md): the server's public key, a finished
 * match's export, its audit from the store, and the audit of an uploaded record. Records and
 * reports are written by the event store's Jackson 2 mapper, so the JSON served is exactly the JSON
 * that was signed.
 */
@RestController
class FairnessController {
    /** Uploaded records larger than this are refused (a long match is a few megabytes). */
    static final int MAX_RECORD_CHARS = 64 * 1024 * 1024;

    private final StoredEvents stored;
    private final MatchRecords records;
    private final Auditor auditor;
    private final ServerKey key;
    private final Clock clock;
    private final ViewerAccess viewerAccess;
    private final EventStore eventStore;
    private final TournamentRecords tournaments = new TournamentRecords(EventStoreJson.newMapper());

    public FairnessController(
            StoredEvents stored,
            MatchRecords records,
            Auditor auditor,
            ServerKey key,
            Clock clock,
            ViewerAccess viewerAccess,
            EventStore eventStore) {
        this.viewerAccess = viewerAccess;
        this.eventStore = eventStore;
        this.stored = stored;
        this.records = records;
        this.auditor = auditor;
        this.key = key;
        this.clock = clock;
    }

    public record PublicKey(String keyId, String algorithm, String publicKey) {}

    public record Keys(List<PublicKey> keys) {}

    /** The key that signs match records: Ed25519, 32 raw bytes in hex. */
    @GetMapping(path = "/api/keys", produces = "application/json")
    public Keys keys() {
        return new Keys(List.of(new PublicKey(key.keyId(), "Ed25519", key.publicKeyHex())));
    }

    /**
     * The signed record of an ended match. It holds every hand and the server seed, so with a
     * spectator delay it is public only once the end is that old (as for the delayed spectator,
     * {@link ViewerAccess}); a seat of the match may export it as soon as the match has ended
     * (seats see their match live).
     */
    @GetMapping(path = "/api/matches/{matchId}/export", produces = "application/json")
    public String export(
            @PathVariable String matchId,
            @RequestHeader(name = "Authorization", required = false) String authorization) {
        endSeenBy(matchId, authorization);
        return write(exported(matchId).record());
    }

    @GetMapping(path = "/api/matches/{matchId}/audit", produces = "application/json")
    public String audit(
            @PathVariable String matchId,
            @RequestHeader(name = "Authorization", required = false) String authorization) {
        endSeenBy(matchId, authorization);
        return write(auditor.audit(exported(matchId), key.publicKeyHex()));
    }

    /**
     * Refuses, as for a match that goes on, when the caller may not see the end yet (a spectator
     * delay).
     */
    private void endSeenBy(String matchId, String authorization) {
        if (matchId == null || matchId.length() > 100) {
            return; // exported() answers 404
        }
        if (!viewerAccess.of(matchId, authorization).ended()) {
            throw notEnded();
        }
    }

    private static RefusedException notEnded() {
        return new RefusedException(
                Refusal.conflict(
                        "MATCH_NOT_ENDED",
                        null,
                        "The record of a match is exported and audited once the match has ended: until then it holds secrets."));
    }

    /** Audits an uploaded record; its signature must be by this server's key. */
    @PostMapping(path = "/api/audit", produces = "application/json")
    public String auditUpload(@RequestBody(required = false) String body) {
        if (body == null || body.isBlank()) {
            throw new RefusedException(
                    Refusal.malformed(
                            "MISSING_FIELD",
                            "Send a match record (GET /api/matches/{id}/export) as the body."));
        }
        if (body.length() > MAX_RECORD_CHARS) {
            throw new RefusedException(
                    Refusal.malformed(
                            "OUT_OF_RANGE", "The record is larger than any match record."));
        }
        JsonNode record;
        try {
            record = records.decoder().read(body);
        } catch (IOException e) {
            throw new RefusedException(
                    Refusal.malformed(
                            "BAD_RECORD",
                            "The body is not one JSON value without duplicate keys: "
                                    + (e
                                                    instanceof
                                                    com.fasterxml.jackson.core
                                                                    .JsonProcessingException
                                                            j
                                            ? j.getOriginalMessage()
                                            : e.getMessage())));
        }
        if (TournamentRecords.isTournamentRecord(record)) {
            // a tournament's record (docs/fairness.md, "The tournament record"): its results are
            // checked against the matches this server holds
            return write(
                    tournaments.audit(
                            record, key.publicKeyHex(), TournamentTables.matches(eventStore)));
        }
        return write(auditor.audit(record, key.publicKeyHex()));
    }

    private MatchRecords.Export exported(String matchId) {
        List<StoredEvent> events =
                matchId == null || matchId.length() > 100 ? List.of() : stored.of(matchId);
        // read into record form and decoded once, for the checks and the record alike
        com.fasterxml.jackson.databind.node.ArrayNode nodes = records.events(events);
        io.duelhall.domain.Ruleset ruleset =
                events.isEmpty() ? null : records.decoder().rulesetOf(null, nodes);
        if (ruleset == null) {
            throw new RefusedException(
                    Refusal.notFound("MATCH_NOT_FOUND", "No match with id " + matchId + "."));
        }
        List<RecordDecoder.Decoded> decoded = records.decoder().decode(ruleset, nodes);
        if (!records.decoder().ended(ruleset, decoded)) {
            throw notEnded();
        }
        return records.export(
                nodes,
                ruleset,
                decoded,
                stored.refusals(matchId),
                clock.instant(),
                Release.RUNNING,
                key);
    }

    private String write(Object value) {
        try {
            return records.mapper().writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
