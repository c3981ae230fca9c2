package io.duelhall.domain.voidexa;

import io.duelhall.domain.Seat;
import io.duelhall.domain.Target;
import java.util.List;

/** A played card waiting for the response window to close before it resolves. */
public record PendingPlay(Seat seat, CardRef card, List<Target> targets) {
    public PendingPlay {
        targets = List.copyOf(targets);
    }
}
