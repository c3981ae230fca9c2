package io.duelhall.domain.voidexa;

import io.duelhall.domain.Decision;
import io.duelhall.domain.Intent;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Target;
import io.duelhall.domain.rng.Sha256;
import io.duelhall.domain.voidexa.VoidexaEvent.*;
import io.duelhall.domain.voidexa.cards.Ability;
import io.duelhall.domain.voidexa.cards.Card;
import io.duelhall.domain.voidexa.cards.Catalog;
import io.duelhall.domain.voidexa.cards.Keyword;
import io.duelhall.domain.voidexa.cards.Subsystem;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

/** decide(state, intent) → events or a refusal, for voidexa. */
final class Decider {
    static final String RULESET = "voidexa";

    private final Catalog catalog;
    private final String engineVersion;
    private final Effects effects;
    private final Turns turns;

    Decider(Catalog catalog, String engineVersion) {
        this.catalog = catalog;
        this.engineVersion = engineVersion;
        this.effects = new Effects();
        this.turns = new Turns(effects);
    }

    Decision create(String matchId, MatchOptions options, byte[] serverSeed) {
        if (matchId == null || matchId.isBlank()) {
            return Decision.reject(Refusal.malformed("MISSING_FIELD", "A match needs an id."));
        }
        MatchOptions o = options == null ? MatchOptions.defaults() : options;
        Refusal bad = MatchOptions.problem(o);
        if (bad != null) {
            return Decision.reject(bad);
        }
        if (o.timeoutLoss() != null && !VoidexaRuleset.atLeast(engineVersion, "voidexa-1.2.0")) {
            return Decision.reject(
                    Refusal.malformed(
                            "INVALID_FIELD",
                            "timeoutLoss needs rules engine voidexa-1.2.0 or later; this match would be "
                                    + engineVersion
                                    + "."));
        }
        if (serverSeed == null || serverSeed.length != 32) {
            throw new IllegalArgumentException("the server seed must be 32 bytes");
        }
        String commitment = Sha256.hex(Sha256.of(serverSeed));
        return Decision.accept(
                List.of(
                        new MatchCreated(
                                matchId,
                                RULESET,
                                engineVersion,
                                catalog.version(),
                                o,
                                commitment,
                                Sha256.hex(serverSeed))));
    }

    Decision join(VoidexaState s, JoinRequest r) {
        if (s.status() == MatchStatus.NEW) {
            return Decision.reject(Refusal.notFound("MATCH_NOT_FOUND", "No such match."));
        }
        if (s.status() != MatchStatus.WAITING || s.ships().size() >= 2) {
            return Decision.reject(
                    Refusal.conflict(
                            s.over() ? "MATCH_OVER" : "MATCH_FULL",
                            null,
                            "Both seats of this match are taken."));
        }
        Refusal bad = r.problem();
        if (bad != null) {
            return Decision.reject(bad);
        }
        List<String> violations =
                DeckRules.violations(catalog, r.pilotClass(), r.shipCore(), r.cards());
        if (!violations.isEmpty()) {
            return Decision.reject(
                    new Refusal(
                            Refusal.Category.RULES,
                            "DECK_INVALID",
                            "V-DECK-1",
                            "The deck breaks " + violations.size() + " deck rule(s).",
                            violations));
        }
        Seat seat = s.ships().containsKey(Seat.A) ? Seat.B : Seat.A;
        List<String> deck = new ArrayList<>(r.cards());
        deck.sort(
                null); // the shuffle starts from a canonical order, whatever order the client sent
        DecisionInProgress c = new DecisionInProgress(catalog, s);
        c.emit(
                new PlayerJoined(
                        seat,
                        r.name().trim(),
                        r.pilotClass(),
                        r.shipCore(),
                        List.copyOf(deck),
                        r.clientSeed(),
                        r.accountId()));
        if (c.state.ships().size() == 2) {
            start(c);
        }
        return Decision.accept(c.events);
    }

    /**
     * V-SETUP-2: both decks shuffled and the first seat drawn from the match seed; 5 cards each;
     * turn 1.
     */
    private void start(DecisionInProgress c) {
        SetupDraws.Draws draws =
                SetupDraws.draw(
                        matchSeed(c.state), c.ship(Seat.A).deckList(), c.ship(Seat.B).deckList());
        Seat first = draws.firstSeat();
        c.emit(new MatchStarted(first));
        for (Seat seat : List.of(Seat.A, Seat.B)) {
            List<CardRef> refs = draws.decks().get(seat);
            c.emit(new DeckShuffled(seat, refs.size(), refs));
        }
        for (Seat seat : List.of(first, first.opponent())) {
            for (int i = 0; i < 5; i++) {
                Draws.draw(c, seat, 1);
            }
        }
        turns.startTurn(c, first);
    }

