package io.duelhall.domain;

import java.util.List;

/** A player taking a seat with a deck. {@code clientSeed} is never null: the server fills a random one in. */
public record JoinRequest(String name, String pilotClass, String shipCore, List<String> cards, String clientSeed,
                          String accountId) {
    public JoinRequest {
        cards = cards == null ? List.of() : List.copyOf(cards);
    }

    /** A guest: no registered account behind the seat. */
    public JoinRequest(String name, String pilotClass, String shipCore, List<String> cards, String clientSeed) {
        this(name, pilotClass, shipCore, cards, clientSeed, null);
    }
}
