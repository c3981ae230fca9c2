package io.duelhall.domain.casket;

import io.duelhall.domain.ClockNeed;
import io.duelhall.domain.Decision;
import io.duelhall.domain.Intent;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Target;
import io.duelhall.domain.casket.CasketEvent.*;
import io.duelhall.domain.rng.Sha256;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

/** decide(state, intent) → events or a refusal, for casket. */
final class Decider {
    static final String RULESET = "casket";

    /** Where dice come from: the n-th die of the match (0..5). Tests may script it. */
    interface Dice {
        int roll(byte[] seed, int n);
    }

    static final Dice SEEDED = CasketDraws::die;

    private final Catalog catalog;
    private final String engineVersion;
    private final Dice dice;

    Decider(Catalog catalog, String engineVersion, Dice dice) {
        this.catalog = catalog;
        this.engineVersion = engineVersion;
        this.dice = dice;
    }

    Decision create(String matchId, MatchOptions options, byte[] serverSeed, int seats) {
        if (matchId == null || matchId.isBlank()) {
            return Decision.reject(Refusal.malformed("MISSING_FIELD", "A match needs an id."));
        }
        MatchOptions o = options == null ? MatchOptions.defaults() : options;
        Refusal bad = MatchOptions.problem(o);
        if (bad != null) {
            return Decision.reject(bad);
        }
        if (serverSeed == null || serverSeed.length != 32) {
            throw new IllegalArgumentException("the server seed must be 32 bytes");
        }
        return Decision.accept(
                List.of(
                        new CasketMatchCreated(
                                matchId,
                                RULESET,
                                engineVersion,
                                catalog.version(),
                                o,
                                seats,
                                Sha256.hex(Sha256.of(serverSeed)),
                                Sha256.hex(serverSeed))));
    }

    /**
     * C-D-DECK-1: a seat with a starter Casket ({@code picks.casket}) and a legal deck (the
     * starter's own when {@code cards} is empty); the last seat starts the match.
     */
    Decision join(CasketState s, JoinRequest r) {
        if (s.status() == MatchStatus.NEW) {
            return Decision.reject(Refusal.notFound("MATCH_NOT_FOUND", "No such match."));
        }
        if (s.status() != MatchStatus.WAITING || s.pilots().size() >= s.seatCount()) {
            return Decision.reject(
                    Refusal.conflict(
                            s.over() ? "MATCH_OVER" : "MATCH_FULL",
                            null,
                            "Every seat of this match is taken."));
        }
        Refusal bad = r.problem();
        if (bad != null) {
            return Decision.reject(bad);
        }
        String casket = r.picks() == null ? null : r.picks().get(CasketIntents.CASKET);
        Catalog.Starter starter = casket == null ? null : catalog.starter(casket);
        if (starter == null) {
            return Decision.reject(
                    Refusal.malformed(
                            "INVALID_FIELD",
                            "picks.casket must name a Casket: "
                                    + catalog.starters().stream().map(Catalog.Starter::id).toList()
                                    + "."));
        }
        List<String> cards = r.cards().isEmpty() ? starter.deck() : r.cards();
        List<String> violations = catalog.deckViolations(cards);
        if (!violations.isEmpty()) {
            return Decision.reject(
                    new Refusal(
                            Refusal.Category.RULES,
                            "DECK_INVALID",
                            "C-D-DECK-1",
                            "The deck breaks " + violations.size() + " deck rule(s).",
                            violations));
        }
        Seat seat = Seat.values()[s.pilots().size()];
        List<String> deck = new ArrayList<>(cards);
        deck.sort(null);
        DecisionInProgress c = new DecisionInProgress(catalog, dice, s);
        c.emit(
                new PilotJoined(
                        seat,
                        r.name().trim(),
                        starter.id(),
                        starter.type(),
                        List.copyOf(deck),
                        r.clientSeed(),
                        r.accountId()));
        if (c.state.pilots().size() == s.seatCount()) {
            Turns.start(c);
        }
        return Decision.accept(c.events);
    }

