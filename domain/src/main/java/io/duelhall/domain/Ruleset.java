package io.duelhall.domain;

import java.util.List;

/**
 * A card game the engine hosts. Pure: no I/O, no clock, no randomness except from the seeds it is
 * given. The aggregate, projections, replay and audit only talk to this interface.
 *
 * <p>Shaped for more than voidexa: seats are an enum up to six, decisions may be owed by a seat
 * that is not the active one (the state says who), and all randomness comes from the match seed
 * through {@link io.duelhall.domain.rng.SeededRandom}.
 */
public interface Ruleset {
    String id();

    /**
     * Version of the rules engine; recorded in every match so an old record is audited by its own
     * rules.
     */
    String engineVersion();

    String catalogVersion();

    /**
     * This ruleset's version: engine and catalog. A match names it in its opening event and keeps
     * it to the end.
     */
    default RulesVersion version() {
        return new RulesVersion(engineVersion(), catalogVersion());
    }

    /** A name for people ("voidexa"). */
    default String name() {
        return id();
    }

    /** The fewest seats a match of this ruleset is played with. */
    default int minSeats() {
        return 2;
    }

    /** The most seats a match of this ruleset is played with. */
    default int maxSeats() {
        return 2;
    }

    /** The state of a match before anything happened. */
    GameState initial();

    /**
     * Creates a match: the event(s) that open it. {@code serverSeed} is 32 secret bytes drawn by
     * the server.
     */
    Decision create(String matchId, MatchOptions options, byte[] serverSeed);

    /**
     * Opens a match as the server does, live and in the audit alike: the options' seat count must
     * be within {@link #minSeats()}..{@link #maxSeats()} ({@code OUT_OF_RANGE} otherwise), then
     * {@link #create}.
     */
    default Decision open(String matchId, MatchOptions options, byte[] serverSeed) {
        if (options != null
                && options.seats() != null
                && (options.seats() < minSeats() || options.seats() > maxSeats())) {
            // 400, as every other option out of its range (issue 45, finding 7): it was 422
            return Decision.reject(
                    Refusal.malformed(
                            "OUT_OF_RANGE",
                            "seats must be "
                                    + minSeats()
                                    + (maxSeats() == minSeats() ? "" : " to " + maxSeats())
                                    + " for "
                                    + name()
                                    + ", not "
                                    + options.seats()
                                    + "."));
        }
        return create(matchId, options, serverSeed);
    }

    /** A player asks for a seat. */
    Decision join(GameState state, JoinRequest request);

    /** A seated player's intent (one {@link #checkIntent} passed: the server checks it first). */
    Decision decide(GameState state, Intent intent);

    /**
     * This ruleset's intent vocabulary: every type a client may send, with the fields it needs.
     * {@link Intent#CONCEDE} is always part of it (listed or not); {@link Intent#TIMEOUT} never is
     * (the server's clock makes it).
     */
    default List<IntentSpec> intentTypes() {
        return List.of();
    }

    /**
     * Every type a client may send: {@link #intentTypes()}, with {@link Intent#CONCEDE} added when
     * it is not listed.
     */
    default List<IntentSpec> vocabulary() {
        List<IntentSpec> out = new java.util.ArrayList<>(intentTypes());
        if (out.stream().noneMatch(t -> Intent.CONCEDE.equals(t.type()))) {
            out.add(new IntentSpec(Intent.CONCEDE, "give up the match.", List.of(), List.of()));
        }
        return List.copyOf(out);
    }

    /** The kinds of {@link Target} this ruleset's intents aim at. */
    default List<String> targetKinds() {
        return List.of();
    }

