package io.duelhall.domain.voidlit;

import io.duelhall.domain.MatchView;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.RulesVersion;
import io.duelhall.domain.Seat;
import java.util.List;
import java.util.Map;

/**
 * A voidlit match as one viewer may see it. {@code toAct}: the seat that owes the next decision
 * (its mulligan or its turn). {@code hand} is null for a seat the viewer may not look into; the
 * Waste, the Bank, the Field are public.
 */
public record VoidlitView(
        String matchId,
        String ruleset,
        RulesVersion rules,
        long version,
        String status,
        int turn,
        Seat activeSeat,
        String phase,
        Seat toAct,
        ResultView result,
        Object clock,
        Map<Seat, SeatView> seats,
        String seedCommitment,
        int spectatorDelaySeconds,
        int timeoutLoss,
        List<RecordedEvent> recentEvents)
        implements MatchView {

    @Override
    public VoidlitView withRecentEvents(List<RecordedEvent> events) {
        return new VoidlitView(
                matchId,
                ruleset,
                rules,
                version,
                status,
                turn,
                activeSeat,
                phase,
                toAct,
                result,
                clock,
                seats,
                seedCommitment,
                spectatorDelaySeconds,
                timeoutLoss,
                List.copyOf(events));
    }

    @Override
    public VoidlitView withClock(Object runningClock) {
        return new VoidlitView(
                matchId,
                ruleset,
                rules,
                version,
                status,
                turn,
                activeSeat,
                phase,
                toAct,
                result,
                runningClock,
                seats,
                seedCommitment,
                spectatorDelaySeconds,
                timeoutLoss,
                recentEvents);
    }

    /** {@code winner} null and {@code draw} true: nobody won (L-END-1). */
    public record ResultView(Seat winner, List<Seat> losers, boolean draw, String reason) {}

    /** {@code nextSearchCost}: the Health the next Waste search costs (L-WASTE-1). */
    public record SeatView(
            String name,
            String parallel,
            int health,
            int energy,
            int maxEnergy,
            int handCount,
            List<HandCard> hand,
            int deckCount,
            List<CardRef> bank,
            List<Unit> units,
            List<CardRef> relics,
            List<CardRef> waste,
            boolean mulliganDone,
            boolean bankedThisTurn,
            int wasteSearches,
            int nextSearchCost,
            int timeouts) {}

    /**
     * A card of the viewer's own hand: {@code playable} when some play of it would be accepted now.
     */
    public record HandCard(String id, String card, int cost, boolean playable) {}
}