    Decision decide(CasketState s, Intent intent) {
        if (intent == null || intent.seat() == null || intent.type() == null) {
            return Decision.reject(
                    Refusal.malformed("MALFORMED_INTENT", "An intent needs a seat and a type."));
        }
        if (s.status() == MatchStatus.NEW) {
            return Decision.reject(Refusal.notFound("MATCH_NOT_FOUND", "No such match."));
        }
        if (s.status() == MatchStatus.ENDED) {
            return Decision.reject(Refusal.conflict("MATCH_OVER", null, "The match is over."));
        }
        if (s.status() != MatchStatus.LIVE) {
            return Decision.reject(
                    Refusal.conflict(
                            "MATCH_NOT_STARTED",
                            null,
                            "The match starts when every seat is taken."));
        }
        Seat seat = intent.seat();
        Pilot me = s.pilot(seat);
        if (me == null) {
            return Decision.reject(
                    Refusal.forbidden(
                            "NOT_SEATED", null, "Seat " + seat + " is not part of this match."));
        }
        if (me.defeated()) {
            return Decision.reject(
                    Refusal.rules("DEFEATED", "C-D-END-1", "Seat " + seat + " is out."));
        }
        DecisionInProgress c = new DecisionInProgress(catalog, dice, s);
        String type = intent.type();
        if (Intent.CONCEDE.equals(type)) {
            Turns.defeat(c, seat, "CONCEDED");
            Turns.settle(c);
            return Decision.accept(c.events);
        }
        String owed = CasketMoves.owed(s);
        if (CasketMoves.toAct(s) != seat) {
            // 403, as "not your turn" is in every game (issue 45, finding 7): it was 422 here
            return Decision.reject(
                    Refusal.forbidden(
                            "NOT_YOUR_DECISION",
                            "C-SEATS-1",
                            "Seat " + CasketMoves.toAct(s) + " owes the next decision."));
        }
        if (Intent.TIMEOUT.equals(type)) {
            timeout(c, seat, owed);
            return Decision.accept(c.events);
        }
        Refusal r =
                switch (owed) {
                    case CasketMoves.MULLIGAN -> mulligan(c, seat, type);
                    case CasketMoves.REACT -> Combat.react(c, seat, intent);
                    case CasketMoves.PAY -> Combat.pay(c, seat, intent);
                    case CasketMoves.DISCARD -> discard(c, seat, intent);
                    default -> action(c, seat, intent);
                };
        return r != null ? Decision.reject(r) : Decision.accept(c.events);
    }

    private static Refusal wrong(String type, String owed) {
        return Refusal.rules(
                "NOT_NOW",
                null,
                type + " is not possible now: the seat owes a " + owed + " decision.");
    }

    private Refusal mulligan(DecisionInProgress c, Seat seat, String type) {
        if (!type.equals(CasketIntents.MULLIGAN) && !type.equals(CasketIntents.KEEP)) {
            return wrong(type, CasketMoves.MULLIGAN);
        }
        Turns.mulligan(c, seat, type.equals(CasketIntents.MULLIGAN));
        return null;
    }

    private Refusal action(DecisionInProgress c, Seat seat, Intent i) {
        return switch (i.type()) {
            case CasketIntents.PASS -> {
                Turns.endActionPhase(c, seat);
                yield null;
            }
            case CasketIntents.ROTATE -> rotate(c, seat, i);
            case CasketIntents.MOVE -> move(c, seat, i);
            case CasketIntents.VENT -> vent(c, seat, i);
            case CasketIntents.PLAY -> Combat.play(c, seat, i);
            default -> wrong(i.type(), CasketMoves.ACTION);
        };
    }

    private Refusal rotate(DecisionInProgress c, Seat seat, Intent i) {
        Integer facing = CasketIntents.number(i.choice(CasketIntents.FACING));
        if (facing == null || facing < 0 || facing > 5) {
            return Refusal.malformed("INVALID_FIELD", "choices.facing is 0 to 5.");
        }
        if (c.pilot(seat).rotated()) {
            return Refusal.rules(
                    "ALREADY_ROTATED", "C-D-MOVE-2", "A casket rotates once per turn.");
        }
        c.emit(new CasketRotated(seat, facing));
        return null;
    }

    /** C-MAP-1, C-D-MOVE-1: a path of adjacent hexes, paid per hex. */
    private Refusal move(DecisionInProgress c, Seat seat, Intent i) {
        Pilot p = c.pilot(seat);
        ArenaMap map = c.map();
        List<Hex> path = new ArrayList<>();
        for (Target t : i.targets()) {
            Hex h = CasketIntents.hex(t);
            if (h == null) {
                return Refusal.malformed("INVALID_FIELD", "MOVE targets are HEX with id q,r.");
            }
            path.add(h);
        }
        if (path.isEmpty()) {
            return Refusal.malformed("MISSING_FIELD", "MOVE needs the hexes of its path.");
        }
        Hex from = p.at();
        int cost = 0;
        int extra = (p.destroyed(Component.LEGS) ? 1 : 0) + p.wounds(c.catalog, "move");
        boolean pathSight = CasketRuleset.pathSight(engineVersion);
        Hex anchor = p.turnStart() != null ? p.turnStart() : p.at();
        for (Hex h : path) {
            if (!from.adjacent(h)) {
                return Refusal.rules(
                        "NOT_ADJACENT", "C-D-MOVE-1", h + " is not next to " + from + ".");
            }
            if (pathSight && !map.lineOfSight(anchor, h)) {
                return Refusal.rules(
                        "NO_LINE_OF_SIGHT",
                        "C-D-LOS-2",
                        "A casket moves only through hexes it sees from where its turn began ("
                                + anchor
                                + "); "
                                + h
                                + " is behind a wall.");
            }
            if (!map.passable(h)) {
                return Refusal.rules("BLOCKED", "C-MAP-1", h + " is a wall or off the map.");
            }
            if (c.state.occupant(h) != null) {
                return Refusal.rules(
                        "OCCUPIED", "C-D-MOVE-1", h + " holds a casket; none may be passed.");
            }
            cost += map.enterCost(h) + extra;
            from = h;
        }
        if (!map.lineOfSight(p.at(), from)) {
            return Refusal.rules(
                    "NO_LINE_OF_SIGHT",
                    "C-MAP-1",
                    "A casket must see the hex it moves to (" + from + ").");
        }
        Refusal r = Combat.checkPay(c, seat, cost, i.cards(), null);
        if (r != null) {
            return r;
        }
        Combat.pay(c, seat, cost, i.cards(), "MOVE");
        c.emit(new CasketMoved(seat, List.copyOf(path), cost));
        Turns.settle(c);
        return null;
    }

