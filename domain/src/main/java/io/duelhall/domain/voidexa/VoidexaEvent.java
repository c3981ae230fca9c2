package io.duelhall.domain.voidexa;

import io.duelhall.domain.Lifecycle;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Target;
import io.duelhall.domain.voidexa.cards.Subsystem;
import java.util.List;
import java.util.Map;

/**
 * Everything that can happen in a voidexa match. Each event says exactly what changed and carries
 * the resulting values, so evolve and projections only assign, never recompute rules. Stored events
 * are never changed incompatibly: new fields are optional.
 */
public sealed interface VoidexaEvent extends MatchEvent {

    /** Opens a match. {@code serverSeed} (hex) is secret until {@link MatchEnded} reveals it. */
    record MatchCreated(
            String matchId,
            String ruleset,
            String engineVersion,
            String catalogVersion,
            MatchOptions options,
            String seedCommitment,
            String serverSeed)
            implements VoidexaEvent, io.duelhall.domain.MatchOpening {}

    /**
     * {@code deck} (the 60 catalog ids) is seen only by its own seat until the end. {@code
     * accountId} is the registered player's account id when the seat was taken with a player token;
     * null for a guest (and in every event written before identities existed).
     */
    record PlayerJoined(
            Seat seat,
            String name,
            String pilotClass,
            String shipCore,
            List<String> deck,
            String clientSeed,
            String accountId)
            implements VoidexaEvent, Lifecycle.SeatTaken {
        public PlayerJoined(
                Seat seat,
                String name,
                String pilotClass,
                String shipCore,
                List<String> deck,
                String clientSeed) {
            this(seat, name, pilotClass, shipCore, deck, clientSeed, null);
        }
    }

    record MatchStarted(Seat firstSeat) implements VoidexaEvent, Lifecycle.Started {}

    /**
     * The deck order with fresh instance ids; {@code order} is hidden from everyone until the end.
     */
    record DeckShuffled(Seat seat, int size, List<CardRef> order) implements VoidexaEvent {}

    /** {@code card} is seen only by the drawing seat until the end. */
    record CardDrawn(Seat seat, CardRef card, int handCount, int deckCount)
            implements VoidexaEvent {}

    /** V-START-2: an empty-deck draw; the seat's max hand size drops by one. */
    record FatigueApplied(Seat seat, int emptyDraws, int maxHandSize) implements VoidexaEvent {}

    record TurnStarted(Seat seat, int turn) implements VoidexaEvent, Lifecycle.TurnBegan {}

    /** V-WIN-2: the count of consecutive own turns started with Life Support at 0. */
    record LifeSupportCounted(Seat seat, int zeroTurns) implements VoidexaEvent {}

    /** Current Heat lowered: at start of turn (V-START-1) or by a vent (V-HEAT-3). */
    record HeatDecreased(Seat seat, int amount, int heat, String cause) implements VoidexaEvent {}

    record ShieldRegenerated(Seat seat, int amount, int shield) implements VoidexaEvent {}

    /** Energy set by Reactor tier plus ramp (V-START-1); unspent energy does not carry over. */
    record EnergyRefilled(Seat seat, int energy, int maxEnergy) implements VoidexaEvent {}

    /**
     * A triggered ability fires; its effects follow as their own events. {@code source} is an
     * instance id, "core" or "pilot".
     */
    record AbilityTriggered(Seat seat, String source, String card, String timing)
            implements VoidexaEvent {}

    record MainPhaseStarted(Seat seat) implements VoidexaEvent {}

    /** V-MAIN-1: a drone attacks; a DamageRouted follows. */
    record DroneAttacked(Seat seat, String drone, int damage, boolean pierce)
            implements VoidexaEvent {}

    /** A card leaves the hand and is put on the table to resolve. */
    record CardPlayed(
            Seat seat,
            CardRef card,
            String cardType,
            List<Target> targets,
            int printedCost,
            int totalCost,
            int heat,
            boolean response)
            implements VoidexaEvent {}

    record EnergySpent(Seat seat, int amount, int energy) implements VoidexaEvent {}

    /** V-HEAT-1: Heat added to the pending Heat, applied at end of turn. */
    record HeatPending(Seat seat, int amount, int pending) implements VoidexaEvent {}

    record AbilityActivated(Seat seat, CardRef card, int ability, String name, List<Target> targets)
            implements VoidexaEvent {}

    /**
     * V-REACT-1: {@code card}, played by {@code seat}, waits while {@code responder} may answer.
     */
    record ResponseWindowOpened(Seat responder, Seat seat, CardRef card) implements VoidexaEvent {}

    record ResponseWindowClosed(Seat responder, boolean answered) implements VoidexaEvent {}

    /** V-REACT-1: the card's targets were gone when it came to resolve. */
    record CardCancelled(Seat seat, CardRef card, String reason) implements VoidexaEvent {}

