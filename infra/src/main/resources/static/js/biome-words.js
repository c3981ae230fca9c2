// biome's event log in words (issue 44): "B's Ridge Runner attacks Ember Crater", "A plays Ion Bolt at B's Bulwark
// Sentinel (queue: 2)", "Ion Bolt resolves". Every number from the event; names from the catalog (agents, cards and
// the biomes themselves) and from what the log has shown (which agent an instance id is, where it advanced, what a
// queue entry was).
import { Teller, words, list, plural } from './tell.js';

const REASONS = {
  BIOMES: 'two biomes lost', DECKED_OUT: 'decked out', CONCEDED: 'conceded', TIMEOUT: 'timed out',
  EXPIRED: 'expired: a seat was never taken',
};
const PHASES = { START: 'Start phase', FIRST_PRIMARY: 'First primary phase', BATTLE: 'Battle phase', SECOND_PRIMARY: 'Second primary phase', END: 'End phase' };
const STEPS = {
  MAINTENANCE: 'maintenance', FIRST_PRIMARY: 'first primary', ADVANCE: 'advance', ATTACK: 'attack', DEFEND: 'defend',
  SECOND_PRIMARY: 'second primary', END: 'end',
};

const WORDS = {
  MatchCreated(p) { return `Match created (${p.ruleset}); seed committed ${String(p.seedCommitment || '').slice(0, 12)}…`; },
  PlayerJoined(p) { return `${p.name} takes seat ${p.seat}`; },
  MatchStarted(p) {
    const biomes = (p.sectors || []).map((s) => `${this.card(s.biome)} (${s.durability})`);
    return `The match starts: ${p.firstSeat} goes first${biomes.length ? `; the biomes ${list(biomes)}` : ''}`;
  },
  DeckShuffled(p) { return `${p.seat}'s deck is shuffled (${p.size} cards)`; },
  CardDrawn(p) {
    const what = p.card && p.card.card ? this.ref(p.card) : 'a card';
    return `${p.seat} draws ${what} (${p.deckCount} left in deck)`;
  },
  TurnStarted(p) { return `Turn ${p.turn}: ${p.seat} to play`; },
  AgentsRefreshed(p) { return `${p.seat}'s agents are unlocked; Energy ${p.energy}`; },
  StepBegan(p) {
    const phase = PHASES[p.phase] || words(p.phase);
    const step = STEPS[p.step] || words(p.step);
    return words(p.phase) === step ? `${phase} (${p.active} active)` : `${phase}, ${step} step (${p.active} active)`;
  },
  PriorityPassed(p) { return p.to ? `${p.seat} passes; ${p.to} has priority` : `${p.seat} passes: both passed in a row`; },
  CardConverted(p) { return `${p.seat} converts ${this.ref(p.card)} into energy (reserve ${p.reserve}, Energy ${p.energy})`; },
  EnergySpent(p) { return `${p.seat} spends ${p.amount} Energy (${p.energy} left)`; },
  EnergyGained(p) { return `${p.seat} gains ${p.amount} Energy (${p.energy})`; },
  ActionQueued(p) {
    const q = p.entry || {};
    const said = this.entry(q);
    this.entries.set(q.id, this.short(q));
    const answer = p.priority && p.priority !== p.seat ? `; ${p.priority} may answer` : '';
    return `${said}${answer}`;
  },
  ActionExecuted(p) {
    const what = this.entries.get(p.entry) || `${p.seat}'s ${words(p.kind)}`;
    const spared = (p.unaffected || []).length ? ` (${list(p.unaffected.map((t) => this.target(t)))} no longer a valid target: unaffected)` : '';
    return `${what} resolves${spared}`;
  },
  ActionCancelled(p) {
    const what = this.entries.get(p.entry) || (p.card ? this.ref(p.card) : `${p.seat}'s ${words(p.kind)}`);
    return `${what} is cancelled (${String(p.reason || 'no valid target')})`;
  },
  AnomalyPlayed(p) { return `${p.seat} plays the anomaly ${this.ref(p.card)}${p.target ? ` at ${this.target(p.target)}` : ''}`; },
  AgentLocked(p) { return `${p.seat}'s ${this.agent(p.agent)} is locked to use its skill`; },
  AgentDeployed(p) {
    const a = p.agent || {};
    if (a.id && a.card) this.names.set(a.id, a.card);
    return `${p.seat}'s ${this.card(a.card)} arrives in the staging area (${a.power}/${a.defense})`;
  },
  GearPlaced(p) { return `${p.seat}'s gear ${this.ref(p.card)} arrives in the staging area`; },
  ReactivePlaced(p) { return `${p.seat} sets the reactive card ${this.ref(p.card)}`; },
  ModificationAttached(p) { return `${this.ref(p.card)} is attached to ${p.seat}'s ${this.agent(p.agent)}: now ${p.power}/${p.defense}`; },
  CardCached(p) { return `${this.ref(p.card)} goes to ${p.seat}'s cache`; },
  AgentAdvanced(p) {
    this.where.set(p.agent, p.biome);
    const gear = (p.gear || []).length ? ` with ${list(p.gear.map((g) => this.ref(g)))}` : '';
    return `${p.seat}'s ${this.agent(p.agent)} advances to ${this.card(p.biome)}${gear} (${p.power}/${p.defense})`;
  },
  AttackersDeclared(p) {
    const byBiome = new Map();
    for (const a of p.attackers || []) {
      const b = this.where.get(a);
      byBiome.set(b, [...(byBiome.get(b) || []), this.agent(a)]);
    }
    const parts = [...byBiome].map(([b, names]) => `${list(names)} ${names.length === 1 ? 'attacks' : 'attack'}${b ? ` ${this.card(b)}` : ''}`);
    return parts.length ? `${p.seat}'s ${parts.join('; ')}` : `${p.seat} attacks with nothing`;
  },
  DefendersDeclared(p) {
    const blocks = (p.blocks || []).map((b) => `${this.agent(b.defender)} blocks ${this.agent(b.attacker)}`);
    return blocks.length ? `${p.seat} defends: ${blocks.join(', ')}` : `${p.seat} does not block`;
  },
  DefendersOrdered(p) {
    return `${p.seat} orders the defenders of ${this.agent(p.attacker)}: ${(p.defenders || []).map((d) => this.agent(d)).join(', then ')}`;
  },
  AgentDamaged(p) { return `${p.seat}'s ${this.agent(p.agent)} takes ${p.amount} damage (${p.damage} in all)`; },
  AgentBoosted(p) {
    const b = [p.boostPower ? `${p.boostPower > 0 ? '+' : ''}${p.boostPower} power` : null, p.boostDefense ? `${p.boostDefense > 0 ? '+' : ''}${p.boostDefense} defense` : null].filter(Boolean);
    return `${p.seat}'s ${this.agent(p.agent)} is boosted: ${b.join(', ') || 'no boost'} until the reset`;
  },
  AgentTerminated(p) {
    const att = (p.attachments || []).length ? `, with ${list(p.attachments.map((r) => this.ref(r)))}` : '';
    if (p.agent) this.where.delete(p.agent.id);
    return `${p.seat}'s ${this.ref(p.agent)} is terminated${att}`;
  },
  SectorDamaged(p) { return `${p.seat}'s sector of ${this.card(p.biome)} takes ${p.amount} damage (${p.durability} durability left)`; },
  SectorRepaired(p) { return `${p.seat}'s sector of ${this.card(p.biome)} is repaired by ${p.amount} (${p.durability} durability)`; },
  BiomeLost(p) { return `${p.seat} loses ${this.card(p.biome)} (${plural(p.biomesLost, 'biome')} lost)`; },
  AgentsRetreated(p) {
    (p.agents || []).forEach((a) => this.where.delete(a));
    return `${p.seat}'s ${list((p.agents || []).map((a) => this.agent(a))) || 'agents'} retreat${(p.agents || []).length === 1 ? 's' : ''} to the staging area`;
  },
  TurnReset(p) { return `Reset: damage and temporary effects leave ${p.seat}'s agents`; },
  TurnTimedOut(p) { return `${p.seat}'s ${words(p.clock)} clock ran out (${plural(p.timeouts, 'turn timeout')})`; },
  TurnEnded(p) { return `${p.seat} ends turn ${p.turn}`; },
  MatchEnded(p) {
    const why = REASONS[p.reason] || words(p.reason);
    return p.winner ? `Match over: ${p.winner} wins (${why})` : `Match over: a draw (${why})`;
  },
};

