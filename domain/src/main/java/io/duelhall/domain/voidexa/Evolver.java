package io.duelhall.domain.voidexa;

import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.VoidexaEvent.*;
import io.duelhall.domain.voidexa.cards.Subsystem;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * evolve(state, event) → state. Only assigns what the event says; never decides, never draws
 * randomness, never throws on an event that decide produced.
 */
final class Evolver {
    private Evolver() {
    }

    static VoidexaState evolve(VoidexaState s, MatchEvent event) {
        if (!(event instanceof VoidexaEvent e)) {
            return s; // IntentAccepted and other envelopes change nothing in the rules state
        }
        if (e instanceof MatchCreated c) {
            return new VoidexaState(c.matchId(), MatchStatus.WAITING, c.options(), c.engineVersion(),
                    c.catalogVersion(), c.seedCommitment(), c.serverSeed(), Map.of(), null, 0, null, Phase.SETUP,
                    null, null, 0, null);
        }
        if (e instanceof PlayerJoined j) {
            return s.withShip(j.seat(), Ship.fresh(j.name(), j.pilotClass(), j.shipCore(), j.clientSeed(),
                    j.deck() == null ? List.of() : j.deck()).withAccount(j.accountId()));
        }
        if (e instanceof MatchStarted m) {
            return s.withStatus(MatchStatus.LIVE, m.firstSeat()).withPhase(Phase.START);
        }
        if (e instanceof DeckShuffled d) {
            return edit(s, d.seat(), b -> b.deck = d.order() == null ? List.of() : List.copyOf(d.order()));
        }
        if (e instanceof CardDrawn d) {
            return edit(s, d.seat(), b -> {
                CardRef top = b.deck.get(0);
                b.deck = b.deck.subList(1, b.deck.size());
                b.hand = Ship.Builder.plus(b.hand, top);
            });
        }
        if (e instanceof FatigueApplied f) {
            return edit(s, f.seat(), b -> {
                b.emptyDraws = f.emptyDraws();
                b.maxHand = f.maxHandSize();
            });
        }
        if (e instanceof TurnStarted t) {
            VoidexaState n = s.withTurn(t.turn(), t.seat(), Phase.START);
            return edit(n, t.seat(), b -> b.abilitiesUsed = Set.of());
        }
        if (e instanceof LifeSupportCounted l) {
            return edit(s, l.seat(), b -> b.lifeSupportZeroTurns = l.zeroTurns());
        }
        if (e instanceof HeatDecreased h) {
            return edit(s, h.seat(), b -> b.heat = h.heat());
        }
        if (e instanceof ShieldRegenerated r) {
            return edit(s, r.seat(), b -> b.set(Subsystem.SHIELD, r.shield()));
        }
        if (e instanceof EnergyRefilled r) {
            return edit(s, r.seat(), b -> b.energy = r.energy());
        }
        if (e instanceof MainPhaseStarted) {
            return s.withPhase(Phase.MAIN);
        }
        if (e instanceof CardPlayed p) {
            VoidexaState n = edit(s, p.seat(), b -> b.hand = Ship.Builder.minus(b.hand, p.card().id()));
            return p.response() ? n : n.withPending(new PendingPlay(p.seat(), p.card(), p.targets()), null, Phase.MAIN);
        }
        if (e instanceof EnergySpent x) {
            return edit(s, x.seat(), b -> b.energy = x.energy());
        }
        if (e instanceof HeatPending h) {
            return edit(s, h.seat(), b -> b.pendingHeat = h.pending());
        }
        if (e instanceof AbilityActivated a) {
            return edit(s, a.seat(), b -> b.useAbility(a.card().id() + "#" + a.ability()));
        }
        if (e instanceof ResponseWindowOpened w) {
            return s.withPending(s.pending(), w.responder(), Phase.RESPONSE);
        }
        if (e instanceof ResponseWindowClosed) {
            return s.withPending(s.pending(), null, Phase.MAIN);
        }
        if (e instanceof CardCancelled) {
            return s;
        }
        if (e instanceof DamageRouted d) {
            return edit(s, d.target(), b -> d.after().forEach(b::set));
        }
        if (e instanceof DroneDamaged d) {
            return edit(s, d.owner(), b -> b.drones = mapDrone(b.drones, d.drone(),
                    x -> x.withHullShield(d.hull(), d.shield())));
        }
        if (e instanceof DroneDestroyed d) {
            return edit(s, d.owner(), b -> {
                b.drones = b.drones.stream().filter(x -> !x.id().equals(d.drone().id())).toList();
                b.discard = Ship.Builder.plus(b.discard, d.drone());
            });
        }
        if (e instanceof SubsystemRepaired r) {
            return edit(s, r.seat(), b -> b.set(r.subsystem(), r.value()));
        }
        if (e instanceof ShieldRaised r) {
            return edit(s, r.seat(), b -> b.set(Subsystem.SHIELD, r.shield()));
        }
        if (e instanceof EnergyGained g) {
            return edit(s, g.seat(), b -> b.energy = g.energy());
        }
        if (e instanceof MaxEnergyIncreased m) {
            return edit(s, m.seat(), b -> b.ramp = m.ramp());
        }
        if (e instanceof DroneDeployed d) {
            return leavePending(edit(s, d.seat(), b -> {
                List<Drone> l = new ArrayList<>(b.drones);
                l.add(d.drone());
                b.drones = l;
            }), d.drone().id());
        }
        if (e instanceof WeaponCharged w) {
            return edit(s, w.seat(), b -> b.weaponCharge = w.charge());
        }
        if (e instanceof WeaponChargeSpent w) {
            return edit(s, w.seat(), b -> b.weaponCharge = 0);
        }
        if (e instanceof DronePierceCharged d) {
            return edit(s, d.seat(), b -> b.pierceNext = true);
        }
        if (e instanceof DronePierceSpent d) {
            return edit(s, d.seat(), b -> b.pierceNext = false);
        }
        if (e instanceof DronesBoosted d) {
            return edit(s, d.seat(), b -> {
                b.droneBoost = d.damage();
                b.dronePierce = d.pierce();
                b.boostUntilTurn = d.untilTurn();
            });
        }
        if (e instanceof DroneRepaired r) {
            return edit(s, r.seat(), b -> b.drones = mapDrone(b.drones, r.drone(),
                    x -> x.withHullShield(r.hull(), r.shield())));
        }
        if (e instanceof CardEnteredPlay c) {
            return leavePending(edit(s, c.seat(), b -> b.inPlay = Ship.Builder.plus(b.inPlay, c.card())), c.card().id());
        }
        if (e instanceof FieldActivated f) {
            return leavePending(edit(s, f.seat(), b -> b.field = f.card()), f.card().id());
        }
        if (e instanceof FieldDestroyed f) {
            return edit(s, f.seat(), b -> {
                b.field = null;
                b.discard = Ship.Builder.plus(b.discard, f.card());
            });
        }
        if (e instanceof CardDestroyed c) {
            return edit(s, c.seat(), b -> {
                b.inPlay = Ship.Builder.minus(b.inPlay, c.card().id());
                b.discard = Ship.Builder.plus(b.discard, c.card());
            });
        }
        if (e instanceof CardDiscarded c) {
            return leavePending(edit(s, c.seat(), b -> {
                b.hand = Ship.Builder.minus(b.hand, c.card().id());
                b.discard = Ship.Builder.plus(b.discard, c.card());
            }), c.card().id());
        }
        if (e instanceof CardReturnedToHand c) {
            return leavePending(edit(s, c.seat(), b -> b.hand = Ship.Builder.plus(b.hand, c.card())), c.card().id());
        }
        if (e instanceof CardExiled c) {
            return leavePending(edit(s, c.seat(), b -> b.exile = Ship.Builder.plus(b.exile, c.card())), c.card().id());
        }
        if (e instanceof TurnTimedOut t) {
            return edit(s, t.seat(), b -> b.timeouts = t.timeouts());
        }
        if (e instanceof EndOfTurnBegan) {
            return s.withPhase(Phase.END);
        }
        if (e instanceof HeatApplied h) {
            return edit(s, h.seat(), b -> {
                b.heat = h.heat();
                b.pendingHeat = 0;
            });
        }
        if (e instanceof DiscardRequired d) {
            return s.withDiscardOwed(d.count(), Phase.DISCARD);
        }
        if (e instanceof TurnEnded t) {
            VoidexaState ended = s.withDiscardOwed(0, Phase.START);
            // an unspent Overcharge is lost with the turn (D-CAT-3)
            return ended.ship(t.seat()) != null && ended.ship(t.seat()).weaponCharge() > 0
                    ? edit(ended, t.seat(), b -> b.weaponCharge = 0) : ended;
        }
        if (e instanceof MatchEnded m) {
            return s.ended(new Result(m.winner(), m.reason()));
        }
        // AbilityTriggered, DroneAttacked: announcements; their effects are separate events.
        return s;
    }

    /** A card that reaches its destination is no longer the card waiting to resolve. */
    private static VoidexaState leavePending(VoidexaState s, String id) {
        if (s.pending() != null && s.pending().card().id().equals(id)) {
            return s.withPending(null, s.responder(), s.phase());
        }
        return s;
    }

    private static List<Drone> mapDrone(List<Drone> drones, String id, java.util.function.UnaryOperator<Drone> f) {
        List<Drone> out = new ArrayList<>(drones.size());
        for (Drone d : drones) {
            out.add(d.id().equals(id) ? f.apply(d) : d);
        }
        return out;
    }

    private static VoidexaState edit(VoidexaState s, Seat seat, java.util.function.Consumer<Ship.Builder> change) {
        Ship.Builder b = s.ship(seat).edit();
        change.accept(b);
        return s.withShip(seat, b.build());
    }
}
