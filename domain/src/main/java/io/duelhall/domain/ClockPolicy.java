package io.duelhall.domain;

import java.time.Duration;
import java.time.Instant;

/**
 * The server's clocks as pure rules over the match options, what the ruleset says is owed ({@link
 * ClockNeed}) and the clock running now (D-CLOCK-1..4). The {@code Match} aggregate records {@link
 * #next} after every creation, seat, intent and timeout; the audit's re-simulation runs the same
 * code over a record and checks every {@link ClockSet} in it, and checks each server-made TIMEOUT
 * with {@link #timeoutProblem}. So the audit runs exactly the code that live play runs.
 *
 * <p>The turn clock is paused while a response window or a discard choice runs on its own clock
 * ({@code responseSeconds}, else the turn's seconds) and resumes with what was left.
 *
 * <p>The policy has versions (docs/fairness.md, "Clocks"; docs/upgrading.md), named by the match's
 * {@link MatchOptions#clockPolicy()}, which the server records when it opens a match with clocks:
 *
 * <ul>
 *   <li>{@link #V1} (the option absent, every match before issue 26): when the match ends, a
 *       cleared ClockSet ({@code seat}, {@code kind} and {@code deadline} null, turn 0) is recorded
 *       <em>after</em> the end event.
 *   <li>{@link #V2}: the end event stops every clock: no ClockSet is recorded once the match has
 *       ended, so the end event is the last event of the match and its chain value is the head.
 *   <li>{@link #V3}: as V2, and leaving the game ({@link Leaving}): a seat whose TURN clock ran out
 *       in three turns in a row is conceded for by the server.
 * </ul>
 *
 * All stay runnable: a match is played, replayed and audited under its own version.
 */
public final class ClockPolicy {
    /**
     * The first policy: a cleared ClockSet follows the end event. Absent {@code clockPolicy} means
     * this one.
     */
    public static final int V1 = 1;

    /** Since issue 26: nothing follows the end event. */
    public static final int V2 = 2;

    /**
     * Since issue 44: as {@link #V2}, and a seat whose TURN clock ran out in {@value Leaving#TURNS}
     * turns in a row has left the game and the server concedes for it ({@link Leaving}, D-LEAVE-1).
     */
    public static final int V3 = 3;

    /** The version the server records in the matches it opens now. */
    public static final int CURRENT = V3;

    private ClockPolicy() {}

    /**
     * The version a match with these options is played under: its {@code clockPolicy}, {@link #V1}
     * when absent.
     */
    public static int version(MatchOptions options) {
        return options == null || options.clockPolicy() == null ? V1 : options.clockPolicy();
    }

    /** Whether this code runs the version these options name. */
    public static boolean known(MatchOptions options) {
        int v = version(options);
        return v == V1 || v == V2 || v == V3;
    }

    /**
     * The options the server opens a match with: the client's, with the clock policy chosen by the
     * server (whatever the options carried): {@link #CURRENT} for a match with clocks, none for a
     * match without (no policy sets a clock there, and its opening event stays as it was).
     */
    public static MatchOptions forNewMatch(MatchOptions options) {
        if (options == null) {
            return null;
        }
        return options.withClockPolicy(options.clocked() ? Integer.valueOf(CURRENT) : null);
    }

    /**
     * The id of the TIMEOUT intent the server makes when the clock set by event {@code clockSeq}
     * runs out.
     */
    public static String timeoutIntentId(long clockSeq) {
        return "clock-" + clockSeq;
    }

    /**
     * The clock to record now, or null when none is to be recorded (no clocks in this match, or the
     * clock running is still the right one).
     *
     * @param need what the ruleset says is owed now ({@link Ruleset#clockNeed}), null when nothing
     *     is
     * @param running the last clock recorded, null when none was
     * @param now the time of the input just decided
     * @param ended whether the match has ended (its end event is recorded)
     * @throws IllegalArgumentException for a clock policy version this code does not run
     */
    public static ClockSet next(
            MatchOptions options, ClockNeed need, ClockSet running, Instant now, boolean ended) {
        if (!known(options)) {
            throw new IllegalArgumentException(
                    "clock policy "
                            + version(options)
                            + " is not one this server runs ("
                            + V1
                            + " to "
                            + V3
                            + ")");
        }
        if (ended && version(options) >= V2) {
            return null; // the end event stops every clock: nothing follows it
        }
        Integer turnSeconds = options == null ? null : options.turnClockSeconds();
        Integer decisionSeconds =
                options == null
                        ? null
                        : options.responseSeconds() != null
                                ? options.responseSeconds()
                                : turnSeconds;
        if (turnSeconds == null && decisionSeconds == null) {
            return null;
        }
        if (running != null
                && need != null
                && running.seat() == need.seat()
                && running.kind() == need.kind()
                && running.turn() == need.turn()) {
            return null; // the same clock is still running
        }
        if (need == null) {
            return running == null || running.seat() == null
                    ? null
                    : new ClockSet(null, null, 0, null, 0);
        }
        if (need.kind() == ClockNeed.Kind.TURN) {
            boolean resume =
                    running != null
                            && running.turn() == need.turn()
                            && running.kind() != ClockNeed.Kind.TURN
                            && running.turnLeftMillis() > 0;
            Duration left =
                    resume
                            ? Duration.ofMillis(running.turnLeftMillis())
                            : turnSeconds == null ? null : Duration.ofSeconds(turnSeconds);
            return left == null
                    ? new ClockSet(null, null, need.turn(), null, 0)
                    : new ClockSet(need.seat(), need.kind(), need.turn(), now.plus(left), 0);
        }
        long turnLeft = 0;
        if (running != null && running.turn() == need.turn()) {
            turnLeft =
                    running.kind() == ClockNeed.Kind.TURN && running.deadline() != null
                            ? Math.max(1, Duration.between(now, running.deadline()).toMillis())
                            : running.turnLeftMillis();
        }
        return decisionSeconds == null
                ? new ClockSet(null, null, need.turn(), null, turnLeft)
                : new ClockSet(
                        need.seat(),
                        need.kind(),
                        need.turn(),
                        now.plusSeconds(decisionSeconds),
                        turnLeft);
    }

    /**
     * Why a recorded TIMEOUT is not one the server's clock could have made, or null if it is: it
     * must be for the seat of the last clock set (at event {@code clockSeq}), carry that clock's
     * id, and come at or after its deadline.
     */
    public static String timeoutProblem(IntentAccepted a, ClockSet clock, long clockSeq) {
        if (clock == null || clock.seat() == null || clock.deadline() == null) {
            return "a TIMEOUT with no clock running";
        }
        if (clock.seat() != a.seat() || !timeoutIntentId(clockSeq).equals(a.intentId())) {
            return "a TIMEOUT for seat "
                    + a.seat()
                    + " ("
                    + a.intentId()
                    + ") that is not the clock set at event "
                    + clockSeq
                    + " for seat "
                    + clock.seat();
        }
        if (a.at() == null || a.at().isBefore(clock.deadline())) {
            return "a TIMEOUT at " + a.at() + ", before the clock's deadline " + clock.deadline();
        }
        return null;
    }
}
