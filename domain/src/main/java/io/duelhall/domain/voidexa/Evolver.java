package io.duelhall.domain.voidexa;

import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.VoidexaEvent.*;
import io.duelhall.domain.voidexa.cards.Subsystem;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * evolve(state, event) → state. Only assigns what the event says; never decides, never draws
 * randomness, never throws on an event that decide produced. One handler per event type, looked up
 * by the event's class (Java 17 has no pattern switch); EvolverCoverageTest fails when a new event
 * type has none.
 */
final class Evolver {
    private Evolver() {}

    /** How one event type changes the state: only assigns what the event says. */
    @FunctionalInterface
    interface Handler<E extends VoidexaEvent> {
        VoidexaState apply(VoidexaState s, E event);
    }

    /**
     * One handler per event type (every permitted subtype of {@link VoidexaEvent}:
     * EvolverCoverageTest).
     */
    private static final Map<Class<? extends VoidexaEvent>, Handler<?>> HANDLERS = handlers();

    static VoidexaState evolve(VoidexaState s, MatchEvent event) {
        if (!(event instanceof VoidexaEvent e)) {
            return s; // IntentAccepted and other envelopes change nothing in the rules state
        }
        @SuppressWarnings("unchecked")
        Handler<VoidexaEvent> h = (Handler<VoidexaEvent>) HANDLERS.get(e.getClass());
        return h == null ? s : h.apply(s, e);
    }

    /** The event types with a handler. */
    static Set<Class<? extends VoidexaEvent>> handledTypes() {
        return HANDLERS.keySet();
    }

