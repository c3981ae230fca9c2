package io.duelhall.domain.voidlit;

import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidlit.VoidlitEvent.*;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * evolve(state, event) → state: only assigns what the event says. Total: an event whose hidden
 * parts are blank (as a spectator receives it) moves face-down cards instead, so the same fold
 * serves the public stream.
 */
final class Evolver {
    /** A face-down card: in a deck or a hand, seen by nobody this state belongs to. */
    static final CardRef FACE_DOWN = new CardRef("?", null);

    private Evolver() {}

    static VoidlitState evolve(VoidlitState s, MatchEvent event) {
        if (!(event instanceof VoidlitEvent e)) {
            return s; // core events (IntentAccepted, SeatTokenIssued, ClockSet) change nothing here
        }
        if (e instanceof MatchCreated c) {
            return new VoidlitState(
                    c.matchId(),
                    MatchStatus.WAITING,
                    c.options(),
                    c.engineVersion(),
                    c.catalogVersion(),
                    c.seedCommitment(),
                    c.serverSeed(),
                    Map.of(),
                    null,
                    VoidlitState.SETUP,
                    null,
                    0,
                    null,
                    List.of(),
                    null);
        }
        if (e instanceof PlayerJoined j) {
            return s.withSide(
                    j.seat(),
                    Side.joined(j.name(), j.accountId(), j.parallel(), j.deck(), j.clientSeed()));
        }
        if (e instanceof MatchStarted m) {
            return new VoidlitState(
                    s.matchId(),
                    MatchStatus.LIVE,
                    s.options(),
                    s.engineVersion(),
                    s.catalogVersion(),
                    s.seedCommitment(),
                    s.serverSeed(),
                    s.sides(),
                    m.firstSeat(),
                    VoidlitState.MULLIGAN,
                    m.firstSeat(),
                    0,
                    null,
                    List.of(),
                    null);
        }
        if (e instanceof DeckShuffled d) {
            return edit(
                    s,
                    d.seat(),
                    b ->
                            b.deck =
                                    d.order() != null
                                            ? d.order()
                                            : Collections.nCopies(d.size(), FACE_DOWN));
        }
        if (e instanceof CardDrawn d) {
            return edit(
                    s,
                    d.seat(),
                    b -> {
                        b.deck = rest(b.deck);
                        b.hand = plus(b.hand, d.card() == null ? FACE_DOWN : d.card());
                    });
        }
        if (e instanceof CardOverdrawn o) {
            return edit(
                    s,
                    o.seat(),
                    b -> {
                        b.deck = rest(b.deck);
                        b.waste = plus(b.waste, o.card());
                    });
        }
        if (e instanceof WasteSearched w) {
            return edit(
                    s,
                    w.seat(),
                    b -> {
                        b.health = w.health();
                        b.searches = w.searches();
                        if (w.card() != null && w.toHand()) {
                            b.waste = without(b.waste, w.card());
                            b.hand = plus(b.hand, w.card());
                        }
                    });
        }
        if (e instanceof MulliganTaken m) {
            return mulligan(s, m);
        }
        if (e instanceof TurnStarted t) {
            return edit(s, t.seat(), b -> b.banked = false)
                    .with(MatchStatus.LIVE, VoidlitState.MAIN, t.seat(), t.turn());
        }
        if (e instanceof EnergyRefilled r) {
            return edit(
                    s,
                    r.seat(),
                    b -> {
                        b.energy = r.energy();
                        b.units = b.units.stream().map(Unit::rested).toList();
                    });
        }
        if (e instanceof CardBanked k) {
            return edit(
                    s,
                    k.seat(),
                    b -> {
                        b.hand = fromHand(b.hand, k.card());
                        b.bank = plus(b.bank, k.card());
                        b.banked = true;
                        b.energy = k.energy();
                    });
        }
        if (e instanceof CardPlayed p) {
            return edit(s, p.seat(), b -> b.hand = fromHand(b.hand, p.card()));
        }
        if (e instanceof EnergySpent x) {
            return edit(s, x.seat(), b -> b.energy = x.energy());
        }
        if (e instanceof EnergyGained x) {
            return edit(s, x.seat(), b -> b.energy = x.energy());
        }
        if (e instanceof UnitDeployed u) {
            return edit(s, u.seat(), b -> b.units = plus(b.units, u.unit()));
        }
        if (e instanceof RelicPlaced r) {
            return edit(s, r.seat(), b -> b.relics = plus(b.relics, r.card()));
        }
        if (e instanceof RelicTriggered r) {
            return s;
        }
        if (e instanceof UpgradeEquipped u) {
            return editUnit(
                    s,
                    u.seat(),
                    u.unit(),
                    x -> x.equipped(u.card(), u.attack(), u.health(), u.maxHealth(), u.keywords()));
        }
        if (e instanceof UnitBuffed u) {
            return editUnit(
                    s, u.seat(), u.unit(), x -> x.withStats(u.attack(), u.health(), u.maxHealth()));
        }
        if (e instanceof UnitAttacked a) {
            return editUnit(s, a.seat(), a.attacker(), Unit::afterAttack);
        }
        if (e instanceof UnitDamaged d) {
            return editUnit(s, d.seat(), d.unit(), x -> x.withHealth(d.health()));
        }
        if (e instanceof UnitDestroyed d) {
            return edit(
                    s,
                    d.seat(),
                    b -> {
                        b.units =
                                b.units.stream()
                                        .filter(u -> !u.id().equals(d.unit().id()))
                                        .toList();
                        List<CardRef> w = new ArrayList<>(b.waste);
                        w.add(d.unit());
                        w.addAll(d.upgrades());
                        b.waste = w;
                    });
        }
        if (e instanceof HealthLost h) {
            return edit(s, h.seat(), b -> b.health = h.health());
        }
        if (e instanceof HealthRestored h) {
            return edit(s, h.seat(), b -> b.health = h.health());
        }
        if (e instanceof CardWasted w) {
            return edit(s, w.seat(), b -> b.waste = plus(b.waste, w.card()));
        }
        if (e instanceof TurnTimedOut t) {
            return "TURN".equals(t.clock()) ? edit(s, t.seat(), b -> b.timeouts = t.timeouts()) : s;
        }
        if (e instanceof TurnEnded t) {
            return s;
        }
        if (e instanceof MatchEnded m) {
            return new VoidlitState(
                    s.matchId(),
                    MatchStatus.ENDED,
                    s.options(),
                    s.engineVersion(),
                    s.catalogVersion(),
                    s.seedCommitment(),
                    m.serverSeed() != null ? m.serverSeed() : s.serverSeed(),
                    s.sides(),
                    s.firstSeat(),
                    VoidlitState.OVER,
                    s.active(),
                    s.turn(),
                    m.winner(),
                    m.losers(),
                    m.reason());
        }
        return s;
    }

