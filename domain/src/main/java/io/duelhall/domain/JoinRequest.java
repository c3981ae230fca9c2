package io.duelhall.domain;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A player taking a seat with a deck: the seat request every ruleset reads, stored as it is in
 * {@link SeatTokenIssued#request()}. {@code clientSeed} is never null: the server fills a random
 * one in.
 *
 * @param name the player's name (a registered player's account name)
 * @param pilotClass voidexa's pilot class (the field keeps the name it was first stored under);
 *     null for other games
 * @param shipCore voidexa's ship core, likewise
 * @param cards the deck's card ids
 * @param clientSeed the player's seed for the shuffles
 * @param accountId the registered player's account, null for a guest or an AI
 * @param picks what else the ruleset lets a player choose when taking a seat, by name (voidlit's
 *     {@code parallel}); null when none. Absent from requests stored before it existed, and null
 *     (not an empty object) when empty, so an older request reads as it always did
 * @param clientSeedBy who chose {@code clientSeed}: {@link #SEED_BY_PLAYER} (the seat request
 *     carried it) or {@link #SEED_BY_SERVER} (the server filled a random one in: a request without
 *     one, every AI seat). Null in requests stored before issue 26 (absent from their JSON) and in
 *     requests made outside the server (tests, self-play): not known
 */
public record JoinRequest(
        String name,
        String pilotClass,
        String shipCore,
        List<String> cards,
        String clientSeed,
        String accountId,
        Map<String, String> picks,
        String clientSeedBy) {
    /** {@link #clientSeedBy()} of a seed the player sent. */
    public static final String SEED_BY_PLAYER = "player";

    /** {@link #clientSeedBy()} of a seed the server chose. */
    public static final String SEED_BY_SERVER = "server";

    /** The longest name a seat takes, in characters. */
    public static final int MAX_NAME_CHARS = 40;

    /** A seat's contribution to the match seed (docs/fairness.md): 1 to 64 bytes of UTF-8. */
    public static final int MAX_CLIENT_SEED_BYTES = 64;

    /**
     * What every ruleset checks of a seat request's own fields before its deck: the name ({@link
     * #nameProblem}), then the client seed ({@link #clientSeedProblem}). Null when both pass.
     */
    public Refusal problem() {
        Refusal bad = nameProblem(name);
        return bad != null ? bad : clientSeedProblem(clientSeed);
    }

    /**
     * {@code INVALID_FIELD} unless {@code name} is 1 to 40 characters, not all blank; else null.
     */
    public static Refusal nameProblem(String name) {
        if (name == null || name.isBlank() || name.length() > MAX_NAME_CHARS) {
            return Refusal.malformed(
                    "INVALID_FIELD", "name must be 1 to " + MAX_NAME_CHARS + " characters.");
        }
        return null;
    }

    /** {@code OUT_OF_RANGE} unless {@code clientSeed} is 1 to 64 bytes of UTF-8; else null. */
    public static Refusal clientSeedProblem(String clientSeed) {
        if (clientSeed == null
                || clientSeed.isEmpty()
                || clientSeed.getBytes(java.nio.charset.StandardCharsets.UTF_8).length
                        > MAX_CLIENT_SEED_BYTES) {
            return Refusal.malformed(
                    "OUT_OF_RANGE",
                    "clientSeed must be 1 to " + MAX_CLIENT_SEED_BYTES + " bytes (UTF-8).");
        }
        return null;
    }

    public JoinRequest {
        cards = cards == null ? List.of() : List.copyOf(cards);
        picks =
                picks == null || picks.isEmpty()
                        ? null
                        : Collections.unmodifiableMap(new TreeMap<>(picks));
        if (clientSeedBy != null
                && !clientSeedBy.equals(SEED_BY_PLAYER)
                && !clientSeedBy.equals(SEED_BY_SERVER)) {
            throw new IllegalArgumentException(
                    "clientSeedBy is \"player\", \"server\" or null, not " + clientSeedBy);
        }
    }

    /** A seat request as before issue 26: who chose the client seed is not said. */
    public JoinRequest(
            String name,
            String pilotClass,
            String shipCore,
            List<String> cards,
            String clientSeed,
            String accountId,
            Map<String, String> picks) {
        this(name, pilotClass, shipCore, cards, clientSeed, accountId, picks, null);
    }

    /** voidexa's seat request. */
    public JoinRequest(
            String name,
            String pilotClass,
            String shipCore,
            List<String> cards,
            String clientSeed,
            String accountId) {
        this(name, pilotClass, shipCore, cards, clientSeed, accountId, null);
    }

    /** voidexa's seat request of a guest: no registered account behind the seat. */
    public JoinRequest(
            String name,
            String pilotClass,
            String shipCore,
            List<String> cards,
            String clientSeed) {
        this(name, pilotClass, shipCore, cards, clientSeed, null, null);
    }

    /** Any ruleset's seat request: a deck and the ruleset's picks. */
    public JoinRequest(
            String name,
            Map<String, String> picks,
            List<String> cards,
            String clientSeed,
            String accountId) {
        this(name, null, null, cards, clientSeed, accountId, picks);
    }

    /** The pick named {@code name}, or null. */
    public String pick(String name) {
        return picks == null ? null : picks.get(name);
    }

    /**
     * The same request for another name and account (a registered player plays under the account's
     * name).
     */
    public JoinRequest as(String name, String accountId) {
        return new JoinRequest(
                name, pilotClass, shipCore, cards, clientSeed, accountId, picks, clientSeedBy);
    }

    /**
     * The same request, saying who chose its client seed ({@link #SEED_BY_PLAYER} or {@link
     * #SEED_BY_SERVER}).
     */
    public JoinRequest seedChosenBy(String by) {
        return new JoinRequest(name, pilotClass, shipCore, cards, clientSeed, accountId, picks, by);
    }
}