    private static Map<Class<? extends VoidexaEvent>, Handler<?>> handlers() {
        Map<Class<? extends VoidexaEvent>, Handler<?>> byType = new HashMap<>();
        on(
                byType,
                MatchCreated.class,
                (s, c) -> {
                    return new VoidexaState(
                            c.matchId(),
                            MatchStatus.WAITING,
                            c.options(),
                            c.engineVersion(),
                            c.catalogVersion(),
                            c.seedCommitment(),
                            c.serverSeed(),
                            Map.of(),
                            null,
                            0,
                            null,
                            Phase.SETUP,
                            null,
                            null,
                            0,
                            null);
                });
        on(
                byType,
                PlayerJoined.class,
                (s, j) -> {
                    return s.withShip(
                            j.seat(),
                            Ship.fresh(
                                            j.name(),
                                            j.pilotClass(),
                                            j.shipCore(),
                                            j.clientSeed(),
                                            j.deck() == null ? List.of() : j.deck())
                                    .withAccount(j.accountId()));
                });
        on(
                byType,
                MatchStarted.class,
                (s, m) -> s.withStatus(MatchStatus.LIVE, m.firstSeat()).withPhase(Phase.START));
        on(
                byType,
                DeckShuffled.class,
                (s, d) -> {
                    return edit(
                            s,
                            d.seat(),
                            b -> b.deck = d.order() == null ? List.of() : List.copyOf(d.order()));
                });
        on(
                byType,
                CardDrawn.class,
                (s, d) -> {
                    return edit(
                            s,
                            d.seat(),
                            b -> {
                                CardRef top = b.deck.get(0);
                                b.deck = b.deck.subList(1, b.deck.size());
                                b.hand = Ship.Builder.plus(b.hand, top);
                            });
                });
        on(
                byType,
                FatigueApplied.class,
                (s, f) -> {
                    return edit(
                            s,
                            f.seat(),
                            b -> {
                                b.emptyDraws = f.emptyDraws();
                                b.maxHand = f.maxHandSize();
                            });
                });
        on(
                byType,
                TurnStarted.class,
                (s, t) -> {
                    VoidexaState n = s.withTurn(t.turn(), t.seat(), Phase.START);
                    return edit(n, t.seat(), b -> b.abilitiesUsed = Set.of());
                });
        on(
                byType,
                LifeSupportCounted.class,
                (s, l) -> edit(s, l.seat(), b -> b.lifeSupportZeroTurns = l.zeroTurns()));
        on(byType, HeatDecreased.class, (s, h) -> edit(s, h.seat(), b -> b.heat = h.heat()));
        on(
                byType,
                ShieldRegenerated.class,
                (s, r) -> edit(s, r.seat(), b -> b.set(Subsystem.SHIELD, r.shield())));
        on(byType, EnergyRefilled.class, (s, r) -> edit(s, r.seat(), b -> b.energy = r.energy()));
        on(byType, MainPhaseStarted.class, (s, x) -> s.withPhase(Phase.MAIN));
        on(
                byType,
                CardPlayed.class,
                (s, p) -> {
                    VoidexaState n =
                            edit(
                                    s,
                                    p.seat(),
                                    b -> b.hand = Ship.Builder.minus(b.hand, p.card().id()));
                    return p.response()
                            ? n
                            : n.withPending(
                                    new PendingPlay(p.seat(), p.card(), p.targets()),
                                    null,
                                    Phase.MAIN);
                });
        on(byType, EnergySpent.class, (s, x) -> edit(s, x.seat(), b -> b.energy = x.energy()));
        on(
                byType,
                HeatPending.class,
                (s, h) -> edit(s, h.seat(), b -> b.pendingHeat = h.pending()));
        on(
                byType,
                AbilityActivated.class,
                (s, a) -> {
                    return edit(s, a.seat(), b -> b.useAbility(a.card().id() + "#" + a.ability()));
                });
        on(
                byType,
                ResponseWindowOpened.class,
                (s, w) -> s.withPending(s.pending(), w.responder(), Phase.RESPONSE));
        on(
                byType,
                ResponseWindowClosed.class,
                (s, x) -> s.withPending(s.pending(), null, Phase.MAIN));
        on(byType, CardCancelled.class, (s, x) -> s);
        on(
                byType,
                DamageRouted.class,
                (s, d) -> edit(s, d.target(), b -> d.after().forEach(b::set)));
        on(
                byType,
                DroneDamaged.class,
                (s, d) -> {
                    return edit(
                            s,
                            d.owner(),
                            b ->
                                    b.drones =
                                            mapDrone(
                                                    b.drones,
                                                    d.drone(),
                                                    x -> x.withHullShield(d.hull(), d.shield())));
                });
        on(
                byType,
                DroneDestroyed.class,
                (s, d) -> {
                    return edit(
                            s,
                            d.owner(),
                            b -> {
                                b.drones =
                                        b.drones.stream()
                                                .filter(x -> !x.id().equals(d.drone().id()))
                                                .toList();
                                b.discard = Ship.Builder.plus(b.discard, d.drone());
                            });
                });
        on(
                byType,
                SubsystemRepaired.class,
                (s, r) -> edit(s, r.seat(), b -> b.set(r.subsystem(), r.value())));
        on(
                byType,
                ShieldRaised.class,
                (s, r) -> edit(s, r.seat(), b -> b.set(Subsystem.SHIELD, r.shield())));
        on(byType, EnergyGained.class, (s, g) -> edit(s, g.seat(), b -> b.energy = g.energy()));
        on(byType, MaxEnergyIncreased.class, (s, m) -> edit(s, m.seat(), b -> b.ramp = m.ramp()));
        on(
                byType,
                DroneDeployed.class,
                (s, d) -> {
                    return leavePending(
                            edit(
                                    s,
                                    d.seat(),
                                    b -> {
                                        List<Drone> l = new ArrayList<>(b.drones);
                                        l.add(d.drone());
                                        b.drones = l;
                                    }),
                            d.drone().id());
                });
        on(
                byType,
                WeaponCharged.class,
                (s, w) -> edit(s, w.seat(), b -> b.weaponCharge = w.charge()));
        on(byType, WeaponChargeSpent.class, (s, w) -> edit(s, w.seat(), b -> b.weaponCharge = 0));
        on(byType, DronePierceCharged.class, (s, d) -> edit(s, d.seat(), b -> b.pierceNext = true));
        on(byType, DronePierceSpent.class, (s, d) -> edit(s, d.seat(), b -> b.pierceNext = false));
        on(
                byType,
                DronesBoosted.class,
                (s, d) -> {
                    return edit(
                            s,
                            d.seat(),
                            b -> {
                                b.droneBoost = d.damage();
                                b.dronePierce = d.pierce();
                                b.boostUntilTurn = d.untilTurn();
                            });
                });
        on(
                byType,
                DroneRepaired.class,
                (s, r) -> {
                    return edit(
                            s,
                            r.seat(),
                            b ->
                                    b.drones =
                                            mapDrone(
                                                    b.drones,
                                                    r.drone(),
                                                    x -> x.withHullShield(r.hull(), r.shield())));
                });
        on(
                byType,
                CardEnteredPlay.class,
                (s, c) -> {
                    return leavePending(
                            edit(
                                    s,
                                    c.seat(),
                                    b -> b.inPlay = Ship.Builder.plus(b.inPlay, c.card())),
                            c.card().id());
                });
        on(
                byType,
                FieldActivated.class,
                (s, f) -> {
                    return leavePending(edit(s, f.seat(), b -> b.field = f.card()), f.card().id());
                });
        on(
                byType,
                FieldDestroyed.class,
                (s, f) -> {
                    return edit(
                            s,
                            f.seat(),
                            b -> {
                                b.field = null;
                                b.discard = Ship.Builder.plus(b.discard, f.card());
                            });
                });
        on(
                byType,
                CardDestroyed.class,
                (s, c) -> {
                    return edit(
                            s,
                            c.seat(),
                            b -> {
                                b.inPlay = Ship.Builder.minus(b.inPlay, c.card().id());
                                b.discard = Ship.Builder.plus(b.discard, c.card());
                            });
                });
        on(
                byType,
                CardDiscarded.class,
                (s, c) -> {
                    return leavePending(
                            edit(
                                    s,
                                    c.seat(),
                                    b -> {
                                        b.hand = Ship.Builder.minus(b.hand, c.card().id());
                                        b.discard = Ship.Builder.plus(b.discard, c.card());
                                    }),
                            c.card().id());
                });
        on(
                byType,
                CardReturnedToHand.class,
                (s, c) -> {
                    return leavePending(
                            edit(s, c.seat(), b -> b.hand = Ship.Builder.plus(b.hand, c.card())),
                            c.card().id());
                });
        on(
                byType,
                CardExiled.class,
                (s, c) -> {
                    return leavePending(
                            edit(s, c.seat(), b -> b.exile = Ship.Builder.plus(b.exile, c.card())),
                            c.card().id());
                });
        on(byType, TurnTimedOut.class, (s, t) -> edit(s, t.seat(), b -> b.timeouts = t.timeouts()));
        on(byType, EndOfTurnBegan.class, (s, x) -> s.withPhase(Phase.END));
        on(
                byType,
                HeatApplied.class,
                (s, h) -> {
                    return edit(
                            s,
                            h.seat(),
                            b -> {
                                b.heat = h.heat();
                                b.pendingHeat = 0;
                            });
                });
        on(byType, DiscardRequired.class, (s, d) -> s.withDiscardOwed(d.count(), Phase.DISCARD));
        on(
                byType,
                TurnEnded.class,
                (s, t) -> {
                    VoidexaState ended = s.withDiscardOwed(0, Phase.START);
                    // an unspent Overcharge is lost with the turn (D-CAT-3)
                    return ended.ship(t.seat()) != null && ended.ship(t.seat()).weaponCharge() > 0
                            ? edit(ended, t.seat(), b -> b.weaponCharge = 0)
                            : ended;
                });
        on(byType, MatchEnded.class, (s, m) -> s.ended(new Result(m.winner(), m.reason())));
        // announcements: their effects are separate events
        on(byType, AbilityTriggered.class, (s, x) -> s);
        on(byType, DroneAttacked.class, (s, x) -> s);
        return Map.copyOf(byType);
    }

    private static <E extends VoidexaEvent> void on(
            Map<Class<? extends VoidexaEvent>, Handler<?>> byType,
            Class<E> type,
            Handler<E> handler) {
        if (byType.put(type, handler) != null) {
            throw new IllegalStateException("two handlers for " + type.getSimpleName());
        }
    }

    /** A card that reaches its destination is no longer the card waiting to resolve. */
    private static VoidexaState leavePending(VoidexaState s, String id) {
        if (s.pending() != null && s.pending().card().id().equals(id)) {
            return s.withPending(null, s.responder(), s.phase());
        }
        return s;
    }

    private static List<Drone> mapDrone(
            List<Drone> drones, String id, java.util.function.UnaryOperator<Drone> f) {
        List<Drone> out = new ArrayList<>(drones.size());
        for (Drone d : drones) {
            out.add(d.id().equals(id) ? f.apply(d) : d);
        }
        return out;
    }

    private static VoidexaState edit(
            VoidexaState s, Seat seat, java.util.function.Consumer<Ship.Builder> change) {
        Ship.Builder b = s.ship(seat).edit();
        change.accept(b);
        return s.withShip(seat, b.build());
    }
}
