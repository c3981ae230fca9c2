package io.duelhall.domain.casket;

import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import io.duelhall.domain.casket.CasketEvent.*;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * evolve(state, event) → state: one handler per event type, each only assigning what the event
 * says. Total over redacted events too: a blank card moves a face-down one, so the same fold serves
 * the public stream.
 */
final class Evolver {
    private static final Map<Class<?>, BiFunction<CasketState, CasketEvent, CasketState>> HANDLERS =
            new HashMap<>();

    private Evolver() {}

    @SuppressWarnings("unchecked")
    private static <E extends CasketEvent> void on(
            Class<E> type, BiFunction<CasketState, E, CasketState> handler) {
        HANDLERS.put(type, (s, e) -> handler.apply(s, (E) e));
    }

    static Set<Class<?>> handledTypes() {
        return Collections.unmodifiableSet(HANDLERS.keySet());
    }

    static CasketState evolve(CasketState s, MatchEvent event) {
        if (!(event instanceof CasketEvent e)) {
            return s; // core events change nothing here
        }
        return HANDLERS.get(e.getClass()).apply(s, e);
    }

    static {
        on(
                CasketMatchCreated.class,
                (s, c) ->
                        CasketState.EMPTY.edit(
                                b -> {
                                    b.matchId = c.matchId();
                                    b.status = MatchStatus.WAITING;
                                    b.options = c.options();
                                    b.seatCount = c.seats();
                                    b.engineVersion = c.engineVersion();
                                    b.catalogVersion = c.catalogVersion();
                                    b.seedCommitment = c.seedCommitment();
                                    b.serverSeed = c.serverSeed();
                                }));
        on(
                PilotJoined.class,
                (s, j) -> {
                    Map<Seat, Pilot> p = new HashMap<>(s.pilots());
                    p.put(
                            j.seat(),
                            Pilot.joined(
                                    j.seat(),
                                    j.name(),
                                    j.accountId(),
                                    j.clientSeed(),
                                    j.casket(),
                                    j.casketType(),
                                    j.deck()));
                    return s.edit(b -> b.pilots = p);
                });
        on(
                ArenaMatchStarted.class,
                (s, m) -> {
                    CasketState t =
                            s.edit(
                                    b -> {
                                        b.status = MatchStatus.LIVE;
                                        b.map = m.map();
                                        b.phase = CasketState.MULLIGAN;
                                    });
                    for (Deployed d : m.deployments()) {
                        t =
                                t.withPilot(
                                        d.seat(),
                                        p -> {
                                            p.at = d.hex();
                                            p.facing = d.facing();
                                        });
                    }
                    return t;
                });
        on(
                HpDeckShuffled.class,
                (s, d) ->
                        s.withPilot(
                                d.seat(),
                                p -> p.deck = new ArrayList<>(cards(d.order(), d.size()))));
        on(
                WoundDeckShuffled.class,
                (s, d) ->
                        s.withPilot(
                                d.seat(),
                                p ->
                                        p.wounds =
                                                new ArrayList<>(
                                                        d.order() != null
                                                                ? d.order()
                                                                : Collections.nCopies(
                                                                        d.size(), "?"))));
        on(
                HpCardDrawn.class,
                (s, d) ->
                        s.withPilot(
                                d.seat(),
                                p -> {
                                    if (!p.deck.isEmpty()) {
                                        p.deck().remove(0);
                                    }
                                    p.hand().add(d.card() == null ? CardRef.FACE_DOWN : d.card());
                                }));
        on(MulliganDecided.class, (s, m) -> s.withPilot(m.seat(), p -> p.mulligan = m.taken()));
        on(
                HandReturned.class,
                (s, h) ->
                        s.withPilot(
                                h.seat(),
                                p -> {
                                    p.deck().addAll(p.hand);
                                    p.hand().clear();
                                }));
        on(
                DiscardReshuffled.class,
                (s, d) ->
                        s.withPilot(
                                d.seat(),
                                p -> {
                                    p.discard().clear();
                                    p.deck = new ArrayList<>(cards(d.order(), d.size()));
                                    p.damageCards++;
                                }));
        on(DiceRolled.class, (s, d) -> s.edit(b -> b.dice = d.index() + d.rolls().size()));
        on(
                RoundStarted.class,
                (s, r) ->
                        s.edit(
                                b -> {
                                    b.round = r.round();
                                    b.order = r.order();
                                }));
        on(
                CasketTurnStarted.class,
                (s, t) ->
                        s.edit(
                                        b -> {
                                            b.active = t.seat();
                                            b.turn = t.turn();
                                            b.phase = CasketState.ACTION;
                                        })
                                .withPilot(
                                        t.seat(),
                                        p -> {
                                            p.spent = 0;
                                            p.overspent = 0;
                                            p.rotated = false;
                                            p.moved = 0;
                                            p.turnStart = p.at;
                                            p.played = 0;
                                            p.buff = 0;
                                            p.aim = 0;
                                        }));
        on(SpRestored.class, (s, r) -> s.withPilot(r.seat(), p -> p.sp = r.sp()));
        on(StrainApplied.class, (s, r) -> s);
        on(HeatChanged.class, (s, h) -> s.withPilot(h.seat(), p -> p.heat = h.heat()));
        on(
                SpSpent.class,
                (s, e) ->
                        s.withPilot(
                                e.seat(),
                                p -> {
                                    p.sp = e.sp();
                                    p.spent = e.spent();
                                    p.overspent = e.overspent();
                                }));
        on(
                CardsDiscarded.class,
                (s, d) ->
                        s.withPilot(
                                d.seat(),
                                p -> {
                                    List<CardRef> from =
                                            d.from().equals("HAND") ? p.hand() : p.deck();
                                    for (CardRef c : d.cards()) {
                                        Pilot.Builder.take(from, c);
                                        p.discard().add(c);
                                    }
                                }));
        on(
                CasketMoved.class,
                (s, m) ->
                        s.withPilot(
                                m.seat(),
                                p -> {
                                    p.at = m.path().get(m.path().size() - 1);
                                    p.moved += m.path().size();
                                }));
        on(
                CasketRotated.class,
                (s, r) ->
                        s.withPilot(
                                r.seat(),
                                p -> {
                                    p.facing = r.facing();
                                    p.rotated = true;
                                }));
        on(
                CasketCardPlayed.class,
                (s, c) ->
                        s.withPilot(
                                c.seat(),
                                p -> {
                                    Pilot.Builder.take(p.hand(), c.card());
                                    p.discard().add(c.card());
                                    if (s.active() == c.seat()) {
                                        p.played++;
                                    }
                                }));
        on(
                AttackBuffed.class,
                (s, a) ->
                        s.withPilot(
                                a.seat(),
                                p -> {
                                    p.buff = a.buff();
                                    p.aim = a.aim();
                                }));
        on(
                AttackDeclared.class,
                (s, a) ->
                        s.edit(
                                        b ->
                                                b.attack =
                                                        new Attack(
                                                                a.attacker(),
                                                                a.defender(),
                                                                a.card(),
                                                                a.component(),
                                                                a.need(),
                                                                0,
                                                                null,
                                                                0,
                                                                0,
                                                                0,
                                                                null))
                                .withPilot(
                                        a.attacker(),
                                        p -> {
                                            p.buff = 0;
                                            p.aim = 0;
                                        }));
        on(AttackMissed.class, (s, a) -> s.edit(b -> b.attack = null));
        on(
                AttackHit.class,
                (s, h) ->
                        s.edit(
                                b -> {
                                    Attack a = s.attack();
                                    b.attack =
                                            new Attack(
                                                    a.attacker(),
                                                    a.defender(),
                                                    a.card(),
                                                    a.component(),
                                                    a.need(),
                                                    h.total(),
                                                    h.result(),
                                                    h.damage(),
                                                    0,
                                                    0,
                                                    Attack.REACT);
                                }));
        on(
                ReactivePlayed.class,
                (s, r) ->
                        s.edit(b -> b.attack = s.attack().withStage(Attack.REACT, r.reduce(), 0)));
        on(ReactiveDeclined.class, (s, r) -> s);
        on(
                DefenceResolved.class,
                (s, d) ->
                        s.edit(
                                b ->
                                        b.attack =
                                                s.attack()
                                                        .withStage(
                                                                Attack.PAY,
                                                                s.attack().reduce(),
                                                                d.finalDamage())));
        on(AttackResolved.class, (s, a) -> s.edit(b -> b.attack = null));
        on(
                ComponentDamaged.class,
                (s, c) -> s.withPilot(c.seat(), p -> p.damage().put(c.component(), c.total())));
        on(
                WoundFlipped.class,
                (s, w) ->
                        s.withPilot(
                                w.seat(),
                                p -> {
                                    if (!p.wounds.isEmpty()) {
                                        p.wounds().remove(0);
                                    }
                                    p.flipped().add(w.wound());
                                }));
        on(
                CasketDefeated.class,
                (s, d) ->
                        s.withPilot(
                                d.seat(),
                                p -> {
                                    p.defeated = true;
                                    p.place = d.place();
                                }));
        on(ActionPhaseEnded.class, (s, a) -> s.edit(b -> b.phase = CasketState.DRAW));
        on(HandLimitExceeded.class, (s, h) -> s.edit(b -> b.phase = CasketState.DISCARD));
        on(CasketTurnEnded.class, (s, t) -> s.edit(b -> b.phase = CasketState.BETWEEN));
        on(CasketTimedOut.class, (s, t) -> s.withPilot(t.seat(), p -> p.timeouts = t.timeouts()));
        on(
                CasketMatchEnded.class,
                (s, m) ->
                        s.edit(
                                b -> {
                                    b.status = MatchStatus.ENDED;
                                    b.winner = m.winner();
                                    b.losers = m.losers();
                                    b.endReason = m.reason();
                                    b.serverSeed =
                                            m.serverSeed() != null ? m.serverSeed() : b.serverSeed;
                                    b.attack = null;
                                }));
    }

    private static List<CardRef> cards(List<CardRef> order, int size) {
        return order != null ? order : Collections.nCopies(size, CardRef.FACE_DOWN);
    }
}