    /**
     * L-START-1: the returned cards (face down where unseen) go to the bottom of the deck; the
     * other seat is next.
     */
    private static VoidlitState mulligan(VoidlitState s, MulliganTaken m) {
        VoidlitState after =
                edit(
                        s,
                        m.seat(),
                        b -> {
                            List<CardRef> hand = b.hand;
                            List<CardRef> deck = new ArrayList<>(b.deck);
                            if (m.returned() != null) {
                                for (CardRef r : m.returned()) {
                                    hand = fromHand(hand, r);
                                    deck.add(r);
                                }
                            } else {
                                for (int i = 0; i < m.count(); i++) {
                                    hand = fromHand(hand, FACE_DOWN);
                                    deck.add(FACE_DOWN);
                                }
                            }
                            b.hand = hand;
                            b.deck = deck;
                            b.mulliganed = true;
                        });
        Seat next = null;
        for (Seat seat : after.seats()) {
            if (!after.side(seat).mulliganed()) {
                next = seat;
            }
        }
        return next == null ? after : after.with(after.status(), after.phase(), next, after.turn());
    }

    private interface Edit {
        void apply(Side.Builder b);
    }

    private interface UnitEdit {
        Unit apply(Unit u);
    }

    private static VoidlitState edit(VoidlitState s, Seat seat, Edit edit) {
        Side side = s.side(seat);
        if (side == null) {
            return s;
        }
        Side.Builder b = side.edit();
        edit.apply(b);
        return s.withSide(seat, b.build());
    }

    private static VoidlitState editUnit(VoidlitState s, Seat seat, String id, UnitEdit edit) {
        return edit(
                s,
                seat,
                b ->
                        b.units =
                                b.units.stream()
                                        .map(u -> u.id().equals(id) ? edit.apply(u) : u)
                                        .toList());
    }

    private static <T> List<T> plus(List<T> list, T item) {
        List<T> out = new ArrayList<>(list);
        out.add(item);
        return out;
    }

    private static <T> List<T> rest(List<T> list) {
        return list.isEmpty() ? list : list.subList(1, list.size());
    }

    private static List<CardRef> without(List<CardRef> list, CardRef card) {
        List<CardRef> out = new ArrayList<>(list);
        for (int i = 0; i < out.size(); i++) {
            if (out.get(i).id().equals(card.id())) {
                out.remove(i);
                return out;
            }
        }
        return out;
    }

    /**
     * The card leaves the hand: by its id, or, in a hand seen face down, one face-down card in its
     * place.
     */
    static List<CardRef> fromHand(List<CardRef> hand, CardRef card) {
        if (card == null) {
            return hand;
        }
        for (int i = 0; i < hand.size(); i++) {
            if (hand.get(i).id().equals(card.id())) {
                List<CardRef> out = new ArrayList<>(hand);
                out.remove(i);
                return out;
            }
        }
        int at = hand.indexOf(FACE_DOWN);
        if (at < 0) {
            return hand;
        }
        List<CardRef> out = new ArrayList<>(hand);
        out.remove(at);
        return out;
    }

    static Set<String> ids(List<CardRef> cards) {
        Set<String> out = new HashSet<>();
        cards.forEach(c -> out.add(c.id()));
        return out;
    }
}
