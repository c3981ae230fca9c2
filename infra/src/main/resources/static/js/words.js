// The event log in words: one function per event type. Wording only — every number comes from the event.

const SUBSYSTEMS = {
  HULL: 'Hull', SHIELD: 'Shield', REACTOR: 'Reactor', WEAPONS: 'Weapons', ENGINES: 'Engines', LIFE_SUPPORT: 'Life Support',
};
const REASONS = {
  HULL_DESTROYED: 'Hull destroyed', REACTOR_DESTROYED: 'Reactor destroyed', LIFE_SUPPORT_FAILED: 'Life Support failed',
  DECK_OUT: 'deck out', CONCEDED: 'conceded', TIMEOUT: 'timed out', BOTH_LOST: 'both lost',
  EXPIRED: 'expired: a seat was never taken',
};

export const subsystemName = (s) => SUBSYSTEMS[s] || s;
export const reasonName = (r) => REASONS[r] || r;

/**
 * Turns events into sentences. It remembers what the log said before (the card that is resolving, drone names),
 * so "DamageRouted" reads "Pulse Tap hits B: 6 to Shield".
 */
export class Narrator {
  /** @param cards the catalog (Map id → card) */
  constructor(cards) {
    this.cards = cards;
    this.source = null; // what deals the damage that follows
    this.waiting = null; // the card waiting in a response window
    this.names = new Map(); // card instance id → catalog id, from what the log and views have shown
  }

  /** Learns instance names from a view (drones, cards in play, fields, discards). */
  learn(view) {
    for (const seat of Object.values(view.seats || {})) {
      for (const ref of [...(seat.drones || []), ...(seat.inPlay || []), ...(seat.discard || []), seat.field]) {
        if (ref && ref.id && ref.card) this.names.set(ref.id, ref.card);
      }
    }
  }

  /** The catalog card an event is about (a played, drawn, discarded … card; a drone), or null. */
  cardOf(event) {
    const p = event.payload || {};
    const ref = p.card && typeof p.card === 'object' ? p.card : p.drone && typeof p.drone === 'object' ? p.drone : null;
    const id = ref ? ref.card || this.names.get(ref.id) : typeof p.card === 'string' ? this.names.get(p.card) || p.card : null;
    const c = id && this.cards ? this.cards.get(id) : null;
    return c && c.text ? c : null;
  }

  card(catalogId) {
    const c = this.cards.get(catalogId);
    return c ? c.name : catalogId || 'a card';
  }

  ref(ref) {
    if (!ref) return 'a card';
    if (ref.card) this.names.set(ref.id, ref.card);
    return this.card(ref.card || this.names.get(ref.id));
  }

  instance(id) {
    return this.names.has(id) ? this.card(this.names.get(id)) : 'drone';
  }

  target(t) {
    switch (t.kind) {
      case 'SHIP': return `ship ${t.seat}`;
      case 'SUBSYSTEM': return `${t.seat}'s ${subsystemName(t.subsystem)}`;
      case 'DRONE': return `${t.seat}'s ${this.instance(t.id)}`;
      case 'CARD': return `${t.seat}'s ${this.instance(t.id)}`;
      default: return t.kind;
    }
  }

  /** The sentence for one event ({seq, type, payload}), or null for bookkeeping events the log leaves out. */
  say(event) {
    const fn = WORDS[event.type];
    if (fn === null) return null;
    if (!fn) return event.type.replace(/([a-z])([A-Z])/g, '$1 $2');
    return fn.call(this, event.payload || {});
  }
}

