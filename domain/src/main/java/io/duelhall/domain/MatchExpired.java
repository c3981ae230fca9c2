package io.duelhall.domain;

import java.time.Instant;
import java.util.List;

/**
 * The match ended before it began: at {@code at}, on or after the seats' {@code deadline} ({@link
 * SeatDeadlineSet}), seats {@code freeSeats} were still free (issue 19: a lobby does not fill with
 * matches nobody will play). Nobody won or lost ({@code winner} null, {@code losers} empty, {@code
 * reason} {@value #REASON}); the server seed is revealed, as at every end. Recorded by the
 * aggregate, not by the rules; every ruleset's state ends on it.
 */
public record MatchExpired(
        Seat winner,
        List<Seat> losers,
        String reason,
        String serverSeed,
        Instant deadline,
        Instant at,
        List<Seat> freeSeats)
        implements Lifecycle.Ended {
    public static final String REASON = "EXPIRED";

    public MatchExpired {
        losers = losers == null ? List.of() : List.copyOf(losers);
        freeSeats = freeSeats == null ? List.of() : List.copyOf(freeSeats);
    }

    public static MatchExpired of(
            String serverSeed, Instant deadline, Instant at, List<Seat> freeSeats) {
        return new MatchExpired(null, List.of(), REASON, serverSeed, deadline, at, freeSeats);
    }
}
