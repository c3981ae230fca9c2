package io.duelhall.domain.casket;

import io.duelhall.domain.Lifecycle;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.Seat;
import java.util.List;

/**
 * Everything that can happen in a casket match. Each event carries the resulting values, so evolve
 * only assigns. Hidden parts (deck orders, a drawn card, a deck list, cards returned by a mulligan,
 * the wound deck order, the server seed) are blanked by {@link Redaction}. Simple names are unique
 * in the project (prefixed where another ruleset has the word). Stored as {@code casket.<Type>}
 * (released-casket-event-names.txt).
 */
public sealed interface CasketEvent extends MatchEvent {

    /** Opens a match; {@code serverSeed} (hex) is secret until {@link CasketMatchEnded}. */
    record CasketMatchCreated(
            String matchId,
            String ruleset,
            String engineVersion,
            String catalogVersion,
            MatchOptions options,
            int seats,
            String seedCommitment,
            String serverSeed)
            implements CasketEvent, MatchOpening {}

    /**
     * C-D-DECK-1: a seat with its Casket ({@code casket} a starter id, {@code casketType}) and deck
     * (sorted; seen only by its seat until the end).
     */
    record PilotJoined(
            Seat seat,
            String name,
            String casket,
            CasketType casketType,
            List<String> deck,
            String clientSeed,
            String accountId)
            implements CasketEvent, Lifecycle.SeatTaken {}

    /** C-D-MAP-2: every seat is taken; the map (from the seed) and where each seat deploys. */
    record ArenaMatchStarted(String map, List<Deployed> deployments)
            implements CasketEvent, Lifecycle.Started {}

    /** A casket on its deployment hex. */
    record Deployed(Seat seat, Hex hex, int facing) {}

    /**
     * A seat's HP deck, top first, with instance ids ({@code reason} SETUP or MULLIGAN); {@code
     * order} hidden from everyone until the end.
     */
    record HpDeckShuffled(Seat seat, String reason, int size, List<CardRef> order)
            implements CasketEvent {}

    /** The Pilot Wound deck, face down ({@code order} of wound ids hidden until the end). */
    record WoundDeckShuffled(Seat seat, int size, List<String> order) implements CasketEvent {}

    /** The top card of the HP deck into the hand; {@code card} seen only by its seat. */
    record HpCardDrawn(Seat seat, CardRef card, int handCount, int deckCount)
            implements CasketEvent {}

    /** The seat's one mulligan decision; taken: the hand goes back (HandReturned), 6 new. */
    record MulliganDecided(Seat seat, boolean taken) implements CasketEvent {}

    /** The hand back into the deck (cards seen only by the seat); a shuffle follows. */
    record HandReturned(Seat seat, List<CardRef> cards, int deckCount) implements CasketEvent {}

    /**
     * C-DRAW-2: the discard pile and one new Damage card shuffled into a new deck ({@code order}
     * hidden).
     */
    record DiscardReshuffled(Seat seat, CardRef damageCard, int size, List<CardRef> order)
            implements CasketEvent {}

    /**
     * C-DICE-1, C-D-DICE-3: dice rolled from the seed; {@code index} is the match's count of dice
     * before these, so die {@code index + i} came from stream "die:" + (index + i).
     */
    record DiceRolled(
            Seat seat,
            String purpose,
            String die,
            int index,
            List<Integer> rolls,
            List<String> faces,
            List<Integer> values)
            implements CasketEvent {}

    /** C-SEATS-1: initiative decided; {@code order} is who acts, first to last, this round. */
    record RoundStarted(int round, List<Seat> order) implements CasketEvent {}

    record CasketTurnStarted(Seat seat, int turn, int round)
            implements CasketEvent, Lifecycle.TurnBegan {}

    /** C-SP-1: SP set to the maximum; this turn's counters reset. */
    record SpRestored(Seat seat, int sp, int max) implements CasketEvent {}

    /** C-HEAT-1: the Strain row applied ({@code total} 0 when not rolled, at 10+ Heat). */
    record StrainApplied(Seat seat, int total, Tables.Strain row) implements CasketEvent {}

    /** Heat changed by {@code delta} to {@code heat}, for {@code reason}. */
    record HeatChanged(Seat seat, int delta, int heat, String reason) implements CasketEvent {}

