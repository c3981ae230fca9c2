package io.duelhall.domain;

import java.util.List;

/** A player taking a seat with a deck. {@code clientSeed} is never null: the server fills a random one in. */
public record JoinRequest(String name, String pilotClass, String shipCore, List<String> cards, String clientSeed) {
    public JoinRequest {
        cards = cards == null ? List.of() : List.copyOf(cards);
    }
}
