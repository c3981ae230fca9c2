package io.duelhall.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * When a match whose seats are not all taken expires (issue 19), as pure rules the {@code Match}
 * aggregate runs live and the audit runs over a record: one truth for both. A match created with
 * {@code seatingSeconds} records a {@link SeatDeadlineSet} after its opening; if a seat is still
 * free at that deadline the server records {@link MatchExpired}. A match created without it never
 * expires (every match before issue 19).
 */
public final class SeatDeadlines {
    /** The longest a match may wait for its seats: a day. */
    public static final int MAX_SECONDS = 86_400;

    private SeatDeadlines() {}

    /**
     * Why {@code seatingSeconds} cannot be used, or null when it can (null means no deadline and is
     * fine).
     */
    public static Refusal problem(Integer seatingSeconds) {
        if (seatingSeconds != null && (seatingSeconds < 1 || seatingSeconds > MAX_SECONDS)) {
            return Refusal.malformed(
                    "OUT_OF_RANGE",
                    "seatingSeconds must be 1 to "
                            + MAX_SECONDS
                            + " (a day) when given: a match whose seats are not all taken by then expires.");
        }
        return null;
    }

    /**
     * The deadline a match created at {@code now} with {@code seatingSeconds} records, or null for
     * none.
     */
    public static SeatDeadlineSet deadline(Integer seatingSeconds, Instant now) {
        return seatingSeconds == null
                ? null
                : new SeatDeadlineSet(now.plus(Duration.ofSeconds(seatingSeconds)));
    }

    /** The seats of the match still free in {@code state} (a match of {@code seatCount} seats). */
    public static List<Seat> freeSeats(GameState state, int seatCount) {
        List<Seat> free = new ArrayList<>();
        for (int i = 0; i < seatCount && i < Seat.values().length; i++) {
            if (!state.seats().contains(Seat.values()[i])) {
                free.add(Seat.values()[i]);
            }
        }
        return free;
    }

    /**
     * The expiry to record at {@code now}, or null when the match does not expire now: it has no
     * deadline, the deadline is still ahead, or the match is no longer waiting for seats (it began,
     * or it ended).
     */
    public static MatchExpired expiry(
            SeatDeadlineSet deadline,
            GameState state,
            int seatCount,
            String serverSeed,
            Instant now) {
        if (deadline == null || now.isBefore(deadline.deadline()) || !waiting(state)) {
            return null;
        }
        List<Seat> free = freeSeats(state, seatCount);
        return free.isEmpty() ? null : MatchExpired.of(serverSeed, deadline.deadline(), now, free);
    }

    /**
     * Why a recorded expiry is not one the server's rule could have made, or null if it is: the
     * record must hold a deadline, the expiry must name it and come at or after it, the match must
     * still have been waiting, and the free seats must be the ones free then.
     */
    public static String problem(
            MatchExpired x, SeatDeadlineSet deadline, GameState state, int seatCount) {
        if (deadline == null) {
            return "an expiry in a match with no seat deadline";
        }
        if (!deadline.deadline().equals(x.deadline())) {
            return "an expiry for deadline "
                    + x.deadline()
                    + ", not the match's "
                    + deadline.deadline();
        }
        if (x.at() == null || x.at().isBefore(deadline.deadline())) {
            return "an expiry at " + x.at() + ", before the seats' deadline " + deadline.deadline();
        }
        if (!waiting(state)) {
            return "an expiry of a match that is " + state.status() + ", not waiting for seats";
        }
        List<Seat> free = freeSeats(state, seatCount);
        if (free.isEmpty() || !free.equals(x.freeSeats())) {
            return "an expiry naming free seats " + x.freeSeats() + " where " + free + " were free";
        }
        if (x.winner() != null
                || !x.losers().isEmpty()
                || !MatchExpired.REASON.equals(x.reason())) {
            return "an expiry with a winner, losers or a reason other than " + MatchExpired.REASON;
        }
        return null;
    }

    private static boolean waiting(GameState state) {
        return state.status() == MatchStatus.NEW || state.status() == MatchStatus.WAITING;
    }
}
