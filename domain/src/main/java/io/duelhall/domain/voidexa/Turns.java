package io.duelhall.domain.voidexa;

import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.VoidexaEvent.*;
import io.duelhall.domain.voidexa.cards.Card;
import io.duelhall.domain.voidexa.cards.Condition;
import io.duelhall.domain.voidexa.cards.Keyword;
import io.duelhall.domain.voidexa.cards.ModifierKind;
import io.duelhall.domain.voidexa.cards.PilotClass;
import io.duelhall.domain.voidexa.cards.Subsystem;
import io.duelhall.domain.voidexa.cards.Timing;
import io.duelhall.domain.voidexa.cards.Trigger;
import java.util.ArrayList;
import java.util.List;

/** The automatic parts of a turn: start (V-START-*), drone attacks (V-MAIN-1), end (V-END-*). */
final class Turns {
    static final int HEAT_DAMAGE = 2;
    static final int HEAT_DAMAGE_FROM = 9;
    static final int LIFE_SUPPORT_TURNS = 3;

    private final Effects effects;

    Turns(Effects effects) {
        this.effects = effects;
    }

    void startTurn(DecisionInProgress c, Seat seat) {
        c.emit(new TurnStarted(seat, c.state.turn() + 1));
        Ship ship = c.ship(seat);
        // V-WIN-2: Life Support at 0 when an own turn starts, three turns running, loses.
        if (ship.value(Subsystem.LIFE_SUPPORT) == 0) {
            int n = ship.lifeSupportZeroTurns() + 1;
            c.emit(new LifeSupportCounted(seat, n));
            if (n >= LIFE_SUPPORT_TURNS) {
                c.end(seat.opponent(), "LIFE_SUPPORT_FAILED", List.of(seat), seat);
                return;
            }
        } else if (ship.lifeSupportZeroTurns() > 0) {
            c.emit(new LifeSupportCounted(seat, 0));
        }
        // V-START-1, in order: Heat −1, Shield +2, Energy set by Reactor tier + ramp, draw 1.
        ship = c.ship(seat);
        if (ship.heat() > 0) {
            c.emit(new HeatDecreased(seat, 1, ship.heat() - 1, "START_OF_TURN"));
        }
        int regen = 2 + Passives.sum(c.catalog, c.state, seat, ModifierKind.SHIELD_REGEN, null);
        int shield = ship.value(Subsystem.SHIELD);
        int gained = Math.max(0, Math.min(regen, ship.max(Subsystem.SHIELD) - shield));
        if (gained > 0) {
            c.emit(new ShieldRegenerated(seat, gained, shield + gained));
        }
        c.emit(new EnergyRefilled(seat, ship.maxEnergy(), ship.maxEnergy()));
        Draws.draw(c, seat, 1);
        if (c.over()) {
            return;
        }
        triggers(c, seat, Timing.START_OF_TURN); // V-START-4
        if (c.over()) {
            return;
        }
        c.emit(new MainPhaseStarted(seat));
        droneAttacks(c, seat);
    }

    /**
     * V-MAIN-1: each drone of the active seat attacks once, in column order, before the seat may
     * act.
     */
    private void droneAttacks(DecisionInProgress c, Seat seat) {
        Ship ship = c.ship(seat);
        boolean boosted = ship.boostUntilTurn() >= c.state.turn();
        int bonus =
                Passives.sum(c.catalog, c.state, seat, ModifierKind.DRONE_DAMAGE, null)
                        + (boosted ? ship.droneBoost() : 0);
        boolean pierceNext =
                ship.pierceNext(); // D-DRONE-3: Targeting AI's Pierce for this attack, then spent
        boolean attacked = false;
        for (Drone d : ship.drones()) {
            if (c.over()) {
                return;
            }
            if (c.ship(seat).drone(d.id()) == null) {
                continue;
            }
            int dmg = d.damage() + bonus;
            boolean pierce = d.pierce() || (boosted && ship.dronePierce()) || pierceNext;
            if (dmg <= 0) {
                continue;
            }
            c.emit(new DroneAttacked(seat, d.id(), dmg, pierce));
            attacked = true;
            // V-DRONE-2: to the enemy ship, or to the subsystem the drone is assigned to
            // (D-DRONE-4), skipping the Shield
            Damage.routeToShip(c, seat.opponent(), seat, "DRONE", dmg, pierce, d.target());
        }
        if (pierceNext && attacked && !c.over()) {
            c.emit(new DronePierceSpent(seat));
        }
    }

