package io.duelhall.domain.casket;

import io.duelhall.domain.GameState;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A casket match: the seats' pilots, the map, the round and its initiative order, whose turn and
 * which decision is owed ({@code phase}: MULLIGAN, ACTION, DISCARD; an {@code attack} owes the
 * defender a REACT or PAY decision), and the dice rolled so far (each die's stream, C-D-DICE-3).
 */
public record CasketState(
        String matchId,
        MatchStatus status,
        MatchOptions options,
        int seatCount,
        String engineVersion,
        String catalogVersion,
        String seedCommitment,
        String serverSeed,
        Map<Seat, Pilot> pilots,
        String map,
        int round,
        List<Seat> order,
        Seat active,
        int turn,
        String phase,
        int dice,
        Attack attack,
        Seat winner,
        List<Seat> losers,
        String endReason)
        implements GameState {

    public static final String MULLIGAN = "MULLIGAN";
    public static final String ACTION = "ACTION";
    public static final String DISCARD = "DISCARD";

    /** The draw and end phases, decided in one go after PASS. */
    public static final String DRAW = "DRAW";

    /** After a turn ended, before the next began (never seen between two decisions). */
    public static final String BETWEEN = "BETWEEN";

    public static final CasketState EMPTY =
            new CasketState(
                    null,
                    MatchStatus.NEW,
                    null,
                    0,
                    null,
                    null,
                    null,
                    null,
                    Map.of(),
                    null,
                    0,
                    List.of(),
                    null,
                    0,
                    null,
                    0,
                    null,
                    null,
                    List.of(),
                    null);

    public CasketState {
        pilots = FrozenEnumMap.of(Seat.class, pilots);
        order = List.copyOf(order);
        losers = List.copyOf(losers);
    }

    @Override
    public Set<Seat> seats() {
        return pilots.keySet();
    }

    @Override
    public String playerName(Seat seat) {
        Pilot p = pilots.get(seat);
        return p == null ? null : p.name();
    }

    public Pilot pilot(Seat seat) {
        return pilots.get(seat);
    }

    public boolean over() {
        return status == MatchStatus.ENDED;
    }

    /** Seats still in the fight, in seat order. */
    public List<Seat> alive() {
        List<Seat> out = new ArrayList<>();
        pilots.forEach(
                (seat, p) -> {
                    if (!p.defeated()) {
                        out.add(seat);
                    }
                });
        return out;
    }

    /** The living casket on {@code hex}, or null. */
    public Seat occupant(Hex hex) {
        boolean wrecksStay = CasketRuleset.inertWrecks(engineVersion);
        for (Pilot p : pilots.values()) {
            if ((!p.defeated() || wrecksStay) && hex.equals(p.at())) {
                return p.seat();
            }
        }
        return null;
    }

    CasketState withPilot(Seat seat, Consumer<Pilot.Builder> change) {
        Pilot.Builder b = pilots.get(seat).edit();
        change.accept(b);
        Map<Seat, Pilot> p = ((FrozenEnumMap<Seat, Pilot>) pilots).with(seat, b.build());
        return edit(e -> e.pilots = p);
    }

    CasketState edit(Consumer<Builder> change) {
        Builder b = new Builder(this);
        change.accept(b);
        return b.build();
    }

    /** A mutable copy for the evolver. */
    static final class Builder {
        String matchId, engineVersion, catalogVersion, seedCommitment, serverSeed, map, phase;
        String endReason;
        MatchStatus status;
        MatchOptions options;
        int seatCount, round, turn, dice;
        Map<Seat, Pilot> pilots;
        List<Seat> order, losers;
        Seat active, winner;
        Attack attack;

        Builder(CasketState s) {
            matchId = s.matchId;
            status = s.status;
            options = s.options;
            seatCount = s.seatCount;
            engineVersion = s.engineVersion;
            catalogVersion = s.catalogVersion;
            seedCommitment = s.seedCommitment;
            serverSeed = s.serverSeed;
            pilots = s.pilots;
            map = s.map;
            round = s.round;
            order = s.order;
            active = s.active;
            turn = s.turn;
            phase = s.phase;
            dice = s.dice;
            attack = s.attack;
            winner = s.winner;
            losers = s.losers;
            endReason = s.endReason;
        }

        CasketState build() {
            return new CasketState(
                    matchId,
                    status,
                    options,
                    seatCount,
                    engineVersion,
                    catalogVersion,
                    seedCommitment,
                    serverSeed,
                    pilots,
                    map,
                    round,
                    order,
                    active,
                    turn,
                    phase,
                    dice,
                    attack,
                    winner,
                    losers,
                    endReason);
        }
    }
}