    /** matchSeed = SHA-256(serverSeed ‖ UTF-8(clientSeed A) ‖ UTF-8(clientSeed B)). */
    static byte[] matchSeed(VoidexaState s) {
        return SetupDraws.matchSeed(
                s.serverSeed(), s.ship(Seat.A).clientSeed(), s.ship(Seat.B).clientSeed());
    }

    Decision decide(VoidexaState s, Intent intent) {
        if (intent == null || intent.type() == null || intent.seat() == null) {
            return Decision.reject(
                    Refusal.malformed("MALFORMED_INTENT", "An intent needs a seat and a type."));
        }
        if (s.status() == MatchStatus.NEW) {
            return Decision.reject(Refusal.notFound("MATCH_NOT_FOUND", "No such match."));
        }
        if (s.status() == MatchStatus.ENDED) {
            return Decision.reject(Refusal.conflict("MATCH_OVER", "V-WIN-5", "The match is over."));
        }
        if (s.status() == MatchStatus.WAITING) {
            return Decision.reject(
                    Refusal.conflict(
                            "MATCH_NOT_STARTED",
                            null,
                            "The match starts when both seats are taken."));
        }
        Seat seat = intent.seat();
        if (s.ship(seat) == null) {
            return Decision.reject(
                    Refusal.forbidden(
                            "NOT_SEATED", null, "Seat " + seat + " is not part of this match."));
        }
        DecisionInProgress c = new DecisionInProgress(catalog, s);
        VoidexaIntents.Type type = VoidexaIntents.Type.of(intent);
        if (type == null) {
            return Decision.reject(
                    Refusal.malformed(
                            "UNKNOWN_INTENT_TYPE",
                            "type '" + intent.type() + "' is not a voidexa intent."));
        }
        Refusal r =
                switch (type) {
                    case CONCEDE -> concede(c, seat);
                    case PLAY_CARD -> play(c, seat, intent);
                    case ACTIVATE -> activate(c, seat, intent);
                    case END_TURN -> endTurn(c, seat);
                    case DISCARD_DOWN -> discardDown(c, seat, intent.cards());
                    case PASS -> pass(c, seat);
                    case TIMEOUT -> timeout(c, seat);
                };
        return r != null ? Decision.reject(r) : Decision.accept(c.events);
    }

    /** V-WIN-3: at any time, in either seat's turn. */
    private Refusal concede(DecisionInProgress c, Seat seat) {
        c.end(seat.opponent(), "CONCEDED", List.of(seat), seat);
        return null;
    }

    private Refusal play(DecisionInProgress c, Seat seat, Intent intent) {
        if (intent.card() == null || intent.card().isBlank()) {
            return Refusal.malformed(
                    "MISSING_FIELD",
                    "PLAY_CARD needs \"card\": the instance id of a card in your hand.");
        }
        Checks.Checked ch = Checks.play(catalog, c.state, seat, intent.card(), intent.targets());
        if (!ch.ok()) {
            return ch.refusal();
        }
        boolean responding = c.state.phase() == Phase.RESPONSE;
        Card card = ch.card();
        c.emit(
                new CardPlayed(
                        seat,
                        ch.ref(),
                        card.type().name(),
                        ch.targets(),
                        card.cost(),
                        ch.totalCost(),
                        card.heat(),
                        responding));
        pay(c, seat, ch.totalCost(), card.heat());
        if (responding) {
            effects.resolveCard(c, seat, ch.ref(), ch.targets());
            if (c.over()) {
                return null;
            }
            c.emit(new ResponseWindowClosed(seat, true));
            resolvePending(c);
            return null;
        }
        Seat responder = seat.opponent();
        if (canRespond(c.state, responder)) {
            c.emit(new ResponseWindowOpened(responder, seat, ch.ref()));
        } else {
            resolvePending(c); // V-REACT-2: no Reactive card could answer, so no window
        }
        return null;
    }

    private void pay(DecisionInProgress c, Seat seat, int energy, int heat) {
        Ship ship = c.ship(seat);
        if (energy > 0) {
            c.emit(new EnergySpent(seat, energy, ship.energy() - energy));
        }
        if (heat > 0) {
            c.emit(new HeatPending(seat, heat, ship.pendingHeat() + heat));
        }
    }

