package io.duelhall.projections;

import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.VoidexaEvent.MatchCreated;
import io.duelhall.domain.voidexa.VoidexaEvent.MatchEnded;
import io.duelhall.domain.voidexa.VoidexaEvent.MatchStarted;
import io.duelhall.domain.voidexa.VoidexaEvent.PlayerJoined;
import io.duelhall.domain.voidexa.VoidexaEvent.TurnStarted;
import java.util.List;

/** Hand-made events for the projections that only read what the events say. */
final class Events {
    private Events() {}

    static MatchCreated created(String matchId) {
        return new MatchCreated(
                matchId,
                "voidexa",
                "voidexa-1.0.0",
                "1",
                MatchOptions.defaults(),
                "commitment",
                "seed");
    }

    static PlayerJoined joined(Seat seat, String name) {
        return new PlayerJoined(seat, name, "gunner", "vanguard-core", List.of(), "client");
    }

    static MatchStarted started() {
        return new MatchStarted(Seat.A);
    }

    static TurnStarted turn(Seat seat, int turn) {
        return new TurnStarted(seat, turn);
    }

    static MatchEnded won(Seat winner, String reason) {
        return new MatchEnded(
                winner, reason, List.of(winner.opponent()), winner.opponent(), "seed");
    }

    static MatchEnded bothLost() {
        return new MatchEnded(null, "BOTH_LOST", List.of(Seat.A, Seat.B), null, "seed");
    }
}
