package io.duelhall.domain;

import java.util.List;

/** The answer of the rules to an intent: the events it causes, or a refusal. */
public sealed interface Decision {
    record Accepted(List<MatchEvent> events) implements Decision {
        public Accepted {
            events = List.copyOf(events);
        }
    }

    record Rejected(Refusal refusal) implements Decision {}

    static Decision accept(List<MatchEvent> events) {
        return new Accepted(events);
    }

    static Decision reject(Refusal refusal) {
        return new Rejected(refusal);
    }

    default boolean accepted() {
        return this instanceof Accepted;
    }

    default List<MatchEvent> events() {
        return this instanceof Accepted a ? a.events() : List.of();
    }

    default Refusal refusal() {
        return this instanceof Rejected r ? r.refusal() : null;
    }
}
