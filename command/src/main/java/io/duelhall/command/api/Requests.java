package io.duelhall.command.api;

import io.duelhall.command.match.Tokens;
import io.duelhall.domain.Intent;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Target;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Request bodies of the intent API, and their checks: a malformed request is a 400 with a precise
 * message.
 */
public final class Requests {
    static final int MAX_ID = 100;
    static final int MAX_LIST = 60;

    private Requests() {}

    /**
     * @param timeoutLoss how many turn timeouts of one seat lose the match: 0 = never; absent = the
     *     third in a rated match, never otherwise (D-CLOCK-1, D-CLOCK-5); 0 to 99.
     * @param seats how many seats (A, B, ... in order), within the ruleset's range; absent = its
     *     fewest.
     * @param seatingSeconds the match expires if its seats are not all taken this long after its
     *     creation (issue 19), 1 to 86400; absent = it waits for ever. The server's, not the
     *     rules': kept in the match's {@code SeatDeadlineSet}, not in its options.
     * @param invitation true: the match is by invitation (issue 45, finding 3): the creation's
     *     answer holds the invitation's secret, once, and every seat a client takes must send it;
     *     the match is not listed as waiting for anyone. Absent or false: open for anyone. The
     *     server's, not the rules': kept in the match's {@code InvitationIssued}.
     */
    public record Options(
            Integer spectatorDelaySeconds,
            Integer turnClockSeconds,
            Integer responseSeconds,
            Integer timeoutLoss,
            Integer seats,
            Integer seatingSeconds,
            Boolean invitation) {
        public Options(
                Integer spectatorDelaySeconds,
                Integer turnClockSeconds,
                Integer responseSeconds,
                Integer timeoutLoss,
                Integer seats,
                Integer seatingSeconds) {
            this(
                    spectatorDelaySeconds,
                    turnClockSeconds,
                    responseSeconds,
                    timeoutLoss,
                    seats,
                    seatingSeconds,
                    null);
        }

        public Options(
                Integer spectatorDelaySeconds, Integer turnClockSeconds, Integer responseSeconds) {
            this(spectatorDelaySeconds, turnClockSeconds, responseSeconds, null, null, null);
        }

        public Options(
                Integer spectatorDelaySeconds,
                Integer turnClockSeconds,
                Integer responseSeconds,
                Integer timeoutLoss,
                Integer seats) {
            this(
                    spectatorDelaySeconds,
                    turnClockSeconds,
                    responseSeconds,
                    timeoutLoss,
                    seats,
                    null);
        }
    }

    /**
     * @param ai seats the server's AI plays, e.g. {@code {"B": "greedy"}} (seat A and/or B; AI
     *     {@code greedy} or {@code random}). A person joining such a match gets the other seat.
     */
    public record CreateMatch(String ruleset, Options options, Map<String, String> ai) {
        public CreateMatch(String ruleset, Options options) {
            this(ruleset, options, null);
        }
    }

    public record Deck(String shipCore, List<String> cards) {}

    /**
     * A seat request: {@code name}, {@code clientSeed}, and the deck either as voidexa sends it
     * ({@code pilotClass}, {@code deck: {shipCore, cards}}) or as any ruleset may ({@code cards},
     * {@code picks: {name: text}}): the ruleset's {@code GET /api/rulesets/{id}/decks/starter}
     * gives its form. {@code invitation}: the invitation's secret, for a match by invitation.
     */
    public record TakeSeat(
            String name,
            String pilotClass,
            Deck deck,
            String clientSeed,
            Map<String, String> picks,
            List<String> cards,
            String invitation) {
        public TakeSeat(String name, String pilotClass, Deck deck, String clientSeed) {
            this(name, pilotClass, deck, clientSeed, null, null, null);
        }

        public TakeSeat(
                String name,
                String pilotClass,
                Deck deck,
                String clientSeed,
                Map<String, String> picks,
                List<String> cards) {
            this(name, pilotClass, deck, clientSeed, picks, cards, null);
        }

        /** The deck's card ids, in whichever form they came. */
        public List<String> deckCards() {
            return deck != null ? deck.cards() : cards;
        }
    }

    public record TargetBody(String kind, String seat, String subsystem, String id) {}