    /**
     * V-REACT-2: the window opens only if the responder holds a Reactive card it could play right
     * now.
     */
    private boolean canRespond(VoidexaState s, Seat responder) {
        VoidexaState open = s.withPending(s.pending(), responder, Phase.RESPONSE);
        for (CardRef ref : s.ship(responder).hand()) {
            if (catalog.card(ref.card()).has(Keyword.REACTIVE)
                    && Checks.play(catalog, open, responder, ref.id(), null).ok()) {
                return true;
            }
        }
        return false;
    }

    /**
     * The waiting card resolves; targets that are gone are dropped, and with none left it is
     * cancelled (V-REACT-1).
     */
    private void resolvePending(DecisionInProgress c) {
        PendingPlay p = c.state.pending();
        if (p == null) {
            return;
        }
        List<Target> left = Checks.stillThere(c.state, p.targets());
        if (!p.targets().isEmpty() && left.isEmpty()) {
            c.emit(new CardCancelled(p.seat(), p.card(), "its targets are gone"));
            c.emit(new CardDiscarded(p.seat(), p.card(), "PLAY"));
            return;
        }
        effects.resolveCard(c, p.seat(), p.card(), left);
    }

    private Refusal pass(DecisionInProgress c, Seat seat) {
        if (c.state.phase() != Phase.RESPONSE || c.state.responder() != seat) {
            return Refusal.conflict(
                    "NO_RESPONSE_WINDOW", "V-REACT-1", "There is no response window open for you.");
        }
        c.emit(new ResponseWindowClosed(seat, false));
        resolvePending(c);
        return null;
    }

    private Refusal activate(DecisionInProgress c, Seat seat, Intent intent) {
        Refusal r = Checks.phase(c.state, seat, false);
        if (r != null) {
            return r;
        }
        Ship ship = c.ship(seat);
        CardRef ref = ship.inPlayCard(intent.card());
        if (ref == null) {
            return Refusal.rules(
                    "CARD_NOT_IN_PLAY",
                    "V-PLAY-1",
                    "Card " + intent.card() + " is not one of your cards in play.");
        }
        Card card = catalog.card(ref.card());
        int index = intent.ability() == null ? 0 : intent.ability();
        if (index < 0 || index >= card.abilities().size()) {
            return Refusal.rules(
                    "NO_SUCH_ABILITY", null, card.name() + " has no ability " + index + ".");
        }
        Ability ability = card.abilities().get(index);
        if (ship.abilitiesUsed().contains(ref.id() + "#" + index)) {
            return Refusal.rules(
                    "ABILITY_ALREADY_USED",
                    "D-ACT-1",
                    ability.name() + " was already used this turn.");
        }
        if (ship.energy() < ability.energy()) {
            return Refusal.rules(
                    "NOT_ENOUGH_ENERGY",
                    "D-ACT-1",
                    ability.name()
                            + " costs "
                            + ability.energy()
                            + " energy; you have "
                            + ship.energy()
                            + ".");
        }
        if (ship.heat() < ability.vent()) { // D-HEAT-2: "reduce Heat by X" needs X Heat to reduce
            return Refusal.rules(
                    "NOT_ENOUGH_HEAT",
                    "D-HEAT-2",
                    ability.name()
                            + " reduces your Heat by "
                            + ability.vent()
                            + "; you have "
                            + ship.heat()
                            + ".");
        }
        Checks.Checked t =
                Checks.targets(
                        c.state, seat, ability.targeting(), 1, ability.name(), intent.targets());
        if (!t.ok()) {
            return t.refusal();
        }
        c.emit(new AbilityActivated(seat, ref, index, ability.name(), t.targets()));
        pay(c, seat, ability.energy(), ability.heat());
        if (ability.vent() > 0) {
            c.emit(
                    new HeatDecreased(
                            seat, ability.vent(), c.ship(seat).heat() - ability.vent(), "ABILITY"));
        }
        effects.apply(c, seat, seat, ability.effects(), t.targets(), 0, false, ref);
        return null;
    }

    private Refusal endTurn(DecisionInProgress c, Seat seat) {
        Refusal r = Checks.phase(c.state, seat, false);
        if (r != null) {
            return r;
        }
        turns.endTurn(c, seat);
        return null;
    }

    /**
     * D-CLOCK-1, D-CLOCK-5: how many turn timeouts of a seat lose this match, 0 when none do. The
     * match option {@code timeoutLoss} when given (engine voidexa-1.2.0 and later); without it,
     * under engine 1.2.0 the third in a rated match (both seats taken by different registered
     * players, as the ratings count them) and none otherwise, and under every earlier engine the
     * third (so old matches replay as they played).
     */
    static int timeoutsToLose(VoidexaState s) {
        Integer option = s.options() == null ? null : s.options().timeoutLoss();
        if (option != null) {
            return option;
        }
        if (s.engineVersion() == null
                || !VoidexaRuleset.atLeast(s.engineVersion(), "voidexa-1.2.0")) {
            return MatchOptions.DEFAULT_TIMEOUT_LOSS;
        }
        return rated(s) ? MatchOptions.DEFAULT_TIMEOUT_LOSS : 0;
    }

