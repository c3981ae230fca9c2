package io.duelhall.domain.voidexa.ai;

import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.CardRef;
import io.duelhall.domain.voidexa.Drone;
import io.duelhall.domain.voidexa.Ship;
import io.duelhall.domain.voidexa.VoidexaState;
import io.duelhall.domain.voidexa.cards.Card;
import io.duelhall.domain.voidexa.cards.CardType;
import io.duelhall.domain.voidexa.cards.Catalog;
import io.duelhall.domain.voidexa.cards.Effect;
import io.duelhall.domain.voidexa.cards.EffectKind;
import io.duelhall.domain.voidexa.cards.EffectTarget;
import io.duelhall.domain.voidexa.cards.Subsystem;
import io.duelhall.domain.voidexa.cards.Targeting;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An experiment of issue 42 (off unless {@code -Drace=true}; removed in the next commit, measured
 * in docs/benchmarks.md run 7): voidexa's value as a race — the turns each side needs to destroy
 * the other (a soft minimum of the Hull-through-Shield, Reactor and Life Support routes), from the
 * damage of the cards in hand (spent at the ship's Energy a turn) and the average damage a draw
 * adds (the deck's composition, never its order), plus a Weapons lock (a ship at 0 Weapons plays
 * no Weapon card). It made the search attack at once instead of keeping its cards as greedy does,
 * and it scored no better against greedy than greedy's own evaluation (52.5–55 % of the same 40
 * mirrored deals, 55 % for the evaluation).
 */
final class Race {
    static double scale = Double.parseDouble(System.getProperty("race.scale", "1.5"));
    static double evalWeight = Double.parseDouble(System.getProperty("race.eval", "0.01"));
    static double soft = Double.parseDouble(System.getProperty("race.soft", "1.0"));
    static double lock = Double.parseDouble(System.getProperty("race.lock", "6"));

    private final Catalog catalog;

    /** Per card id: cost, damage to the ship (or Hull), damage that can reach the Reactor. */
    private final Map<String, double[]> cards = new HashMap<>();

    Race(Catalog catalog) {
        this.catalog = catalog;
        for (Card c : catalog.cards()) {
            cards.put(c.id(), of(c));
        }
    }

    private static double[] of(Card c) {
        double ship = 0;
        double reactor = 0;
        double weapons = 0;
        double life = 0;
        for (Effect e : c.effects()) {
            if (e.kind() != EffectKind.DAMAGE) {
                continue;
            }
            EffectTarget to = e.toOrDefault();
            if (to == EffectTarget.TARGET) {
                if (c.targeting() == Targeting.ENEMY_SUBSYSTEM) {
                    ship += e.amount();
                    reactor += e.amount();
                    weapons += e.amount();
                    life += e.amount();
                } else if (c.targeting() == Targeting.ENEMY_SHIP_OR_DRONE) {
                    ship += e.amount();
                }
            } else if (to == EffectTarget.ENEMY_SHIP || to == EffectTarget.BOTH_SHIPS) {
                ship += e.amount();
            } else if (to == EffectTarget.ENEMY_SUBSYSTEM) {
                if (e.subsystem() == Subsystem.REACTOR) {
                    reactor += e.amount();
                } else if (e.subsystem() == Subsystem.WEAPONS) {
                    weapons += e.amount();
                } else if (e.subsystem() == Subsystem.LIFE_SUPPORT) {
                    life += e.amount();
                } else if (e.subsystem() == Subsystem.HULL) {
                    ship += e.amount();
                }
            }
        }
        if (c.type() == CardType.DRONE && c.drone() != null) {
            ship += 3.0 * c.drone().damage();
        }
        return new double[] {
            c.cost(), ship, reactor, weapons, life, c.type() == CardType.WEAPON ? 1 : 0
        };
    }

    private double[] card(String id) {
        double[] v = cards.get(id);
        return v == null ? new double[6] : v;
    }

