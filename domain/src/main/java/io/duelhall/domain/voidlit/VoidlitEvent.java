package io.duelhall.domain.voidlit;

import io.duelhall.domain.Lifecycle;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.Seat;
import java.util.List;

/**
 * Everything that can happen in a voidlit match. Each event carries the resulting values, so evolve
 * and projections only assign. Hidden parts (a deck order, a drawn card, the returned cards of a
 * mulligan, a deck list, the server seed) are blanked by {@link Redaction} for whoever may not see
 * them.
 */
public sealed interface VoidlitEvent extends MatchEvent {

    /** Opens a match. {@code serverSeed} (hex) is secret until {@link MatchEnded} reveals it. */
    record MatchCreated(
            String matchId,
            String ruleset,
            String engineVersion,
            String catalogVersion,
            MatchOptions options,
            String seedCommitment,
            String serverSeed)
            implements VoidlitEvent, MatchOpening {}

    /** {@code deck} (40 catalog ids, sorted) is seen only by its own seat until the end. */
    record PlayerJoined(
            Seat seat,
            String name,
            String parallel,
            List<String> deck,
            String clientSeed,
            String accountId)
            implements VoidlitEvent, Lifecycle.SeatTaken {}

    /**
     * L-START-1: the first seat, drawn from the match seed. The mulligans follow, the first seat's
     * first.
     */
    record MatchStarted(Seat firstSeat) implements VoidlitEvent, Lifecycle.Started {}

    /**
     * The seat's deck in a new order with instance ids, top first: at setup, and after a mulligan
     * (L-D-MULLIGAN-2). {@code order} is hidden from everyone until the end.
     */
    record DeckShuffled(Seat seat, int size, List<CardRef> order) implements VoidlitEvent {}

    /**
     * The top card of the deck into the hand; {@code card} is seen only by the drawing seat until
     * the end.
     */
    record CardDrawn(Seat seat, CardRef card, int handCount, int deckCount)
            implements VoidlitEvent {}

    /** L-HAND-1: the top card drawn into a full hand, shown to both and Wasted. */
    record CardOverdrawn(Seat seat, CardRef card, int deckCount) implements VoidlitEvent {}

    /**
     * L-WASTE-1: a draw from an empty deck took {@code card} (null when the Waste was empty,
     * L-D-WASTE-2) from the Waste, at random from the seed (L-D-WASTE-1), and cost {@code
     * healthLost}; {@code searches} counts the seat's searches so far; {@code toHand} false when
     * the hand was full (the card stays in the Waste, L-D-WASTE-3).
     */
    record WasteSearched(
            Seat seat, CardRef card, int searches, int healthLost, int health, boolean toHand)
            implements VoidlitEvent {}

    /**
     * L-START-1: the seat returned {@code count} cards (which ones: its own seat only) to its deck.
     */
    record MulliganTaken(Seat seat, List<CardRef> returned, int count) implements VoidlitEvent {}

    record TurnStarted(Seat seat, int turn) implements VoidlitEvent, Lifecycle.TurnBegan {}

    /**
     * L-ENERGY-1: Energy set to the Bank's size; unspent Energy is gone. Fatigue ends for the
     * seat's Units.
     */
    record EnergyRefilled(Seat seat, int energy, int maxEnergy) implements VoidlitEvent {}

    /** L-ENERGY-1, L-D-BANK-1: a card from the hand into the Bank (face up); +1 Energy at once. */
    record CardBanked(Seat seat, CardRef card, int bankSize, int energy) implements VoidlitEvent {}

    /** A card leaves the hand to be played; {@code target} is what it names, or null. */
    record CardPlayed(Seat seat, CardRef card, String cardType, int cost, TargetRef target)
            implements VoidlitEvent {}

    record EnergySpent(Seat seat, int amount, int energy) implements VoidlitEvent {}

    record EnergyGained(Seat seat, int amount, int energy) implements VoidlitEvent {}

    /** A Unit enters the Field with Fatigue (L-FATIGUE-1) unless it is Swift. */
    record UnitDeployed(Seat seat, Unit unit) implements VoidlitEvent {}

    record RelicPlaced(Seat seat, CardRef card) implements VoidlitEvent {}

    /** A Relic's start-of-turn effects resolve; their events follow. */
    record RelicTriggered(Seat seat, CardRef card) implements VoidlitEvent {}

    /** An Upgrade is attached to a Unit: the Unit's values after. */
    record UpgradeEquipped(
            Seat seat,
            CardRef card,
            String unit,
            int attack,
            int health,
            int maxHealth,
            List<String> keywords)
            implements VoidlitEvent {}

    /** A Unit's values changed by an effect (BUFF). */
    record UnitBuffed(Seat seat, String unit, int attack, int health, int maxHealth)
            implements VoidlitEvent {}

    /**
     * L-FATIGUE-1: {@code attacker} attacks a Unit of {@code targetSeat} ({@code target} its id) or
     * the player (null).
     */
    record UnitAttacked(Seat seat, String attacker, Seat targetSeat, String target)
            implements VoidlitEvent {}

    record UnitDamaged(Seat seat, String unit, int amount, int health) implements VoidlitEvent {}

    /** A Unit at 0 Health or less goes to its owner's Waste, its Upgrades with it. */
    record UnitDestroyed(Seat seat, CardRef unit, List<CardRef> upgrades) implements VoidlitEvent {}

    /** A player lost Health: {@code cause} ATTACK, EFFECT, RELIC. */
    record HealthLost(Seat seat, int amount, int health, String cause) implements VoidlitEvent {}

    /** Health restored, never above 30 (L-D-HEAL-1). */
    record HealthRestored(Seat seat, int amount, int health) implements VoidlitEvent {}

    /** A played Effect, its work done, goes to the Waste. */
    record CardWasted(Seat seat, CardRef card) implements VoidlitEvent {}

    /**
     * The seat's clock ran out: {@code clock} TURN or MULLIGAN; {@code timeouts} counts its turn
     * timeouts.
     */
    record TurnTimedOut(Seat seat, String clock, int turn, int timeouts) implements VoidlitEvent {}

    record TurnEnded(Seat seat, int turn) implements VoidlitEvent {}

    /**
     * The match is over: {@code winner} null and {@code losers} empty is a draw (L-END-1). Reveals
     * the server seed.
     */
    record MatchEnded(Seat winner, String reason, List<Seat> losers, String serverSeed)
            implements VoidlitEvent, Lifecycle.Ended {}
}
