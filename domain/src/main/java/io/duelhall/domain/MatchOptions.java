package io.duelhall.domain;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * Options chosen when a match is created.
 *
 * @param spectatorDelaySeconds how far behind live play spectators are served (0 to 900)
 * @param turnClockSeconds      seconds a seat has for its turn, or null for no clock
 * @param responseSeconds       seconds a responder has in a response window, or null
 * @param ai                    seats the server's AI plays, and which AI (e.g. {@code {B: "greedy"}}); null when none.
 *                              Recorded in the match so everyone, auditors included, sees which seats were AI.
 */
public record MatchOptions(int spectatorDelaySeconds, Integer turnClockSeconds, Integer responseSeconds,
                           Map<Seat, String> ai) {
    public static final int MAX_SPECTATOR_DELAY = 900;

    public MatchOptions {
        ai = ai == null || ai.isEmpty() ? null : Collections.unmodifiableMap(new EnumMap<>(ai));
    }

    public MatchOptions(int spectatorDelaySeconds, Integer turnClockSeconds, Integer responseSeconds) {
        this(spectatorDelaySeconds, turnClockSeconds, responseSeconds, null);
    }

    public static MatchOptions defaults() {
        return new MatchOptions(0, null, null);
    }

    /** The AI that plays {@code seat}, or null if a person does. */
    public String aiPlayer(Seat seat) {
        return ai == null ? null : ai.get(seat);
    }
}
