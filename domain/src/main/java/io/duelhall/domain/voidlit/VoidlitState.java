package io.duelhall.domain.voidlit;

import io.duelhall.domain.GameState;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The whole truth of a voidlit match, hidden parts included. Immutable: evolve returns a new one.
 *
 * @param phase SETUP (waiting for seats), MULLIGAN (L-START-1, the first seat first), MAIN, OVER
 * @param active the seat whose turn it is, or who owes its mulligan
 * @param turn 0 during the mulligans, then 1, 2, … counting every seat's turn
 * @param winner when ended: the winner, null for a draw
 */
public record VoidlitState(
        String matchId,
        MatchStatus status,
        MatchOptions options,
        String engineVersion,
        String catalogVersion,
        String seedCommitment,
        String serverSeed,
        Map<Seat, Side> sides,
        Seat firstSeat,
        String phase,
        Seat active,
        int turn,
        Seat winner,
        List<Seat> losers,
        String endReason)
        implements GameState {
    public static final String SETUP = "SETUP";
    public static final String MULLIGAN = "MULLIGAN";
    public static final String MAIN = "MAIN";
    public static final String OVER = "OVER";

    public static final VoidlitState EMPTY =
            new VoidlitState(
                    null,
                    MatchStatus.NEW,
                    null,
                    null,
                    null,
                    null,
                    null,
                    Map.of(),
                    null,
                    SETUP,
                    null,
                    0,
                    null,
                    List.of(),
                    null);

    public VoidlitState {
        EnumMap<Seat, Side> m = new EnumMap<>(Seat.class);
        m.putAll(sides);
        sides = Collections.unmodifiableMap(m);
        losers = losers == null ? List.of() : List.copyOf(losers);
    }

    @Override
    public Set<Seat> seats() {
        return sides.keySet();
    }

    @Override
    public String playerName(Seat seat) {
        Side s = sides.get(seat);
        return s == null ? null : s.name();
    }

    public Side side(Seat seat) {
        return sides.get(seat);
    }

    public boolean over() {
        return status == MatchStatus.ENDED;
    }

    VoidlitState withSide(Seat seat, Side side) {
        Map<Seat, Side> m = new EnumMap<>(Seat.class);
        m.putAll(sides);
        m.put(seat, side);
        return new VoidlitState(
                matchId,
                status,
                options,
                engineVersion,
                catalogVersion,
                seedCommitment,
                serverSeed,
                m,
                firstSeat,
                phase,
                active,
                turn,
                winner,
                losers,
                endReason);
    }

    VoidlitState with(MatchStatus newStatus, String newPhase, Seat newActive, int newTurn) {
        return new VoidlitState(
                matchId,
                newStatus,
                options,
                engineVersion,
                catalogVersion,
                seedCommitment,
                serverSeed,
                sides,
                firstSeat,
                newPhase,
                newActive,
                newTurn,
                winner,
                losers,
                endReason);
    }
}
