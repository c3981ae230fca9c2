package io.duelhall.domain.biome;

import io.duelhall.domain.Lifecycle;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.Seat;
import java.util.List;

/**
 * Everything that can happen in a biome match. Each event carries the resulting values, so evolve
 * and projections only assign. Hidden parts (a deck order, a drawn card, a deck list, the server
 * seed) are blanked by {@link Redaction} for whoever may not see them. Stored as {@code
 * biome.<Type>} (released-biome-event-names.txt).
 */
public sealed interface BiomeEvent extends MatchEvent {

    /** Opens a match. {@code serverSeed} (hex) is secret until {@link MatchEnded} reveals it. */
    record MatchCreated(
            String matchId,
            String ruleset,
            String engineVersion,
            String catalogVersion,
            MatchOptions options,
            String seedCommitment,
            String serverSeed)
            implements BiomeEvent, MatchOpening {}

    /** {@code deck} (30 catalog ids, sorted) is seen only by its own seat until the end. */
    record PlayerJoined(
            Seat seat, String name, List<String> deck, String clientSeed, String accountId)
            implements BiomeEvent, Lifecycle.SeatTaken {}

    /**
     * B-D-SETUP-1: the first seat, from the match seed; {@code sectors} each seat's sectors
     * (B-D-BIOME-1).
     */
    record MatchStarted(Seat firstSeat, List<Sector> sectors)
            implements BiomeEvent, Lifecycle.Started {}

    /**
     * The seat's deck in order with instance ids, top first; {@code order} is hidden from everyone
     * until the end.
     */
    record DeckShuffled(Seat seat, int size, List<CardRef> order) implements BiomeEvent {}

    /**
     * The top card of the deck into the hand; {@code card} is seen only by the drawing seat until
     * the end.
     */
    record CardDrawn(Seat seat, CardRef card, int handCount, int deckCount) implements BiomeEvent {}

    record TurnStarted(Seat seat, int turn) implements BiomeEvent, Lifecycle.TurnBegan {}

    /** Start, refresh (B-PHASE-1): the seat's agents unlocked, its energy set (B-D-ENERGY-1). */
    record AgentsRefreshed(Seat seat, int energy) implements BiomeEvent {}

    /**
     * A step with a window began: the active seat has priority first, the queue is empty
     * (B-PHASE-1).
     */
    record StepBegan(Seat active, String phase, String step) implements BiomeEvent {}

    /**
     * {@code seat} passed; {@code to} has priority now (null: both passed in a row, {@code passes}
     * 2).
     */
    record PriorityPassed(Seat seat, Seat to, int passes) implements BiomeEvent {}

    /**
     * B-D-ENERGY-1: a card of the hand into the reserve, face up, +1 energy at once; no queue
     * (B-QUEUE-2).
     */
    record CardConverted(Seat seat, CardRef card, int reserve, int energy) implements BiomeEvent {}

    record EnergySpent(Seat seat, int amount, int energy) implements BiomeEvent {}

    record EnergyGained(Seat seat, int amount, int energy) implements BiomeEvent {}

    /**
     * B-QUEUE-1: an action enters the queue (a played card leaves the hand); {@code priority} may
     * answer it.
     */
    record ActionQueued(Seat seat, QueueEntry entry, Seat priority) implements BiomeEvent {}

    /**
     * B-QUEUE-1: the top of the queue executes (it leaves the queue; its effects follow). {@code
     * unaffected}: named targets no longer valid, which it does not affect (B-QUEUE-2).
     */
    record ActionExecuted(Seat seat, int entry, String kind, List<TargetRef> unaffected)
            implements BiomeEvent {}

    /**
     * B-QUEUE-2: the top of the queue had no valid target left: cancelled, {@code card} (null for a
     * skill or a battle action) to the cache at once.
     */
    record ActionCancelled(Seat seat, int entry, String kind, CardRef card, String reason)
            implements BiomeEvent {}

    /**
     * B-QUEUE-2: an anomaly, played without the queue; its effects follow, then it goes to the
     * cache.
     */
    record AnomalyPlayed(Seat seat, CardRef card, TargetRef target) implements BiomeEvent {}

