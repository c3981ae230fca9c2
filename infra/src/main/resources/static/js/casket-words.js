// casket's event log in words (issue 44): "D attacks B's head with Missile Pod: needs 7 (base 5, range 6 +1, arc
// FRONT +1)", "D rolls DEATH BLOW + HEAVY = 9", "D hits B: 9 against 7, critical, 5 damage". Every number from the
// event, card names from the catalog.
import { Teller, words, list, plural } from './tell.js';

const FACINGS = ['north', 'north-east', 'south-east', 'south', 'south-west', 'north-west'];
const DEFEATS = {
  DESTROYED: 'its Casket is destroyed', DECKED_OUT: 'its HP deck ran out', PILOT_DEAD: 'its pilot is dead', CONCEDED: 'conceded',
  TIMEOUT: 'timed out',
};
const ENDS = { LAST_STANDING: 'the last Casket standing', TIME_LIMIT: 'the time limit', EXPIRED: 'expired: a seat was never taken' };
const HEAT = {
  CARD: 'a card', DEFENCE_DICE: 'the defence dice', IDLE: 'an idle turn', OVERSPEND: 'overspending', VENT: 'venting',
  WATER: 'standing in water', WOUND: 'a wound', STRAIN: 'strain',
};
const STRAIN = {
  MINOR_OVERLOAD: 'minor overload', SP_DRAIN: 'SP drain', SYSTEM_DAMAGE: 'system damage', CRITICAL_FAILURE: 'critical failure',
};
const DISCARDS = {
  CARD: 'for a card', DAMAGE: 'as damage', HAND_LIMIT: 'over the hand limit', OVERSPEND: 'to overspend',
  LEFT_ARM_DESTROYED: 'as its left arm is destroyed', RIGHT_ARM_DESTROYED: 'as its right arm is destroyed', STRAIN: 'to strain',
  WOUND: 'to a wound',
};
const SPENDS = { CARD: 'a card', MOVE: 'moving', REACTIVE: 'a reactive card', STRAIN: 'strain', VENT: 'venting', ROTATE: 'turning' };
const hex = (h) => (h ? `${h.q},${h.r}` : '?');
const faces = (d) => (d.faces || d.rolls || []).map((f) => String(f).replace(/_/g, ' '));