    void endTurn(DecisionInProgress c, Seat seat) {
        c.emit(new EndOfTurnBegan(seat, c.state.turn()));
        triggers(c, seat, Timing.END_OF_TURN); // V-END-1 step 1
        if (c.over()) {
            return;
        }
        Ship ship = c.ship(seat);
        if (ship.pendingHeat() > 0) { // V-HEAT-1
            int heat = Math.min(Ship.MAX_HEAT, ship.heat() + ship.pendingHeat());
            c.emit(new HeatApplied(seat, ship.pendingHeat(), heat));
        }
        if (c.ship(seat).heat() >= HEAT_DAMAGE_FROM) { // V-HEAT-2
            Damage.routeToShip(c, seat, seat, "HEAT", HEAT_DAMAGE, false, null);
            if (c.over()) {
                return;
            }
        }
        ship = c.ship(seat);
        if (ship.hand().size() > ship.maxHand()) { // V-END-2
            c.emit(new DiscardRequired(seat, ship.hand().size() - ship.maxHand()));
            return;
        }
        passTurn(c, seat);
    }

    void passTurn(DecisionInProgress c, Seat seat) {
        c.emit(new TurnEnded(seat, c.state.turn()));
        startTurn(c, seat.opponent());
    }

    /**
     * V-START-4 order: the seat's Ship Core, its pilot passive, its cards in play in the order they
     * entered, then fields — the seat's own first, then the other's. Fields fire at every seat's
     * turn.
     */
    private void triggers(DecisionInProgress c, Seat seat, Timing timing) {
        Ship ship = c.ship(seat);
        List<Runnable> steps = new ArrayList<>();
        c.catalog
                .find(ship.shipCore())
                .ifPresent(
                        core ->
                                steps.add(
                                        () ->
                                                fire(
                                                        c,
                                                        seat,
                                                        seat,
                                                        "core",
                                                        core.id(),
                                                        core.triggers(),
                                                        timing,
                                                        null)));
        c.catalog
                .pilot(ship.pilotClass())
                .map(PilotClass::triggers)
                .ifPresent(
                        ts ->
                                steps.add(
                                        () ->
                                                fire(
                                                        c,
                                                        seat,
                                                        seat,
                                                        "pilot",
                                                        ship.pilotClass(),
                                                        ts,
                                                        timing,
                                                        null)));
        for (CardRef ref : ship.inPlay()) {
            steps.add(
                    () -> {
                        if (c.ship(seat).inPlayCard(ref.id()) != null) {
                            fire(
                                    c,
                                    seat,
                                    seat,
                                    ref.id(),
                                    ref.card(),
                                    c.catalog.card(ref.card()).triggers(),
                                    timing,
                                    ref);
                        }
                    });
        }
        for (Seat side : List.of(seat, seat.opponent())) {
            CardRef f = c.ship(side).field();
            if (f != null) {
                steps.add(
                        () -> {
                            CardRef still = c.ship(side).field();
                            if (still != null && still.id().equals(f.id())) {
                                Card field = c.catalog.card(f.card());
                                Seat blame = field.has(Keyword.UNBOUND) ? null : side;
                                fire(c, side, blame, f.id(), f.card(), field.triggers(), timing, f);
                            }
                        });
            }
        }
        for (Runnable step : steps) {
            if (c.over()) {
                return;
            }
            step.run();
        }
    }

    private void fire(
            DecisionInProgress c,
            Seat owner,
            Seat blame,
            String source,
            String card,
            List<Trigger> triggers,
            Timing timing,
            CardRef self) {
        for (int i = 0; i < triggers.size(); i++) {
            Trigger t = triggers.get(i);
            if (c.over()) {
                return;
            }
            if (t.when() != timing || !holds(c.ship(owner), t.condition())) {
                continue;
            }
            c.emit(new AbilityTriggered(owner, source, card, timing.name()));
            effects.apply(c, owner, blame, t.effects(), List.of(), 0, false, self);
        }
    }

    private static boolean holds(Ship ship, Condition cond) {
        return switch (cond.kind()) {
            case ALWAYS -> true;
            case HAND_SIZE_BELOW -> ship.hand().size() < cond.value();
            case HULL_BELOW -> ship.value(Subsystem.HULL) < cond.value();
            case HEAT_AT_LEAST -> ship.heat() >= cond.value();
            case HAS_DRONES -> !ship.drones().isEmpty();
        };
    }
}