    /**
     * An agent's skill was activated: it is locked (B-D-SKILL-1); the skill is in the queue next.
     */
    record AgentLocked(Seat seat, String agent) implements BiomeEvent {}

    /** An agent arrives in its owner's staging area (fresh, B-D-AGENT-1). */
    record AgentDeployed(Seat seat, Agent agent) implements BiomeEvent {}

    /** A gear card arrives in the staging area, unattached. */
    record GearPlaced(Seat seat, CardRef card) implements BiomeEvent {}

    /** A reactive card arrives in play; it reacts at its trigger (B-D-REACT-1). */
    record ReactivePlaced(Seat seat, CardRef card) implements BiomeEvent {}

    /** A modification attached to an agent for good: the agent's values after. */
    record ModificationAttached(Seat seat, CardRef card, String agent, int power, int defense)
            implements BiomeEvent {}

    /** A card to the cache (a skill once executed, an anomaly once resolved). */
    record CardCached(Seat seat, CardRef card) implements BiomeEvent {}

    /**
     * Seed 004, advance: the agent and the gear attached to it move to the seat's sector of the
     * biome.
     */
    record AgentAdvanced(
            Seat seat, String agent, String biome, List<CardRef> gear, int power, int defense)
            implements BiomeEvent {}

    /** Seed 004, attack: these agents attack (they are locked). */
    record AttackersDeclared(Seat seat, List<String> attackers) implements BiomeEvent {}

    /** Seed 004, defend: each defender blocks one attacker; in declaration order until ordered. */
    record DefendersDeclared(Seat seat, List<Block> blocks) implements BiomeEvent {}

    /**
     * Seed 004: the attacking seat orders the defenders of one attacker (the order damage is
     * assigned in).
     */
    record DefendersOrdered(Seat seat, String attacker, List<String> defenders)
            implements BiomeEvent {}

    /** {@code damage}: the agent's damage after (removed at the reset). */
    record AgentDamaged(Seat seat, String agent, int amount, int damage) implements BiomeEvent {}

    /** A temporary boost: the agent's boosts after (removed at the reset). */
    record AgentBoosted(Seat seat, String agent, int boostPower, int boostDefense)
            implements BiomeEvent {}

    /** Damage equal to or above its defense: the agent and its attachments go to the cache. */
    record AgentTerminated(Seat seat, CardRef agent, List<CardRef> attachments)
            implements BiomeEvent {}

    /** The seat's sector of the biome lost durability: {@code durability} after. */
    record SectorDamaged(Seat seat, String biome, int amount, int durability)
            implements BiomeEvent {}

    record SectorRepaired(Seat seat, String biome, int amount, int durability)
            implements BiomeEvent {}

    /**
     * Seed 004, damage: the seat lost the biome; {@code biomesLost} its biomes lost so far
     * (B-D-END-1).
     */
    record BiomeLost(Seat seat, String biome, int biomesLost) implements BiomeEvent {}

    /** Seed 004: after damage every agent still in a biome retreats to its staging area. */
    record AgentsRetreated(Seat seat, List<String> agents) implements BiomeEvent {}

    /** End, reset (B-PHASE-1): damage and temporary effects removed from every agent. */
    record TurnReset(Seat seat, int turn) implements BiomeEvent {}

    /**
     * The seat's {@code clock} (TURN or RESPONSE) ran out (B-D-CLOCK-1); {@code timeouts} counts
     * its TURN timeouts.
     */
    record TurnTimedOut(Seat seat, String clock, int turn, int timeouts) implements BiomeEvent {}

    record TurnEnded(Seat seat, int turn) implements BiomeEvent {}

    /**
     * The match is over (B-D-END-1, B-D-END-2); {@code winner} null and no losers is a draw.
     * Reveals the server seed.
     */
    record MatchEnded(Seat winner, String reason, List<Seat> losers, String serverSeed)
            implements BiomeEvent, Lifecycle.Ended {}
}
