package io.duelhall.domain.voidexa;

import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.VoidexaEvent.CardDrawn;
import io.duelhall.domain.voidexa.VoidexaEvent.FatigueApplied;
import java.util.List;

/** Drawing cards (V-START-2/3): by a turn's start and by a card's DRAW effect. */
final class Draws {
    static final int FATIGUE_DAMAGE = 3;

    private Draws() {}

    /**
     * Draws n cards; an empty deck is fatigue the first time (V-START-2) and deck-out the second
     * (V-START-3).
     */
    static void draw(DecisionInProgress c, Seat seat, int n) {
        for (int i = 0; i < n && !c.over(); i++) {
            Ship ship = c.ship(seat);
            if (!ship.deck().isEmpty()) {
                c.emit(
                        new CardDrawn(
                                seat,
                                ship.deck().get(0),
                                ship.hand().size() + 1,
                                ship.deck().size() - 1));
                continue;
            }
            int empty = ship.emptyDraws() + 1;
            if (empty >= 2) {
                c.end(seat.opponent(), "DECK_OUT", List.of(seat), seat);
                return;
            }
            c.emit(new FatigueApplied(seat, empty, Math.max(0, ship.maxHand() - 1)));
            Damage.routeToShip(c, seat, seat, "FATIGUE", FATIGUE_DAMAGE, false, null);
        }
    }
}
