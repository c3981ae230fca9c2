package io.duelhall.edge.topic;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.cloudevents.CloudEvent;
import io.cloudevents.core.builder.CloudEventBuilder;
import io.duelhall.domain.CoreEvents;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Rulesets;
import io.duelhall.fairness.record.EventStoreJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One match event in the public stream, as a CloudEvent (spec 1.0, Kafka binding, binary content
 * mode) — the contract of docs/kafka.md. Both sides live here: the publisher writes with {@link
 * #toCloudEvent}, the spectator edge reads with {@link #fromCloudEvent}.
 *
 * <ul>
 *   <li>{@code id} = {@code <matchId>:<sequence>}: unique per event, the same on every re-send
 *       (de-duplicate by it);
 *   <li>{@code type} = the event type ({@code CardDrawn}), {@code source} = {@code
 *       /api/matches/<matchId>}, {@code subject} = the match id, {@code time} = when the event was
 *       stored;
 *   <li>extensions {@code ruleset}, {@code matchseq} (the sequence number) and {@code visibleat}
 *       (the earliest time a spectator may see it: time + the match's spectator delay);
 *   <li>data: the event's payload as JSON, redacted for a spectator.
 * </ul>
 */
public final class PublicEvents {
    public static final String RULESET = "ruleset";
    public static final String SEQUENCE = "matchseq";
    public static final String VISIBLE_AT = "visibleat";
    public static final String JSON = "application/json";

    private final ObjectMapper json = EventStoreJson.newMapper();
    private final Rulesets rulesets;
    private final Map<String, Map<String, Class<? extends MatchEvent>>> types =
            new ConcurrentHashMap<>();

    public PublicEvents(Rulesets rulesets) {
        this.rulesets = rulesets;
    }

    /**
     * An event as the stream carries it, read back: its match, the ruleset that plays it, and the
     * event.
     */
    public record Received(String id, String matchId, Ruleset ruleset, RecordedEvent event) {}

    public static String id(String matchId, long sequence) {
        return matchId + ":" + sequence;
    }

    private Map<String, Class<? extends MatchEvent>> typesOf(Ruleset ruleset) {
        return types.computeIfAbsent(ruleset.id(), id -> CoreEvents.byName(ruleset));
    }

    /** {@code publicPayload} must already be redacted for a spectator. */
    public CloudEvent toCloudEvent(
            String matchId,
            long sequence,
            Instant at,
            MatchEvent publicPayload,
            String ruleset,
            int spectatorDelaySeconds) {
        byte[] data;
        try {
            data = json.writeValueAsBytes(publicPayload);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return CloudEventBuilder.v1()
                .withId(id(matchId, sequence))
                .withSource(URI.create("/api/matches/" + matchId))
                .withType(publicPayload.type())
                .withSubject(matchId)
                .withTime(at.atOffset(ZoneOffset.UTC))
                .withData(JSON, data)
                .withExtension(RULESET, ruleset)
                .withExtension(SEQUENCE, sequence)
                .withExtension(
                        VISIBLE_AT, at.plusSeconds(spectatorDelaySeconds).atOffset(ZoneOffset.UTC))
                .build();
    }

    /**
     * Reads one message back; throws {@link IllegalArgumentException} on anything that is not such
     * an event.
     */
    public Received fromCloudEvent(CloudEvent e) {
        String id = e.getId();
        int colon = id == null ? -1 : id.lastIndexOf(':');
        if (colon <= 0 || e.getTime() == null || e.getData() == null) {
            throw new IllegalArgumentException("not a match event: id " + id);
        }
        String matchId = id.substring(0, colon);
        long sequence = Long.parseLong(id.substring(colon + 1));
        Object rulesetId = e.getExtension(RULESET);
        Ruleset ruleset =
                rulesets.find(rulesetId == null ? null : rulesetId.toString())
                        .orElseThrow(
                                () ->
                                        new IllegalArgumentException(
                                                "unknown ruleset " + rulesetId + " in " + id));
        Class<? extends MatchEvent> type = typesOf(ruleset).get(e.getType());
        if (type == null) {
            throw new IllegalArgumentException("unknown event type " + e.getType() + " in " + id);
        }
        MatchEvent payload;
        try {
            payload = json.readValue(e.getData().toBytes(), type);
        } catch (IOException ex) {
            throw new IllegalArgumentException("unreadable data in " + id, ex);
        }
        if (payload instanceof io.duelhall.domain.MatchOpening opening) {
            // a match is folded under the rules version it was created with, named by its opening
            // event
            ruleset =
                    rulesets.findForMatch(opening)
                            .orElseThrow(
                                    () ->
                                            new IllegalArgumentException(
                                                    "ruleset "
                                                            + opening.ruleset()
                                                            + " "
                                                            + opening.engineVersion()
                                                            + " with "
                                                            + opening.catalogVersion()
                                                            + " is not served here, in "
                                                            + id));
        }
        return new Received(
                id,
                matchId,
                ruleset,
                new RecordedEvent(sequence, e.getType(), e.getTime().toInstant(), payload));
    }
}
