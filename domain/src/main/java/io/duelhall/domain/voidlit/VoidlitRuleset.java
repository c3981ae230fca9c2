package io.duelhall.domain.voidlit;

import io.duelhall.domain.ClockNeed;
import io.duelhall.domain.Decision;
import io.duelhall.domain.DrawCheck;
import io.duelhall.domain.GameState;
import io.duelhall.domain.Intent;
import io.duelhall.domain.IntentSpec;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchSetup;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Viewer;
import java.util.ArrayList;
import java.util.List;

/** voidlit (seed 003) as read by RULINGS.md (L-*) and docs/rulings.md (L-D-*). */
public final class VoidlitRuleset implements Ruleset {
    public static final String RULESET = Decider.RULESET;
    public static final String ENGINE_VERSION = "voidlit-1.0.0";

    private final Catalog catalog;
    private final Decider decider;
    private final Redaction redaction;
    private final VoidlitMoves moves;

    /** The current engine with the shipped catalog. */
    public VoidlitRuleset() {
        this(Catalog.standard());
    }

    public VoidlitRuleset(Catalog catalog) {
        List<String> problems = problems(catalog);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(
                    "catalog " + catalog.version() + " is not usable: " + problems);
        }
        this.catalog = catalog;
        this.decider = new Decider(catalog, ENGINE_VERSION);
        this.redaction = new Redaction(catalog);
        this.moves = new VoidlitMoves(catalog);
    }

    /** Checks the catalog data once: every card known to the engine, every starter deck legal. */
    static List<String> problems(Catalog catalog) {
        List<String> out = new ArrayList<>();
        for (VoidlitCard c : catalog.cards()) {
            Catalog.problems(c).forEach(p -> out.add(c.id() + ": " + p));
        }
        for (Catalog.StarterDeck d : catalog.starterDecks()) {
            List<String> v = DeckRules.violations(catalog, d.parallel(), d.cards());
            if (!v.isEmpty()) {
                out.add("starter deck " + d.name() + ": " + v);
            }
        }
        return out;
    }

    public Catalog catalog() {
        return catalog;
    }

    @Override
    public String id() {
        return RULESET;
    }

    @Override
    public String engineVersion() {
        return ENGINE_VERSION;
    }

    @Override
    public String catalogVersion() {
        return catalog.version();
    }

    @Override
    public VoidlitState initial() {
        return VoidlitState.EMPTY;
    }

    @Override
    public Decision create(String matchId, MatchOptions options, byte[] serverSeed) {
        return decider.create(matchId, options, serverSeed);
    }

    @Override
    public Decision join(GameState state, JoinRequest request) {
        VoidlitIntents.SeatRequest r = VoidlitIntents.seatRequest(request);
        return decider.join(
                (VoidlitState) state,
                r.name(),
                r.parallel(),
                r.cards(),
                r.clientSeed(),
                r.accountId());
    }

    @Override
    public Decision decide(GameState state, Intent intent) {
        VoidlitMove move = VoidlitIntents.move(intent);
        if (move == null) {
            return Decision.reject(
                    Refusal.malformed(
                            "MALFORMED_INTENT",
                            "A voidlit intent is MULLIGAN, BANK, PLAY_CARD, ATTACK, END_TURN or CONCEDE, with a seat."));
        }
        return decider.decide((VoidlitState) state, move);
    }

    /** voidlit's intent vocabulary (docs/rulesets.md, "voidlit"). */
    @Override
    public List<IntentSpec> intentTypes() {
        return VoidlitIntents.SPECS;
    }

    @Override
    public List<String> targetKinds() {
        return VoidlitIntents.TARGET_KINDS;
    }

    /**
     * decide on voidlit's own move (the AI and the tests use it; {@link #decide} maps an Intent to
     * it).
     */
    public Decision decide(VoidlitState state, VoidlitMove move) {
        return decider.decide(state, move);
    }

    @Override
    public VoidlitState evolve(GameState state, MatchEvent event) {
        return Evolver.evolve((VoidlitState) state, ended(event));
    }

    /**
     * The mulligan and the turn both run on the TURN clock (L-D-CLOCK-1); turn 0 is the mulligans.
     */
    @Override
    public ClockNeed clockNeed(GameState state) {
        VoidlitState s = (VoidlitState) state;
        Seat seat = VoidlitMoves.toAct(s);
        return seat == null ? null : new ClockNeed(seat, ClockNeed.Kind.TURN, s.turn());
    }

    @Override
    public Seat toAct(GameState state) {
        return VoidlitMoves.toAct((VoidlitState) state);
    }

    @Override
    public List<Intent> legalMoves(GameState state, Seat seat) {
        return legal((VoidlitState) state, seat).stream().map(VoidlitIntents::intent).toList();
    }

    /** Every move {@code seat} may make now, as voidlit's own moves. */
    public List<VoidlitMove> legal(VoidlitState state, Seat seat) {
        return moves.legal(state, seat);
    }

    @Override
    public List<VoidlitCard> cards() {
        return catalog.cards();
    }

    /**
     * A starter deck as a seat request body but for {@code "name"}: {@code {"picks": {"parallel":
     * …}, "cards": [40]}} (the Parallel could be left out: the cards say it, L-D-DECK-1).
     */
    public record StarterSeat(java.util.Map<String, String> picks, List<String> cards) {}

    @Override
    public List<StarterSeat> starterSeatRequests() {
        return catalog.starterDecks().stream()
                .map(
                        d ->
                                new StarterSeat(
                                        java.util.Map.of(VoidlitIntents.PARALLEL, d.parallel()),
                                        d.cards()))
                .toList();
    }

    @Override
    public VoidlitView view(GameState state, Viewer viewer, long version) {
        return redaction.view((VoidlitState) state, effectiveViewer(state, viewer), version);
    }

    @Override
    public MatchEvent redact(MatchEvent event, Viewer viewer) {
        return Redaction.event(event, viewer);
    }

    @Override
    public io.duelhall.domain.HiddenState hiddenState(io.duelhall.domain.SeatKnowledge knowledge) {
        return new VoidlitHidden(this, knowledge);
    }

    @Override
    public VoidlitState evolvePublic(GameState publicState, MatchEvent publicEvent) {
        return Evolver.evolve((VoidlitState) publicState, ended(publicEvent));
    }

    @Override
    public VoidlitView publicView(GameState publicState, long version) {
        return redaction.view((VoidlitState) publicState, Viewer.SPECTATOR, version);
    }

    @Override
    public List<Class<? extends MatchEvent>> eventTypes() {
        return Ruleset.eventTypesOf(VoidlitEvent.class);
    }

    @Override
    public MatchSetup setup(List<? extends MatchEvent> events) {
        return VoidlitFairness.setup(events);
    }

    @Override
    public List<DrawCheck> reproduceDraws(List<? extends MatchEvent> events) {
        return VoidlitFairness.reproduceDraws(events);
    }

    /** Whether the match is over (a convenience for players and tests). */
    public static boolean over(VoidlitState s) {
        return s.status() == MatchStatus.ENDED;
    }

    /**
     * The core's {@link io.duelhall.domain.MatchExpired} (a seat never taken, issue 19) ends the
     * state as this game's own end event with no winner and no losers would; every other event as
     * it is.
     */
    private static MatchEvent ended(MatchEvent event) {
        return event instanceof io.duelhall.domain.MatchExpired x
                ? new VoidlitEvent.MatchEnded(null, x.reason(), List.of(), x.serverSeed())
                : event;
    }
}
