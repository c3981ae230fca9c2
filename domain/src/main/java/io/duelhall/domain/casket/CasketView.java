package io.duelhall.domain.casket;

import io.duelhall.domain.MatchView;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.RulesVersion;
import io.duelhall.domain.Seat;
import java.util.List;
import java.util.Map;

/**
 * A casket match as one viewer may see it: the board (every hex with terrain and elevation, for
 * drawing), the round's initiative order, who owes which {@code decision}, the attack under way,
 * and each seat's Casket: position, facing, SP, Heat, components, wounds face up, counts of hand,
 * deck and wound deck; {@code hand} is null for a seat the viewer may not look into. {@code reach}:
 * in the active seat's action phase, every hex it can move to within its SP, with the path to send.
 */
public record CasketView(
        String matchId,
        String ruleset,
        RulesVersion rules,
        long version,
        String status,
        int turn,
        int round,
        List<Seat> order,
        Seat activeSeat,
        Seat toAct,
        String decision,
        Attack attack,
        List<Reach.Step> reach,
        Board board,
        Map<Seat, SeatView> seats,
        Result result,
        String seedCommitment,
        int spectatorDelaySeconds,
        Object clock,
        List<RecordedEvent> recentEvents)
        implements MatchView {

    /** The map: its hexes (axial q, r; flat-topped, facing 0 north, clockwise). */
    public record Board(String map, String name, int radius, List<HexInfo> hexes) {}

    /** A hex: OPEN, WALL, DIFFICULT or WATER, and its elevation. */
    public record HexInfo(int q, int r, String terrain, int elevation) {}

    /**
     * A seat as a viewer sees it. {@code maxSpend}: the most SP it may spend in a turn (⌊1.5 ×
     * max⌋, C-SP-1); {@code overspent}: SP beyond the pool spent this turn; {@code heatZone}: SAFE
     * (below 5), DANGER (5–9) or CRITICAL (10 and more), C-HEAT-1; {@code destroyedAt}: the
     * Component Damage that destroys a component (C-D-COMP-1); {@code inert}: defeated, its wreck
     * still on its hex, which no Casket may enter (C-D-END-4, casket-1.1.0 on).
     */
    public record SeatView(
            String name,
            String casket,
            CasketType casketType,
            boolean defeated,
            int place,
            String hex,
            int facing,
            int sp,
            int maxSp,
            int maxSpend,
            int overspent,
            int heat,
            String heatZone,
            int spentThisTurn,
            boolean rotated,
            List<CardRef> hand,
            int handCount,
            int deckCount,
            List<CardRef> discard,
            int damageCards,
            int woundsFaceDown,
            List<String> wounds,
            Map<Component, Integer> components,
            int destroyedAt,
            Boolean mulligan,
            int timeouts,
            boolean inert) {}

    public record Result(Seat winner, List<Seat> losers, String reason) {}

    @Override
    public CasketView withRecentEvents(List<RecordedEvent> events) {
        return new CasketView(
                matchId,
                ruleset,
                rules,
                version,
                status,
                turn,
                round,
                order,
                activeSeat,
                toAct,
                decision,
                attack,
                reach,
                board,
                seats,
                result,
                seedCommitment,
                spectatorDelaySeconds,
                clock,
                List.copyOf(events));
    }

    @Override
    public CasketView withClock(Object runningClock) {
        return new CasketView(
                matchId,
                ruleset,
                rules,
                version,
                status,
                turn,
                round,
                order,
                activeSeat,
                toAct,
                decision,
                attack,
                reach,
                board,
                seats,
                result,
                seedCommitment,
                spectatorDelaySeconds,
                runningClock,
                recentEvents);
    }
}
