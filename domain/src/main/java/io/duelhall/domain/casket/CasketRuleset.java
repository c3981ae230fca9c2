package io.duelhall.domain.casket;

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
import java.util.Map;

/** casket (seed 001), Arena mode, as read by RULINGS.md (C-*) and docs/rulings.md (C-D-*). */
public final class CasketRuleset implements Ruleset {
    public static final String RULESET = Decider.RULESET;

    /**
     * The engine new matches take. Every older one stays runnable (a match keeps the version it was
     * created with to its end, through replays and audits; docs/upgrading.md).
     */
    public static final String ENGINE_VERSION = "casket-1.2.0";

    /**
     * Every engine version ever released, oldest first; the last is {@link #ENGINE_VERSION}. Never
     * remove one. casket-1.0.0: the first (every Casket may VENT: 2 SP, −3 Heat, C-D-HEAT-3).
     * casket-1.1.0 (issue 44): no VENT action; Heat is removed by cards (Emergency Vent), water and
     * idle turns only, as seed 001's "Removing Heat" lists (C-D-HEAT-4); everything else decides
     * and evolves as 1.0.0 did. casket-1.2.0 (issue 44): every hex a Casket moves through or to
     * must be in sight of the hex it stood on when its turn began (C-D-LOS-2), so a path, or
     * several MOVEs in one turn, cannot go round a wall; everything else as 1.1.0.
     */
    public static final List<String> ENGINE_VERSIONS =
            List.of("casket-1.0.0", "casket-1.1.0", "casket-1.2.0");

    private final Catalog catalog;
    private final String engineVersion;
    private final Decider decider;
    private final Redaction redaction;
    private final CasketMoves moves;

    /** The current engine with the shipped data. */
    public CasketRuleset() {
        this(Catalog.standard(), Decider.SEEDED);
    }

    /**
     * A released engine version with the shipped data (an older one still served for the matches
     * created under it).
     */
    public CasketRuleset(String engineVersion) {
        this(Catalog.standard(), Decider.SEEDED, engineVersion);
    }

    /** With dice from {@code dice} instead of the seed (scenario tests only). */
    CasketRuleset(Catalog catalog, Decider.Dice dice) {
        this(catalog, dice, ENGINE_VERSION);
    }