    /**
     * The common envelope of every ruleset's intents: {@code intentId}, {@code type} and {@code
     * expectedVersion}, and the fields a ruleset's types use ({@code card}, {@code ability}, {@code
     * targets}, {@code cards}, {@code choices}).
     */
    public record IntentBody(
            String intentId,
            String type,
            String card,
            Integer ability,
            List<TargetBody> targets,
            List<String> cards,
            Long expectedVersion,
            Map<String, String> choices) {
        public IntentBody(
                String intentId,
                String type,
                String card,
                Integer ability,
                List<TargetBody> targets,
                List<String> cards,
                Long expectedVersion) {
            this(intentId, type, card, ability, targets, cards, expectedVersion, null);
        }
    }

    static MatchOptions options(Options o) {
        return options(o, null, List.of());
    }

    /** {@code aiNames}: the AI players the match's ruleset has (empty: it has none). */
    static MatchOptions options(Options o, Map<String, String> ai, List<String> aiNames) {
        Map<Seat, String> seats = ai(ai, aiNames);
        if (o == null) {
            return new MatchOptions(0, null, null, seats);
        }
        // Ranges are the rules' to check (voidexa Decider.create refuses OUT_OF_RANGE): parse only
        // here.
        int delay = o.spectatorDelaySeconds() == null ? 0 : o.spectatorDelaySeconds();
        return new MatchOptions(
                delay,
                o.turnClockSeconds(),
                o.responseSeconds(),
                seats,
                o.timeoutLoss(),
                o.seats());
    }

    /**
     * {@code {"B": "greedy"}} → seat B played by the greedy AI: seats A to F (the ruleset's seat
     * count is checked by the caller), AI names of the ruleset's.
     */
    static Map<Seat, String> ai(Map<String, String> ai, List<String> names) {
        if (ai == null || ai.isEmpty()) {
            return null;
        }
        Map<Seat, String> out = new EnumMap<>(Seat.class);
        for (Map.Entry<String, String> e : ai.entrySet()) {
            Seat seat =
                    e.getKey() == null
                            ? null
                            : seatNamed(e.getKey().trim().toUpperCase(Locale.ROOT));
            if (seat == null) {
                throw bad(
                        "INVALID_FIELD",
                        "ai takes seats (A to F), e.g. {\"B\": \"greedy\"}; '"
                                + e.getKey()
                                + "' is not one.");
            }
            String name =
                    e.getValue() == null ? null : e.getValue().trim().toLowerCase(Locale.ROOT);
            if (names.isEmpty()) {
                throw bad("UNKNOWN_AI", "The server's AI does not play this ruleset.");
            }
            if (name == null || !names.contains(name)) {
                throw bad(
                        "UNKNOWN_AI",
                        "ai." + seat + " '" + e.getValue() + "' is not one of " + names + ".");
            }
            out.put(seat, name);
        }
        return out;
    }

    private static Seat seatNamed(String name) {
        for (Seat s : Seat.values()) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        return null;
    }

    public static void seat(TakeSeat body) {
        if (body == null) {
            throw bad(
                    "MISSING_FIELD",
                    "Send {\"name\", \"pilotClass\", \"deck\": {\"shipCore\", \"cards\": [60 card ids]}}.");
        }
        Refusal badName = JoinRequest.nameProblem(body.name()); // the rulesets' own check
        if (badName != null) {
            throw new RefusedException(badName);
        }
        if (!plain(body.name())) {
            throw bad(
                    "INVALID_FIELD",
                    "name may not hold control, formatting or bidirectional characters (e.g. NUL, "
                            + "a newline, a right-to-left override).");
        }
        text("pilotClass", body.pilotClass(), 60);
        if (body.deck() == null && body.cards() == null) {
            throw bad(
                    "MISSING_FIELD",
                    "a deck is required: voidexa's {\"pilotClass\", \"deck\": {\"shipCore\", \"cards\": "
                            + "[60 card ids]}}, or {\"cards\": [...], \"picks\": {...}} as the ruleset's starter decks show "
                            + "(GET /api/rulesets/{id}/decks/starter).");
        }
        if (body.deck() != null && body.cards() != null) {
            throw bad("INVALID_FIELD", "send the cards once: in deck.cards or in cards, not both.");
        }
        if (body.deck() != null) {
            text("deck.shipCore", body.deck().shipCore(), MAX_ID);
        }
        names("picks", body.picks(), "{\"parallel\": \"EMBERWAKE\"}");
        List<String> cards = body.deckCards();
        String where = body.deck() != null ? "deck.cards" : "cards";
        if (cards != null && cards.size() > 200) {
            throw bad("OUT_OF_RANGE", where + " is far longer than a deck.");
        }
        for (int i = 0; cards != null && i < cards.size(); i++) {
            if (cards.get(i) == null) {
                throw bad(
                        "INVALID_FIELD", where + "[" + i + "] is null: every entry is a card id.");
            }
            text(where + "[" + i + "]", cards.get(i), MAX_ID);
        }
        // optional here (the server fills one in); when given, the rulesets' own check
        Refusal badSeed =
                body.clientSeed() == null ? null : JoinRequest.clientSeedProblem(body.clientSeed());
        if (badSeed != null) {
            throw new RefusedException(badSeed);
        }
        text("clientSeed", body.clientSeed(), 64);
        text("invitation", body.invitation(), MAX_ID);
    }

