package io.duelhall.domain.voidexa;

import io.duelhall.domain.Decision;
import io.duelhall.domain.DrawCheck;
import io.duelhall.domain.GameState;
import io.duelhall.domain.Intent;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchSetup;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Viewer;
import io.duelhall.domain.voidexa.cards.Card;
import io.duelhall.domain.voidexa.cards.CardType;
import io.duelhall.domain.voidexa.cards.Catalog;
import io.duelhall.domain.voidexa.cards.EffectKind;
import io.duelhall.domain.voidexa.cards.StarterDeck;
import java.util.ArrayList;
import java.util.List;

/** voidexa (seed 000) as read by RULINGS.md: the flagship ruleset. */
public final class VoidexaRuleset implements Ruleset {
    /** The ruleset's id. */
    public static final String RULESET = Decider.RULESET;

    /**
     * The engine version new matches are played under. A rule change that alters what events an
     * intent produces, or what an event does to the state, adds a version here and keeps every
     * older one runnable (branch on {@link #engineVersion()} where the rule differs): a match keeps
     * the version it was created with to its end, through replays and audits. See
     * docs/upgrading.md.
     */
    public static final String ENGINE_VERSION = "voidexa-1.2.0";

    /**
     * Every engine version ever released, oldest first; the last is {@link #ENGINE_VERSION}. Never
     * remove one. voidexa-1.0.0: the first. voidexa-1.1.0: adds the effect {@code WEAPON_CHARGE}
     * (D-CAT-3); decides and evolves everything else as 1.0.0 did. voidexa-1.2.0: adds the effect
     * {@code DRONE_PIERCE} (D-DRONE-3: Targeting AI's Pierce for the drones' next attack) and the
     * match option {@code timeoutLoss} (D-CLOCK-5); an old match, and a match without that option,
     * plays as under 1.1.0.
     */
    public static final List<String> ENGINE_VERSIONS =
            List.of("voidexa-1.0.0", "voidexa-1.1.0", "voidexa-1.2.0");

    /** Whether {@code engineVersion} is {@code since} or later (both released). */
    static boolean atLeast(String engineVersion, String since) {
        return ENGINE_VERSIONS.indexOf(engineVersion) >= ENGINE_VERSIONS.indexOf(since);
    }

    private final Catalog catalog;
    private final String engineVersion;
    private final Decider decider;
    private final Redaction redaction;

    /** The current engine with this catalog. */
    public VoidexaRuleset(Catalog catalog) {
        this(catalog, ENGINE_VERSION);
    }