    /**
     * Whether {@code intent} is made of this ruleset's words: a known type ({@code
     * UNKNOWN_INTENT_TYPE} otherwise), the fields its {@link IntentSpec} needs ({@code
     * MISSING_FIELD}), known target kinds ({@code INVALID_FIELD}). Null when it is; a malformed
     * refusal (400) when not. Whether it is legal now is {@link #decide}'s to say.
     */
    default Refusal checkIntent(Intent intent) {
        List<IntentSpec> words = vocabulary();
        List<String> names = words.stream().map(IntentSpec::type).toList();
        if (intent == null || intent.type() == null) {
            return Refusal.malformed("MISSING_FIELD", "type is required: one of " + names + ".");
        }
        IntentSpec spec =
                words.stream().filter(t -> t.type().equals(intent.type())).findFirst().orElse(null);
        if (spec == null) {
            return Refusal.malformed(
                    "UNKNOWN_INTENT_TYPE",
                    "type '" + intent.type() + "' is not one of " + names + " (" + name() + ").");
        }
        for (String need : spec.needs()) {
            boolean missing =
                    switch (need) {
                        case "card" -> intent.card() == null || intent.card().isBlank();
                        case "cards" -> intent.cards().isEmpty();
                        case "targets" -> intent.targets().isEmpty();
                        default ->
                                need.startsWith("choices.")
                                        && intent.choice(need.substring("choices.".length()))
                                                == null;
                    };
            if (missing) {
                return Refusal.malformed(
                        "MISSING_FIELD",
                        intent.type() + " needs \"" + need + "\": " + spec.summary());
            }
        }
        java.util.List<String> sent = new java.util.ArrayList<>();
        if (intent.card() != null) {
            sent.add("card");
        }
        if (intent.ability() != null) {
            sent.add("ability");
        }
        if (!intent.targets().isEmpty()) {
            sent.add("targets");
        }
        if (!intent.cards().isEmpty()) {
            sent.add("cards");
        }
        if (intent.choices() != null) {
            intent.choices().keySet().forEach(k -> sent.add("choices." + k));
        }
        for (String field : sent) {
            if (!spec.takes(field)) {
                return Refusal.malformed(
                        "UNUSED_FIELD",
                        intent.type()
                                + " takes no \""
                                + field
                                + "\": "
                                + spec.summary()
                                + " Send only the fields the type reads.");
            }
        }
        for (Target t : intent.targets()) {
            if (t == null || !targetKinds().contains(t.kind())) {
                return Refusal.malformed(
                        "INVALID_FIELD",
                        "targets[].kind '"
                                + (t == null ? null : t.kind())
                                + "' is not one of "
                                + targetKinds()
                                + " ("
                                + name()
                                + ").");
            }
            if (t.seat() == null && !seatlessTargetKinds().contains(t.kind())) {
                return Refusal.malformed(
                        "MISSING_FIELD", "every " + t.kind() + " target needs a seat.");
            }
        }
        return null;
    }

    /**
     * The {@link #targetKinds()} that name no seat (a place on casket's map: {@code HEX}); every
     * other kind's target must say whose it is.
     */
    default List<String> seatlessTargetKinds() {
        return List.of();
    }

    /** Applies one event. Total over the events {@link #decide} produces; never throws on them. */
    GameState evolve(GameState state, MatchEvent event);

    /**
     * Which clock should run now: who owes a decision, of what kind, in which turn; null when none
     * (match not live). The server keeps the time; the rules only say whose it is.
     */
    ClockNeed clockNeed(GameState state);

    /**
     * The seat that owes the next decision (its turn, an answer, a choice), or null when none does
     * (the match is not live). The AI seats act for it; the clock runs for it ({@link #clockNeed}).
     */
    default Seat toAct(GameState state) {
        ClockNeed need = clockNeed(state);
        return need == null ? null : need.seat();
    }

    /**
     * Every intent {@code seat} may send now that {@link #decide} accepts (targets and choices
     * filled in; a concession, always accepted while the match is live, is left out); empty when
     * the seat owes no decision. Where a choice has many combinations (cards to discard) a bounded
     * list is given and {@link #movesNote} describes the rest. Serves {@code GET
     * /api/matches/{id}/moves}, the AI seats and generic tests: a listed move is never refused.
     */
    default List<Intent> legalMoves(GameState state, Seat seat) {
        return List.of();
    }

    /**
     * What {@link #legalMoves} leaves out for {@code seat} now (other combinations of a choice), or
     * null.
     */
    default String movesNote(GameState state, Seat seat) {
        return null;
    }

    /**
     * The cards of this version's catalog, each as the API shows it ({@code GET
     * /api/rulesets/{id}/cards}); empty for a game without a catalog. Serialized as they are: the
     * ruleset owns their shape.
     */
    default List<?> cards() {
        return List.of();
    }

    /**
     * Legal starter decks as seat requests ready to post to {@code /api/matches/{id}/seats} but for
     * {@code "name"} ({@code GET /api/rulesets/{id}/decks/starter}); the ruleset owns their shape,
     * as it owns the seat request's.
     */
    default List<?> starterSeatRequests() {
        return List.of();
    }