    /**
     * One application of damage to a ship (V-DMG-1/2): how much was asked, how much the shield
     * absorbed, how much reached which subsystem, and the values after.
     */
    record DamageRouted(
            Seat target,
            Seat source,
            String cause,
            int requested,
            boolean pierce,
            int absorbedByShield,
            Map<Subsystem, Integer> damage,
            Map<Subsystem, Integer> after)
            implements VoidexaEvent {}

    /** V-DMG-4: damage to a drone, its shield first. */
    record DroneDamaged(
            Seat owner,
            String drone,
            Seat source,
            int requested,
            int absorbedByShield,
            int hullDamage,
            int shield,
            int hull)
            implements VoidexaEvent {}

    /** The drone goes to its owner's discard. */
    record DroneDestroyed(Seat owner, CardRef drone) implements VoidexaEvent {}

    record SubsystemRepaired(Seat seat, Subsystem subsystem, int amount, int value)
            implements VoidexaEvent {}

    record ShieldRaised(Seat seat, int amount, int shield) implements VoidexaEvent {}

    record EnergyGained(Seat seat, int amount, int energy) implements VoidexaEvent {}

    record MaxEnergyIncreased(Seat seat, int amount, int ramp) implements VoidexaEvent {}

    record DroneDeployed(Seat seat, Drone drone) implements VoidexaEvent {}

    /** Own drones get +damage (and Pierce) until the end of global turn {@code untilTurn}. */
    /**
     * The seat's next Weapon card this turn deals {@code amount} more damage to each target; {@code
     * charge}: in all (D-CAT-3).
     */
    record WeaponCharged(Seat seat, int amount, int charge) implements VoidexaEvent {}

    /** A Weapon card of the seat takes the whole charge as a damage bonus (D-CAT-3). */
    record WeaponChargeSpent(Seat seat, CardRef card, int amount) implements VoidexaEvent {}

    /**
     * The seat's drones have Pierce at their next attack (Targeting AI, D-DRONE-3; engine
     * voidexa-1.2.0).
     */
    record DronePierceCharged(Seat seat) implements VoidexaEvent {}

    /**
     * The seat's drones attacked with the Pierce of {@link DronePierceCharged}: it is spent
     * (D-DRONE-3).
     */
    record DronePierceSpent(Seat seat) implements VoidexaEvent {}

    record DronesBoosted(Seat seat, int damage, boolean pierce, int untilTurn)
            implements VoidexaEvent {}

    record DroneRepaired(Seat seat, String drone, int hull, int shield) implements VoidexaEvent {}

    /** A module, equipment or AI routine is installed. */
    record CardEnteredPlay(Seat seat, CardRef card) implements VoidexaEvent {}

    record FieldActivated(Seat seat, CardRef card) implements VoidexaEvent {}

    /** V-FIELD-1: replaced by the same seat's new field, or destroyed; goes to the discard. */
    record FieldDestroyed(Seat seat, CardRef card) implements VoidexaEvent {}

    /** A card in play destroyed by an effect; goes to its owner's discard. */
    record CardDestroyed(Seat seat, CardRef card) implements VoidexaEvent {}

    /**
     * A card put in the discard: {@code from} is HAND (discard down) or PLAY (after resolving or
     * cancelled).
     */
    record CardDiscarded(Seat seat, CardRef card, String from) implements VoidexaEvent {}

    record CardReturnedToHand(Seat seat, CardRef card) implements VoidexaEvent {}

    record CardExiled(Seat seat, CardRef card) implements VoidexaEvent {}

    /**
     * A seat's clock ran out and the server acts for it (D-CLOCK-1..3): {@code clock} is TURN,
     * RESPONSE or DISCARD; {@code timeouts} counts the seat's turn timeouts in this match (three
     * lose).
     */
    record TurnTimedOut(Seat seat, String clock, int turn, int timeouts) implements VoidexaEvent {}

    /** The active seat ends its main phase; the end-of-turn steps follow (V-END-1). */
    record EndOfTurnBegan(Seat seat, int turn) implements VoidexaEvent {}

    /** V-HEAT-1: pending Heat applied at once, capped at 10. */
    record HeatApplied(Seat seat, int amount, int heat) implements VoidexaEvent {}

    /** V-END-2: the turn waits until the seat discards exactly {@code count} cards. */
    record DiscardRequired(Seat seat, int count) implements VoidexaEvent {}

    record TurnEnded(Seat seat, int turn) implements VoidexaEvent {}

    /**
     * The match is over. {@code winner} is null when both lost; {@code triggeredBy} is the seat
     * whose effect or action ended it, if any. Reveals the server seed.
     */
    record MatchEnded(
            Seat winner, String reason, List<Seat> losers, Seat triggeredBy, String serverSeed)
            implements VoidexaEvent, Lifecycle.Ended {}
}
