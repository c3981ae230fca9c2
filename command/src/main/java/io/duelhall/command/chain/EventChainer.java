package io.duelhall.command.chain;

import io.duelhall.domain.MatchEvent;
import io.duelhall.fairness.chain.EventChain;
import java.util.IdentityHashMap;
import java.util.Map;
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
        Map<Object, Serialized> made = MADE.get();
        if (made.size() >= KEPT) {
            made.clear(); // events of a unit of work that rolled back: never stored
        }
        made.put(event, new Serialized(serializer, json));
        return EventChain.link(previous, seq, event.type(), json);
    }

    /**
     * The bytes {@link #link} hashed for this very event object on this thread, if {@code
     * serializer} is the one that made them, and forgets them; else null. The event store's append
     * (same thread, same unit of work) stores these bytes instead of serializing the event again
     * (issue 17): the stored JSON is then the hashed JSON by construction.
     */
    public static byte[] serialized(Object event, Serializer serializer) {
        Serialized s = MADE.get().remove(event);
        return s != null && s.serializer() == serializer ? s.json() : null;
    }

    private record Serialized(Serializer serializer, byte[] json) {}

    /** Events of the units of work in progress on a thread hold far fewer. */
    private static final int KEPT = 256;

    private static final ThreadLocal<Map<Object, Serialized>> MADE =
            ThreadLocal.withInitial(IdentityHashMap::new);
}