/** The events that are a seat's play, the newest named above the board. */
export const BIOME_PLAYS = new Set(['ActionQueued', 'AnomalyPlayed', 'CardConverted']);

export class BiomeTeller extends Teller {
  constructor(cards) {
    super(cards, WORDS);
    this.plays = BIOME_PLAYS;
    this.entries = new Map(); // queue entry id → what it is, in words
    this.where = new Map(); // agent id → the biome it advanced to
  }

  learn(view) {
    super.learn(view);
    for (const seat of Object.values(view.seats || {})) {
      for (const a of seat.agents || []) {
        if (a.biome) this.where.set(a.id, a.biome);
        else this.where.delete(a.id);
      }
    }
    for (const q of view.queue || []) if (!this.entries.has(q.id)) this.entries.set(q.id, this.short(q));
  }

  agent(id) {
    return this.instance(id, 'agent');
  }

  target(t) {
    switch (t.kind) {
      case 'AGENT': return `${t.seat}'s ${this.agent(t.id)}`;
      case 'SECTOR': return `${t.seat}'s sector of ${this.card(t.id)}`;
      case 'BIOME': return this.card(t.id);
      case 'PLAYER': return `player ${t.seat}`;
      default: return words(t.kind);
    }
  }

  /** A queue entry as it enters the queue. */
  entry(q) {
    const at = (q.targets || []).length ? ` at ${list(q.targets.map((t) => this.target(t)))}` : '';
    const x = q.choices && q.choices.x !== undefined ? ` (X = ${q.choices.x})` : '';
    switch (q.kind) {
      case 'CARD': return `${q.seat} plays ${this.ref(q.card)}${at}${x}`;
      case 'REACTIVE': return `${q.seat}'s ${this.ref(q.card)} reacts${at}`;
      case 'SKILL': return `${q.seat}'s ${this.agent(q.source)} uses its skill${at}${x}`;
      case 'ADVANCE': return `${q.seat}'s ${this.agent(q.source)} is to advance to ${list((q.targets || []).map((t) => this.card(t.id)))}`;
      case 'ATTACK': return `${q.seat} declares an attack with ${list((q.cards || []).map((c) => this.agent(c))) || 'nothing'}`;
      case 'DEFEND': {
        const pairs = (q.cards || []).map((c, i) => `${this.agent(c)}${q.targets && q.targets[i] ? ` against ${this.agent(q.targets[i].id)}` : ''}`);
        return pairs.length ? `${q.seat} defends with ${list(pairs)}` : `${q.seat} declares no defenders`;
      }
      default: return `${q.seat}'s ${words(q.kind)}${at}`;
    }
  }

  /** A queue entry named again when it resolves. */
  short(q) {
    switch (q.kind) {
      case 'CARD': case 'REACTIVE': return `${q.seat}'s ${this.ref(q.card)}`;
      case 'SKILL': return `${q.seat}'s ${this.agent(q.source)}'s skill`;
      case 'ADVANCE': return `${q.seat}'s advance of ${this.agent(q.source)}`;
      case 'ATTACK': return `${q.seat}'s attack`;
      case 'DEFEND': return `${q.seat}'s defence`;
      default: return `${q.seat}'s ${words(q.kind)}`;
    }
  }
}
