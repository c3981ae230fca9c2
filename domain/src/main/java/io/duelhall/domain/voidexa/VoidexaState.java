package io.duelhall.domain.voidexa;

import io.duelhall.domain.GameState;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import java.util.Map;
import java.util.Set;

/**
 * The whole truth of a voidexa match, hidden parts included. Immutable: evolve returns a new one.
 *
 * @param serverSeed hex, secret until the match ends
 * @param ships the seats taken so far
 * @param pending the card waiting in an open response window, or null
 * @param responder who may answer in the open response window, or null
 * @param discardOwed how many cards the active seat must discard (V-END-2), else 0
 */
public record VoidexaState(
        String matchId,
        MatchStatus status,
        MatchOptions options,
        String engineVersion,
        String catalogVersion,
        String seedCommitment,
        String serverSeed,
        Map<Seat, Ship> ships,
        Seat firstSeat,
        int turn,
        Seat active,
        Phase phase,
        PendingPlay pending,
        Seat responder,
        int discardOwed,
        Result result)
        implements GameState {

    public static final VoidexaState EMPTY =
            new VoidexaState(
                    null,
                    MatchStatus.NEW,
                    null,
                    null,
                    null,
                    null,
                    null,
                    Map.of(),
                    null,
                    0,
                    null,
                    Phase.SETUP,
                    null,
                    null,
                    0,
                    null);

    @Override
    public Set<Seat> seats() {
        return ships.keySet();
    }

    @Override
    public String playerName(Seat seat) {
        Ship s = ships.get(seat);
        return s == null ? null : s.name();
    }

    public Ship ship(Seat seat) {
        return ships.get(seat);
    }

    public boolean over() {
        return status == MatchStatus.ENDED;
    }

    VoidexaState withShip(Seat seat, Ship ship) {
        // SeatShips: a two-field map, the cheapest copy (this runs for almost every event); seat
        // order; equality is
        // Map equality, whatever the implementation.
        return new VoidexaState(
                matchId,
                status,
                options,
                engineVersion,
                catalogVersion,
                seedCommitment,
                serverSeed,
                SeatShips.of(ships).with(seat, ship),
                firstSeat,
                turn,
                active,
                phase,
                pending,
                responder,
                discardOwed,
                result);
    }

    VoidexaState withTurn(int newTurn, Seat newActive, Phase newPhase) {
        return new VoidexaState(
                matchId,
                status,
                options,
                engineVersion,
                catalogVersion,
                seedCommitment,
                serverSeed,
                ships,
                firstSeat,
                newTurn,
                newActive,
                newPhase,
                pending,
                responder,
                discardOwed,
                result);
    }

    VoidexaState withPhase(Phase newPhase) {
        return withTurn(turn, active, newPhase);
    }

    VoidexaState withPending(PendingPlay p, Seat newResponder, Phase newPhase) {
        return new VoidexaState(
                matchId,
                status,
                options,
                engineVersion,
                catalogVersion,
                seedCommitment,
                serverSeed,
                ships,
                firstSeat,
                turn,
                active,
                newPhase,
                p,
                newResponder,
                discardOwed,
                result);
    }

    VoidexaState withDiscardOwed(int owed, Phase newPhase) {
        return new VoidexaState(
                matchId,
                status,
                options,
                engineVersion,
                catalogVersion,
                seedCommitment,
                serverSeed,
                ships,
                firstSeat,
                turn,
                active,
                newPhase,
                pending,
                responder,
                owed,
                result);
    }

    VoidexaState withStatus(MatchStatus newStatus, Seat first) {
        return new VoidexaState(
                matchId,
                newStatus,
                options,
                engineVersion,
                catalogVersion,
                seedCommitment,
                serverSeed,
                ships,
                first,
                turn,
                active,
                phase,
                pending,
                responder,
                discardOwed,
                result);
    }

    /**
     * Keeps {@code pending}: a card whose resolution ended the match stays where it was (V-WIN-5),
     * not lost.
     */
    VoidexaState ended(Result r) {
        return new VoidexaState(
                matchId,
                MatchStatus.ENDED,
                options,
                engineVersion,
                catalogVersion,
                seedCommitment,
                serverSeed,
                ships,
                firstSeat,
                turn,
                active,
                Phase.OVER,
                pending,
                null,
                0,
                r);
    }
}