    /**
     * The class of this ruleset's views (what {@link #view} returns): the API document shows its
     * schema.
     */
    default Class<? extends MatchView> viewType() {
        return MatchView.class;
    }

    /**
     * The hidden part of a match, sampled from what one seat knows (searching AIs draw one per
     * iteration, docs/rulesets.md "Hidden state"): built once per decision from {@code knowledge}
     * alone, never from the truth. A ruleset without it can host only AIs that need no sampling.
     */
    default HiddenState hiddenState(SeatKnowledge knowledge) {
        throw new UnsupportedOperationException(id() + " cannot sample its hidden state");
    }

    /** The state as {@code viewer} may see it (the single redaction of state). */
    MatchView view(GameState state, Viewer viewer, long version);

    /** The event as {@code viewer} may see it (the single redaction of events). */
    MatchEvent redact(MatchEvent event, Viewer viewer);

    /**
     * Folds one PUBLIC event (as {@link #redact} gives it to {@link Viewer#SPECTATOR}) into a
     * public state: what a spectator can know of the match. Used where only the public stream
     * exists (a spectator edge fed from Kafka): hidden parts arrive blank (a drawn card, a deck
     * order), so a ruleset whose {@link #evolve} needs them overrides this. Total over redacted
     * events; never throws on them.
     */
    default GameState evolvePublic(GameState publicState, MatchEvent publicEvent) {
        return evolve(publicState, publicEvent);
    }

    /**
     * The spectator view of a state folded by {@link #evolvePublic}, equal to {@code view(truth,
     * SPECTATOR, version)} for the same events. Unlike {@link #view} it stays a spectator view
     * after the end: the public stream never carries what the end reveals (hands, deck lists), so a
     * public state cannot show it.
     */
    MatchView publicView(GameState publicState, long version);

    /** Once a match has ended everything is revealed to everyone; before, the viewer stands. */
    default Viewer effectiveViewer(GameState state, Viewer viewer) {
        return state.status() == MatchStatus.ENDED ? Viewer.EVERYONE : viewer;
    }

    /**
     * This ruleset's event types. With the core events ({@link IntentAccepted}, {@link
     * SeatTokenIssued}, {@link ClockSet}) they are every type a match of this ruleset stores; a
     * record names each by {@link MatchEvent#type()}.
     */
    List<Class<? extends MatchEvent>> eventTypes();

    /**
     * The event types of a ruleset whose events are the records permitted by one sealed interface
     * (every hosted ruleset's {@link #eventTypes()}), in their declared order.
     */
    @SuppressWarnings("unchecked")
    static List<Class<? extends MatchEvent>> eventTypesOf(Class<? extends MatchEvent> sealed) {
        if (!sealed.isSealed()) {
            throw new IllegalArgumentException(sealed + " is not sealed");
        }
        List<Class<? extends MatchEvent>> out = new java.util.ArrayList<>();
        for (Class<?> c : sealed.getPermittedSubclasses()) {
            out.add((Class<? extends MatchEvent>) c);
        }
        return List.copyOf(out);
    }

    /**
     * The seeds and decks of a match, read from its events (the audit and the match record use it).
     */
    MatchSetup setup(List<? extends MatchEvent> events);

    /**
     * Redoes every random choice of a match from the seeds its events reveal, and says for each
     * whether the recorded outcome is the one the seeds give. Only meaningful once the server seed
     * is revealed.
     */
    List<DrawCheck> reproduceDraws(List<? extends MatchEvent> events);

    /**
     * Why a fresh match with these options would refuse this seat request, or null when it would
     * seat it: a queue checks a ticket's seat request when the ticket is opened, so a bad deck is
     * refused then and never when the match is made (issue 40).
     */
    default Refusal checkSeat(MatchOptions options, JoinRequest request) {
        Decision opened = open("seat-check", options, new byte[32]);
        if (!opened.accepted()) {
            return opened.refusal();
        }
        Decision joined = join(replay(opened.events()), request);
        return joined.accepted() ? null : joined.refusal();
    }

    /** Replays events from the initial state. */
    default GameState replay(Iterable<? extends MatchEvent> events) {
        GameState state = initial();
        for (MatchEvent e : events) {
            state = evolve(state, e);
        }
        return state;
    }
}
