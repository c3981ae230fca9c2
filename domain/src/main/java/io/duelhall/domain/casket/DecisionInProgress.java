package io.duelhall.domain.casket;

import io.duelhall.domain.MatchEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * The events decided so far and the state they lead to: decide emits, and reads the state as it
 * evolves. Once an event ends the match nothing more is emitted (C-D-END-1).
 */
final class DecisionInProgress {
    final Catalog catalog;
    final Decider.Dice dice;
    final List<MatchEvent> events = new ArrayList<>();
    CasketState state;
    private byte[] seed;

    DecisionInProgress(Catalog catalog, Decider.Dice dice, CasketState state) {
        this.catalog = catalog;
        this.dice = dice;
        this.state = state;
    }

    void emit(CasketEvent e) {
        if (state.over()) {
            return;
        }
        events.add(e);
        state = Evolver.evolve(state, e);
    }

    boolean over() {
        return state.over();
    }

    Pilot pilot(io.duelhall.domain.Seat seat) {
        return state.pilot(seat);
    }

    byte[] seed() {
        if (seed == null) {
            seed = CasketDraws.matchSeed(state);
        }
        return seed;
    }

    ArenaMap map() {
        return catalog.map(state.map());
    }
}