    /**
     * A released engine version with this catalog (an older pair still served for the matches
     * created under it).
     */
    public VoidexaRuleset(Catalog catalog, String engineVersion) {
        if (!ENGINE_VERSIONS.contains(engineVersion)) {
            throw new IllegalArgumentException(
                    "no voidexa engine " + engineVersion + "; released: " + ENGINE_VERSIONS);
        }
        List<String> problems = problems(catalog, engineVersion);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(
                    "catalog " + catalog.version() + " is not usable: " + problems);
        }
        this.catalog = catalog;
        this.engineVersion = engineVersion;
        this.decider = new Decider(catalog, engineVersion);
        this.redaction = new Redaction(catalog);
    }

    /**
     * Checks the catalog data once at start: drone cards summon, starter decks are legal, and the
     * engine version has every effect the catalog uses.
     */
    static List<String> problems(Catalog catalog, String engineVersion) {
        List<String> out = new ArrayList<>();
        java.util.Map<EffectKind, String> since =
                java.util.Map.of(
                        EffectKind.WEAPON_CHARGE,
                        "voidexa-1.1.0",
                        EffectKind.DRONE_PIERCE,
                        "voidexa-1.2.0");
        for (Card c : catalog.cards()) {
            java.util.Set<EffectKind> kinds =
                    java.util.stream.Stream.of(
                                    c.effects().stream(),
                                    c.abilities().stream().flatMap(a -> a.effects().stream()),
                                    c.triggers().stream().flatMap(t -> t.effects().stream()))
                            .flatMap(x -> x)
                            .map(e -> e.kind())
                            .filter(java.util.Objects::nonNull)
                            .collect(
                                    java.util.stream.Collectors.toCollection(
                                            () -> java.util.EnumSet.noneOf(EffectKind.class)));
            if (c.abilities().stream().anyMatch(a -> a.vent() > 0)
                    && !atLeast(engineVersion, "voidexa-1.2.0")) {
                out.add(
                        c.id()
                                + ": an ability with a Heat cost (vent) needs engine voidexa-1.2.0 or later, not "
                                + engineVersion);
            }
            if (c.abilities().stream().anyMatch(a -> a.vent() < 0)) {
                out.add(c.id() + ": an ability's vent is below 0");
            }
            for (java.util.Map.Entry<EffectKind, String> n : since.entrySet()) {
                if (kinds.contains(n.getKey()) && !atLeast(engineVersion, n.getValue())) {
                    out.add(
                            c.id()
                                    + ": "
                                    + n.getKey()
                                    + " needs engine "
                                    + n.getValue()
                                    + " or later, not "
                                    + engineVersion);
                }
            }
            if (c.drone() != null
                    && c.drone().target() != null
                    && !atLeast(engineVersion, "voidexa-1.2.0")) {
                out.add(
                        c.id()
                                + ": a drone with an assigned target needs engine voidexa-1.2.0 or later, not "
                                + engineVersion);
            }
            if (c.drone() != null
                    && (c.drone().target() == io.duelhall.domain.voidexa.cards.Subsystem.SHIELD)) {
                out.add(c.id() + ": a drone's target is a subsystem other than SHIELD");
            }
            if (c.type() == CardType.DRONE
                    && (c.drone() == null
                            || c.effects().stream()
                                    .noneMatch(e -> e.kind() == EffectKind.SUMMON))) {
                out.add(c.id() + ": a drone needs drone stats and a SUMMON effect");
            }
            if (c.effects().stream().anyMatch(e -> e.kind() == null)) {
                out.add(c.id() + ": an effect without kind");
            }
        }
        for (StarterDeck d : catalog.starterDecks()) {
            List<String> v = DeckRules.violations(catalog, d.pilotClass(), d.shipCore(), d.cards());
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
        return Decider.RULESET;
    }

    @Override
    public String engineVersion() {
        return engineVersion;
    }

    @Override
    public String catalogVersion() {
        return catalog.version();
    }

    @Override
    public VoidexaState initial() {
        return VoidexaState.EMPTY;
    }

    @Override
    public Decision create(String matchId, MatchOptions options, byte[] serverSeed) {
        return decider.create(matchId, options, serverSeed);
    }

    @Override
    public Decision join(GameState state, JoinRequest request) {
        return decider.join((VoidexaState) state, request);
    }

    @Override
    public Decision decide(GameState state, Intent intent) {
        return decider.decide((VoidexaState) state, intent);
    }

    @Override
    public List<io.duelhall.domain.IntentSpec> intentTypes() {
        return VoidexaIntents.TYPES;
    }

    @Override
    public Class<VoidexaView> viewType() {
        return VoidexaView.class;
    }

    @Override
    public List<String> targetKinds() {
        return VoidexaIntents.KINDS;
    }

    @Override
    public VoidexaState evolve(GameState state, MatchEvent event) {
        return Evolver.evolve((VoidexaState) state, ended(event));
    }

    @Override
    public io.duelhall.domain.ClockNeed clockNeed(GameState state) {
        VoidexaState s = (VoidexaState) state;
        if (s.status() != io.duelhall.domain.MatchStatus.LIVE) {
            return null;
        }
        return switch (s.phase()) {
            case RESPONSE ->
                    new io.duelhall.domain.ClockNeed(
                            s.responder(), io.duelhall.domain.ClockNeed.Kind.RESPONSE, s.turn());
            case DISCARD ->
                    new io.duelhall.domain.ClockNeed(
                            s.active(), io.duelhall.domain.ClockNeed.Kind.DISCARD, s.turn());
            case MAIN ->
                    new io.duelhall.domain.ClockNeed(
                            s.active(), io.duelhall.domain.ClockNeed.Kind.TURN, s.turn());
            default -> null;
        };
    }

    @Override
    public List<Card> cards() {
        return catalog.cards();
    }

    /**
     * A starter deck as a voidexa seat request, exactly the body {@code /seats} takes but for
     * {@code "name"}: {@code {"pilotClass", "deck": {"shipCore", "cards"}}} (the seat request
     * refuses unknown fields, so the deck's own name is not in it: {@code GET /api/decks/starter}
     * lists the same decks, in the same order, with names).
     */
    public record StarterSeat(String pilotClass, Deck deck) {
        public record Deck(String shipCore, List<String> cards) {}
    }

    @Override
    public List<StarterSeat> starterSeatRequests() {
        return catalog.starterDecks().stream()
                .map(
                        d ->
                                new StarterSeat(
                                        d.pilotClass(),
                                        new StarterSeat.Deck(d.shipCore(), d.cards())))
                .toList();
    }

    @Override
    public List<Intent> legalMoves(GameState state, Seat seat) {
        return new VoidexaMoves(catalog).legal((VoidexaState) state, seat);
    }

    @Override
    public String movesNote(GameState state, Seat seat) {
        VoidexaState s = (VoidexaState) state;
        if (s.phase() == Phase.DISCARD && seat == VoidexaMoves.toAct(s)) {
            return "DISCARD_DOWN: any "
                    + s.discardOwed()
                    + " distinct card(s) of the hand (one choice is listed).";
        }
        return null;
    }

    @Override
    public Seat toAct(GameState state) {
        return VoidexaMoves.toAct((VoidexaState) state);
    }

    @Override
    public VoidexaView view(GameState state, Viewer viewer, long version) {
        return redaction.view((VoidexaState) state, effectiveViewer(state, viewer), version);
    }

    @Override
    public MatchEvent redact(MatchEvent event, Viewer viewer) {
        return Redaction.event(event, viewer);
    }

    @Override
    public List<Class<? extends MatchEvent>> eventTypes() {
        return Ruleset.eventTypesOf(VoidexaEvent.class);
    }

    @Override
    public MatchSetup setup(List<? extends MatchEvent> events) {
        return VoidexaFairness.setup(events);
    }

    @Override
    public List<DrawCheck> reproduceDraws(List<? extends MatchEvent> events) {
        return VoidexaFairness.reproduceDraws(events);
    }

    @Override
    public io.duelhall.domain.HiddenState hiddenState(io.duelhall.domain.SeatKnowledge knowledge) {
        return new VoidexaHidden(catalog(), knowledge);
    }

    @Override
    public VoidexaState evolvePublic(GameState publicState, MatchEvent publicEvent) {
        return PublicEvolver.evolve((VoidexaState) publicState, ended(publicEvent));
    }

    @Override
    public VoidexaView publicView(GameState publicState, long version) {
        return redaction.view((VoidexaState) publicState, Viewer.SPECTATOR, version);
    }

    /** Whether a card in the seat's hand could be played now (some legal targets exist). */
    public boolean playable(VoidexaState state, io.duelhall.domain.Seat seat, String cardId) {
        return Checks.play(catalog, state, seat, cardId, null).ok();
    }

    /**
     * The core's {@link io.duelhall.domain.MatchExpired} (a seat never taken, issue 19) ends the
     * state as voidexa's own end event with no winner would; every other event as it is.
     */
    private static MatchEvent ended(MatchEvent event) {
        return event instanceof io.duelhall.domain.MatchExpired x
                ? new VoidexaEvent.MatchEnded(null, x.reason(), List.of(), null, x.serverSeed())
                : event;
    }
}
