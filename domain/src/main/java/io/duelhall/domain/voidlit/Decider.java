package io.duelhall.domain.voidlit;

import io.duelhall.domain.Decision;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.Seat;
import io.duelhall.domain.rng.Sha256;
import io.duelhall.domain.voidlit.VoidlitEvent.*;
import io.duelhall.domain.voidlit.VoidlitMove.*;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

/** decide(state, move) → events or a refusal, for voidlit. */
final class Decider {
    static final String RULESET = "voidlit";
    static final int OPENING_HAND = 5;

    private final Catalog catalog;
    private final String engineVersion;
    private final Turns turns;

    Decider(Catalog catalog, String engineVersion) {
        this.catalog = catalog;
        this.engineVersion = engineVersion;
        this.turns = new Turns();
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

    /**
     * L-DECK-1, L-D-DECK-1: a seat with a legal deck; the second seat starts the match (L-START-1).
     */
    Decision join(
            VoidlitState s,
            String name,
            String parallel,
            List<String> cards,
            String clientSeed,
            String accountId) {
        if (s.status() == MatchStatus.NEW) {
            return Decision.reject(Refusal.notFound("MATCH_NOT_FOUND", "No such match."));
        }
        if (s.status() != MatchStatus.WAITING || s.sides().size() >= 2) {
            return Decision.reject(
                    Refusal.conflict(
                            s.over() ? "MATCH_OVER" : "MATCH_FULL",
                            null,
                            "Both seats of this match are taken."));
        }
        Refusal bad = JoinRequest.nameProblem(name);
        if (bad == null) {
            bad = JoinRequest.clientSeedProblem(clientSeed);
        }
        if (bad != null) {
            return Decision.reject(bad);
        }
        List<String> violations = DeckRules.violations(catalog, parallel, cards);
        if (!violations.isEmpty()) {
            return Decision.reject(
                    new Refusal(
                            Refusal.Category.RULES,
                            "DECK_INVALID",
                            "L-DECK-1",
                            "The deck breaks " + violations.size() + " deck rule(s).",
                            violations));
        }
        Seat seat = s.sides().containsKey(Seat.A) ? Seat.B : Seat.A;
        List<String> deck = new ArrayList<>(cards);
        deck.sort(null);
        String p =
                parallel != null && !parallel.isBlank()
                        ? parallel
                        : DeckRules.parallelOf(catalog, deck);
        DecisionInProgress c = new DecisionInProgress(catalog, s);
        c.emit(new PlayerJoined(seat, name.trim(), p, List.copyOf(deck), clientSeed, accountId));
        if (c.state.sides().size() == 2) {
            start(c);
        }
        return Decision.accept(c.events);
    }

    /**
     * L-START-1: first seat and decks from the seed; five cards shown to each, the first seat's
     * first.
     */
    private void start(DecisionInProgress c) {
        VoidlitDraws.Setup setup =
                VoidlitDraws.setup(
                        Turns.matchSeed(c.state),
                        c.side(Seat.A).deckList(),
                        c.side(Seat.B).deckList());
        Seat first = setup.firstSeat();
        c.emit(new MatchStarted(first));
        for (Seat seat : List.of(Seat.A, Seat.B)) {
            List<CardRef> refs = setup.decks().get(seat);
            c.emit(new DeckShuffled(seat, refs.size(), refs));
        }
        for (Seat seat : List.of(first, first.opponent())) {
            for (int i = 0; i < OPENING_HAND; i++) {
                turns.draw(c, seat);
            }
        }
    }

    Decision decide(VoidlitState s, VoidlitMove move) {
        if (move == null || move.seat() == null) {
            return Decision.reject(
                    Refusal.malformed("MALFORMED_INTENT", "An intent needs a seat and a type."));
        }
        if (s.status() == MatchStatus.NEW) {
            return Decision.reject(Refusal.notFound("MATCH_NOT_FOUND", "No such match."));
        }
        if (s.status() == MatchStatus.ENDED) {
            return Decision.reject(Refusal.conflict("MATCH_OVER", "L-END-1", "The match is over."));
        }
        if (s.status() == MatchStatus.WAITING) {
            return Decision.reject(
                    Refusal.conflict(
                            "MATCH_NOT_STARTED",
                            null,
                            "The match starts when both seats are taken."));
        }
        Seat seat = move.seat();
        if (s.side(seat) == null) {
            return Decision.reject(
                    Refusal.forbidden(
                            "NOT_SEATED", null, "Seat " + seat + " is not part of this match."));
        }
        DecisionInProgress c = new DecisionInProgress(catalog, s);
        Refusal r;
        if (move instanceof Concede) {
            turns.end(c, seat.opponent(), "CONCEDED", List.of(seat));
            r = null;
        } else if (move instanceof Timeout) {
            r = timeout(c, seat);
        } else if (move instanceof Mulligan m) {
            r = mulligan(c, seat, m.cards());
        } else {
            r = Checks.turn(s, seat);
            if (r == null) {
                r = mainPhase(c, seat, move);
            }
        }
        return r != null ? Decision.reject(r) : Decision.accept(c.events);
    }

    private Refusal mainPhase(DecisionInProgress c, Seat seat, VoidlitMove move) {
        if (move instanceof Bank b) {
            return bank(c, seat, b.card());
        }
        if (move instanceof Play p) {
            Checks.Play ch = Checks.play(catalog, c.state, seat, p.card(), p.target());
            if (ch.refusal() != null) {
                return ch.refusal();
            }
            turns.play(c, seat, ch.ref(), ch.card(), p.target());
            return null;
        }
        if (move instanceof Attack a) {
            Refusal r = Checks.attack(catalog, c.state, seat, a.attacker(), a.target());
            if (r != null) {
                return r;
            }
            turns.attack(c, seat, a.attacker(), a.target());
            return null;
        }
        turns.endTurn(c, seat);
        return null;
    }

    /** L-ENERGY-1: one card a turn; L-D-BANK-1: +1 Energy at once. */
    private Refusal bank(DecisionInProgress c, Seat seat, String card) {
        Side side = c.side(seat);
        CardRef ref = card == null ? null : side.inHand(card);
        if (ref == null) {
            return Refusal.rules(
                    "CARD_NOT_IN_HAND", "L-ENERGY-1", "Card " + card + " is not in your hand.");
        }
        if (side.banked()) {
            return Refusal.rules(
                    "ALREADY_BANKED", "L-ENERGY-1", "You have banked a card this turn already.");
        }
        c.emit(new CardBanked(seat, ref, side.bank().size() + 1, side.energy() + 1));
        return null;
    }

    /**
     * L-START-1, L-D-MULLIGAN-1/2: the returned cards go back, the deck is shuffled, as many are
     * drawn.
     */
    private Refusal mulligan(DecisionInProgress c, Seat seat, List<String> cards) {
        VoidlitState s = c.state;
        if (!VoidlitState.MULLIGAN.equals(s.phase())) {
            return Refusal.conflict("NO_MULLIGAN_OWED", "L-START-1", "The mulligan is over.");
        }
        if (s.active() != seat) {
            return Refusal.forbidden(
                    "NOT_YOUR_TURN",
                    "L-D-MULLIGAN-1",
                    s.side(seat).mulliganed()
                            ? "You have taken your mulligan."
                            : "Seat " + s.active() + " takes its mulligan first.");
        }
        return keep(c, seat, cards);
    }

    private Refusal keep(DecisionInProgress c, Seat seat, List<String> cards) {
        Side side = c.side(seat);
        if (new HashSet<>(cards).size() != cards.size()) {
            return Refusal.rules("DUPLICATE_CARD", "L-START-1", "Name each card to return once.");
        }
        List<CardRef> returned = new ArrayList<>();
        for (String id : cards) {
            CardRef ref = side.inHand(id);
            if (ref == null) {
                return Refusal.rules(
                        "CARD_NOT_IN_HAND", "L-START-1", "Card " + id + " is not in your hand.");
            }
            returned.add(ref);
        }
        c.emit(new MulliganTaken(seat, List.copyOf(returned), returned.size()));
        if (!returned.isEmpty()) {
            List<CardRef> deck =
                    VoidlitDraws.mulligan(Turns.matchSeed(c.state), seat, c.side(seat).deck());
            c.emit(new DeckShuffled(seat, deck.size(), deck));
            for (int i = 0; i < returned.size(); i++) {
                turns.draw(c, seat);
            }
        }
        if (c.state.sides().values().stream().allMatch(Side::mulliganed)) {
            turns.startTurn(c, c.state.firstSeat());
        }
        return null;
    }

    /**
     * L-D-CLOCK-1: a mulligan timeout keeps the hand; a turn timeout ends the turn, and the match's
     * {@code timeoutLoss}-th (by default the third in a rated match, none otherwise) loses.
     */
    private Refusal timeout(DecisionInProgress c, Seat seat) {
        VoidlitState s = c.state;
        if (VoidlitState.MULLIGAN.equals(s.phase()) && s.active() == seat) {
            c.emit(new TurnTimedOut(seat, "MULLIGAN", s.turn(), s.side(seat).timeouts()));
            return keep(c, seat, List.of());
        }
        if (VoidlitState.MAIN.equals(s.phase()) && s.active() == seat) {
            int n = s.side(seat).timeouts() + 1;
            c.emit(new TurnTimedOut(seat, "TURN", s.turn(), n));
            int lose = timeoutsToLose(s);
            if (lose > 0 && n >= lose) {
                turns.end(c, seat.opponent(), "TIMEOUT", List.of(seat));
                return null;
            }
            turns.endTurn(c, seat);
            return null;
        }
        return Refusal.conflict(
                "NO_CLOCK_RUNNING", "L-D-CLOCK-1", "Seat " + seat + " owes no decision now.");
    }

    /**
     * L-D-CLOCK-1: the option {@code timeoutLoss}, else the third in a rated match and never
     * otherwise.
     */
    static int timeoutsToLose(VoidlitState s) {
        Integer option = s.options() == null ? null : s.options().timeoutLoss();
        if (option != null) {
            return option;
        }
        Side a = s.side(Seat.A);
        Side b = s.side(Seat.B);
        boolean rated =
                a != null
                        && b != null
                        && a.accountId() != null
                        && b.accountId() != null
                        && !a.accountId().equals(b.accountId());
        return rated ? MatchOptions.DEFAULT_TIMEOUT_LOSS : 0;
    }
}
