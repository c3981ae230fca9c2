package io.duelhall.domain.biome;

import io.duelhall.domain.ClockNeed;
import io.duelhall.domain.Decision;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.Seat;
import io.duelhall.domain.biome.BiomeEvent.*;
import io.duelhall.domain.biome.BiomeMove.*;
import io.duelhall.domain.rng.Sha256;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** decide(state, move) → events or a refusal, for biome. */
final class Decider {
    static final String RULESET = "biome";
    private final Catalog catalog;
    private final String engineVersion;
    private final Turns turns = new Turns();

    Decider(Catalog catalog, String engineVersion) {
        this.catalog = catalog;
        this.engineVersion = engineVersion;
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

    /** B-D-DECK-1: a seat with a legal deck; the second seat starts the match (B-D-SETUP-1). */
    Decision join(
            BiomeState s, String name, List<String> cards, String clientSeed, String accountId) {
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
        List<String> violations = catalog.deckViolations(cards);
        if (!violations.isEmpty()) {
            return Decision.reject(
                    new Refusal(
                            Refusal.Category.RULES,
                            "DECK_INVALID",
                            "B-D-DECK-1",
                            "The deck breaks " + violations.size() + " deck rule(s).",
                            violations));
        }
        Seat seat = s.sides().containsKey(Seat.A) ? Seat.B : Seat.A;
        List<String> deck = new ArrayList<>(cards);
        deck.sort(null);
        DecisionInProgress c = new DecisionInProgress(catalog, s);
        c.emit(new PlayerJoined(seat, name.trim(), List.copyOf(deck), clientSeed, accountId));
        if (c.state.sides().size() == 2) {
            start(c);
        }
        return Decision.accept(c.events);
    }

    /**
     * B-D-SETUP-1: first seat and decks from the seed (SetupDeal), five cards each, then the first
     * turn.
     */
    private void start(DecisionInProgress c) {
        BiomeDraws.Setup setup =
                BiomeDraws.setup(
                        Turns.matchSeed(c.state),
                        c.side(Seat.A).deckList(),
                        c.side(Seat.B).deckList());
        Seat first = setup.firstSeat();
        List<Sector> sectors =
                catalog.biomes().stream()
                        .map(b -> new Sector(b.id(), b.defense(), b.defense(), false))
                        .toList();
        c.emit(new MatchStarted(first, sectors));
        for (Seat seat : List.of(Seat.A, Seat.B)) {
            List<CardRef> refs = setup.decks().get(seat);
            c.emit(new DeckShuffled(seat, refs.size(), refs));
        }
        for (Seat seat : List.of(first, first.opponent())) {
            for (int i = 0; i < Side.OPENING_HAND; i++) {
                turns.draw(c, seat);
            }
        }
        turns.startTurn(c, first);
    }

    Decision decide(BiomeState s, BiomeMove move) {
        if (move == null || move.seat() == null) {
            return Decision.reject(
                    Refusal.malformed("MALFORMED_INTENT", "An intent needs a seat and a type."));
        }
        if (s.status() == MatchStatus.NEW) {
            return Decision.reject(Refusal.notFound("MATCH_NOT_FOUND", "No such match."));
        }
        if (s.status() == MatchStatus.ENDED) {
            return Decision.reject(
                    Refusal.conflict("MATCH_OVER", "B-D-END-1", "The match is over."));
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
        } else if (move instanceof Pass) {
            r = pass(c, seat);
        } else if (move instanceof Play p) {
            r = play(c, seat, p);
        } else if (move instanceof Activate a) {
            r = activate(c, seat, a);
        } else if (move instanceof Convert v) {
            r = convert(c, seat, v);
        } else if (move instanceof Anomaly a) {
            r = anomaly(c, seat, a);
        } else if (move instanceof Advance a) {
            r = advance(c, seat, a);
        } else if (move instanceof Attack a) {
            r = attack(c, seat, a);
        } else if (move instanceof Defend d) {
            r = defend(c, seat, d);
        } else {
            r = order(c, seat, (OrderDefenders) move);
        }
        return r != null ? Decision.reject(r) : Decision.accept(c.events);
    }

    private Refusal pass(DecisionInProgress c, Seat seat) {
        Refusal r = Checks.priority(c.state, seat);
        if (r == null) {
            turns.pass(c, seat);
        }
        return r;
    }

    private Refusal play(DecisionInProgress c, Seat seat, Play p) {
        Checks.Ok ok = Checks.play(catalog, c.state, seat, p);
        if (ok.refusal() != null) {
            return ok.refusal();
        }
        spend(c, seat, ok.cost());
        Map<String, String> choices = new TreeMap<>();
        if (p.x() != null) {
            choices.put(BiomeIntents.X, String.valueOf(p.x()));
        }
        if (p.mode() != null) {
            choices.put(BiomeIntents.MODE, String.valueOf(p.mode()));
        }
        turns.queue(c, seat, QueueEntry.CARD, ok.ref(), null, p.targets(), choices, List.of());
        return null;
    }

    private Refusal activate(DecisionInProgress c, Seat seat, Activate a) {
        Checks.Ok ok = Checks.activate(catalog, c.state, seat, a);
        if (ok.refusal() != null) {
            return ok.refusal();
        }
        c.emit(new AgentLocked(seat, a.agent()));
        spend(c, seat, ok.cost());
        turns.queue(
                c, seat, QueueEntry.SKILL, ok.ref(), a.agent(), a.targets(), Map.of(), List.of());
        return null;
    }

    private Refusal convert(DecisionInProgress c, Seat seat, Convert v) {
        Refusal r = Checks.unqueued(c.state, seat, c.state.converted(), "Converting a card");
        if (r != null) {
            return r;
        }
        Side side = c.side(seat);
        CardRef ref = side.inHand(v.card());
        if (ref == null) {
            return Refusal.rules(
                    "CARD_NOT_IN_HAND",
                    "B-D-ENERGY-1",
                    "Card " + v.card() + " is not in your hand.");
        }
        c.emit(new CardConverted(seat, ref, side.reserve().size() + 1, side.energy() + 1));
        return null;
    }

    private Refusal anomaly(DecisionInProgress c, Seat seat, Anomaly a) {
        Checks.Ok ok = Checks.anomaly(catalog, c.state, seat, a);
        if (ok.refusal() != null) {
            return ok.refusal();
        }
        spend(c, seat, ok.cost());
        c.emit(
                new AnomalyPlayed(
                        seat, ok.ref(), a.targets().isEmpty() ? null : a.targets().get(0)));
        c.emit(new CardCached(seat, ok.ref()));
        turns.effects.apply(c, seat, ok.card().effects(), a.targets(), 0, null);
        turns.checkEnd(c);
        return null;
    }

    private Refusal advance(DecisionInProgress c, Seat seat, Advance a) {
        Refusal r = Checks.advance(c.state, seat, a);
        if (r == null) {
            turns.queue(
                    c,
                    seat,
                    QueueEntry.ADVANCE,
                    null,
                    a.agent(),
                    List.of(TargetRef.biome(seat, a.biome())),
                    Map.of(),
                    a.gear());
        }
        return r;
    }

    private Refusal attack(DecisionInProgress c, Seat seat, Attack a) {
        Refusal r = Checks.attack(c.state, seat, a);
        if (r == null) {
            turns.queue(c, seat, QueueEntry.ATTACK, null, null, List.of(), Map.of(), a.attackers());
        }
        return r;
    }

    private Refusal defend(DecisionInProgress c, Seat seat, Defend d) {
        Refusal r = Checks.defend(c.state, seat, d);
        if (r == null) {
            List<TargetRef> targets =
                    d.blocks().stream()
                            .map(b -> TargetRef.agent(seat.opponent(), b.attacker()))
                            .toList();
            turns.queue(
                    c,
                    seat,
                    QueueEntry.DEFEND,
                    null,
                    null,
                    targets,
                    Map.of(),
                    d.blocks().stream().map(Block::defender).toList());
        }
        return r;
    }

    private Refusal order(DecisionInProgress c, Seat seat, OrderDefenders o) {
        Refusal r = Checks.order(c.state, seat, o);
        if (r == null) {
            c.emit(new DefendersOrdered(seat, o.attacker(), o.defenders()));
        }
        return r;
    }

    private static void spend(DecisionInProgress c, Seat seat, int cost) {
        if (cost > 0) {
            c.emit(new EnergySpent(seat, cost, c.side(seat).energy() - cost));
        }
    }

    /**
     * B-D-CLOCK-1: a timeout is a pass (an owed order of defenders keeps the declared order); the
     * match's {@code timeoutLoss}-th TURN timeout of a seat (by default the third in a rated match,
     * none otherwise) loses; a RESPONSE timeout only passes.
     */
    private Refusal timeout(DecisionInProgress c, Seat seat) {
        BiomeState s = c.state;
        if (BiomeMoves.toAct(s) != seat) {
            return Refusal.conflict(
                    "NO_CLOCK_RUNNING", "B-D-CLOCK-1", "Seat " + seat + " owes no decision now.");
        }
        ClockNeed.Kind clock = BiomeRuleset.clock(s);
        boolean turnClock = clock == ClockNeed.Kind.TURN;
        int n = s.side(seat).timeouts() + (turnClock ? 1 : 0);
        c.emit(new TurnTimedOut(seat, clock.name(), s.turn(), n));
        int lose = timeoutsToLose(s);
        if (turnClock && lose > 0 && n >= lose) {
            turns.end(c, seat.opponent(), "TIMEOUT", List.of(seat));
            return null;
        }
        if (s.pending() != null) {
            for (String attacker : Evolver.unordered(s.attackers(), s.blocks(), s.ordered())) {
                c.emit(
                        new DefendersOrdered(
                                seat,
                                attacker,
                                s.blocks().stream()
                                        .filter(b -> b.attacker().equals(attacker))
                                        .map(Block::defender)
                                        .toList()));
            }
            return null;
        }
        turns.pass(c, seat);
        return null;
    }

    static int timeoutsToLose(BiomeState s) {
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
