package io.duelhall.domain;

import java.util.random.RandomGenerator;

/**
 * Samples the hidden part of a match from one seat's knowledge (a ruleset's part of the plug-in
 * contract for searching AIs, {@link Ruleset#hiddenState}): each {@link #sample} is a whole state —
 * every hand, every deck order, a server seed, so every die still to be rolled — that agrees with
 * everything the seat has seen: its own hand and deck list, every public zone and count, every card
 * shown. What the seat cannot tell apart is drawn from {@code random}. The rules' own {@link
 * Ruleset#decide}/{@link Ruleset#evolve} then play on it as on the truth.
 */
public interface HiddenState {
    /** One determinization: a full state consistent with the seat's knowledge. */
    GameState sample(RandomGenerator random);
}
