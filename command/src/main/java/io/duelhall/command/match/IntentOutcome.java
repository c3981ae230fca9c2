package io.duelhall.command.match;

import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.RulesVersion;
import io.duelhall.domain.Seat;
import java.util.List;

/**
 * What became of an intent: refused (nothing changed), accepted (its IntentAccepted and the events
 * it caused, from sequence {@code fromSeq}), or a retry of an intent already accepted ({@code
 * replay}; those events, {@code fromSeq} to {@code version}, are in the store). {@code rules}: the
 * version of the ruleset the match is played under.
 */
public record IntentOutcome(
        Refusal refusal,
        String ruleset,
        RulesVersion rules,
        Seat seat,
        long version,
        long fromSeq,
        List<MatchEvent> events,
        boolean replay,
        MatchStatus status) {
    static IntentOutcome refused(Refusal r, Seat seat) {
        return new IntentOutcome(r, null, null, seat, -1, -1, List.of(), false, null);
    }
}
