package io.duelhall.domain.voidlit;

import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.Seat;
import java.util.ArrayList;
import java.util.List;

/**
 * The events decided so far and the state they lead to: decide emits, and reads the state as it
 * evolves.
 */
final class DecisionInProgress {
    final Catalog catalog;
    final List<MatchEvent> events = new ArrayList<>();
    VoidlitState state;

    DecisionInProgress(Catalog catalog, VoidlitState state) {
        this.catalog = catalog;
        this.state = state;
    }

    void emit(VoidlitEvent e) {
        events.add(e);
        state = Evolver.evolve(state, e);
    }

    Side side(Seat seat) {
        return state.side(seat);
    }

    boolean over() {
        return state.over();
    }
}