const WORDS = {
  CasketMatchCreated(p) {
    return `Match created (${p.ruleset}, ${plural(p.seats, 'seat')}); seed committed ${String(p.seedCommitment || '').slice(0, 12)}…`;
  },
  PilotJoined(p) { return `${p.name} takes seat ${p.seat} with the ${words(p.casketType)} Casket ${String(p.casket).replace(/-/g, ' ')}`; },
  ArenaMatchStarted(p) {
    const where = (p.deployments || []).map((d) => `${d.seat} at ${hex(d.hex)} facing ${FACINGS[d.facing] || d.facing}`);
    return `The match starts on the map ${words(p.map)}: ${where.join(', ')}`;
  },
  HpDeckShuffled(p) { return `${p.seat}'s HP deck is shuffled (${p.size} cards${p.reason === 'MULLIGAN' ? ', after the mulligan' : ''})`; },
  WoundDeckShuffled(p) { return `${p.seat}'s wound deck is shuffled (${p.size} cards, face down)`; },
  HpCardDrawn(p) {
    const what = p.card && p.card.card ? this.ref(p.card) : 'a card';
    return `${p.seat} draws ${what} (${p.deckCount} left in deck)`;
  },
  MulliganDecided(p) { return p.taken ? `${p.seat} takes a mulligan` : `${p.seat} keeps the hand`; },
  HandReturned(p) { return `${p.seat}'s hand goes back into the deck (${p.deckCount} cards)`; },
  DiscardReshuffled(p) { return `${p.seat}'s discard pile and a Damage card are shuffled into a new deck (${p.size} cards)`; },
  DiceRolled(p) {
    const f = faces(p);
    const sum = (p.values || []).reduce((a, x) => a + x, 0);
    switch (p.purpose) {
      case 'ATTACK': return `${p.seat} rolls ${f.join(' + ')} = ${sum}`;
      case 'DEFENCE': return `${p.seat} rolls the defence dice: ${f.join(', ') || 'none'}`;
      case 'COMPONENT': return `${p.seat} rolls ${f.join(', ')} for the component hit`;
      case 'INITIATIVE': return `${p.seat} rolls ${f.join(', ')} for initiative`;
      case 'STRAIN': return `${p.seat} rolls ${f.join(', ')} for strain`;
      default: return `${p.seat} rolls ${f.join(', ')} (${words(p.purpose)})`;
    }
  },
  RoundStarted(p) { return `Round ${p.round}: the order is ${(p.order || []).join(', ')}`; },
  CasketTurnStarted(p) { return `Turn ${p.turn} (round ${p.round}): ${p.seat} to act`; },
  SpRestored(p) { return `${p.seat}'s SP restored to ${p.sp}/${p.max}`; },
  StrainApplied(p) {
    const row = STRAIN[p.row] || words(p.row);
    return p.total ? `${p.seat}'s strain roll totals ${p.total}: ${row}` : `${p.seat}'s Heat is critical: ${row}`;
  },
  HeatChanged(p) {
    const by = p.delta >= 0 ? `rises by ${p.delta}` : `falls by ${-p.delta}`;
    return `${p.seat}'s Heat ${by} to ${p.heat} (${HEAT[p.reason] || words(p.reason)})`;
  },
  SpSpent(p) {
    const over = p.overspent ? `, ${p.overspent} overspent this turn` : '';
    return `${p.seat} spends ${p.amount} SP on ${SPENDS[p.reason] || words(p.reason)} (${p.sp} left${over})`;
  },
  CardsDiscarded(p) {
    const cards = (p.cards || []).map((c) => this.ref(c));
    const from = p.from === 'DECK' ? 'from the top of the deck' : 'from the hand';
    return `${p.seat} discards ${list(cards) || 'nothing'} ${from} ${DISCARDS[p.reason] || `(${words(p.reason)})`}`;
  },
  CasketMoved(p) {
    const path = (p.path || []).map(hex);
    return `${p.seat} moves to ${path[path.length - 1] || '?'}${path.length > 1 ? ` by ${path.join(' → ')}` : ''} (${p.cost} SP)`;
  },
  CasketRotated(p) { return `${p.seat} turns to face ${FACINGS[p.facing] || p.facing}`; },
  CasketCardPlayed(p) { return `${p.seat} plays ${this.ref(p.card)}`; },
  AttackBuffed(p) {
    const parts = [p.buff ? `+${p.buff} damage` : null, p.aim ? `${p.aim} easier to hit` : null].filter(Boolean);
    return `${p.seat}'s next attack this turn: ${parts.join(', ') || 'no change'}`;
  },
  AttackDeclared(p) {
    const mods = (p.modifiers || []).length ? ` (${p.modifiers.join(', ')})` : '';
    return `${p.attacker} attacks ${p.defender}'s ${words(p.component)} with ${this.ref(p.card)}: needs ${p.need}${mods}`;
  },
  AttackMissed(p) { return `${p.attacker} misses ${p.defender}: ${p.total} against ${p.need}`; },
  AttackHit(p) { return `${p.attacker} hits ${p.defender}: ${p.total}, ${words(p.result)}, ${p.damage} damage`; },
  ReactivePlayed(p) { return `${p.seat} reacts with ${this.ref(p.card)}: −${p.reduce} damage`; },
  ReactiveDeclined(p) { return `${p.seat} plays no reactive card`; },
  DefenceResolved(p) {
    const parts = [p.blocks ? `${p.blocks} blocked` : null, p.criticals ? `${plural(p.criticals, 'critical')}` : null,
      p.pierce ? `${p.pierce} pierce` : null, p.heat ? `+${p.heat} Heat` : null].filter(Boolean);
    return `${p.seat}'s defence: ${parts.join(', ') || 'nothing'}; ${p.seat} pays ${p.finalDamage} damage`;
  },
  AttackResolved(p) { return `${p.attacker}'s attack on ${p.defender} is over`; },
  ComponentDamaged(p) {
    return `${p.seat}'s ${words(p.component)} takes ${p.amount} Component Damage (${p.total} in all)${p.destroyed ? ': destroyed' : ''}`;
  },
  WoundFlipped(p) { return `${p.seat}'s pilot is wounded: ${String(p.wound).replace(/-/g, ' ')} (${p.flipped} face up; ${words(p.reason)})`; },
  CasketDefeated(p) { return `${p.seat} is out: ${DEFEATS[p.reason] || words(p.reason)} (place ${p.place})`; },
  ActionPhaseEnded(p) { return `${p.seat} ends the action phase (${p.sp} SP kept for reactions)`; },
  HandLimitExceeded(p) { return `${p.seat}'s hand is over the limit: ${p.seat} must discard ${p.discard}`; },
  CasketTurnEnded(p) { return `${p.seat} ends the turn`; },
  CasketTimedOut(p) { return `${p.seat}'s clock ran out on ${words(p.decision)} (${plural(p.timeouts, 'turn timeout')})`; },
  CasketMatchEnded(p) {
    const placings = (p.placings || []).map((seats, i) => `${i + 1}. ${seats.join(' and ')}`).join(', ');
    const why = ENDS[p.reason] || words(p.reason);
    return `${p.winner ? `Match over: ${p.winner} wins` : 'Match over: a draw'} (${why})${placings ? `; placings ${placings}` : ''}`;
  },
};

/** The events that are a seat's play, the newest named above the board. */
export const CASKET_PLAYS = new Set(['CasketCardPlayed', 'AttackDeclared', 'CasketMoved', 'CasketRotated', 'ReactivePlayed']);

export class CasketTeller extends Teller {
  constructor(cards) {
    super(cards, WORDS);
    this.plays = CASKET_PLAYS;
  }
}