    /**
     * Whether both seats are taken by registered players, and not the same one (identities.md,
     * "Rated play").
     */
    static boolean rated(VoidexaState s) {
        Ship a = s.ship(Seat.A);
        Ship b = s.ship(Seat.B);
        return a != null
                && b != null
                && a.accountId() != null
                && b.accountId() != null
                && !a.accountId().equals(b.accountId());
    }

    /**
     * D-CLOCK-1..3: the seat's clock ran out and the server acts for it. A turn timeout ends the
     * turn (and resolves a discard at once); the match's {@code timeoutLoss}-th (the third by
     * default) loses. A response timeout passes. A discard timeout discards by the fixed rule.
     * Nothing to time out is a conflict (a stale clock).
     */
    private Refusal timeout(DecisionInProgress c, Seat seat) {
        VoidexaState s = c.state;
        Ship ship = c.ship(seat);
        if (s.phase() == Phase.RESPONSE && s.responder() == seat) {
            c.emit(new TurnTimedOut(seat, "RESPONSE", s.turn(), ship.timeouts()));
            c.emit(new ResponseWindowClosed(seat, false));
            resolvePending(c);
            return null;
        }
        if (s.phase() == Phase.DISCARD && s.active() == seat) {
            c.emit(new TurnTimedOut(seat, "DISCARD", s.turn(), ship.timeouts()));
            discardByRule(c, seat);
            return null;
        }
        if (s.phase() == Phase.MAIN && s.active() == seat && s.pending() == null) {
            int n = ship.timeouts() + 1;
            c.emit(new TurnTimedOut(seat, "TURN", s.turn(), n));
            int lose = timeoutsToLose(s);
            if (lose > 0 && n >= lose) {
                c.end(seat.opponent(), "TIMEOUT", List.of(seat), seat);
                return null;
            }
            turns.endTurn(c, seat);
            if (!c.over() && c.state.phase() == Phase.DISCARD) {
                discardByRule(c, seat);
            }
            return null;
        }
        return Refusal.conflict(
                "NO_CLOCK_RUNNING", "D-CLOCK-1", "Seat " + seat + " owes no decision now.");
    }

    /**
     * D-CLOCK-3: the surplus is discarded from the end of the hand (the most recently drawn first),
     * then the turn passes.
     */
    private void discardByRule(DecisionInProgress c, Seat seat) {
        List<CardRef> hand = c.ship(seat).hand();
        for (int i = 0; i < c.state.discardOwed(); i++) {
            c.emit(new CardDiscarded(seat, hand.get(hand.size() - 1 - i), "HAND"));
        }
        turns.passTurn(c, seat);
    }

    /** V-END-2: exactly the surplus, distinct cards from the hand. */
    private Refusal discardDown(DecisionInProgress c, Seat seat, List<String> cards) {
        VoidexaState s = c.state;
        if (s.phase() != Phase.DISCARD || s.active() != seat) {
            return s.active() != seat && s.phase() == Phase.DISCARD
                    ? Refusal.forbidden(
                            "NOT_YOUR_TURN", "V-END-2", "Seat " + s.active() + " is discarding.")
                    : Refusal.conflict(
                            "NO_DISCARD_OWED", "V-END-2", "You do not have to discard now.");
        }
        if (cards.size() != s.discardOwed() || new HashSet<>(cards).size() != cards.size()) {
            return Refusal.rules(
                    "WRONG_DISCARD_COUNT",
                    "V-END-2",
                    "Name exactly "
                            + s.discardOwed()
                            + " different card(s) from your hand to discard.");
        }
        Ship ship = c.ship(seat);
        for (String id : cards) {
            if (ship.inHand(id) == null) {
                return Refusal.rules(
                        "CARD_NOT_IN_HAND", "V-END-2", "Card " + id + " is not in your hand.");
            }
        }
        for (String id : cards) {
            c.emit(new CardDiscarded(seat, ship.inHand(id), "HAND"));
        }
        turns.passTurn(c, seat);
        return null;
    }

    static int clampAdd(int value, int amount, int max) {
        return Math.max(0, Math.min(max, value + amount));
    }

    static Subsystem[] shipOrder() {
        return Subsystem.values();
    }
}
