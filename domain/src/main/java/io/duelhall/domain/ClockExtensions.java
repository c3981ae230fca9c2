package io.duelhall.domain;

import java.time.Instant;

/**
 * Time extensions (issue 41): a judge's ruling moves the deadline of the clock that runs now, for
 * the seat that owes the decision, by {@value #MIN_SECONDS} to {@value #MAX_SECONDS} seconds. Pure:
 * the {@code Match} aggregate asks {@link #problem} before it records a {@link ClockExtended} and
 * records {@link #extended} right after it; the audit's re-simulation asks the same of each one in
 * a record. No clock policy changes: after the extension the same clock (seat, kind, turn) is still
 * the one the policy wants, so it runs on to its later deadline, and a response clock that pauses
 * it keeps what was left of it, the extension included.
 */
public final class ClockExtensions {
    /** The shortest extension a ruling may give. */
    public static final int MIN_SECONDS = 10;

    /** The longest extension a ruling may give (an hour). */
    public static final int MAX_SECONDS = 3600;

    private ClockExtensions() {}

    /** Whether {@code seconds} is an extension a ruling may give. */
    public static boolean inRange(int seconds) {
        return seconds >= MIN_SECONDS && seconds <= MAX_SECONDS;
    }

    /** The refusal of an extension outside {@link #inRange}. */
    public static Refusal outOfRange() {
        return Refusal.malformed(
                "OUT_OF_RANGE", "seconds must be " + MIN_SECONDS + " to " + MAX_SECONDS + ".");
    }

    /**
     * Why the clock cannot be extended now (null when it can): the match must be running, a clock
     * with a deadline must run, its deadline must not have passed at {@code now}, and the seconds
     * must be in range.
     */
    public static Refusal problem(MatchStatus status, ClockSet running, int seconds, Instant now) {
        if (status == MatchStatus.ENDED) {
            return Refusal.conflict("TABLE_ENDED", null, "The table's match has ended.");
        }
        if (status != MatchStatus.LIVE
                || running == null
                || running.seat() == null
                || running.deadline() == null) {
            return Refusal.conflict(
                    "NO_CLOCK_RUNNING",
                    null,
                    "No clock runs at this table now: there is nothing to extend.");
        }
        if (!inRange(seconds)) {
            return outOfRange();
        }
        if (now == null || !now.isBefore(running.deadline())) {
            return Refusal.conflict(
                    "CLOCK_RAN_OUT",
                    null,
                    "The running clock's deadline has passed: its timeout is on its way.");
        }
        return null;
    }

    /** The clock {@code running} with its deadline {@code seconds} later. */
    public static ClockSet extended(ClockSet running, int seconds) {
        return new ClockSet(
                running.seat(),
                running.kind(),
                running.turn(),
                running.deadline().plusSeconds(seconds),
                running.turnLeftMillis());
    }
}