    /**
     * Turns {@code x} needs to bring {@code hp} of {@code y} to 0 with the damage of column {@code
     * k}.
     */
    private double route(Ship x, Ship y, int k, double hp, double extra) {
        boolean disarmed = x.value(Subsystem.WEAPONS) == 0;
        double energy = Math.max(1, x.maxEnergy());
        double hand = 0;
        double handCost = 0;
        List<CardRef> cardsInHand = x.hand();
        for (int i = 0; i < cardsInHand.size(); i++) {
            double[] c = card(cardsInHand.get(i).card());
            if (c[k] > 0 && !(disarmed && c[5] > 0)) {
                hand += c[k];
                handCost += c[0];
            }
        }
        double drawn = 0;
        List<CardRef> deck = x.deck();
        for (int i = 0; i < deck.size(); i++) {
            double[] c = card(deck.get(i).card());
            if (!(disarmed && c[5] > 0)) {
                drawn += c[k];
            }
        }
        double perTurn = (deck.isEmpty() ? 0 : drawn / deck.size()) + extra;
        return turns(hp, hand, handCost, energy, perTurn);
    }

    /**
     * Turns {@code x} needs to destroy {@code y}: a soft minimum of Hull, Reactor, Life Support.
     */
    double turnsToKill(Ship x, Ship y) {
        double drones = 0;
        for (Drone d : x.drones()) {
            drones += d.damage();
        }
        double regen = y.value(Subsystem.SHIELD) > 0 ? 2 : 0;
        double selfBurn = Math.min(Ship.MAX_HEAT, y.heat() + y.pendingHeat()) >= 9 ? 2 : 0;
        double hull =
                route(
                        x,
                        y,
                        1,
                        y.value(Subsystem.HULL) + y.value(Subsystem.SHIELD),
                        drones + selfBurn - regen);
        double reactor = route(x, y, 2, y.value(Subsystem.REACTOR), 0);
        int ls = y.value(Subsystem.LIFE_SUPPORT);
        double life =
                (ls == 0 ? 0 : route(x, y, 4, ls, 0)) + Math.max(0, 3 - y.lifeSupportZeroTurns());
        return softMin(softMin(hull, reactor), life);
    }

    /** Turns {@code x} needs to bring {@code y}'s Weapons to 0 (then it plays no Weapon card). */
    double turnsToDisarm(Ship x, Ship y) {
        return route(x, y, 3, y.value(Subsystem.WEAPONS), 0);
    }

    private static double softMin(double a, double b) {
        double m = Math.min(a, b);
        return m - soft * Math.log(Math.exp((m - a) / soft) + Math.exp((m - b) / soft));
    }

    /**
     * Turns to deal {@code hp}: the hand's damage spent over the turns its cost takes at {@code
     * energy} a turn, then {@code perTurn} from draws (drones and burns).
     */
    private static double turns(
            double hp, double hand, double handCost, double energy, double perTurn) {
        if (hp <= 0) {
            return 0;
        }
        double handTurns = Math.max(1, handCost / energy);
        double handRate = hand / handTurns;
        double first = handRate + perTurn;
        if (first > 0 && hp <= first * handTurns) {
            return hp / first;
        }
        double left = hp - Math.max(0, first) * handTurns;
        return Math.min(60, handTurns + left / Math.max(0.3, perTurn));
    }

    private static double sigmoid(double x) {
        return 1 / (1 + Math.exp(-x));
    }

    /** Turns the enemy needs to destroy me minus the turns I need to destroy it. */
    double margin(VoidexaState s, Seat me) {
        Ship mine = s.ship(me);
        Ship theirs = s.ship(me.opponent());
        double mineToKill = turnsToKill(mine, theirs);
        double theirsToKill = turnsToKill(theirs, mine);
        double iDisarm = turnsToDisarm(mine, theirs);
        double theyDisarm = turnsToDisarm(theirs, mine);
        return theirsToKill
                + lock * sigmoid((theirsToKill - iDisarm) / soft)
                - mineToKill
                - lock * sigmoid((mineToKill - theyDisarm) / soft);
    }
}