    /** SP spent (or lost): {@code sp} left, {@code spent} and {@code overspent} this turn. */
    record SpSpent(Seat seat, int amount, int sp, int spent, int overspent, String reason)
            implements CasketEvent {}

    /**
     * Cards to the discard pile from the hand or the top of the deck ({@code from} HAND or DECK),
     * face up.
     */
    record CardsDiscarded(
            Seat seat,
            String from,
            List<CardRef> cards,
            String reason,
            int handCount,
            int deckCount)
            implements CasketEvent {}

    /** C-MAP-1: moved along {@code path} (each hex adjacent to the last), paying {@code cost}. */
    record CasketMoved(Seat seat, List<Hex> path, int cost) implements CasketEvent {}

    /** The turn's one free rotation. */
    record CasketRotated(Seat seat, int facing) implements CasketEvent {}

    /** A card played from the hand (to the discard pile once resolved). */
    record CasketCardPlayed(Seat seat, CardRef card, int handCount) implements CasketEvent {}

    /** The next attack this turn deals {@code buff} more and needs {@code aim} less. */
    record AttackBuffed(Seat seat, int buff, int aim) implements CasketEvent {}

    /** C-D-HIT-1: an attack declared with its to-hit number and modifiers. */
    record AttackDeclared(
            Seat attacker,
            Seat defender,
            CardRef card,
            Component component,
            int need,
            List<String> modifiers)
            implements CasketEvent {}

    /** The attack roll missed: the attack is over. */
    record AttackMissed(Seat attacker, Seat defender, int total, int need) implements CasketEvent {}

    /** The attack roll hit: {@code damage} before reactive cards and defence dice. */
    record AttackHit(Seat attacker, Seat defender, int total, Tables.Result result, int damage)
            implements CasketEvent {}

    /** C-REACT-1: the defender's one reactive card. */
    record ReactivePlayed(Seat seat, CardRef card, int reduce) implements CasketEvent {}

    /** C-REACT-1: the defender plays no reactive card (or holds none it could play). */
    record ReactiveDeclined(Seat seat) implements CasketEvent {}

    /** The defence dice read (C-D-DICE-2): what the defender pays now. */
    record DefenceResolved(
            Seat seat, int blocks, int criticals, int heat, int pierce, int finalDamage)
            implements CasketEvent {}

    /** The attack is over. */
    record AttackResolved(Seat attacker, Seat defender) implements CasketEvent {}

    /** Component Damage marked; {@code destroyed} when it reached 3 now. */
    record ComponentDamaged(
            Seat seat, Component component, int amount, int total, boolean destroyed)
            implements CasketEvent {}

    /** The top wound card flipped face up, for good (C-D-WOUND-1). */
    record WoundFlipped(Seat seat, String wound, int flipped, String reason)
            implements CasketEvent {}

    /**
     * The seat is out of the match ({@code reason}: DESTROYED, DECKED_OUT, PILOT_DEAD, CONCEDED,
     * TIMEOUT); {@code place} it finishes in, shared by seats falling in one decision (C-D-END-2).
     */
    record CasketDefeated(Seat seat, String reason, int place) implements CasketEvent {}

    /** The action phase is over; {@code sp} stays for reactive cards (C-REACT-1). */
    record ActionPhaseEnded(Seat seat, int sp) implements CasketEvent {}

    /** End phase: the hand is over 6, the seat owes a discard of {@code discard} cards. */
    record HandLimitExceeded(Seat seat, int discard) implements CasketEvent {}

    record CasketTurnEnded(Seat seat) implements CasketEvent {}

    /** A seat's clock ran out ({@code timeouts}: its turn timeouts so far). */
    record CasketTimedOut(Seat seat, String decision, int timeouts) implements CasketEvent {}

    /**
     * C-D-END-1: the last seat standing wins; {@code placings} first to last, seats that fell at
     * once share a place (C-D-END-2, the basis for N-seat ratings).
     */
    record CasketMatchEnded(
            Seat winner,
            List<Seat> losers,
            String reason,
            String serverSeed,
            List<List<Seat>> placings)
            implements CasketEvent, Lifecycle.Ended {}
}
