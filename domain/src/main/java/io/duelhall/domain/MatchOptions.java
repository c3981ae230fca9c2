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
 * @param timeoutLoss           how many turn timeouts of one seat lose it the match (D-CLOCK-5): 0 = never, null =
 *                              the rule of D-CLOCK-1 (the third); 1 to {@link #MAX_TIMEOUT_LOSS}. A match created before
 *                              the option existed has null and keeps losing at the third (voidexa engine 1.2.0 and
 *                              later read it; earlier engines refuse it).
 */
public record MatchOptions(int spectatorDelaySeconds, Integer turnClockSeconds, Integer responseSeconds,
                           Map<Seat, String> ai, Integer timeoutLoss) {
    public static final int MAX_SPECTATOR_DELAY = 900;
    /** The most turn timeouts a match may allow before one loses (D-CLOCK-5). */
    public static final int MAX_TIMEOUT_LOSS = 99;
    /** Turn timeouts that lose when the match has no {@code timeoutLoss} option (D-CLOCK-1). */
    public static final int DEFAULT_TIMEOUT_LOSS = 3;

    public MatchOptions {
        ai = ai == null || ai.isEmpty() ? null : Collections.unmodifiableMap(new EnumMap<>(ai));
    }

    public MatchOptions(int spectatorDelaySeconds, Integer turnClockSeconds, Integer responseSeconds,
                        Map<Seat, String> ai) {
        this(spectatorDelaySeconds, turnClockSeconds, responseSeconds, ai, null);
    }

    public MatchOptions(int spectatorDelaySeconds, Integer turnClockSeconds, Integer responseSeconds) {
        this(spectatorDelaySeconds, turnClockSeconds, responseSeconds, null, null);
    }

    /** How many turn timeouts of a seat lose the match (D-CLOCK-1, D-CLOCK-5); 0 when they never do. */
    public int timeoutsThatLose() {
        return timeoutLoss == null ? DEFAULT_TIMEOUT_LOSS : timeoutLoss;
    }

    public static MatchOptions defaults() {
        return new MatchOptions(0, null, null);
    }

    /** The AI that plays {@code seat}, or null if a person does. */
    public String aiPlayer(Seat seat) {
        return ai == null ? null : ai.get(seat);
    }
}