    /**
     * C-D-HEAT-3 (casket-1.0.0): venting costs 2 SP and removes 3 Heat. C-D-HEAT-4 (casket-1.1.0
     * on): no Casket vents as an action.
     */
    private Refusal vent(DecisionInProgress c, Seat seat, Intent i) {
        if (!CasketRuleset.ventAction(engineVersion)) {
            return Refusal.rules(
                    "NO_VENT_ACTION",
                    "C-D-HEAT-4",
                    "No Casket vents as an action: Heat is removed by cards (Emergency Vent), water"
                            + " and a turn without acting.");
        }
        if (c.pilot(seat).heat() == 0) {
            return Refusal.rules("NO_HEAT", "C-D-HEAT-3", "There is no Heat to vent.");
        }
        Refusal r = Combat.checkPay(c, seat, 2, i.cards(), null);
        if (r != null) {
            return r;
        }
        Combat.pay(c, seat, 2, i.cards(), "VENT");
        Turns.heat(c, seat, -3, "VENT");
        Turns.settle(c);
        return null;
    }

    /** Phase 4.2: exactly the excess cards, chosen from the hand. */
    private Refusal discard(DecisionInProgress c, Seat seat, Intent i) {
        if (!i.type().equals(CasketIntents.DISCARD)) {
            return wrong(i.type(), CasketMoves.DISCARD);
        }
        Pilot p = c.pilot(seat);
        int n = p.hand().size() - Tables.HAND_LIMIT;
        List<CardRef> cards = Combat.fromHand(p, i.cards());
        if (cards == null || cards.size() != n) {
            return Refusal.rules(
                    "WRONG_DISCARD",
                    "C-D-TURN-1",
                    "Discard exactly " + n + " different card(s) of your hand.");
        }
        c.emit(
                new CardsDiscarded(
                        seat, "HAND", cards, "HAND_LIMIT", p.hand().size() - n, p.deck().size()));
        Turns.endTurn(c, seat);
        return null;
    }

    /**
     * C-D-CLOCK-1: a timed-out seat keeps its hand (mulligan), passes (turn), plays no reactive
     * card, pays damage from the deck, discards its last cards; the match's {@code timeoutLoss}-th
     * TURN timeout of a seat defeats it.
     */
    private void timeout(DecisionInProgress c, Seat seat, String owed) {
        Pilot p = c.pilot(seat);
        boolean turn = CasketMoves.ACTION.equals(owed);
        int n = p.timeouts() + (turn ? 1 : 0);
        c.emit(new CasketTimedOut(seat, owed, n));
        int lose = timeoutsToLose(c.state);
        if (turn && lose > 0 && n >= lose) {
            Turns.defeat(c, seat, "TIMEOUT");
            Turns.settle(c);
            return;
        }
        switch (owed) {
            case CasketMoves.MULLIGAN -> Turns.mulligan(c, seat, false);
            case CasketMoves.REACT -> Combat.react(c, seat, Intent.of(seat, CasketIntents.DECLINE));
            case CasketMoves.PAY -> Combat.pay(c, seat, Intent.of(seat, CasketIntents.PAY));
            case CasketMoves.DISCARD -> {
                List<CardRef> hand = p.hand();
                int k = hand.size() - Tables.HAND_LIMIT;
                List<String> ids =
                        hand.subList(hand.size() - k, hand.size()).stream()
                                .map(CardRef::id)
                                .toList();
                discard(
                        c,
                        seat,
                        new Intent(seat, CasketIntents.DISCARD, null, null, List.of(), ids));
            }
            default -> Turns.endActionPhase(c, seat);
        }
    }

    static int timeoutsToLose(CasketState s) {
        Integer option = s.options() == null ? null : s.options().timeoutLoss();
        if (option != null) {
            return option;
        }
        HashSet<String> accounts = new HashSet<>();
        for (Pilot p : s.pilots().values()) {
            if (p.accountId() == null || !accounts.add(p.accountId())) {
                return 0;
            }
        }
        return MatchOptions.DEFAULT_TIMEOUT_LOSS;
    }

    /** The clock that runs for the seat owing the decision: its turn, or a response. */
    static ClockNeed.Kind clock(CasketState s) {
        String owed = CasketMoves.owed(s);
        if (owed == null) {
            return null;
        }
        return switch (owed) {
            case CasketMoves.ACTION -> ClockNeed.Kind.TURN;
            case CasketMoves.DISCARD -> ClockNeed.Kind.DISCARD;
            default -> ClockNeed.Kind.RESPONSE;
        };
    }
}