    CasketRuleset(Catalog catalog, Decider.Dice dice, String engineVersion) {
        if (!ENGINE_VERSIONS.contains(engineVersion)) {
            throw new IllegalArgumentException(
                    "no casket engine " + engineVersion + "; released: " + ENGINE_VERSIONS);
        }
        List<String> problems = problems(catalog);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(
                    "catalog " + catalog.version() + " is not usable: " + problems);
        }
        this.catalog = catalog;
        this.engineVersion = engineVersion;
        this.decider = new Decider(catalog, engineVersion, dice);
        this.redaction = new Redaction(catalog);
        this.moves = new CasketMoves(catalog, ventAction(engineVersion));
    }

    /**
     * Checks the data once: six-faced dice, ten wounds, an arena with a deployment for every seat,
     * every starter deck legal (C-D-*).
     */
    static List<String> problems(Catalog catalog) {
        List<String> out = new ArrayList<>();
        if (catalog.attackDie().size() != 6 || catalog.defenceDie().size() != 6) {
            out.add("dice have six faces (C-D-DICE-1)");
        }
        if (catalog.wounds().size() != 10) {
            out.add("the wound deck has 10 cards (C-D-WOUND-2)");
        }
        if (catalog.maps().isEmpty()) {
            out.add("at least one arena (C-D-MAP-1)");
        }
        for (ArenaMap m : catalog.maps()) {
            for (Seat seat : Seat.values()) {
                ArenaMap.Deployment d = m.deployments().get(seat);
                if (d == null || !m.passable(d.hex())) {
                    out.add(m.id() + ": no deployment hex for seat " + seat + " (C-D-MAP-1)");
                }
            }
        }
        for (Catalog.Starter st : catalog.starters()) {
            List<String> v = catalog.deckViolations(st.deck());
            if (!v.isEmpty()) {
                out.add("starter " + st.id() + ": " + v);
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
        return engineVersion;
    }

    /**
     * Whether a defeated Casket stays on its hex as an inert wreck that blocks it (casket-1.1.0 on;
     * under 1.0.0 it left the map).
     */
    /**
     * C-D-LOS-2 (casket-1.2.0 on): movement sight is checked for every hex of every MOVE of a turn,
     * from the hex the turn began on; before, only a MOVE's destination from its start.
     */
    static boolean pathSight(String engineVersion) {
        return engineVersion != null
                && !"casket-1.0.0".equals(engineVersion)
                && !"casket-1.1.0".equals(engineVersion);
    }

    static boolean inertWrecks(String engineVersion) {
        return engineVersion != null && !"casket-1.0.0".equals(engineVersion);
    }

    /** Whether every Casket may VENT as an action under this engine (casket-1.0.0 only). */
    static boolean ventAction(String engineVersion) {
        return "casket-1.0.0".equals(engineVersion);
    }

    @Override
    public String catalogVersion() {
        return catalog.version();
    }

    @Override
    public int minSeats() {
        return 2;
    }

    @Override
    public int maxSeats() {
        return 6;
    }

    @Override
    public CasketState initial() {
        return CasketState.EMPTY;
    }

    @Override
    public Decision create(String matchId, MatchOptions options, byte[] serverSeed) {
        MatchOptions o = options == null ? MatchOptions.defaults() : options;
        return decider.create(matchId, o, serverSeed, o.seatCount(this));
    }

    @Override
    public Decision join(GameState state, JoinRequest request) {
        return decider.join((CasketState) state, request);
    }

    @Override
    public Decision decide(GameState state, Intent intent) {
        return decider.decide((CasketState) state, intent);
    }

    @Override
    public List<IntentSpec> intentTypes() {
        return CasketIntents.SPECS;
    }

    @Override
    public List<String> targetKinds() {
        return CasketIntents.TARGET_KINDS;
    }

    /**
     * The words check, and numbers written plainly (issue 45, finding 7): a hex is {@code q,r} in
     * ASCII digits with an optional minus and nothing around them, a facing is one digit 0–5;
     * {@code " 1"}, {@code "+1,-1"}, {@code "0,0,"} and fullwidth digits were read as numbers. Only
     * the live intake asks this: a record's intents are replayed by {@link #decide} as they were
     * accepted, so older records audit as they always did.
     */
    @Override
    public Refusal checkIntent(Intent intent) {
        Refusal words = Ruleset.super.checkIntent(intent);
        if (words != null) {
            return words;
        }
        for (io.duelhall.domain.Target t : intent.targets()) {
            if (CasketIntents.HEX_TARGET.equals(t.kind())
                    && (t.id() == null || !PLAIN_HEX.matcher(t.id()).matches())) {
                return Refusal.malformed(
                        "INVALID_FIELD",
                        "targets[].id '" + t.id() + "' is not a hex written q,r (e.g. \"0,-1\").");
            }
        }
        String facing = intent.choice(CasketIntents.FACING);
        if (facing != null && !PLAIN_FACING.matcher(facing).matches()) {
            return Refusal.malformed(
                    "INVALID_FIELD",
                    "choices.facing '" + facing + "' is not a facing: one digit, 0 to 5.");
        }
        return null;
    }

    private static final java.util.regex.Pattern PLAIN_HEX =
            java.util.regex.Pattern.compile("-?(0|[1-9][0-9]{0,3}),-?(0|[1-9][0-9]{0,3})");

    private static final java.util.regex.Pattern PLAIN_FACING =
            java.util.regex.Pattern.compile("[0-5]");

    /** A hex of the map is nobody's: a HEX target names no seat. */
    @Override
    public List<String> seatlessTargetKinds() {
        return List.of(CasketIntents.HEX_TARGET);
    }

    @Override
    public CasketState evolve(GameState state, MatchEvent event) {
        return Evolver.evolve((CasketState) state, ended(event));
    }

    /** C-D-CLOCK-1: the active seat's action phase runs its TURN clock; answers a RESPONSE. */
    @Override
    public ClockNeed clockNeed(GameState state) {
        CasketState s = (CasketState) state;
        Seat seat = CasketMoves.toAct(s);
        return seat == null ? null : new ClockNeed(seat, Decider.clock(s), s.turn());
    }

    @Override
    public Seat toAct(GameState state) {
        return CasketMoves.toAct((CasketState) state);
    }

    @Override
    public List<Intent> legalMoves(GameState state, Seat seat) {
        return moves.legal((CasketState) state, seat);
    }

    @Override
    public String movesNote(GameState state, Seat seat) {
        return CasketMoves.note((CasketState) state, seat);
    }

    @Override
    public List<Catalog.Card> cards() {
        return catalog.cards();
    }

    /** A starter Casket as a seat request body but for {@code "name"}. */
    public record StarterSeat(List<String> cards, Map<String, String> picks) {}

    @Override
    public List<StarterSeat> starterSeatRequests() {
        return catalog.starters().stream()
                .map(s -> new StarterSeat(s.deck(), Map.of(CasketIntents.CASKET, s.id())))
                .toList();
    }

    @Override
    public Class<CasketView> viewType() {
        return CasketView.class;
    }

    @Override
    public CasketView view(GameState state, Viewer viewer, long version) {
        return redaction.view((CasketState) state, effectiveViewer(state, viewer), version);
    }

    @Override
    public MatchEvent redact(MatchEvent event, Viewer viewer) {
        return Redaction.event(event, viewer);
    }

    @Override
    public io.duelhall.domain.HiddenState hiddenState(io.duelhall.domain.SeatKnowledge knowledge) {
        return new CasketHidden(this, knowledge);
    }

    @Override
    public CasketState evolvePublic(GameState publicState, MatchEvent publicEvent) {
        return Evolver.evolve((CasketState) publicState, ended(publicEvent));
    }

    @Override
    public CasketView publicView(GameState publicState, long version) {
        return redaction.view((CasketState) publicState, Viewer.SPECTATOR, version);
    }

    @Override
    public List<Class<? extends MatchEvent>> eventTypes() {
        return Ruleset.eventTypesOf(CasketEvent.class);
    }

    @Override
    public MatchSetup setup(List<? extends MatchEvent> events) {
        return CasketFairness.setup(events);
    }

    @Override
    public List<DrawCheck> reproduceDraws(List<? extends MatchEvent> events) {
        return CasketFairness.reproduceDraws(catalog, events);
    }

    /** C-D-HIT-1: what {@code attacker}'s two attack dice must reach with {@code card}. */
    public int toHitNeed(CasketState s, Seat attacker, String card, Seat target) {
        DecisionInProgress c = new DecisionInProgress(catalog, Decider.SEEDED, s);
        return Combat.need(c, attacker, catalog.card(card), target, new ArrayList<>());
    }

    public static boolean over(CasketState s) {
        return s.status() == MatchStatus.ENDED;
    }

    /**
     * The core's {@link io.duelhall.domain.MatchExpired} ends the state as this game's own end
     * event with no winner and no losers would.
     */
    private static MatchEvent ended(MatchEvent event) {
        return event instanceof io.duelhall.domain.MatchExpired x
                ? new CasketEvent.CasketMatchEnded(
                        null, List.of(), x.reason(), x.serverSeed(), List.of())
                : event;
    }
}
