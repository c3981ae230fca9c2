package io.duelhall.command.tournament;

import io.duelhall.domain.ClockPolicy;
import io.duelhall.domain.Decision;
import io.duelhall.domain.GameState;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.Ruleset;

/**
 * A seat request checked at entry, by the rules themselves: a fresh match of the tournament's
 * options is opened and the request joins it, outside any store. So a deck the rules would refuse
 * at the first table is refused at entry, with the rules' own code ({@code DECK_INVALID} and its
 * violations).
 */
final class SeatCheck {
    private SeatCheck() {}

    static Refusal problem(Ruleset rules, MatchOptions options, JoinRequest seat) {
        Decision open = rules.open("entry-check", ClockPolicy.forNewMatch(options), new byte[32]);
        if (!open.accepted()) {
            return open.refusal();
        }
        GameState s = rules.initial();
        for (MatchEvent e : open.events()) {
            s = rules.evolve(s, e);
        }
        Decision join = rules.join(s, seat);
        return join.accepted() ? null : join.refusal();
    }
}
