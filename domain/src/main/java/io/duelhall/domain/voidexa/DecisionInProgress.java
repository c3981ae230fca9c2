package io.duelhall.domain.voidexa;

import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.VoidexaEvent.DamageRouted;
import io.duelhall.domain.voidexa.VoidexaEvent.MatchEnded;
import io.duelhall.domain.voidexa.cards.Catalog;
import io.duelhall.domain.voidexa.cards.Subsystem;
import java.util.ArrayList;
import java.util.List;

/**
 * The working state of one decision: every event decide emits is applied at once with the same
 * evolve that replay uses, so later steps see its effect and replay equals live play. Win and loss
 * are checked after every event that changes a subsystem (V-WIN-5).
 */
final class DecisionInProgress {
    final Catalog catalog;
    VoidexaState state;
    final List<MatchEvent> events = new ArrayList<>();
    private int deferWin;

    DecisionInProgress(Catalog catalog, VoidexaState state) {
        this.catalog = catalog;
        this.state = state;
    }

    void emit(VoidexaEvent e) {
        state = Evolver.evolve(state, e);
        events.add(e);
        if (e instanceof DamageRouted d && deferWin == 0) {
            checkWin(d.source());
        }
    }

    boolean over() {
        return state.over();
    }

    Ship ship(Seat seat) {
        return state.ship(seat);
    }

    /**
     * Runs a resolution that hits several ships at once; the win check waits for its end (V-WIN-4).
     */
    void together(Seat triggeredBy, Runnable resolution) {
        deferWin++;
        try {
            resolution.run();
        } finally {
            deferWin--;
        }
        if (deferWin == 0) {
            checkWin(triggeredBy);
        }
    }

    /**
     * V-WIN-1/4: Hull or Reactor at 0 ends the match; if both ships are down, whoever triggered it
     * loses.
     */
    void checkWin(Seat triggeredBy) {
        if (over()) {
            return;
        }
        List<Seat> down = new ArrayList<>();
        for (Seat seat : List.of(Seat.A, Seat.B)) {
            Ship s = state.ship(seat);
            if (s != null && s.destroyed()) {
                down.add(seat);
            }
        }
        if (down.isEmpty()) {
            return;
        }
        if (down.size() == 1) {
            Seat loser = down.get(0);
            end(loser.opponent(), reasonFor(loser), List.of(loser), triggeredBy);
        } else if (triggeredBy != null) {
            end(triggeredBy.opponent(), reasonFor(triggeredBy), List.of(triggeredBy), triggeredBy);
        } else {
            end(null, "BOTH_LOST", down, null);
        }
    }

    private String reasonFor(Seat seat) {
        return state.ship(seat).value(Subsystem.HULL) == 0 ? "HULL_DESTROYED" : "REACTOR_DESTROYED";
    }

    void end(Seat winner, String reason, List<Seat> losers, Seat triggeredBy) {
        if (!over()) {
            emit(
                    new MatchEnded(
                            winner, reason, List.copyOf(losers), triggeredBy, state.serverSeed()));
        }
    }
}
