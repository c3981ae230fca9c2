package io.duelhall.domain.voidexa.ai;

import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.CardRef;
import io.duelhall.domain.voidexa.Drone;
import io.duelhall.domain.voidexa.Result;
import io.duelhall.domain.voidexa.Ship;
import io.duelhall.domain.voidexa.VoidexaState;
import io.duelhall.domain.voidexa.cards.Card;
import io.duelhall.domain.voidexa.cards.Catalog;
import io.duelhall.domain.voidexa.cards.Keyword;
import io.duelhall.domain.voidexa.cards.Subsystem;

/**
 * How good a state is for one seat: its side's worth minus the enemy's. Reads only what that seat
 * may see — ship values, Heat, drones and cards in play, hand and deck <em>counts</em> — never the
 * enemy's hand or either deck order, so the AI plays fair on the full state. Its own hand counts
 * only to keep Energy for a Reactive answer it holds.
 *
 * <p>The weights encode the heuristics: a ship dies when Hull or Reactor reaches 0, so a point of
 * Reactor (no Shield in front of it, and it sets the Energy tier) is worth more than a point of
 * Hull; being close to either 0 costs extra (the lethal pressure); Heat at 6 and more raises every
 * cost and at 9 burns the Hull each turn, so projected Heat (current plus pending) is paid for
 * before it lands.
 */
final class Evaluation {
    static final double WIN = 1_000_000;

    /**
     * Energy kept for a Reactive answer in the enemy's turn is worth this much (own hand only: the
     * enemy's is hidden).
     */
    static final double ANSWER_READY = 4;

    private final Catalog catalog;

    public Evaluation(Catalog catalog) {
        this.catalog = catalog;
    }

    public double of(VoidexaState s, Seat me) {
        if (s.over()) {
            Result r = s.result();
            if (r == null || r.winner() == null) {
                return -WIN / 2;
            }
            return r.winner() == me ? WIN : -WIN;
        }
        // in its own turn a seat that keeps Energy for a Reactive answer has it in the enemy's turn
        double answer = s.active() == me ? answerReady(s.ship(me)) : 0;
        return side(s.ship(me)) + answer - side(s.ship(me.opponent()));
    }

    private double answerReady(Ship own) {
        for (CardRef c : own.hand()) {
            Card card = catalog.card(c.card());
            if (card.has(Keyword.REACTIVE) && card.cost() <= own.energy()) {
                return ANSWER_READY;
            }
        }
        return 0;
    }

    static double side(Ship ship) {
        int hull = ship.value(Subsystem.HULL);
        int shield = ship.value(Subsystem.SHIELD);
        int reactor = ship.value(Subsystem.REACTOR);
        int weapons = ship.value(Subsystem.WEAPONS);
        int engines = ship.value(Subsystem.ENGINES);
        int life = ship.value(Subsystem.LIFE_SUPPORT);
        double v =
                1.0 * hull
                        + 0.6 * shield
                        + 1.6 * reactor
                        + 6.0 * ship.reactorTier()
                        + 6.0 * ship.ramp();
        // lethal pressure: the nearer the weaker of Hull and Reactor is to 0, the more each point
        // counts
        v -= 90.0 / (1.0 + Math.min(hull, reactor * 1.5) / 6.0);
        v += 0.25 * weapons + (weapons > 0 ? 12 : 0);
        v += 0.2 * engines + (engines > 0 ? 6 : 0);
        v += 0.3 * life - (life == 0 ? 25.0 * (ship.lifeSupportZeroTurns() + 1) : 0);
        for (Drone d : ship.drones()) {
            v += 5 + 3.0 * d.damage() + 0.5 * (d.hull() + d.shield()) + (d.pierce() ? 2 : 0);
        }
        v += 7.0 * ship.inPlay().size() + (ship.field() != null ? 5 : 0);
        v += 2.5 * Math.min(ship.hand().size(), ship.maxHand()) + 1.2 * ship.energy();
        int projectedHeat = Math.min(Ship.MAX_HEAT, ship.heat() + ship.pendingHeat());
        v -= 0.6 * projectedHeat + (projectedHeat >= 6 ? 5 : 0) + (projectedHeat >= 9 ? 14 : 0);
        if (ship.deck().isEmpty()) {
            v -= 12.0 * (ship.emptyDraws() + 1);
        }
        return v;
    }
}
