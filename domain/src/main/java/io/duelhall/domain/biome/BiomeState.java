package io.duelhall.domain.biome;

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
 * The whole truth of a biome match, hidden parts included. Immutable: evolve returns a new one.
 *
 * @param step SETUP, a step with a window ({@link Steps#WINDOWS}) or OVER
 * @param active the seat whose turn it is
 * @param turn 1, 2, … counting every seat's turn
 * @param priority the seat that may act now (B-QUEUE-1), null between windows
 * @param passes 1 when the last thing done was a pass (a second pass in a row executes or ends the
 *     step)
 * @param queue the queue, bottom first: the last entry executes first
 * @param nextEntry the id the next queue entry gets
 * @param attackers the declared attackers this turn; {@code blocks}: defenders and whom they block,
 *     in damage order
 * @param ordered attackers whose defenders the attacking seat has ordered
 * @param pending ORDER_DEFENDERS while the attacking seat owes that decision, else null
 * @param converted the active seat converted a card this turn; {@code anomaly}: it played an
 *     anomaly this turn
 * @param attacked attackers were declared this turn; {@code defended}: defenders were declared this
 *     turn
 */
public record BiomeState(
        String matchId,
        MatchStatus status,
        MatchOptions options,
        String engineVersion,
        String catalogVersion,
        String seedCommitment,
        String serverSeed,
        Map<Seat, Side> sides,
        Seat firstSeat,
        String step,
        Seat active,
        int turn,
        Seat priority,
        int passes,
        List<QueueEntry> queue,
        int nextEntry,
        List<String> attackers,
        List<Block> blocks,
        List<String> ordered,
        String pending,
        boolean converted,
        boolean anomaly,
        boolean attacked,
        boolean defended,
        Seat winner,
        List<Seat> losers,
        String endReason)
        implements GameState {
    public static final String SETUP = "SETUP";
    public static final String OVER = "OVER";
    public static final String ORDER_DEFENDERS = "ORDER_DEFENDERS";

    public static final BiomeState EMPTY =
            new BiomeState(
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
                    0,
                    List.of(),
                    1,
                    List.of(),
                    List.of(),
                    List.of(),
                    null,
                    false,
                    false,
                    false,
                    false,
                    null,
                    List.of(),
                    null);

    public BiomeState {
        EnumMap<Seat, Side> m = new EnumMap<>(Seat.class);
        m.putAll(sides);
        sides = Collections.unmodifiableMap(m);
        queue = List.copyOf(queue);
        attackers = List.copyOf(attackers);
        blocks = List.copyOf(blocks);
        ordered = List.copyOf(ordered);
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

    /** The agent with that id on either side, or null. */
    public Agent agent(String id) {
        for (Side s : sides.values()) {
            Agent a = s.agent(id);
            if (a != null) {
                return a;
            }
        }
        return null;
    }

    /** The seat whose agent that is, or null. */
    public Seat ownerOf(String agentId) {
        for (Map.Entry<Seat, Side> e : sides.entrySet()) {
            if (e.getValue().agent(agentId) != null) {
                return e.getKey();
            }
        }
        return null;
    }

    public QueueEntry top() {
        return queue.isEmpty() ? null : queue.get(queue.size() - 1);
    }

    Builder edit() {
        return new Builder(this);
    }

    BiomeState withSide(Seat seat, Side side) {
        Builder b = edit();
        EnumMap<Seat, Side> m = new EnumMap<>(Seat.class);
        m.putAll(sides);
        m.put(seat, side);
        b.sides = m;
        return b.build();
    }

    /** A mutable copy for the evolver. */
    static final class Builder {
        String matchId;
        MatchStatus status;
        MatchOptions options;
        String engineVersion;
        String catalogVersion;
        String seedCommitment;
        String serverSeed;
        Map<Seat, Side> sides;
        Seat firstSeat;
        String step;
        Seat active;
        int turn;
        Seat priority;
        int passes;
        List<QueueEntry> queue;
        int nextEntry;
        List<String> attackers;
        List<Block> blocks;
        List<String> ordered;
        String pending;
        boolean converted;
        boolean anomaly;
        boolean attacked;
        boolean defended;
        Seat winner;
        List<Seat> losers;
        String endReason;

        Builder(BiomeState s) {
            matchId = s.matchId;
            status = s.status;
            options = s.options;
            engineVersion = s.engineVersion;
            catalogVersion = s.catalogVersion;
            seedCommitment = s.seedCommitment;
            serverSeed = s.serverSeed;
            sides = s.sides;
            firstSeat = s.firstSeat;
            step = s.step;
            active = s.active;
            turn = s.turn;
            priority = s.priority;
            passes = s.passes;
            queue = s.queue;
            nextEntry = s.nextEntry;
            attackers = s.attackers;
            blocks = s.blocks;
            ordered = s.ordered;
            pending = s.pending;
            converted = s.converted;
            anomaly = s.anomaly;
            attacked = s.attacked;
            defended = s.defended;
            winner = s.winner;
            losers = s.losers;
            endReason = s.endReason;
        }

        BiomeState build() {
            return new BiomeState(
                    matchId,
                    status,
                    options,
                    engineVersion,
                    catalogVersion,
                    seedCommitment,
                    serverSeed,
                    sides,
                    firstSeat,
                    step,
                    active,
                    turn,
                    priority,
                    passes,
                    queue,
                    nextEntry,
                    attackers,
                    blocks,
                    ordered,
                    pending,
                    converted,
                    anomaly,
                    attacked,
                    defended,
                    winner,
                    losers,
                    endReason);
        }
    }
}
