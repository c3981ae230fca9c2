package io.duelhall.domain;

/**
 * Options chosen when a match is created.
 *
 * @param spectatorDelaySeconds how far behind live play spectators are served (0 to 900)
 * @param turnClockSeconds      seconds a seat has for its turn, or null for no clock
 * @param responseSeconds       seconds a responder has in a response window, or null
 */
public record MatchOptions(int spectatorDelaySeconds, Integer turnClockSeconds, Integer responseSeconds) {
    public static final int MAX_SPECTATOR_DELAY = 900;

    public static MatchOptions defaults() {
        return new MatchOptions(0, null, null);
    }
}
