package io.duelhall.command.api;

import java.util.Optional;

/**
 * Resolves a player token (header {@code X-Player-Token}) to a registered account; see
 * docs/identities.md.
 */
public interface PlayerIdentities {
    String HEADER = "X-Player-Token";

    record Player(String accountId, String name) {}

    Optional<Player> byToken(String playerToken);

    /** The registered player of a name (a tournament's judge is named by the organizer). */
    default Optional<Player> byName(String name) {
        return Optional.empty();
    }
}
