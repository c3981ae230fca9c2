package io.duelhall.domain.biome;

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

/** biome (seeds 002 and 004) as read by RULINGS.md (B-*) and docs/rulings.md (B-D-*). */
public final class BiomeRuleset implements Ruleset {
    public static final String RULESET = Decider.RULESET;
    public static final String ENGINE_VERSION = "biome-1.0.0";

    private final Catalog catalog;
    private final Decider decider;
    private final Redaction redaction;
    private final BiomeMoves moves;

    /** The current engine with the shipped catalog. */
    public BiomeRuleset() {
        this(Catalog.standard());
    }

    public BiomeRuleset(Catalog catalog) {
        List<String> problems = problems(catalog);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(
                    "catalog " + catalog.version() + " is not usable: " + problems);
        }
        this.catalog = catalog;
        this.decider = new Decider(catalog, ENGINE_VERSION);
        this.redaction = new Redaction(catalog);
        this.moves = new BiomeMoves(catalog);
    }

    /**
     * Checks the catalog data once: every card known to the engine, enough biomes, every starter
     * deck legal.
     */
    static List<String> problems(Catalog catalog) {
        List<String> out = new ArrayList<>();
        for (BiomeCard c : catalog.cards()) {
            Catalog.problems(c).forEach(p -> out.add(c.id() + ": " + p));
        }
        if (catalog.biomes().size() < Turns.BIOMES_TO_LOSE) {
            out.add("a match needs at least " + Turns.BIOMES_TO_LOSE + " biomes (B-D-END-1)");
        }
        for (Catalog.StarterDeck d : catalog.starterDecks()) {
            List<String> v = catalog.deckViolations(d.cards());
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
    public BiomeState initial() {
        return BiomeState.EMPTY;
    }

    @Override
    public Decision create(String matchId, MatchOptions options, byte[] serverSeed) {
        return decider.create(matchId, options, serverSeed);
    }

    @Override
    public Decision join(GameState state, JoinRequest request) {
        BiomeIntents.SeatRequest r = BiomeIntents.seatRequest(request);
        return decider.join((BiomeState) state, r.name(), r.cards(), r.clientSeed(), r.accountId());
    }

    @Override
    public Decision decide(GameState state, Intent intent) {
        BiomeMove move = BiomeIntents.move(intent);
        if (move == null) {
            return Decision.reject(
                    Refusal.malformed(
                            "MALFORMED_INTENT",
                            "A biome intent is one of "
                                    + intentTypes().stream().map(IntentSpec::type).toList()
                                    + ", with a seat."));
        }
        return decider.decide((BiomeState) state, move);
    }

    /** biome's intent vocabulary (docs/rulesets.md, "biome"). */
    @Override
    public List<IntentSpec> intentTypes() {
        return BiomeIntents.SPECS;
    }

    @Override
    public List<String> targetKinds() {
        return BiomeIntents.TARGET_KINDS;
    }

    /**
     * decide on biome's own move (the AI and the tests use it; {@link #decide} maps an Intent to
     * it).
     */
    public Decision decide(BiomeState state, BiomeMove move) {
        return decider.decide(state, move);
    }

    @Override
    public BiomeState evolve(GameState state, MatchEvent event) {
        return Evolver.evolve((BiomeState) state, ended(event));
    }

    /**
     * B-D-CLOCK-1: one clock per priority holding. The active seat acting in its own primary phase
     * with an empty queue runs its TURN clock; every other holding (an answer, a battle step,
     * maintenance, end, an order of defenders) is a RESPONSE window, so each pass of priority
     * starts a new one.
     */
    @Override
    public ClockNeed clockNeed(GameState state) {
        BiomeState s = (BiomeState) state;
        Seat seat = BiomeMoves.toAct(s);
        if (seat == null) {
            return null;
        }
        return new ClockNeed(seat, clock(s), s.turn());
    }

    /** B-D-CLOCK-1: the kind of clock the seat that owes the decision runs now. */
    static ClockNeed.Kind clock(BiomeState s) {
        Seat seat = BiomeMoves.toAct(s);
        boolean turn =
                s.pending() == null
                        && seat == s.active()
                        && Steps.primary(s.step())
                        && s.queue().isEmpty();
        return turn ? ClockNeed.Kind.TURN : ClockNeed.Kind.RESPONSE;
    }

    @Override
    public Seat toAct(GameState state) {
        return BiomeMoves.toAct((BiomeState) state);
    }

    @Override
    public List<Intent> legalMoves(GameState state, Seat seat) {
        return legal((BiomeState) state, seat).stream().map(BiomeIntents::intent).toList();
    }

    @Override
    public String movesNote(GameState state, Seat seat) {
        return BiomeMoves.note((BiomeState) state, seat);
    }

    /** Every move {@code seat} may make now, as biome's own moves. */
    public List<BiomeMove> legal(BiomeState state, Seat seat) {
        return moves.legal(state, seat);
    }

    @Override
    public List<BiomeCard> cards() {
        return catalog.cards();
    }

    /** A starter deck as a seat request body but for {@code "name"}: {@code {"cards": [30]}}. */
    public record StarterSeat(List<String> cards) {}

    @Override
    public List<StarterSeat> starterSeatRequests() {
        return catalog.starterDecks().stream().map(d -> new StarterSeat(d.cards())).toList();
    }

    @Override
    public Class<BiomeView> viewType() {
        return BiomeView.class;
    }

    @Override
    public BiomeView view(GameState state, Viewer viewer, long version) {
        return redaction.view((BiomeState) state, effectiveViewer(state, viewer), version);
    }

    @Override
    public MatchEvent redact(MatchEvent event, Viewer viewer) {
        return Redaction.event(event, viewer);
    }

    @Override
    public io.duelhall.domain.HiddenState hiddenState(io.duelhall.domain.SeatKnowledge knowledge) {
        return new BiomeHidden(this, knowledge);
    }

    @Override
    public BiomeState evolvePublic(GameState publicState, MatchEvent publicEvent) {
        return Evolver.evolve((BiomeState) publicState, ended(publicEvent));
    }

    @Override
    public BiomeView publicView(GameState publicState, long version) {
        return redaction.view((BiomeState) publicState, Viewer.SPECTATOR, version);
    }

    @Override
    public List<Class<? extends MatchEvent>> eventTypes() {
        return Ruleset.eventTypesOf(BiomeEvent.class);
    }

    @Override
    public MatchSetup setup(List<? extends MatchEvent> events) {
        return BiomeFairness.setup(events);
    }

    @Override
    public List<DrawCheck> reproduceDraws(List<? extends MatchEvent> events) {
        return BiomeFairness.reproduceDraws(events);
    }

    /** Whether the match is over (a convenience for players and tests). */
    public static boolean over(BiomeState s) {
        return s.status() == MatchStatus.ENDED;
    }

    /**
     * The core's {@link io.duelhall.domain.MatchExpired} (a seat never taken, issue 19) ends the
     * state as this game's own end event with no winner and no losers would; every other event as
     * it is.
     */
    private static MatchEvent ended(MatchEvent event) {
        return event instanceof io.duelhall.domain.MatchExpired x
                ? new BiomeEvent.MatchEnded(null, x.reason(), List.of(), x.serverSeed())
                : event;
    }
}
