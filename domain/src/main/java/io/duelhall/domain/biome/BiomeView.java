package io.duelhall.domain.biome;

import io.duelhall.domain.MatchView;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.RulesVersion;
import io.duelhall.domain.Seat;
import java.util.List;
import java.util.Map;

/**
 * A biome match as one viewer may see it: who may act now ({@code toAct}), at which {@code speeds},
 * the pending {@code decision} and {@code why}; the {@code queue} bottom first (the last entry
 * executes first), each entry with its owner, targets and choices; the phase and step; the biomes
 * with each seat's sector; each seat's staging area and agents (an agent's {@code biome} says where
 * it is). {@code hand} is null for a seat the viewer may not look into.
 */
public record BiomeView(
        String matchId,
        String ruleset,
        RulesVersion rules,
        long version,
        String status,
        int turn,
        Seat activeSeat,
        String phase,
        String step,
        Seat toAct,
        List<Integer> speeds,
        String decision,
        String why,
        List<QueueEntry> queue,
        List<BiomeInfo> biomes,
        List<String> attackers,
        List<Block> blocks,
        ResultView result,
        Object clock,
        Map<Seat, SeatView> seats,
        String seedCommitment,
        int spectatorDelaySeconds,
        int timeoutLoss,
        List<RecordedEvent> recentEvents)
        implements MatchView {

    @Override
    public BiomeView withRecentEvents(List<RecordedEvent> events) {
        return new BiomeView(
                matchId,
                ruleset,
                rules,
                version,
                status,
                turn,
                activeSeat,
                phase,
                step,
                toAct,
                speeds,
                decision,
                why,
                queue,
                biomes,
                attackers,
                blocks,
                result,
                clock,
                seats,
                seedCommitment,
                spectatorDelaySeconds,
                timeoutLoss,
                List.copyOf(events));
    }

    @Override
    public BiomeView withClock(Object runningClock) {
        return new BiomeView(
                matchId,
                ruleset,
                rules,
                version,
                status,
                turn,
                activeSeat,
                phase,
                step,
                toAct,
                speeds,
                decision,
                why,
                queue,
                biomes,
                attackers,
                blocks,
                result,
                runningClock,
                seats,
                seedCommitment,
                spectatorDelaySeconds,
                timeoutLoss,
                recentEvents);
    }

    /** A biome of the match: its id, name and each sector's starting durability. */
    public record BiomeInfo(String id, String name, int durability) {}

    /** {@code winner} null and {@code draw} true: nobody won. */
    public record ResultView(Seat winner, List<Seat> losers, boolean draw, String reason) {}

    /**
     * One seat: energy, reserve (face up), hand, deck count, agents, unattached gear, reactive
     * cards, cache, sectors.
     */
    public record SeatView(
            String name,
            int energy,
            List<CardRef> reserve,
            int handCount,
            List<CardRef> hand,
            int deckCount,
            List<Agent> agents,
            List<CardRef> gear,
            List<CardRef> reactives,
            List<CardRef> cache,
            List<Sector> sectors,
            int biomesLost,
            int timeouts) {}
}
