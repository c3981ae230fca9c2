package io.duelhall.command.chain;

import io.duelhall.domain.MatchEvent;
import io.duelhall.fairness.chain.EventChain;
import org.axonframework.serialization.Serializer;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Component;

/**
 * Links events into their match's hash chain as they are applied. It serializes each event with the
 * event store's own serializer ({@code eventSerializer}), so the JSON it hashes is the JSON that is
 * stored: the auditor recomputes the chain from the stored bytes alone.
 */
@Component
public class EventChainer {
    private final Serializer serializer;

    public EventChainer(@Qualifier("eventSerializer") Serializer serializer) {
        this.serializer = serializer;
    }

    /**
     * The chain value after {@code event}, stored as sequence number {@code seq}, following {@code
     * previous}.
     */
    public String link(String previous, long seq, MatchEvent event) {
        byte[] json = serializer.serialize(event, byte[].class).getData();
        return EventChain.link(previous, seq, event.type(), json);
    }
}
