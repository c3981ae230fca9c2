package io.duelhall.domain;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The events every ruleset's match stream may hold besides its own: recorded by the aggregate, not
 * by the rules.
 */
public final class CoreEvents {
    /** In a match's stream. {@link IntentRefused} is not: it is published on its own. */
    public static final List<Class<? extends MatchEvent>> IN_MATCH_STREAM =
            List.of(
                    IntentAccepted.class,
                    SeatTokenIssued.class,
                    ClockSet.class,
                    SeatDeadlineSet.class,
                    MatchExpired.class,
                    InvitationIssued.class,
                    ClockExtended.class);

    private CoreEvents() {}

    /** Every type a match of {@code ruleset} may store, by its {@link MatchEvent#type()} name. */
    public static Map<String, Class<? extends MatchEvent>> byName(Ruleset ruleset) {
        Map<String, Class<? extends MatchEvent>> m = new LinkedHashMap<>();
        for (Class<? extends MatchEvent> c : IN_MATCH_STREAM) {
            m.put(c.getSimpleName(), c);
        }
        for (Class<? extends MatchEvent> c : ruleset.eventTypes()) {
            m.put(c.getSimpleName(), c);
        }
        return Collections.unmodifiableMap(m);
    }
}
