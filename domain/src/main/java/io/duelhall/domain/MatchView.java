package io.duelhall.domain;

import java.util.List;

/**
 * What a ruleset's view of a match has for every ruleset: the envelope the platform fills in and
 * reads. The ruleset owns the rest of its view (the body: seats, zones, cards). Serialized as the
 * ruleset's record, so a view keeps exactly the JSON shape of API.md; the platform never needs to
 * know the ruleset's view class.
 */
public interface MatchView {
    String matchId();

    /** The ruleset's id. */
    String ruleset();

    /** The rules version the match is played under, from its creation to its end. */
    RulesVersion rules();

    /** The match's version (its last event's sequence number + 1) this view shows. */
    long version();

    /** WAITING, LIVE or ENDED. */
    String status();

    /** The turn the views and lists show. */
    int turn();

    /**
     * The view with the last events, each already redacted for the same viewer, added by the
     * server.
     */
    MatchView withRecentEvents(List<RecordedEvent> events);

    /**
     * The view with the clock that runs now ({@code {"seat", "kind", "deadline"}}), set by the
     * server.
     */
    MatchView withClock(Object runningClock);
}
