package io.duelhall.domain;

import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;

/**
 * Leaving the game (D-LEAVE-1, clock policy 3, issue 44): seed 003 says a player who "concedes or
 * leaves the game" loses, and every game reads it so. A seat has left when its TURN clock ran out
 * in {@value #TURNS} different turns in a row with no intent of its own accepted since the first of
 * them, in any match, rated or not, whatever {@code timeoutLoss} says. The server then concedes for
 * it: an {@link IntentAccepted} with id {@code left-<clockSeq>} and the server's fingerprint,
 * carrying {@link Intent#CONCEDE}, recorded right after the TIMEOUT's events, before the next
 * clock; the game's own concession follows (a loss in a duel; in a game of more seats the seat is
 * out and the others play on).
 *
 * <p>Pure and game-neutral: the {@code Match} aggregate and the audit's re-simulation feed it the
 * same {@link IntentAccepted} events with the clock running when each was accepted, so the audit
 * re-derives every leave and refuses one the rule does not make.
 */
public final class Leaving {
    /** Turns in a row whose TURN clock ran out: the seat has left. */
    public static final int TURNS = 3;

    /** The fingerprint the server records on the intents it makes (TIMEOUT, the leave). */
    public static final String SERVER_FINGERPRINT = "server-clock";

    private final Map<Seat, Integer> streak = new EnumMap<>(Seat.class);
    private final Map<Seat, Integer> lastTurn = new EnumMap<>(Seat.class);

    /** Whether a match with these options is played under the leaving rule (clock policy 3 on). */
    public static boolean applies(MatchOptions options) {
        return ClockPolicy.version(options) >= ClockPolicy.V3;
    }

    /**
     * The id of the server's concession for a seat that left at the timeout of clock {@code
     * clockSeq}.
     */
    public static String intentId(long clockSeq) {
        return "left-" + clockSeq;
    }

    /** The marker the server records before the concession of a seat that left. */
    public static IntentAccepted marker(Seat seat, long clockSeq, Instant at) {
        return new IntentAccepted(
                intentId(clockSeq), seat, SERVER_FINGERPRINT, Intent.concede(seat), at);
    }

    /** Whether {@code a} is a leave the server recorded (a server-made CONCEDE). */
    public static boolean isLeave(IntentAccepted a) {
        return SERVER_FINGERPRINT.equals(a.fingerprint())
                && a.intent() != null
                && Intent.CONCEDE.equals(a.intent().type());
    }

    /**
     * Counts an accepted intent: a server TIMEOUT of the seat's TURN clock ({@code running}, the
     * clock that ran out) in a turn not yet counted adds one; any intent the seat sent itself
     * clears its count. Other timeouts (response, discard) neither count nor clear.
     */
    public void accepted(IntentAccepted a, ClockSet running) {
        if (a == null || a.seat() == null || a.intent() == null) {
            return;
        }
        Seat seat = a.seat();
        if (SERVER_FINGERPRINT.equals(a.fingerprint())) {
            if (Intent.TIMEOUT.equals(a.intent().type())
                    && running != null
                    && running.seat() == seat
                    && running.kind() == ClockNeed.Kind.TURN) {
                Integer last = lastTurn.get(seat);
                if (last == null || last != running.turn()) {
                    streak.merge(seat, 1, Integer::sum);
                    lastTurn.put(seat, running.turn());
                }
            }
            return;
        }
        streak.remove(seat);
        lastTurn.remove(seat);
    }

    /** Turns in a row {@code seat}'s TURN clock ran out (0 when it acted since). */
    public int streak(Seat seat) {
        return streak.getOrDefault(seat, 0);
    }

    /** Whether {@code seat} has left: {@value #TURNS} turns in a row timed out. */
    public boolean left(Seat seat) {
        return streak(seat) >= TURNS;
    }
}