    /**
     * Whether a client's text holds only characters fit to store, show and log: no control
     * characters (NUL, newline, escape …), no formatting characters (the bidirectional overrides
     * and isolates, zero-width characters, BOM), no line or paragraph separators, no unpaired
     * surrogates, private-use or unassigned code points. Spaces are fine.
     */
    static boolean plain(String s) {
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            switch (Character.getType(cp)) {
                case Character.CONTROL,
                        Character.FORMAT,
                        Character.SURROGATE,
                        Character.PRIVATE_USE,
                        Character.UNASSIGNED,
                        Character.LINE_SEPARATOR,
                        Character.PARAGRAPH_SEPARATOR -> {
                    return false;
                }
                default -> i += Character.charCount(cp);
            }
        }
        return true;
    }

    /** An optional text field: at most {@code max} characters, {@link #plain}. */
    static void text(String field, String value, int max) {
        if (value == null) {
            return;
        }
        if (value.length() > max) {
            throw bad("OUT_OF_RANGE", field + " is longer than " + max + " characters.");
        }
        if (!plain(value)) {
            throw bad(
                    "INVALID_FIELD",
                    field + " may not hold control, formatting or bidirectional characters.");
        }
    }

    /**
     * The intent of a body (seat left empty: the token decides it): the common envelope, checked
     * for form only (sizes, characters, seats, names upper-cased). Whether its type, fields and
     * target kinds are the match's ruleset's words is {@code Ruleset.checkIntent}'s to say (the
     * match knows its ruleset); whether it is legal, the rules'.
     */
    static Intent intent(IntentBody b) {
        if (b == null) {
            throw bad("MISSING_FIELD", "Send {\"intentId\", \"type\", …}.");
        }
        if (b.intentId() == null || b.intentId().isBlank() || b.intentId().length() > MAX_ID) {
            throw bad(
                    "MISSING_FIELD",
                    "intentId is required: a client-made id (a UUID), at most "
                            + MAX_ID
                            + " characters.");
        }
        text("intentId", b.intentId(), MAX_ID);
        if (b.type() == null || b.type().isBlank()) {
            throw bad(
                    "MISSING_FIELD",
                    "type is required: the ruleset's intent types are listed by GET /api/rulesets "
                            + "(voidexa: PLAY_CARD, ACTIVATE, END_TURN, DISCARD_DOWN, PASS, CONCEDE).");
        }
        String type = name("type", b.type());
        if (Intent.TIMEOUT.equals(type)) {
            throw bad(
                    "UNKNOWN_INTENT_TYPE",
                    "TIMEOUT is made by the server's clock; a client cannot send it.");
        }
        if (b.expectedVersion() != null && b.expectedVersion() < -1) {
            throw bad("OUT_OF_RANGE", "expectedVersion must be -1 or more.");
        }
        if (b.ability() != null && (b.ability() < 0 || b.ability() > 100)) {
            throw bad("OUT_OF_RANGE", "ability must be between 0 and 100.");
        }
        if (b.card() != null && b.card().length() > MAX_ID) {
            throw bad("OUT_OF_RANGE", "card is too long to be a card instance id.");
        }
        text("card", b.card(), MAX_ID);
        List<String> cards = b.cards() == null ? List.of() : b.cards();
        if (cards.size() > MAX_LIST
                || cards.stream().anyMatch(c -> c == null || c.length() > MAX_ID || !plain(c))) {
            throw bad("INVALID_FIELD", "cards must be a list of card instance ids.");
        }
        List<Target> targets = new ArrayList<>();
        List<TargetBody> given = b.targets() == null ? List.of() : b.targets();
        if (given.size() > 10) {
            throw bad("OUT_OF_RANGE", "at most 10 targets.");
        }
        for (TargetBody t : given) {
            if (t == null || t.kind() == null || t.kind().isBlank()) {
                throw bad(
                        "MISSING_FIELD",
                        "every target needs a kind (the ruleset's: voidexa's are SHIP, SUBSYSTEM, "
                                + "DRONE and CARD).");
            }
            String kind = name("targets[].kind", t.kind());
            // whether this kind needs a seat is the ruleset's to say (Ruleset.checkIntent)
            Seat seat =
                    t.seat() == null
                            ? null
                            : parse(Seat.class, t.seat(), "INVALID_FIELD", "targets[].seat");
            if ((t.id() != null && t.id().length() > MAX_ID)
                    || (t.subsystem() != null && t.subsystem().length() > 40)) {
                throw bad("OUT_OF_RANGE", "target id or subsystem is too long.");
            }
            text("targets[].id", t.id(), MAX_ID);
            text("targets[].subsystem", t.subsystem(), 40);
            targets.add(new Target(kind, seat, t.subsystem(), t.id()));
        }
        names("choices", b.choices(), "{\"mode\": \"2\"}");
        return new Intent(null, type, b.card(), b.ability(), targets, cards, b.choices());
    }

    /**
     * An optional map of names to texts ({@code picks}, {@code choices}): at most 10, no empty
     * name, no null, plain.
     */
    private static void names(String field, Map<String, String> map, String example) {
        if (map == null) {
            return;
        }
        if (map.size() > 10) {
            throw bad("OUT_OF_RANGE", "at most 10 " + field + ".");
        }
        for (Map.Entry<String, String> e : map.entrySet()) {
            if (e.getKey() == null || e.getKey().isBlank() || e.getValue() == null) {
                throw bad(
                        "INVALID_FIELD",
                        field
                                + " maps names to texts, e.g. "
                                + example
                                + ": no empty name, no null.");
            }
            text(field + " key", e.getKey(), 40);
            text(field + "." + e.getKey(), e.getValue(), MAX_ID);
        }
    }

    /**
     * A name of the ruleset's vocabulary (an intent type, a target kind): at most 40 plain
     * characters, upper-cased.
     */
    private static String name(String field, String value) {
        // not trimmed: "PLAY_CARD\u0000" or " PASS" is not a name (issue 45, finding 7)
        String v = value.toUpperCase(Locale.ROOT);
        if (v.length() > 40
                || !v.chars()
                        .allMatch(
                                ch ->
                                        (ch >= 'A' && ch <= 'Z')
                                                || (ch >= '0' && ch <= '9')
                                                || ch == '_')) {
            throw bad(
                    field.equals("type") ? "UNKNOWN_INTENT_TYPE" : "INVALID_FIELD",
                    field + " '" + value + "' is not a name (letters, digits and _, at most 40).");
        }
        return v;
    }

    /** Identifies a request body for idempotent retries; the token hash makes it seat-specific. */
    static String fingerprint(String tokenHash, IntentBody b, Intent i) {
        StringBuilder sb =
                new StringBuilder()
                        .append(tokenHash)
                        .append('\n')
                        .append(b.intentId())
                        .append('\n')
                        .append(i.type())
                        .append('\n')
                        .append(i.card())
                        .append('\n')
                        .append(i.ability())
                        .append('\n');
        for (Target t : i.targets()) {
            sb.append(t.kind())
                    .append(',')
                    .append(t.seat())
                    .append(',')
                    .append(t.subsystem())
                    .append(',')
                    .append(t.id())
                    .append(';');
        }
        sb.append('\n')
                .append(String.join(",", i.cards()))
                .append('\n')
                .append(b.expectedVersion());
        if (i.choices()
                != null) { // only then: an intent without choices keeps the fingerprint it always
            // had
            i.choices().forEach((k, v) -> sb.append('\n').append(k).append('=').append(v));
        }
        return Tokens.sha256Hex(sb.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static <E extends Enum<E>> E parse(
            Class<E> type, String value, String code, String field) {
        try {
            // not trimmed: " A" or "A\u0000" is not a seat (issue 45, finding 7)
            return Enum.valueOf(type, value.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            List<String> names = new ArrayList<>();
            for (E c : type.getEnumConstants()) {
                names.add(c.name());
            }
            throw bad(code, field + " '" + value + "' is not one of " + names + ".");
        }
    }

    static RefusedException bad(String code, String message) {
        return new RefusedException(Refusal.malformed(code, message));
    }
}
