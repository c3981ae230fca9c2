// voidlit's event log in words (issue 44): one function per event type, every number from the event, every name
// from the catalog or from what the log has shown ("B's Ember Whelp attacks A", "A loses 2 Health (28 left)").
import { Teller, words, plural } from './tell.js';

const REASONS = { HEALTH: 'Health at 0', CONCEDED: 'conceded', TIMEOUT: 'timed out', DECKED_OUT: 'decked out', EXPIRED: 'expired: a seat was never taken' };
const CAUSES = { ATTACK: 'an attack', EFFECT: 'an effect', RELIC: 'a Relic', SEARCH: 'a Waste search' };

const WORDS = {
  MatchCreated(p) { return `Match created (${p.ruleset}); seed committed ${String(p.seedCommitment || '').slice(0, 12)}…`; },
  PlayerJoined(p) { return `${p.name} takes seat ${p.seat}${p.parallel ? ` (${words(p.parallel)})` : ''}`; },
  MatchStarted(p) { return `The match starts: ${p.firstSeat} goes first`; },
  DeckShuffled(p) { return `${p.seat}'s deck is shuffled (${p.size} cards)`; },
  CardDrawn(p) {
    const what = p.card && p.card.card ? this.ref(p.card) : 'a card';
    return `${p.seat} draws ${what} (${p.deckCount} left in deck)`;
  },
  CardOverdrawn(p) { return `${p.seat}'s hand is full: ${this.ref(p.card)} is drawn and goes to the Waste`; },
  WasteSearched(p) {
    const found = p.card ? this.ref(p.card) : 'nothing (the Waste is empty)';
    const where = p.card ? (p.toHand ? ' into the hand' : ', which stays in the Waste (hand full)') : '';
    return `${p.seat}'s deck is empty: searching the Waste costs ${p.healthLost} Health (${p.health} left) and finds ${found}${where}`;
  },
  MulliganTaken(p) {
    const which = (p.returned || []).filter((r) => r && r.card);
    return p.count ? `${p.seat} takes a mulligan: ${plural(p.count, 'card')} back to the deck${which.length ? ` (${which.map((r) => this.ref(r)).join(', ')})` : ''}`
      : `${p.seat} keeps the hand`;
  },
  TurnStarted(p) { return `Turn ${p.turn}: ${p.seat} to play`; },
  EnergyRefilled(p) { return `${p.seat}'s Energy refills to ${p.energy}/${p.maxEnergy}`; },
  CardBanked(p) { return `${p.seat} banks ${this.ref(p.card)}: Bank ${p.bankSize}, Energy ${p.energy}`; },
  CardPlayed(p) {
    const at = p.target ? ` at ${this.target(p.target)}` : '';
    return `${p.seat} plays ${this.ref(p.card)}${at} (${p.cost} Energy)`;
  },
  EnergySpent(p) { return `${p.seat} spends ${p.amount} Energy (${p.energy} left)`; },
  EnergyGained(p) { return `${p.seat} gains ${p.amount} Energy (${p.energy})`; },
  UnitDeployed(p) {
    const u = p.unit || {};
    if (u.id && u.card) this.names.set(u.id, u.card);
    const kw = (u.keywords || []).length ? `, ${u.keywords.map(words).join(', ')}` : '';
    return `${p.seat}'s ${this.card(u.card)} enters the Field (${u.attack}/${u.health}${kw}${u.fatigued ? ', fatigued' : ''})`;
  },
  RelicPlaced(p) { return `${p.seat} places the Relic ${this.ref(p.card)}`; },
  RelicTriggered(p) { return `${p.seat}'s Relic ${this.ref(p.card)} takes effect`; },
  UpgradeEquipped(p) {
    return `${p.seat} equips ${this.ref(p.card)} to ${this.instance(p.unit, 'a Unit')}: now ${p.attack}/${p.health}`;
  },
  UnitBuffed(p) { return `${p.seat}'s ${this.instance(p.unit, 'Unit')} is now ${p.attack}/${p.health}`; },
  UnitAttacked(p) {
    const target = p.target ? `${p.targetSeat}'s ${this.instance(p.target, 'Unit')}` : p.targetSeat;
    return `${p.seat}'s ${this.instance(p.attacker, 'Unit')} attacks ${target}`;
  },
  UnitDamaged(p) {
    return `${p.seat}'s ${this.instance(p.unit, 'Unit')} takes ${p.amount} damage (${Math.max(0, p.health)} Health left)`;
  },
  UnitDestroyed(p) {
    const ups = (p.upgrades || []).length ? `, with ${p.upgrades.map((u) => this.ref(u)).join(', ')}` : '';
    return `${p.seat}'s ${this.ref(p.unit)} is destroyed${ups}`;
  },
  HealthLost(p) { return `${p.seat} loses ${p.amount} Health to ${CAUSES[p.cause] || words(p.cause)} (${p.health} left)`; },
  HealthRestored(p) { return `${p.seat} restores ${p.amount} Health (${p.health})`; },
  CardWasted(p) { return `${this.ref(p.card)} goes to ${p.seat}'s Waste`; },
  TurnTimedOut(p) { return `${p.seat}'s ${words(p.clock)} clock ran out (${plural(p.timeouts, 'turn timeout')})`; },
  TurnEnded(p) { return `${p.seat} ends turn ${p.turn}`; },
  MatchEnded(p) {
    const why = REASONS[p.reason] || words(p.reason);
    return p.winner ? `Match over: ${p.winner} wins (${why})` : `Match over: a draw (${why})`;
  },
};

/** The events that are a seat's play, the newest named above the board. */
export const VOIDLIT_PLAYS = new Set(['CardPlayed', 'UnitAttacked', 'CardBanked']);

export class VoidlitTeller extends Teller {
  constructor(cards) {
    super(cards, WORDS);
    this.plays = VOIDLIT_PLAYS;
  }

  target(t) {
    return t.kind === 'UNIT' ? `${t.seat}'s ${this.instance(t.id, 'Unit')}` : `player ${t.seat}`;
  }
}
