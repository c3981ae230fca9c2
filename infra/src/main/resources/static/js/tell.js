// What the three newer games' event logs share (issue 44): a teller turns one event into a sentence, the way words.js
// does for voidexa. Wording only: every number comes from the event, every name from the public card catalog or from
// what the log and the views have shown before (a card instance id → its catalog card). No rule is decided here.

/** "STRONG_HIT" → "strong hit". */
export const words = (s) => String(s ?? '').toLowerCase().replace(/_/g, ' ');
/** A type name never shown as it is: "CasketMatchCreated" → "Casket match created". */
export const spaced = (type) => {
  const s = String(type || 'event').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return s.charAt(0).toUpperCase() + s.slice(1);
};
/** "a", "a and b", "a, b and c". */
export const list = (xs) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);
const plural = (n, one, many) => `${n} ${n === 1 ? one : many || `${one}s`}`;
export { plural };

/** The events every ruleset's stream may hold (CoreEvents), told alike in every game. */
export const CORE_WORDS = {
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
  ClockExtended(p) { return `A judge's ruling gives ${p.seat} ${p.seconds} s more on the running clock`; },
  InvitationIssued() { return 'The seats are by invitation: only those sent the invitation may take them'; },
  SeatDeadlineSet(p) { return `The match expires at ${new Date(p.deadline).toLocaleTimeString()} if a seat is still free then`; },
  MatchExpired(p) {
    return `Nobody took seat ${list(p.freeSeats || []) || '?'} in time: the match expired (the server seed is revealed)`;
  },
};

/**
 * A game's teller: {@code table} maps an event type to a function of its payload (this = the teller) giving the
 * sentence, or to null for bookkeeping the log leaves out. An event type the table does not know is named in
 * words ("Casket match created"), never by its raw name.
 */
export class Teller {
  /** @param cards the game's catalog (Map id → card); @param table the game's words */
  constructor(cards, table) {
    this.cards = cards || new Map();
    this.table = { ...CORE_WORDS, ...table };
    this.names = new Map(); // card instance id → catalog id
  }

  /** Learns instance names from a view: every {id, card} object in it (units, agents, hands, piles …). */
  learn(view) {
    const walk = (x, depth) => {
      if (!x || typeof x !== 'object' || depth > 6) return;
      if (Array.isArray(x)) { x.forEach((e) => walk(e, depth + 1)); return; }
      if (typeof x.id === 'string' && typeof x.card === 'string') this.names.set(x.id, x.card);
      for (const [k, e] of Object.entries(x)) if (k !== 'recentEvents') walk(e, depth + 1);
    };
    walk(view, 0);
  }

  /** A catalog card's name. */
  card(id) {
    const c = id ? this.cards.get(id) : null;
    return c && c.name ? c.name : id ? String(id).replace(/[-_]/g, ' ').toLowerCase().replace(/\b\w/g, (m) => m.toUpperCase()) : 'a card';
  }

  /** A card reference ({id, card}) by its name, remembering which card the instance is; a hidden one is "a card". */
  ref(ref) {
    if (!ref) return 'a card';
    if (typeof ref === 'string') return this.instance(ref);
    if (ref.card && ref.id) this.names.set(ref.id, ref.card);
    const id = ref.card || this.names.get(ref.id);
    return id ? this.card(id) : 'a card';
  }

  /** A card instance by its id, as the log has learnt it. */
  instance(id, otherwise = 'a card') {
    return this.names.has(id) ? this.card(this.names.get(id)) : otherwise;
  }

  /** The catalog card an event is about (for its text on hover), or null. */
  cardOf(event) {
    const p = event.payload || {};
    const ref = [p.card, p.unit, p.agent, (p.entry || {}).card].find((r) => r && typeof r === 'object' && (r.card || this.names.has(r.id)));
    const id = ref ? ref.card || this.names.get(ref.id) : null;
    const c = id ? this.cards.get(id) : null;
    return c && c.text ? c : null;
  }

  /** The sentence for one event ({seq, type, payload}), or null for bookkeeping the log leaves out. */
  say(event) {
    const fn = this.table[event.type];
    if (fn === null) return null;
    if (!fn) return spaced(event.type);
    return fn.call(this, event.payload || event.event || {});
  }

  /** The event types this teller has words for. */
  worded() {
    return Object.keys(this.table);
  }
}
