package io.duelhall.domain;

import java.time.Duration;
import java.time.Instant;

/**
 * The server's clocks as pure rules over the match options, what the ruleset says is owed ({@link ClockNeed}) and
 * the clock running now (D-CLOCK-1..4). The {@code Match} aggregate records {@link #next} after every creation, seat,
 * intent and timeout; the audit's re-simulation runs the same code over a record and checks every {@link ClockSet}
 * in it, and checks each server-made TIMEOUT with {@link #timeoutProblem}. So the audit runs exactly the code that
 * live play runs.
 *
 * <p>The turn clock is paused while a response window or a discard choice runs on its own clock
 * ({@code responseSeconds}, else the turn's seconds) and resumes with what was left.
 */
public final class ClockPolicy {
    private ClockPolicy() {
    }

    /** The id of the TIMEOUT intent the server makes when the clock set by event {@code clockSeq} runs out. */
    public static String timeoutIntentId(long clockSeq) {
        return "clock-" + clockSeq;
    }

    /**
     * The clock to record now, or null when none is to be recorded (no clocks in this match, or the clock running is
     * still the right one).
     *
     * @param need    what the ruleset says is owed now ({@link Ruleset#clockNeed}), null when nothing is
     * @param running the last clock recorded, null when none was
     * @param now     the time of the input just decided
     */
    public static ClockSet next(MatchOptions options, ClockNeed need, ClockSet running, Instant now) {
        Integer turnSeconds = options == null ? null : options.turnClockSeconds();
        Integer decisionSeconds = options == null ? null
                : options.responseSeconds() != null ? options.responseSeconds() : turnSeconds;
        if (turnSeconds == null && decisionSeconds == null) {
            return null;
        }
        if (running != null && need != null && running.seat() == need.seat() && running.kind() == need.kind()
                && running.turn() == need.turn()) {
            return null; // the same clock is still running
        }
        if (need == null) {
            return running == null || running.seat() == null ? null : new ClockSet(null, null, 0, null, 0);
        }
        if (need.kind() == ClockNeed.Kind.TURN) {
            boolean resume = running != null && running.turn() == need.turn() && running.kind() != ClockNeed.Kind.TURN
                    && running.turnLeftMillis() > 0;
            Duration left = resume ? Duration.ofMillis(running.turnLeftMillis())
                    : turnSeconds == null ? null : Duration.ofSeconds(turnSeconds);
            return left == null ? new ClockSet(null, null, need.turn(), null, 0)
                    : new ClockSet(need.seat(), need.kind(), need.turn(), now.plus(left), 0);
        }
        long turnLeft = 0;
        if (running != null && running.turn() == need.turn()) {
            turnLeft = running.kind() == ClockNeed.Kind.TURN && running.deadline() != null
                    ? Math.max(1, Duration.between(now, running.deadline()).toMillis()) : running.turnLeftMillis();
        }
        return decisionSeconds == null ? new ClockSet(null, null, need.turn(), null, turnLeft)
                : new ClockSet(need.seat(), need.kind(), need.turn(), now.plusSeconds(decisionSeconds), turnLeft);
    }

    /**
     * Why a recorded TIMEOUT is not one the server's clock could have made, or null if it is: it must be for the
     * seat of the last clock set (at event {@code clockSeq}), carry that clock's id, and come at or after its
     * deadline.
     */
    public static String timeoutProblem(IntentAccepted a, ClockSet clock, long clockSeq) {
        if (clock == null || clock.seat() == null || clock.deadline() == null) {
            return "a TIMEOUT with no clock running";
        }
        if (clock.seat() != a.seat() || !timeoutIntentId(clockSeq).equals(a.intentId())) {
            return "a TIMEOUT for seat " + a.seat() + " (" + a.intentId() + ") that is not the clock set at event "
                    + clockSeq + " for seat " + clock.seat();
        }
        if (a.at() == null || a.at().isBefore(clock.deadline())) {
            return "a TIMEOUT at " + a.at() + ", before the clock's deadline " + clock.deadline();
        }
        return null;
    }
}