const WORDS = {
  SeatTokenIssued: null,
  // a seat that left (D-LEAVE-1: the server concedes for it after three of its turns in a row ran out without a
  // move; a tournament concedes for an entrant who drops): the one intent the log tells, as the seat did not send it
  IntentAccepted(p) {
    if (!String(p.intentId || '').startsWith('left-') || (p.intent || {}).type !== 'CONCEDE') return null;
    return p.fingerprint === 'server-clock'
      ? `${p.seat} left the game: three of their turns in a row ran out without a move`
      : `${p.seat} left the game`;
  },
  IntentRefused: null,
  ClockSet: null,
  // a judge's time extension (issue 41): the ClockSet after it carries the new deadline
  ClockExtended(p) {
    return `A judge's ruling gives ${p.seat} ${p.seconds} s more on the running clock`;
  },
  InvitationIssued() {
    return 'The seats are by invitation: only those sent the invitation may take them';
  },
  SeatDeadlineSet(p) {
    return `The match expires at ${new Date(p.deadline).toLocaleTimeString()} if a seat is still free then`;
  },
  MatchExpired(p) {
    const free = (p.freeSeats || []).join(' and ');
    return `Nobody took seat ${free || '?'} in time: the match expired (the server seed is revealed)`;
  },
  MatchCreated(p) {
    return `Match created (${p.ruleset}); seed committed ${String(p.seedCommitment || '').slice(0, 12)}…`;
  },
  PlayerJoined(p) { return `${p.name} takes seat ${p.seat} (${p.pilotClass}, ${p.shipCore})`; },
  MatchStarted(p) { return `The match starts: ${p.firstSeat} goes first`; },
  DeckShuffled(p) { return `${p.seat}'s deck is shuffled (${p.size} cards)`; },
  CardDrawn(p) {
    return p.card ? `${p.seat} draws ${this.ref(p.card)} (${p.deckCount} left in deck)`
      : `${p.seat} draws a card (${p.deckCount} left in deck)`;
  },
  FatigueApplied(p) { return `${p.seat} draws from an empty deck: max hand size now ${p.maxHandSize}`; },
  TurnStarted(p) { this.source = null; return `Turn ${p.turn}: ${p.seat} to play`; },
  LifeSupportCounted(p) { return `${p.seat} starts a turn with Life Support at 0 (${p.zeroTurns} in a row)`; },
  HeatDecreased(p) { return `${p.seat}'s Heat drops by ${p.amount} to ${p.heat}`; },
  ShieldRegenerated(p) { return `${p.seat}'s Shield regenerates ${p.amount} to ${p.shield}`; },
  EnergyRefilled(p) { return `${p.seat}'s Energy refills to ${p.energy}/${p.maxEnergy}`; },
  AbilityTriggered(p) {
    this.source = p.card ? this.card(p.card) : p.source;
    // what it does, in the card's words: the effect lines that follow (if any) give the numbers (issue 19)
    const c = p.card ? this.cards.get(p.card) : null;
    return `${this.source} triggers for ${p.seat}${c && c.text ? ` — ${c.text}` : ''}`;
  },
  MainPhaseStarted(p) { return `${p.seat}'s main phase`; },
  DroneAttacked(p) {
    this.source = this.instance(p.drone);
    return `${p.seat}'s ${this.source} attacks for ${p.damage}${p.pierce ? ' (pierce)' : ''}`;
  },
  CardPlayed(p) {
    this.source = this.ref(p.card);
    const at = p.targets && p.targets.length ? ` at ${p.targets.map((t) => this.target(t)).join(', ')}` : '';
    const heat = p.heat ? `, +${p.heat} Heat` : '';
    return `${p.seat} ${p.response ? 'answers with' : 'plays'} ${this.source}${at} (${p.totalCost} Energy${heat})`;
  },
  EnergySpent(p) { return `${p.seat} spends ${p.amount} Energy (${p.energy} left)`; },
  HeatPending(p) { return `${p.seat}'s pending Heat +${p.amount} (${p.pending} at end of turn)`; },
  AbilityActivated(p) {
    this.source = p.name || this.ref(p.card);
    return `${p.seat} activates ${p.name} of ${this.ref(p.card)}`;
  },
  ResponseWindowOpened(p) {
    this.waiting = this.ref(p.card); // resolves once the window closes, after any answer
    return `${p.responder} may answer ${this.waiting}`;
  },
  ResponseWindowClosed(p) {
    if (this.waiting) this.source = this.waiting;
    const card = this.waiting || 'the card';
    this.waiting = null;
    return p.answered ? `${p.responder} answered; ${card} resolves` : `${p.responder} lets ${card} resolve`;
  },
  CardCancelled(p) { return `${this.ref(p.card)} is cancelled (${String(p.reason || '').toLowerCase().replace(/_/g, ' ')})`; },
  DamageRouted(p) {
    const parts = [];
    if (p.absorbedByShield) parts.push(`${p.absorbedByShield} to Shield`);
    for (const [sub, n] of Object.entries(p.damage || {})) if (n) parts.push(`${n} to ${subsystemName(sub)}`);
    const said = parts.length ? parts.join(', ') : 'no damage';
    // a seat's own Heat (9-10: self-damage) is no one's attack
    if (p.cause === 'HEAT') return `${p.target} takes ${p.requested} damage from its Heat: ${said}`;
    const who = p.cause === 'CARD' || !p.cause ? (this.source || `${p.source}'s card`)
      : p.cause === 'DRONE' ? (this.source || `${p.source}'s drone`) : p.cause.toLowerCase().replace(/_/g, ' ');
    return `${who} hits ${p.target}: ${said}${p.pierce ? ' (pierce)' : ''}`;
  },
  DroneDamaged(p) {
    const parts = [];
    if (p.absorbedByShield) parts.push(`${p.absorbedByShield} to its shield`);
    if (p.hullDamage) parts.push(`${p.hullDamage} to its hull`);
    return `${this.source || p.source} hits ${p.owner}'s ${this.instance(p.drone)}: ${parts.join(', ') || 'no damage'} (hull ${p.hull})`;
  },
  DroneDestroyed(p) { return `${p.owner}'s ${this.ref(p.drone)} is destroyed`; },
  SubsystemRepaired(p) { return `${p.seat} repairs ${subsystemName(p.subsystem)} by ${p.amount} to ${p.value}`; },
  ShieldRaised(p) { return `${p.seat} raises Shield by ${p.amount} to ${p.shield}`; },
  EnergyGained(p) { return `${p.seat} gains ${p.amount} Energy (${p.energy})`; },
  MaxEnergyIncreased(p) { return `${p.seat}'s maximum Energy grows by ${p.amount}`; },
  DroneDeployed(p) {
    const d = p.drone || {};
    this.names.set(d.id, d.card);
    const aim = d.target ? `, attacks the ${String(d.target).toLowerCase().replace('_', ' ')}` : '';
    return `${p.seat} deploys ${this.card(d.card)} (hull ${d.hull}, damage ${d.damage}${d.pierce ? ', pierce' : ''}${aim})`;
  },
  DronesBoosted(p) {
    const what = [p.damage ? `+${p.damage} damage` : null, p.pierce ? 'pierce' : null].filter(Boolean).join(' and ');
    return `${p.seat}'s drones get ${what || 'nothing more'} until turn ${p.untilTurn}`;
  },
  DronePierceCharged(p) { return `${p.seat}'s drones will pierce at their next attack`; },
  DronePierceSpent(p) { return `${p.seat}'s drones spent their Pierce`; },
  WeaponCharged(p) { return `${p.seat}'s next Weapon this turn deals +${p.charge} damage`; },
  WeaponChargeSpent(p) { return `${this.ref(p.card)} takes the charge: +${p.amount} damage`; },
  DroneRepaired(p) { return `${p.seat} repairs ${this.instance(p.drone)} (hull ${p.hull}, shield ${p.shield})`; },
  CardEnteredPlay(p) { return `${this.ref(p.card)} enters play for ${p.seat}`; },
  FieldActivated(p) { return `${p.seat} opens the field ${this.ref(p.card)}`; },
  FieldDestroyed(p) { return `${p.seat}'s field ${this.ref(p.card)} ends`; },
  CardDestroyed(p) { return `${p.seat}'s ${this.ref(p.card)} is destroyed`; },
  CardDiscarded(p) {
    return p.from === 'HAND' ? `${p.seat} discards ${this.ref(p.card)}` : `${this.ref(p.card)} goes to ${p.seat}'s discard`;
  },
  CardReturnedToHand(p) { return `${this.ref(p.card)} returns to ${p.seat}'s hand`; },
  CardExiled(p) { return `${p.seat}'s ${this.ref(p.card)} is exiled`; },
  TurnTimedOut(p) { return `${p.seat}'s ${String(p.clock).toLowerCase()} clock ran out (${p.timeouts} turn timeout${p.timeouts === 1 ? '' : 's'})`; },
  EndOfTurnBegan(p) { return `End of ${p.seat}'s turn ${p.turn}`; },
  HeatApplied(p) { return `${p.seat} takes ${p.amount} pending Heat: Heat ${p.heat}`; },
  DiscardRequired(p) { return `${p.seat} must discard ${p.count}`; },
  TurnEnded(p) { return `${p.seat} ends turn ${p.turn}`; },
  MatchEnded(p) {
    return p.winner ? `Match over: ${p.winner} wins (${reasonName(p.reason)})` : `Match over: both lost (${reasonName(p.reason)})`;
  },
};

/** The event types the log has words for (the others it names by their type). */
export const WORDED = new Set(Object.keys(WORDS));
