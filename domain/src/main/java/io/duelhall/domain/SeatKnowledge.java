package io.duelhall.domain;

import java.util.ArrayList;
import java.util.List;

/**
 * Everything one seat may know of a match, and the only input of an {@link AiPlayer}: the seat's
 * view (the redaction the API serves it, {@link Ruleset#view}) and every event of the match as
 * {@link Ruleset#redact} gives it to that seat (the public history, with the seat's own hidden
 * parts: its draws, its deck list). Never the state itself: what the seat cannot see (other hands,
 * every deck order, the server seed) is not in here, so an AI cannot read it however it is written.
 *
 * @param seat the seat that knows this
 * @param version the match's version (the sequence number of its last event)
 * @param view the seat's view at {@code version}
 * @param events every event so far, redacted for {@code seat}, oldest first
 */
public record SeatKnowledge(Seat seat, long version, MatchView view, List<MatchEvent> events) {
    public SeatKnowledge {
        events = List.copyOf(events);
    }

    /**
     * What {@code seat} knows of a match: {@code state} is the server's truth after {@code events}
     * (the raw stored events); both are read here, by the server, through the ruleset's one
     * redaction, and only the redacted parts are kept.
     */
    public static SeatKnowledge of(
            Ruleset rules,
            GameState state,
            List<? extends MatchEvent> events,
            Seat seat,
            long version) {
        Viewer viewer = Viewer.seat(seat);
        List<MatchEvent> seen = new ArrayList<>(events.size());
        for (MatchEvent e : events) {
            seen.add(rules.redact(e, viewer));
        }
        return new SeatKnowledge(seat, version, rules.view(state, viewer, version), seen);
    }

    /** The same knowledge with one more event, redacted for the seat, and the view after it. */
    public SeatKnowledge plus(Ruleset rules, MatchEvent raw, GameState after, long newVersion) {
        List<MatchEvent> seen = new ArrayList<>(events.size() + 1);
        seen.addAll(events);
        seen.add(rules.redact(raw, Viewer.seat(seat)));
        return new SeatKnowledge(
                seat, newVersion, rules.view(after, Viewer.seat(seat), newVersion), seen);
    }
}
